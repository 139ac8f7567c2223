import { BOOKING_WINDOW_MONTHS, bookingWindow } from '@balie/shared';
import { rawQuery, type Database } from '../db/client.js';

/**
 * DESIGN §10's benchmark data set, for `cli load-dataset` (capacity trials) and `npm run bench` alike:
 * desks open Monday–Friday in three locations, products of 12 and 24 minutes that not every desk serves
 * (DESIGN §4b), confirmed appointments in the booking window and older ones (checked in, some cancelled)
 * before it, so that cost can be seen to follow the window.
 */
export interface DatasetSizes {
  desks: number;
  products: number;
  /** Confirmed appointments in the 3-month window (capped at the window's 24-minute cells). */
  windowAppointments: number;
  /** Older appointments, spread over the two years before the window. */
  pastAppointments: number;
  /**
   * A year of history for the statistics (issue 24, decision 0405): appointments on 12-minute cells in
   * the 365 days before the window (the older ones then fill the year before that), checked in, called
   * and served, no-shows and cancellations, and walk-ins at every location. 0: none.
   */
  historyAppointments?: number;
}

export const DEFAULT_DATASET_SIZES: DatasetSizes = {
  desks: 10,
  products: 20,
  windowAppointments: 12_000,
  pastAppointments: 100_000,
};

/** Locations the desks are spread over (fewer when there are fewer desks). */
export const DATASET_LOCATIONS = 3;

const OPENS = '08:00';
/** Opening minutes per desk per weekday: 08:00–20:00. */
const OPEN_MINUTES = 12 * 60;
/** Seeded appointments fill 24-minute cells, so 30 cells per desk per weekday. */
const CELL_MINUTES = 24;
const CELLS_PER_DAY = OPEN_MINUTES / CELL_MINUTES;
const PAST_DAYS = 730;
const HISTORY_DAYS = 365;
const HISTORY_CELL_MINUTES = 12;
/** About what a year of history holds at the default 10 desks (their 12-minute cells allow 156,600). */
export const DEFAULT_HISTORY_APPOINTMENTS = 150_000;
/** Walk-ins per location per weekday in the history. */
const HISTORY_WALK_INS_PER_DAY = 20;

export interface DatasetSummary {
  sizes: DatasetSizes;
  locations: number;
  window: { first: string; last: string };
  weekdaysInWindow: number;
  windowAppointments: number;
  pastAppointments: number;
  /** Booked share of the window's open minutes (DESIGN §10: about 60 % at the default sizes). */
  windowFill: number;
  loadMs: number;
}

/** Where a desk is (index into the locations in order) and whether it serves the short products only. */
export interface DeskPlan {
  location: number;
  specialist: boolean;
}

/**
 * The desks spread over the locations in blocks, in order (10 desks: 4, 3, 3). The last desk of a
 * location with more than one is a specialist that serves the 12-minute products only.
 */
export function deskPlan(desks: number, locations: number): DeskPlan[] {
  const locationOf = (i: number) => Math.floor((i * locations) / desks);
  return Array.from({ length: desks }, (_, i) => ({
    location: locationOf(i),
    specialist:
      i > 0 &&
      locationOf(i - 1) === locationOf(i) &&
      (i === desks - 1 || locationOf(i + 1) !== locationOf(i)),
  }));
}

/**
 * Product n (1-based) takes 12 minutes when odd, 24 when even; every fourth from the third (3, 7, 11, …)
 * is served at the first location only, like a driving licence at the town hall. Product 1 is served by
 * every desk: the bench's "served everywhere" product, as product 3 is its "one location" one.
 */
export function servesProduct(desk: DeskPlan, n: number): boolean {
  if (n % 4 === 3 && desk.location !== 0) return false;
  return !desk.specialist || n % 2 === 1;
}

/**
 * The locations, desks and what each serves: the first location (migration 0012 made it) is reused, the
 * others are added. A desk of the first location that is no specialist serves every product, also
 * later ones (`serves_all_products`); every other desk lists its products.
 */
