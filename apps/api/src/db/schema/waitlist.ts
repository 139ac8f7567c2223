import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  date,
} from 'drizzle-orm/pg-core';
import { appointments } from './appointments.js';
import { locations } from './locations.js';
import { users } from './users.js';

export const WAITLIST_PLACE_STATUSES = ['pending', 'active', 'left', 'booked', 'ended'] as const;
export type WaitlistPlaceStatus = (typeof WAITLIST_PLACE_STATUSES)[number];

/**
 * A place on the waitlist (DESIGN §4c *The waitlist*): products and amounts, one location or any (null),
 * a range of days, an address. `pending` until its mail's link is clicked (nothing else is mailed before),
 * then `active` (in line by `confirmed_at`, oldest first) until the visitor leaves, books an offer, or the
 * last day passes. The link token is derived from `token_nonce` (as an appointment's is); its hash opens it.
 */
export const waitlistPlaces = pgTable(
  'waitlist_places',
  {
    id: serial('id').primaryKey(),
    /** Lower-cased and trimmed. Null once erased (retention or a request). */
    email: text('email'),
    language: text('language', { enum: ['nl', 'en', 'de'] })
      .notNull()
      .default('nl'),
    items: jsonb('items').$type<Array<{ productId: number; amount: number }>>().notNull(),
    locationId: integer('location_id').references(() => locations.id, { onDelete: 'cascade' }),
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    untilDate: date('until_date', { mode: 'string' }).notNull(),
    status: text('status', { enum: WAITLIST_PLACE_STATUSES }).notNull().default('pending'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    tokenHash: text('token_hash'),
    tokenNonce: text('token_nonce'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    erasedAt: timestamp('erased_at', { withTimezone: true }),
  },
  (t) => [
    check('waitlist_places_status', sql`${t.status} IN ('pending', 'active', 'left', 'booked', 'ended')`),
    check('waitlist_places_days', sql`${t.fromDate} <= ${t.untilDate}`),
    index('waitlist_places_token_idx').on(t.tokenHash),
    index('waitlist_places_line_idx')
      .on(t.confirmedAt)
      .where(sql`${t.status} = 'active'`),
    index('waitlist_places_email_idx')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.status} IN ('pending', 'active')`),
  ],
);

export const WAITLIST_OFFER_STATUSES = ['open', 'declined', 'lapsed', 'booked', 'withdrawn'] as const;
export type WaitlistOfferStatus = (typeof WAITLIST_OFFER_STATUSES)[number];

/**
 * A freed slot offered to one place: `appointment_id` is the hold (an ordinary `reserved` appointment row,
 * made by the booking path, valid for WAITLIST_OFFER_MINUTES), so the database's exclusion constraint makes
 * one offer per slot and hides it from everyone else while it lives. At most one open offer per place
 * (unique index). The slot (`desk_id`, `starts_at`) stays after the hold is gone, so a declined or lapsed
 * slot is not offered to that place again.
 */
export const waitlistOffers = pgTable(
  'waitlist_offers',
  {
    id: serial('id').primaryKey(),
    placeId: integer('place_id')
      .notNull()
      .references(() => waitlistPlaces.id, { onDelete: 'cascade' }),
    appointmentId: integer('appointment_id').references(() => appointments.id, { onDelete: 'set null' }),
    deskId: integer('desk_id').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    validTill: timestamp('valid_till', { withTimezone: true }).notNull(),
    status: text('status', { enum: WAITLIST_OFFER_STATUSES }).notNull().default('open'),
    tokenHash: text('token_hash'),
    tokenNonce: text('token_nonce'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    check(
      'waitlist_offers_status',
      sql`${t.status} IN ('open', 'declined', 'lapsed', 'booked', 'withdrawn')`,
    ),
    uniqueIndex('waitlist_offers_one_open_per_place')
      .on(t.placeId)
      .where(sql`${t.status} = 'open'`),
    index('waitlist_offers_token_idx').on(t.tokenHash),
    index('waitlist_offers_appointment_idx').on(t.appointmentId),
  ],
);

/**
 * The matcher's turn (decision 0464): one row whose lease a process takes before a pass, so passes of
 * several processes do not run at once (fairness: the oldest place picks first). The database's
 * constraints keep the guarantees without it; the lease only saves wasted holds.
 */
export const waitlistMatcher = pgTable('waitlist_matcher', {
  id: integer('id').primaryKey().default(1),
  leasedUntil: timestamp('leased_until', { withTimezone: true }),
  leasedBy: text('leased_by'),
  /** Asked for while a pass ran: the lease holder goes round once more. */
  again: boolean('again').notNull().default(false),
});
