import { BOOKING_WINDOW_MONTHS, bookingWindow } from '@balie/shared';
import type { Query } from './databases.js';
import { SETTINGS } from './settings.js';

const D = SETTINGS.dataset;
const CELLS_PER_DAY = D.openMinutes / D.cellMinutes;

export interface DatasetSummary {
  window: { first: string; last: string };
  weekdaysInWindow: number;
  windowAppointments: number;
  pastAppointments: number;
  /** Booked share of the window's open minutes (DESIGN §10: about 60 %). */
  windowFill: number;
  seedMs: number;
}

/**
 * Appointments on a grid of 24-minute cells (desk × weekday × cell between `first` and `last`), the
 * `count` cells picked by a hash so they spread evenly and never overlap (the exclusion constraint
 * holds). One set-based statement inserts the appointments and their items (one product each, whose
 * duration is the cell: a 24-minute product once or a 12+12-minute product twice).
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
         ((day + $6::time + cell * interval '${D.cellMinutes} minutes') AT TIME ZONE $1::text) AS starts,
         row_number() OVER (ORDER BY md5($5::text || desk_id || ':' || day || ':' || cell)) AS n
    FROM cells
   ORDER BY n
   LIMIT $4
), inserted AS (
  INSERT INTO appointments (reservation_id, status, desk_id, during, group_key, initials, last_name, email,
                            phone, language, token_hash, token_nonce, created_at, confirmed_at,
                            checked_in_at, cancelled_at)
  SELECT gen_random_uuid(), s.status, desk_id,
         tstzrange(starts, starts + interval '${D.cellMinutes} minutes'), gen_random_uuid(),
         'B.', 'Bench ' || n, 'bench' || n || '@example.org', '+31 6 1234 5678', 'nl',
         md5('hash' || $5::text || n), md5('nonce' || $5::text || n),
         starts - interval '9 days', starts - interval '9 days',
         CASE WHEN s.status = 'checked_in' THEN starts END,
         CASE WHEN s.status = 'cancelled' THEN starts - interval '2 days' END
    FROM chosen CROSS JOIN LATERAL (SELECT ${status} AS status) s
  RETURNING id
)
INSERT INTO appointment_items (appointment_id, product_id, amount)
SELECT inserted.id, p.id, CASE WHEN p.time_unit = ${D.cellMinutes} THEN 1 ELSE 2 END
  FROM inserted
  JOIN (SELECT id, time_unit, row_number() OVER (ORDER BY id) - 1 AS k FROM products) p
    ON p.k = inserted.id % ${D.products}`;
}

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** DESIGN §10's data set on a freshly migrated, empty database. */
export async function seedDataset(query: Query, now = Date.now()): Promise<DatasetSummary> {
  const started = Date.now();
  const zone = SETTINGS.timezone;
  const window = bookingWindow(now, zone, BOOKING_WINDOW_MONTHS);
  await query(
    `INSERT INTO desks (name, label) SELECT 'Balie ' || i, 'Bench ' || i FROM generate_series(1, $1::int) AS i ORDER BY i`,
    [D.desks],
  );
  await query(
    `INSERT INTO desk_opening_hours (desk_id, weekday, opens, closes)
     SELECT d.id, w, $1::time, $1::time + make_interval(mins => $2::int) FROM desks d CROSS JOIN generate_series(1, 5) AS w`,
    [D.opens, D.openMinutes],
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
    [D.products],
  );
  await query(appointmentsSql(`'confirmed'`), [
    zone,
    window.first,
    window.last,
    D.windowAppointments,
    'window',
    D.opens,
  ]);
  await query(
    appointmentsSql(
      `CASE WHEN n % 20 = 0 THEN 'cancelled' WHEN n % 20 = 1 THEN 'confirmed' ELSE 'checked_in' END`,
    ),
    [
      zone,
      addDays(window.first, -D.pastDays),
      addDays(window.first, -1),
      D.pastAppointments,
      'past',
      D.opens,
    ],
  );
  // After a bulk load the planner needs statistics; autovacuum would gather them a little later.
  await query('ANALYZE');

  const [counts] = await query<{ inside: number; past: number; weekdays: number }>(
    `SELECT (SELECT count(*)::int FROM appointments WHERE lower(during) >= ($1::date::timestamp AT TIME ZONE $3::text)) AS inside,
            (SELECT count(*)::int FROM appointments WHERE lower(during) < ($1::date::timestamp AT TIME ZONE $3::text)) AS past,
            (SELECT count(*)::int FROM generate_series($1::timestamp, $2::timestamp, interval '1 day') d
              WHERE extract(isodow FROM d) <= 5) AS weekdays`,
    [window.first, window.last, zone],
  );
  if (!counts) throw new Error('dataset counts missing');
  return {
    window,
    weekdaysInWindow: counts.weekdays,
    windowAppointments: counts.inside,
    pastAppointments: counts.past,
    windowFill:
      Math.round(((counts.inside * D.cellMinutes) / (counts.weekdays * D.desks * D.openMinutes)) * 1000) /
      1000,
    seedMs: Date.now() - started,
  };
}