async function loadDesks(query: ReturnType<typeof rawQuery>, sizes: DatasetSizes): Promise<void> {
  const plan = deskPlan(sizes.desks, Math.min(DATASET_LOCATIONS, sizes.desks));
  const locationCount = plan.at(-1)!.location + 1;
  await query(
    `UPDATE locations SET name = 'Vestiging 1', street = 'Marktplein 1', postcode = '1234 AB', city = 'Benchstad',
            phone = '14 020', position = 0 WHERE id = (SELECT min(id) FROM locations)`,
  );
  await query(
    `INSERT INTO locations (name, street, postcode, city, phone, notice, position)
     SELECT 'Vestiging ' || i, 'Wijkplein ' || i, '1234 AB', 'Benchstad', '14 020', 'Ingang aan de pleinzijde.', i - 1
       FROM generate_series(2, $1::int) AS i ORDER BY i`,
    [locationCount],
  );
  const locationIds = (await query<{ id: number }>('SELECT id FROM locations ORDER BY position, id')).map(
    (l) => l.id,
  );
  for (const [i, desk] of plan.entries()) {
    const servesAll = desk.location === 0 && !desk.specialist;
    const [row] = await query<{ id: number }>(
      `INSERT INTO desks (name, label, location_id, serves_all_products) VALUES ($1, $2, $3, $4) RETURNING id`,
      [`Balie ${i + 1}`, `Bench ${i + 1}`, locationIds[desk.location], servesAll],
    );
    if (servesAll) continue;
    const served = Array.from({ length: sizes.products }, (_, k) => k + 1).filter((n) =>
      servesProduct(desk, n),
    );
    await query(
      `INSERT INTO desk_products (desk_id, product_id)
       SELECT $1::int, id FROM products WHERE position = ANY (string_to_array($2::text, ',')::int[])`,
      [row!.id, served.join(',')],
    );
  }
}

/**
 * Appointments on a grid of 24-minute cells (desk × weekday × cell between `first` and `last`), the
 * `count` cells picked by a hash so they spread evenly and never overlap (the exclusion constraint
 * holds). One set-based statement inserts the appointments and their items (one product each that the
 * desk serves, whose duration is the cell: a 24-minute product once or a 12+12-minute product twice).
 */
function appointmentsSql(status: string): string {
  return `
WITH cells AS (
  SELECT d.id AS desk_id, day::date AS day, c AS cell
    FROM desks d
   CROSS JOIN generate_series($2::timestamp, $3::timestamp, interval '1 day') AS day
   CROSS JOIN generate_series(0, ${CELLS_PER_DAY - 1}) AS c
   WHERE extract(isodow FROM day) <= 5
), chosen AS (
  SELECT desk_id,
         ((day + $6::time + cell * interval '${CELL_MINUTES} minutes') AT TIME ZONE $1::text) AS starts,
         row_number() OVER (ORDER BY md5($5::text || desk_id || ':' || day || ':' || cell)) AS n
    FROM cells
   ORDER BY n
   LIMIT $4
), inserted AS (
  INSERT INTO appointments (reservation_id, status, desk_id, during, group_key, initials, last_name, email,
                            phone, language, token_hash, token_nonce, created_at, confirmed_at,
                            checked_in_at, cancelled_at)
  SELECT gen_random_uuid(), s.status, desk_id,
         tstzrange(starts, starts + interval '${CELL_MINUTES} minutes'), gen_random_uuid(),
         'B.', 'Bench ' || n, 'bench' || n || '@example.org', '+31 6 1234 5678', 'nl',
         md5('hash' || $5::text || n), md5('nonce' || $5::text || n),
         starts - interval '9 days', starts - interval '9 days',
         CASE WHEN s.status = 'checked_in' THEN starts END,
         CASE WHEN s.status = 'cancelled' THEN starts - interval '2 days' END
    FROM chosen CROSS JOIN LATERAL (SELECT ${status} AS status) s
  RETURNING id, desk_id
), served AS (
  SELECT d.id AS desk_id, p.id AS product_id, p.time_unit,
         row_number() OVER (PARTITION BY d.id ORDER BY p.id) - 1 AS k, count(*) OVER (PARTITION BY d.id) AS n
    FROM desks d
    JOIN products p
      ON d.serves_all_products
      OR EXISTS (SELECT 1 FROM desk_products dp WHERE dp.desk_id = d.id AND dp.product_id = p.id)
)
INSERT INTO appointment_items (appointment_id, product_id, amount)
SELECT inserted.id, s.product_id, CASE WHEN s.time_unit = ${CELL_MINUTES} THEN 1 ELSE 2 END
  FROM inserted
  JOIN served s ON s.desk_id = inserted.desk_id AND s.k = inserted.id % s.n`;
}

