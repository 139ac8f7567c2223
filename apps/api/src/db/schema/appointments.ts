import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { desks } from './desks.js';
import { integrationClients } from './integrations.js';
import { products } from './products.js';
import { users } from './users.js';
import { tstzrange } from './types.js';

export const APPOINTMENT_ROW_STATUSES = [
  'reserved',
  'confirmed',
  'checked_in',
  'no_show',
  'cancelled',
] as const;
/** The states whose check-in code must be unique (a cancelled or no-show appointment's code is spent). */
export const CODE_HOLDING_STATUSES = ['confirmed', 'checked_in'] as const;
/** The ways a booking reaches Balie (decision 0481). */
export const APPOINTMENT_CHANNELS = ['web', 'desk', 'integration'] as const;
export type AppointmentChannel = (typeof APPOINTMENT_CHANNELS)[number];
export type AppointmentRowStatus = (typeof APPOINTMENT_ROW_STATUSES)[number];

/**
 * Holds and appointments in one table (decision 0012). A hold is a row with status 'reserved' and a
 * valid_till; confirming it keeps the row. The exclusion constraint `appointments_no_overlap` (custom
 * migration) forbids two active rows of one desk to overlap unless they share a group_key: a
 * change-hold carries the group_key of the appointment it will replace.
 */
export const appointments = pgTable(
  'appointments',
  {
    /** The appointment number. */
    id: serial('id').primaryKey(),
    /** The hold id that created (or last moved) this row. */
    reservationId: uuid('reservation_id').notNull().unique(),
    status: text('status', { enum: APPOINTMENT_ROW_STATUSES }).notNull(),
    /** Holds only: after this moment the hold blocks nobody and may be deleted. */
    validTill: timestamp('valid_till', { withTimezone: true }),
    deskId: integer('desk_id')
      .notNull()
      .references(() => desks.id),
    during: tstzrange('during').notNull(),
    groupKey: uuid('group_key').notNull(),
    replacesAppointmentId: integer('replaces_appointment_id').references((): AnyPgColumn => appointments.id, {
      onDelete: 'cascade',
    }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    initials: text('initials'),
    suffix: text('suffix'),
    lastName: text('last_name'),
    email: text('email'),
    phone: text('phone'),
    language: text('language', { enum: ['nl', 'en', 'de'] })
      .notNull()
      .default('nl'),
    tokenHash: text('token_hash'),
    tokenNonce: text('token_nonce'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** Set on confirm (DESIGN §4); unique among active appointments (partial index below). */
    checkInCode: text('check_in_code'),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /**
     * When the last reminder was queued (DESIGN §4c, decision 0460): a reminder of `hoursBefore` is due
     * while this is null or earlier than `start − hoursBefore`. A move to another time clears it.
     */
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    /** The visitor said "Ik kom" through a reminder's link; no further reminder then. A move clears it. */
    visitorConfirmedAt: timestamp('visitor_confirmed_at', { withTimezone: true }),
    /** iCalendar SEQUENCE: raised on every change so calendars replace the old invitation. */
    sequence: integer('sequence').notNull().default(0),
    /**
     * Unconfirmed holds only: who asked for it, as an HMAC of the client address under the server secret
     * (never the address itself), so the holds of one address can be counted (DESIGN §6, decision 0321).
     * Confirming clears it.
     */
    clientKey: text('client_key'),
    /**
     * When the personal data was erased (retention or a request, DESIGN §4b; decision 0370): the columns
     * `features/privacy/personal-data.ts` names are null from then on. Set once: the job skips such rows.
     */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    /**
     * Where the booking came from (statistics, the audit's reading): Balie's own page ('web'), staff
     * booking for a visitor ('desk'), or an integration client such as Open Forms ('integration',
     * with `integrationClientId`; decision 0481).
     */
    channel: text('channel', { enum: APPOINTMENT_CHANNELS }).notNull().default('web'),
    integrationClientId: integer('integration_client_id').references(() => integrationClients.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    check(
      'appointments_status',
      sql`${t.status} IN ('reserved', 'confirmed', 'checked_in', 'no_show', 'cancelled')`,
    ),
    check('appointments_channel', sql`${t.channel} IN ('web', 'desk', 'integration')`),
    check('appointments_language', sql`${t.language} IN ('nl', 'en', 'de')`),
    check('appointments_hold_valid_till', sql`${t.status} <> 'reserved' OR ${t.validTill} IS NOT NULL`),
    index('appointments_token_hash_idx').on(t.tokenHash),
    index('appointments_user_idx').on(t.userId),
    index('appointments_replaces_idx').on(t.replacesAppointmentId),
    index('appointments_client_key_idx')
      .on(t.clientKey)
      .where(sql`${t.clientKey} IS NOT NULL`),
    // The open appointments of one e-mail address, counted on every confirmation (DESIGN §6).
    index('appointments_open_email_idx')
      .on(sql`lower(${t.email})`, sql`lower(${t.during})`)
      .where(sql`${t.status} = 'confirmed'`),
    // The retention job's candidates: rows whose personal data is still there.
    index('appointments_not_erased_idx')
      .on(sql`upper(${t.during})`)
      .where(sql`${t.erasedAt} IS NULL`),
    uniqueIndex('appointments_check_in_code_active')
      .on(t.checkInCode)
      .where(sql`${t.status} IN ('confirmed', 'checked_in')`),
  ],
);

export const appointmentItems = pgTable(
  'appointment_items',
  {
    appointmentId: integer('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    amount: integer('amount').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.appointmentId, t.productId] }),
    check('appointment_items_amount_positive', sql`${t.amount} >= 1`),
    index('appointment_items_product_idx').on(t.productId),
  ],
);
