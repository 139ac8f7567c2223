import { sql } from 'drizzle-orm';
import { bigint, check, pgTable, smallint, text } from 'drizzle-orm/pg-core';

/** The provider's one organisation record (DESIGN §4); the migration inserts its row (id 1). */
export const organisation = pgTable(
  'organisation',
  {
    id: smallint('id').primaryKey().default(1),
    name: text('name').notNull().default(''),
    street: text('street').notNull().default(''),
    postcode: text('postcode').notNull().default(''),
    city: text('city').notNull().default(''),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    website: text('website').notNull().default(''),
  },
  (t) => [check('organisation_single_row', sql`${t.id} = 1`)],
);

/**
 * One row (id 1) whose version rises in the same transaction as every schedule change (desks, hours,
 * closures, overflow): each API process compares it before using its cached schedule (decision 0150).
 */
export const scheduleState = pgTable(
  'schedule_state',
  {
    id: smallint('id').primaryKey().default(1),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('schedule_state_single_row', sql`${t.id} = 1`)],
);
