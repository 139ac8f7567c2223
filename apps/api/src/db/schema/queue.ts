import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { appointments } from './appointments.js';
import { desks } from './desks.js';
import { locations } from './locations.js';
import { products } from './products.js';
import { users } from './users.js';

export const QUEUE_ENTRY_STATES = ['waiting', 'called', 'served', 'no_show'] as const;

/**
 * A visitor in a location's queue (DESIGN §4b *Calling visitors*): an appointment checked in on its day,
 * or a walk-in with a ticket. No personal data beyond the reference to the appointment (tickets, products
 * and times only), so the retention job's erasure of an appointment (issue 20) leaves nothing here to
 * erase; the entry stays for the statistics (waiting and service times) when the appointment goes.
 */
export const queueEntries = pgTable(
  'queue_entries',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    /** The local date (PROVIDER_TIMEZONE) of the queue the entry is in: the day it checked in. */
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind', { enum: ['appointment', 'walk_in'] }).notNull(),
    appointmentId: integer('appointment_id').references(() => appointments.id, { onDelete: 'set null' }),
    /** Walk-ins: 1 for W001, per location and day. */
    walkInNumber: smallint('walk_in_number'),
    /** Minutes the products take: what a walk-in counts against the walk-in share. */
    minutes: integer('minutes').notNull(),
    state: text('state', { enum: QUEUE_ENTRY_STATES }).notNull().default('waiting'),
    /**
     * The calling order: the appointment's start, or the moment the visitor came in when that is later
     * (walk-ins: their ticket time) — decision 0380.
     */
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }).notNull(),
    calledAt: timestamp('called_at', { withTimezone: true }),
    servedAt: timestamp('served_at', { withTimezone: true }),
    deskId: integer('desk_id').references(() => desks.id, { onDelete: 'set null' }),
    calledByUserId: integer('called_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('queue_entries_state', sql`${t.state} IN ('waiting', 'called', 'served', 'no_show')`),
    check('queue_entries_kind', sql`${t.kind} IN ('appointment', 'walk_in')`),
    check('queue_entries_walk_in_number', sql`(${t.kind} = 'walk_in') = (${t.walkInNumber} IS NOT NULL)`),
    index('queue_entries_waiting_idx').on(t.locationId, t.day, t.state, t.dueAt),
    uniqueIndex('queue_entries_appointment_idx')
      .on(t.appointmentId)
      .where(sql`${t.appointmentId} IS NOT NULL`),
    uniqueIndex('queue_entries_ticket_idx')
      .on(t.locationId, t.day, t.walkInNumber)
      .where(sql`${t.walkInNumber} IS NOT NULL`),
  ],
);

/** The products of a queue entry (a copy of the appointment's items, or the walk-in's). */
export const queueEntryItems = pgTable(
  'queue_entry_items',
  {
    entryId: integer('entry_id')
      .notNull()
      .references(() => queueEntries.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.entryId, t.productId] }),
    index('queue_entry_items_product_idx').on(t.productId),
  ],
);

/**
 * The waiting-room display streams open now, over every API process (DESIGN §1, decision 0416): what
 * the caps per location key and per client address count. A process refreshes `seenAt` of its own rows
 * while their streams are open and deletes a row when its stream ends; the rows of a process that died
 * without a word stop counting once `seenAt` is older than STREAM_STALE_SECONDS (`stream-limits.ts`).
 * `clientKey` is an HMAC of the client address under the server secret (as a hold's, decision 0321):
 * the address cannot be read back, and the row is gone within minutes of the stream anyway.
 */
export const displayStreams = pgTable(
  'display_streams',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The API process holding the stream (random per start): its heartbeat and its shutdown. */
    process: text('process').notNull(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    clientKey: text('client_key').notNull(),
    /** The database's clock, never a process's: one clock for every process's heartbeats. */
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('display_streams_location_idx').on(t.locationId, t.seenAt),
    index('display_streams_client_idx').on(t.clientKey, t.seenAt),
    index('display_streams_process_idx').on(t.process),
  ],
);