/**
 * The year of history: 12-minute cells (desk × weekday × cell) picked by a hash, one 12-minute product
 * the desk serves each; by n: 1 in 20 cancelled, 2 no-show, 1 left confirmed (nobody recorded it), the
 * rest checked in with a queue entry (checked in up to 9 minutes early, called up to 14 minutes after the
 * start, served 11 minutes later); booked 0–39 days ahead. Then walk-ins at every location each weekday.
 */
const HISTORY_SQL = `
WITH cells AS (
  SELECT d.id AS desk_id, d.location_id, day::date AS day, c AS cell
    FROM desks d
   CROSS JOIN generate_series($2::timestamp, $3::timestamp, interval '1 day') AS day
   CROSS JOIN generate_series(0, ${OPEN_MINUTES / HISTORY_CELL_MINUTES - 1}) AS c
   WHERE extract(isodow FROM day) <= 5
), chosen AS (
  SELECT desk_id, location_id, day,
         ((day + $5::time + cell * interval '${HISTORY_CELL_MINUTES} minutes') AT TIME ZONE $1::text) AS starts,
         row_number() OVER (ORDER BY md5('history:' || desk_id || ':' || day || ':' || cell)) AS n
    FROM cells
   ORDER BY n
   LIMIT $4
), inserted AS (
  INSERT INTO appointments (reservation_id, status, desk_id, during, group_key, initials, last_name, email,
                            phone, language, created_at, confirmed_at, checked_in_at, cancelled_at)
  SELECT gen_random_uuid(), s.status, desk_id,
         tstzrange(starts, starts + interval '${HISTORY_CELL_MINUTES} minutes'), gen_random_uuid(),
         'H.', 'History ' || n, 'history' || n || '@example.org', '+31 6 1234 5678', 'nl',
         starts - (n % 40) * interval '1 day' - interval '3 hours', starts - (n % 40) * interval '1 day' - interval '3 hours',
         CASE WHEN s.status = 'checked_in' THEN starts - (n % 10) * interval '1 minute' END,
         CASE WHEN s.status = 'cancelled' THEN starts - interval '1 day' END
    FROM chosen
   CROSS JOIN LATERAL (SELECT CASE WHEN n % 20 = 0 THEN 'cancelled' WHEN n % 20 IN (1, 2) THEN 'no_show'
                                   WHEN n % 20 = 3 THEN 'confirmed' ELSE 'checked_in' END AS status) s
  RETURNING id, desk_id, status, during, checked_in_at
), served AS (
  SELECT d.id AS desk_id, p.id AS product_id,
         row_number() OVER (PARTITION BY d.id ORDER BY p.id) - 1 AS k, count(*) OVER (PARTITION BY d.id) AS n
    FROM desks d
    JOIN products p
      ON p.time_unit = ${HISTORY_CELL_MINUTES}
     AND (d.serves_all_products OR EXISTS (SELECT 1 FROM desk_products dp WHERE dp.desk_id = d.id AND dp.product_id = p.id))
), items AS (
  INSERT INTO appointment_items (appointment_id, product_id, amount)
  SELECT inserted.id, s.product_id, 1
    FROM inserted JOIN served s ON s.desk_id = inserted.desk_id AND s.k = inserted.id % s.n
  RETURNING appointment_id, product_id
)
INSERT INTO queue_entries (location_id, day, kind, appointment_id, minutes, state, due_at, checked_in_at,
                           called_at, served_at, desk_id)
SELECT d.location_id, (lower(i.during) AT TIME ZONE $1::text)::date, 'appointment', i.id, ${HISTORY_CELL_MINUTES}, 'served',
       lower(i.during), i.checked_in_at, lower(i.during) + (i.id % 15) * interval '1 minute',
       lower(i.during) + (i.id % 15 + 11) * interval '1 minute', i.desk_id
  FROM inserted i JOIN desks d ON d.id = i.desk_id
 WHERE i.status = 'checked_in'`;

