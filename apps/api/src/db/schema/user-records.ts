import { date, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** The user's sub-resources (spec §3 names them without fields; see decision 0014). */
const owner = () =>
  integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

export const memberCards = pgTable(
  'member_cards',
  {
    id: serial('id').primaryKey(),
    userId: owner(),
    cardNumber: text('card_number').notNull(),
    description: text('description'),
    validFrom: date('valid_from', { mode: 'string' }),
    validUntil: date('valid_until', { mode: 'string' }),
  },
  (t) => [index('member_cards_user_idx').on(t.userId)],
);

export const qualifications = pgTable(
  'qualifications',
  {
    id: serial('id').primaryKey(),
    userId: owner(),
    name: text('name').notNull(),
    issuedOn: date('issued_on', { mode: 'string' }),
    expiresOn: date('expires_on', { mode: 'string' }),
  },
  (t) => [index('qualifications_user_idx').on(t.userId)],
);

export const serviceBooks = pgTable(
  'service_books',
  {
    id: serial('id').primaryKey(),
    userId: owner(),
    number: text('number').notNull(),
    issuedOn: date('issued_on', { mode: 'string' }),
    expiresOn: date('expires_on', { mode: 'string' }),
  },
  (t) => [index('service_books_user_idx').on(t.userId)],
);

/** Time served on board: a vessel, the function held, and the period. */
export const sailingTimes = pgTable(
  'sailing_times',
  {
    id: serial('id').primaryKey(),
    userId: owner(),
    vessel: text('vessel').notNull(),
    function: text('function'),
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    untilDate: date('until_date', { mode: 'string' }),
    days: integer('days'),
  },
  (t) => [index('sailing_times_user_idx').on(t.userId)],
);
