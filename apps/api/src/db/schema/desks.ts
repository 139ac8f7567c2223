import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  time,
  timestamp,
} from 'drizzle-orm/pg-core';
import { locations } from './locations.js';
import { products } from './products.js';

const percentage = (name: string) => smallint(name).notNull().default(0);

export const desks = pgTable(
  'desks',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    label: text('label'),
    active: boolean('active').notNull().default(true),
    /** The building the desk is in (DESIGN §4b); a location with desks cannot be deleted. */
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'restrict' }),
    /**
     * True: the desk serves every product, also ones made later (`productIds: null` in the API).
     * False: only the products listed in desk_products.
     */
    servesAllProducts: boolean('serves_all_products').notNull().default(true),
    overflowMorning: percentage('overflow_morning'),
    overflowAfternoon: percentage('overflow_afternoon'),
    overflowEvening: percentage('overflow_evening'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('desks_overflow_morning_range', sql`${t.overflowMorning} BETWEEN 0 AND 100`),
    check('desks_overflow_afternoon_range', sql`${t.overflowAfternoon} BETWEEN 0 AND 100`),
    check('desks_overflow_evening_range', sql`${t.overflowEvening} BETWEEN 0 AND 100`),
    index('desks_location_idx').on(t.locationId),
  ],
);

/** The products a desk serves when it does not serve them all (desks.serves_all_products = false). */
export const deskProducts = pgTable(
  'desk_products',
  {
    deskId: integer('desk_id')
      .notNull()
      .references(() => desks.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.deskId, t.productId] }),
    index('desk_products_product_idx').on(t.productId),
  ],
);

/** Weekly opening intervals, local time of PROVIDER_TIMEZONE; a weekday may have several. */
export const deskOpeningHours = pgTable(
  'desk_opening_hours',
  {
    id: serial('id').primaryKey(),
    deskId: integer('desk_id')
      .notNull()
      .references(() => desks.id, { onDelete: 'cascade' }),
    /** ISO weekday: 1 = Monday … 7 = Sunday. */
    weekday: smallint('weekday').notNull(),
    opens: time('opens').notNull(),
    closes: time('closes').notNull(),
  },
  (t) => [
    check('desk_opening_hours_weekday_range', sql`${t.weekday} BETWEEN 1 AND 7`),
    check('desk_opening_hours_order', sql`${t.opens} < ${t.closes}`),
    index('desk_opening_hours_desk_idx').on(t.deskId),
  ],
);

/**
 * A closed day or part of a day: for one desk (desk_id), for every desk of one location (location_id),
 * or for every desk (both NULL).
 */
export const closures = pgTable(
  'closures',
  {
    id: serial('id').primaryKey(),
    deskId: integer('desk_id').references(() => desks.id, { onDelete: 'cascade' }),
    locationId: integer('location_id').references(() => locations.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    type: text('type', { enum: ['whole_day', 'partial'] }).notNull(),
    fromTime: time('from_time'),
    untilTime: time('until_time'),
    reason: text('reason'),
  },
  (t) => [
    check('closures_type', sql`${t.type} IN ('whole_day', 'partial')`),
    check(
      'closures_times',
      sql`(${t.type} = 'whole_day' AND ${t.fromTime} IS NULL AND ${t.untilTime} IS NULL)
        OR (${t.type} = 'partial' AND ${t.fromTime} IS NOT NULL AND ${t.untilTime} IS NOT NULL AND ${t.fromTime} < ${t.untilTime})`,
    ),
    check('closures_one_scope', sql`${t.deskId} IS NULL OR ${t.locationId} IS NULL`),
    index('closures_date_idx').on(t.date),
    index('closures_desk_idx').on(t.deskId),
  ],
);

/** Period-specific overflow percentages that override the desk's defaults for a date range. */
export const overflowPeriods = pgTable(
  'overflow_periods',
  {
    id: serial('id').primaryKey(),
    deskId: integer('desk_id')
      .notNull()
      .references(() => desks.id, { onDelete: 'cascade' }),
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    untilDate: date('until_date', { mode: 'string' }).notNull(),
    morning: percentage('morning'),
    afternoon: percentage('afternoon'),
    evening: percentage('evening'),
  },
  (t) => [
    check('overflow_periods_order', sql`${t.fromDate} <= ${t.untilDate}`),
    check('overflow_periods_morning_range', sql`${t.morning} BETWEEN 0 AND 100`),
    check('overflow_periods_afternoon_range', sql`${t.afternoon} BETWEEN 0 AND 100`),
    check('overflow_periods_evening_range', sql`${t.evening} BETWEEN 0 AND 100`),
    index('overflow_periods_desk_idx').on(t.deskId),
  ],
);