const HISTORY_WALK_INS_SQL = `
INSERT INTO queue_entries (location_id, day, kind, walk_in_number, minutes, state, due_at, checked_in_at,
                           called_at, served_at, desk_id)
SELECT l.id, day::date, 'walk_in', w, ${HISTORY_CELL_MINUTES}, CASE WHEN w % 10 = 0 THEN 'no_show' ELSE 'served' END,
       t, t, CASE WHEN w % 10 <> 0 THEN t + (w % 25) * interval '1 minute' END,
       CASE WHEN w % 10 <> 0 THEN t + (w % 25 + 12) * interval '1 minute' END,
       CASE WHEN w % 10 <> 0 THEN (SELECT min(d.id) FROM desks d WHERE d.location_id = l.id) END
  FROM locations l
 CROSS JOIN generate_series($2::timestamp, $3::timestamp, interval '1 day') AS day
 CROSS JOIN generate_series(1, $4::int) AS w
 CROSS JOIN LATERAL (SELECT ((day + $5::time + (w * 33 % ${OPEN_MINUTES - 60}) * interval '1 minute') AT TIME ZONE $1::text) AS t) times
 WHERE extract(isodow FROM day) <= 5 AND EXISTS (SELECT 1 FROM desks d WHERE d.location_id = l.id)`;

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export class DatasetError extends Error {}

/** The provider's zone and the moment that place the booking window (tests fix `now`). */
interface DatasetPlacement {
  timezone: string;
  now?: number;
}

/**
 * Fills a migrated database that holds no desks, products or appointments yet with the data set
 * (refuses otherwise: a capacity trial must never mix with real bookings).
 */
export async function loadDataset(
  database: Database,
  sizes: DatasetSizes,
  placement: DatasetPlacement,
): Promise<DatasetSummary> {
  const started = Date.now();
  const query = rawQuery(database);
  const [existing] = await query<{ n: number }>(
    `SELECT (SELECT count(*) FROM desks) + (SELECT count(*) FROM products) + (SELECT count(*) FROM appointments)
            + (SELECT count(*) FROM locations) - 1 AS n`,
  );
  if (Number(existing?.n) > 0)
    throw new DatasetError(
      'The database already holds locations, desks, products or appointments: not loaded.',
    );
  await query(
    `INSERT INTO product_categories (name, position) SELECT 'Categorie ' || i, i FROM generate_series(1, 4) AS i`,
  );
  // Odd products take 12 minutes (+12 per extra unit), even ones 24: the bookable mix of a town hall.
  await query(
    `INSERT INTO products (category_id, title, description, time_unit, extra_time_unit, position)
     SELECT (SELECT id FROM product_categories ORDER BY id LIMIT 1 OFFSET i % 4), 'Product ' || i,
            'Benchmark product ' || i, CASE WHEN i % 2 = 1 THEN 12 ELSE 24 END, 12, i
       FROM generate_series(1, $1::int) AS i`,
    [sizes.products],
  );
  await loadDesks(query, sizes);
  await query(
    `INSERT INTO desk_opening_hours (desk_id, weekday, opens, closes)
     SELECT d.id, w, $1::time, $1::time + make_interval(mins => $2::int) FROM desks d CROSS JOIN generate_series(1, 5) AS w`,
    [OPENS, OPEN_MINUTES],
  );
  return { ...(await reloadAppointments(database, sizes, placement)), loadMs: Date.now() - started };
}

