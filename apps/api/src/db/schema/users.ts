import { sql } from 'drizzle-orm';
import { date, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { languages } from './languages.js';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Always stored lower-cased and trimmed, so the unique index is case-insensitive in effect. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    initials: text('initials'),
    suffix: text('suffix'),
    phone: text('phone'),
    relation: text('relation'),
    roles: text('roles')
      .array()
      .notNull()
      .default(sql`ARRAY['ROLE_USER']::text[]`),
    languageId: integer('language_id').references(() => languages.id, { onDelete: 'set null' }),
    uiLocale: text('ui_locale'),
    birthDay: date('birth_day', { mode: 'string' }),
    serviceBookNr: text('service_book_nr'),
    cardNumber: text('card_number'),
    timezone: text('timezone'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email)],
);
