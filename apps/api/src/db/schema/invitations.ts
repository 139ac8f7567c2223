import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * Invitations of colleagues (DESIGN §4b *Staff*): an admin names an address and a role; the mailed link
 * (HMAC of the nonce, like a reset link: the database and the outbox hold nothing that opens it) sets a
 * password once within its time. A row stays after it is accepted or withdrawn, for the audit trail; at
 * most one per address is open (neither accepted nor withdrawn), a new invitation closes the old one.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: serial('id').primaryKey(),
    /** Lower-cased and trimmed, as account addresses are. */
    email: text('email').notNull(),
    /** ROLE_STAFF or ROLE_ADMIN. */
    role: text('role').notNull(),
    /** nl, en or de: the mail's language and the new account's. */
    language: text('language').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    nonce: text('nonce').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    invitedByUserId: integer('invited_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedUserId: integer('accepted_user_id').references(() => users.id, { onDelete: 'set null' }),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('invitations_open_email_key')
      .on(t.email)
      .where(sql`${t.acceptedAt} is null and ${t.withdrawnAt} is null`),
    index('invitations_created_idx').on(t.createdAt),
  ],
);