/**
 * Replaces every appointment by `sizes.windowAppointments` in the window and `sizes.pastAppointments`
 * before it, on the desks and products already there: the bench's growth runs change the sizes this way
 * without reloading the rest.
 */
export async function reloadAppointments(
  database: Database,
  sizes: DatasetSizes,
  placement: DatasetPlacement,
): Promise<DatasetSummary> {
  const started = Date.now();
  const query = rawQuery(database);
  const zone = placement.timezone;
  const window = bookingWindow(placement.now ?? Date.now(), zone, BOOKING_WINDOW_MONTHS);
  await query('DELETE FROM queue_entries');
  await query('DELETE FROM appointment_items');
  await query('DELETE FROM appointments');
  const history = sizes.historyAppointments ?? 0;
  await query(appointmentsSql(`'confirmed'`), [
    zone,
    window.first,
    window.last,
    sizes.windowAppointments,
    'window',
    OPENS,
  ]);
  await query(
    appointmentsSql(
      `CASE WHEN n % 20 = 0 THEN 'cancelled' WHEN n % 20 = 1 THEN 'confirmed' ELSE 'checked_in' END`,
    ),
    [
      zone,
      addDays(window.first, -PAST_DAYS),
      // With a year of history, the older appointments fill the year before it.
      addDays(window.first, history > 0 ? -HISTORY_DAYS - 1 : -1),
      sizes.pastAppointments,
      'past',
      OPENS,
    ],
  );
  if (history > 0) {
    const range = [zone, addDays(window.first, -HISTORY_DAYS), addDays(window.first, -1)];
    await query(HISTORY_SQL, [...range, history, OPENS]);
    await query(HISTORY_WALK_INS_SQL, [...range, HISTORY_WALK_INS_PER_DAY, OPENS]);
  }
  // After a bulk load the planner needs statistics and the new rows need their visibility marked, which
  // autovacuum does a minute or two later: done here, so that no vacuum runs beside the bench's measured
  // reads (the growth run's 100k point was 1.9× the others while autovacuum worked through its rows).
  await query('VACUUM (ANALYZE)');

  const [counts] = await query<{
    inside: number;
    past: number;
    weekdays: number;
    desks: number;
    locations: number;
  }>(
    `SELECT (SELECT count(*)::int FROM appointments WHERE lower(during) >= ($1::date::timestamp AT TIME ZONE $3::text)) AS inside,
            (SELECT count(*)::int FROM appointments WHERE lower(during) < ($1::date::timestamp AT TIME ZONE $3::text)) AS past,
            (SELECT count(*)::int FROM generate_series($1::timestamp, $2::timestamp, interval '1 day') d
              WHERE extract(isodow FROM d) <= 5) AS weekdays,
            (SELECT count(*)::int FROM desks) AS desks,
            (SELECT count(*)::int FROM locations) AS locations`,
    [window.first, window.last, zone],
  );
  if (!counts) throw new Error('dataset counts missing');
  return {
    sizes,
    locations: counts.locations,
    window,
    weekdaysInWindow: counts.weekdays,
    windowAppointments: counts.inside,
    pastAppointments: counts.past,
    windowFill:
      Math.round(((counts.inside * CELL_MINUTES) / (counts.weekdays * counts.desks * OPEN_MINUTES)) * 1000) /
      1000,
    loadMs: Date.now() - started,
  };
}
