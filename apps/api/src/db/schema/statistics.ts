import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  real,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { desks } from './desks.js';
import { locations } from './locations.js';
import { products } from './products.js';

/*
 * The daily roll-up of the statistics (DESIGN §4b *Statistics*, decision 0400): figures per day, made
 * from appointments, queue entries and opening hours once a day is over, so that a year's figures are
 * read from a few thousand rows instead of every appointment. Counts, minutes and products only: no
 * name, e-mail, phone or code enters them, so they keep counting after the privacy erasure.
 */

/**
 * One row per local day that has been rolled up. `starts_at`/`ends_at` are the day's bounds in the
 * provider's zone, so the triggers on appointments (hand SQL in the migrations) find the day of a change
 * without knowing the zone and mark it `dirty`: the next statistics call rolls it up again. Today is
 * always dirty (it is still happening) and `live`: the triggers leave such a marker alone, so writes of
 * today lock nothing; once the day is over it is rolled up once more (decision 0406).
 */
export const statisticsDays = pgTable(
  'statistics_days',
  {
    day: date('day', { mode: 'string' }).primaryKey(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    dirty: boolean('dirty').notNull().default(true),
    live: boolean('live').notNull().default(false),
    rolledAt: timestamp('rolled_at', { withTimezone: true }),
  },
  (t) => [index('statistics_days_starts_idx').on(t.startsAt)],
);

const count = (name: string) => integer(name).notNull().default(0);

/**
 * Per day, desk and day part (0 morning, 1 afternoon, 2 evening; DESIGN §4: < 12:00, 12:00–17:00,
 * ≥ 17:00), decision 0406: appointments by the part of their start hour (booked = not cancelled), walk-ins
 * by the part they came in and the desk that called them (null while nobody did), the minutes the desk
 * was open and the minutes appointments took of them, and how long before the appointment it was made.
 * The occupancy's hours are kept as three arrays of the same length: the local hours of the part that had
 * open or booked minutes, and those minutes per hour. A part as a number: grouping on text runs through
 * the collation, which PGlite in WebAssembly does slowly.
 */
export const statisticsParts = pgTable(
  'statistics_parts',
  {
    day: date('day', { mode: 'string' }).notNull(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    deskId: integer('desk_id').references(() => desks.id, { onDelete: 'cascade' }),
    dayPart: smallint('day_part').notNull(),
    booked: count('booked'),
    checkedIn: count('checked_in'),
    noShow: count('no_show'),
    cancelled: count('cancelled'),
    walkIns: count('walk_ins'),
    walkInMinutes: count('walk_in_minutes'),
    noShowMinutes: count('no_show_minutes'),
    /** Of checked in and no-show: those whose visitor said "Ik kom" in a reminder (DESIGN §4c). */
    confirmedCheckedIn: count('confirmed_checked_in'),
    confirmedNoShow: count('confirmed_no_show'),
    openMinutes: count('open_minutes'),
    bookedMinutes: count('booked_minutes'),
    lead0: count('lead_0'),
    lead1: count('lead_1'),
    lead2to3: count('lead_2_3'),
    lead4to7: count('lead_4_7'),
    lead8to14: count('lead_8_14'),
    lead15to30: count('lead_15_30'),
    lead31: count('lead_31'),
    hours: smallint('hours')
      .array()
      .notNull()
      .default(sql`'{}'::smallint[]`),
    openByHour: integer('open_by_hour')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    bookedByHour: integer('booked_by_hour')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
  },
  (t) => [
    // One row per key, also where no desk called the walk-ins (null): two processes rolling up the same
    // day cannot count it twice. Leading with the day, it is the reads' index too.
    unique('statistics_parts_key').on(t.day, t.locationId, t.deskId, t.dayPart).nullsNotDistinct(),
    check('statistics_parts_day_part', sql`${t.dayPart} BETWEEN 0 AND 2`),
  ],
);

/**
 * Per day, desk and channel (and integration client): the appointments that came that way and how they
 * ended (decision 0481). `client_id` 0 for the channels without a client: a key column is never null.
 */
export const statisticsChannels = pgTable(
  'statistics_channels',
  {
    day: date('day', { mode: 'string' }).notNull(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    deskId: integer('desk_id')
      .notNull()
      .references(() => desks.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    clientId: integer('client_id').notNull(),
    booked: count('booked'),
    checkedIn: count('checked_in'),
    noShow: count('no_show'),
    cancelled: count('cancelled'),
  },
  (t) => [index('statistics_channels_day_idx').on(t.day)],
);

/** Per day, desk and product: the appointments with that product and how they ended. */
export const statisticsProducts = pgTable(
  'statistics_products',
  {
    day: date('day', { mode: 'string' }).notNull(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    deskId: integer('desk_id')
      .notNull()
      .references(() => desks.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    booked: count('booked'),
    checkedIn: count('checked_in'),
    noShow: count('no_show'),
    cancelled: count('cancelled'),
  },
  (t) => [index('statistics_products_day_idx').on(t.day)],
);

/**
 * Waiting (check-in → call) and service (call → served) times per day and day part (`day_part` null: the
 * whole day), for everyone (`scope` 'all'), per location and per calling desk: percentiles do not add
 * up, so each filter the page offers has its own row.
 */
export const statisticsWaits = pgTable(
  'statistics_waits',
  {
    day: date('day', { mode: 'string' }).notNull(),
    dayPart: text('day_part', { enum: ['morning', 'afternoon', 'evening'] }),
    scope: text('scope', { enum: ['all', 'location', 'desk'] }).notNull(),
    locationId: integer('location_id').references(() => locations.id, { onDelete: 'cascade' }),
    deskId: integer('desk_id').references(() => desks.id, { onDelete: 'cascade' }),
    waitMedian: real('wait_median'),
    waitP90: real('wait_p90'),
    waitCount: count('wait_count'),
    serviceMedian: real('service_median'),
    serviceP90: real('service_p90'),
    serviceCount: count('service_count'),
  },
  (t) => [
    index('statistics_waits_scope_day_idx').on(t.scope, t.day),
    check('statistics_waits_scope', sql`${t.scope} IN ('all', 'location', 'desk')`),
  ],
);
