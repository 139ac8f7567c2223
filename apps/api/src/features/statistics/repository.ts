import { sql, type SQL } from 'drizzle-orm';
import { DAY_PARTS, type DayPart, type PartHistory } from '@balie/shared';
import { queryRows, type DbOrTx, type Tx } from '../../db/client.js';

/*
 * The statistics' SQL (decision 0400). The roll-up turns a set of local days into rows of
 * statistics_parts / _products / _waits in three set-based statements; the reads sum those rows. Nothing
 * here reads a name, e-mail, phone or code: the figures are counts, minutes and products only.
 */

const dates = (days: readonly string[]) => `{${days.join(',')}}`;
const ints = (ids: readonly number[]) => `{${ids.join(',')}}`;
/** Minutes since midnight of a `time` column ('24:00' is 1440). */
const minutesOf = (column: SQL) => sql`(extract(epoch FROM ${column}) / 60)::int`;
/** The day part of a local hour (DESIGN §4: morning < 12:00, afternoon 12:00–17:00, evening ≥ 17:00). */
const partOfHour = (hour: SQL) =>
  sql`CASE WHEN ${hour} < 12 THEN 'morning' WHEN ${hour} < 17 THEN 'afternoon' ELSE 'evening' END`;
/** The same as a number (0 morning, 1 afternoon, 2 evening), as statistics_parts keeps it. */
const partNumber = (hour: SQL) => sql`((${hour} >= 12)::int + (${hour} >= 17)::int)::smallint`;

export interface DayBounds {
  day: string;
  startsAt: Date;
  endsAt: Date;
}

/** How many of the days first..last have a marker row. */
export async function countMarkers(db: DbOrTx, first: string, last: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM statistics_days WHERE day BETWEEN ${first}::date AND ${last}::date`,
  );
  return Number(row?.n ?? 0);
}

/** Marker rows (dirty) for the days that have none; committed before any roll-up claims them. */
export async function insertMarkers(db: DbOrTx, days: readonly DayBounds[]): Promise<void> {
  if (days.length === 0) return;
  await queryRows(
    db,
    sql`INSERT INTO statistics_days (day, starts_at, ends_at)
        SELECT d, s, e FROM unnest(${dates(days.map((d) => d.day))}::date[],
                                   ${`{${days.map((d) => d.startsAt.toISOString()).join(',')}}`}::timestamptz[],
                                   ${`{${days.map((d) => d.endsAt.toISOString()).join(',')}}`}::timestamptz[]) AS t(d, s, e)
        ON CONFLICT (day) DO NOTHING`,
  );
}

/**
 * Claims the days of the ranges to roll up: the dirty ones and today (always rolled again, and left
 * dirty and live: it is still happening; a day that was live is rolled up once more after it ended, for
 * the writes that began before its end and committed after its last roll-up). The markers are locked in the order of their days (two processes with
 * overlapping ranges cannot deadlock) and stay locked until the transaction ends, so a change to such a
 * day that commits later waits and marks it dirty again (the triggers). A marker another process rolled
 * up while this one waited for it is passed over: its lock is taken on the row as that process left it.
 */
export async function claimDays(
  tx: Tx,
  ranges: ReadonlyArray<{ first: string; last: string }>,
  today: string,
): Promise<string[]> {
  const within = sql.join(
    ranges.map((r) => sql`day BETWEEN ${r.first}::date AND ${r.last}::date`),
    sql` OR `,
  );
  const rows = await queryRows<{ day: string }>(
    tx,
    sql`UPDATE statistics_days SET dirty = (day >= ${today}::date OR live), live = (day >= ${today}::date), rolled_at = now()
         WHERE day IN (SELECT day FROM statistics_days
                        WHERE (${within}) AND (dirty OR day >= ${today}::date)
                        ORDER BY day FOR UPDATE)
        RETURNING day::text AS day`,
  );
  return rows.map((r) => r.day).sort();
}

/**
 * The roll-up's commit does not wait for the disk: its figures can be made again from what they sum, and
 * a crash loses the whole transaction, claimed markers included, so those days stay dirty.
 */
export async function commitWithoutWaiting(tx: Tx): Promise<void> {
  await queryRows(tx, sql`SET LOCAL synchronous_commit = off`);
}

/** Fresh planner statistics after a large roll-up (the first of a year): the reads then hash, not sort. */
export async function analyseFacts(tx: Tx): Promise<void> {
  await queryRows(
    tx,
    sql`ANALYZE statistics_days, statistics_parts, statistics_products, statistics_channels, statistics_waits`,
  );
}

export async function deleteFacts(tx: Tx, days: readonly string[]): Promise<void> {
  await queryRows(tx, sql`DELETE FROM statistics_parts WHERE day = ANY(${dates(days)}::date[])`);
  await queryRows(tx, sql`DELETE FROM statistics_products WHERE day = ANY(${dates(days)}::date[])`);
  await queryRows(tx, sql`DELETE FROM statistics_channels WHERE day = ANY(${dates(days)}::date[])`);
  await queryRows(tx, sql`DELETE FROM statistics_waits WHERE day = ANY(${dates(days)}::date[])`);
}

/** What the roll-up reads with: the days, the provider's zone and every desk and location (for indexes). */
export interface RollUpScope {
  days: readonly string[];
  zone: string;
  deskIds: readonly number[];
  locationIds: readonly number[];
}

/**
 * The appointments of the days (not holds), by the index on (desk, start): status, the local start and
 * end, the whole days between booking and appointment.
 */
function appointmentsOf(s: RollUpScope): SQL {
  const first = s.days[0]!;
  const last = s.days.at(-1)!;
  return sql`SELECT a.id, a.desk_id, dk.location_id, a.status, a.channel, a.integration_client_id,
                    a.visitor_confirmed_at IS NOT NULL AS asked,
                    lower(a.during) AT TIME ZONE ${s.zone} AS local_start,
                    upper(a.during) AT TIME ZONE ${s.zone} AS local_end,
                    (extract(epoch FROM upper(a.during) - lower(a.during)) / 60)::int AS minutes,
                    (lower(a.during) AT TIME ZONE ${s.zone})::date - (a.created_at AT TIME ZONE ${s.zone})::date AS lead
               FROM appointments a JOIN desks dk ON dk.id = a.desk_id
              WHERE a.desk_id = ANY(${ints(s.deskIds)}::int[])
                AND lower(a.during) >= (${first}::date::timestamp AT TIME ZONE ${s.zone})
                AND lower(a.during) < ((${last}::date + 1)::timestamp AT TIME ZONE ${s.zone})
                AND a.status IN ('confirmed', 'checked_in', 'no_show', 'cancelled')
                AND (lower(a.during) AT TIME ZONE ${s.zone})::date = ANY(${dates(s.days)}::date[])`;
}

/**
 * statistics_parts for the days: the union of four partial rows per (day, location, desk, hour) —
 * appointments by start hour, appointment minutes by the hours they cover, open minutes, walk-ins — summed
 * per hour, then per day part with the hours that had open or booked minutes as arrays (decision 0406).
 * Open minutes: the desk's weekly hours of that weekday minus the day's closures (int4 multiranges of
 * minutes), counted from the day the desk was made or its first appointment, whichever is earlier.
 */
export async function insertPartFacts(tx: Tx, s: RollUpScope): Promise<void> {
  const lead = (low: number, high: number | null) =>
    high === null
      ? sql`count(*) FILTER (WHERE status <> 'cancelled' AND lead >= ${low})::int`
      : sql`count(*) FILTER (WHERE status <> 'cancelled' AND lead BETWEEN ${low} AND ${high})::int`;
  await queryRows(
    tx,
    sql`
WITH appts AS (${appointmentsOf(s)}),
days AS (SELECT unnest(${dates(s.days)}::date[]) AS day),
starts AS (
  SELECT local_start::date AS day, location_id, desk_id, extract(hour FROM local_start)::int AS hour,
         count(*) FILTER (WHERE status <> 'cancelled')::int AS booked,
         count(*) FILTER (WHERE status = 'checked_in')::int AS checked_in,
         count(*) FILTER (WHERE status = 'no_show')::int AS no_show,
         count(*) FILTER (WHERE status = 'cancelled')::int AS cancelled,
         coalesce(sum(minutes) FILTER (WHERE status = 'no_show'), 0)::int AS no_show_minutes,
         count(*) FILTER (WHERE status = 'checked_in' AND asked)::int AS confirmed_checked_in,
         count(*) FILTER (WHERE status = 'no_show' AND asked)::int AS confirmed_no_show,
         ${lead(0, 0)} AS lead_0, ${lead(1, 1)} AS lead_1, ${lead(2, 3)} AS lead_2_3, ${lead(4, 7)} AS lead_4_7,
         ${lead(8, 14)} AS lead_8_14, ${lead(15, 30)} AS lead_15_30, ${lead(31, null)} AS lead_31
    FROM appts GROUP BY 1, 2, 3, 4
),
covered AS (
  SELECT local_start::date AS day, location_id, desk_id, extract(hour FROM h)::int AS hour,
         sum(extract(epoch FROM least(local_end, h + interval '1 hour') - greatest(local_start, h)) / 60)::int AS booked_minutes
    FROM appts
   CROSS JOIN LATERAL generate_series(date_trunc('hour', local_start), local_end - interval '1 second', interval '1 hour') AS h
   WHERE status <> 'cancelled'
   GROUP BY 1, 2, 3, 4
),
opening AS (
  SELECT d.day, dk.id AS desk_id, dk.location_id,
         range_agg(int4range(${minutesOf(sql`h.opens`)}, ${minutesOf(sql`h.closes`)})) AS spans
    FROM days d
    JOIN desk_opening_hours h ON h.weekday = extract(isodow FROM d.day)
    JOIN desks dk ON dk.id = h.desk_id
    JOIN locations l ON l.id = dk.location_id
   WHERE dk.active AND l.active
     AND d.day >= LEAST((dk.created_at AT TIME ZONE ${s.zone})::date,
                        (SELECT (min(lower(a.during)) AT TIME ZONE ${s.zone})::date FROM appointments a WHERE a.desk_id = dk.id))
   GROUP BY 1, 2, 3
),
closed AS (
  SELECT o.day, o.desk_id,
         range_agg(CASE WHEN c.type = 'whole_day' THEN int4range(0, 1440)
                        ELSE int4range(${minutesOf(sql`c.from_time`)}, ${minutesOf(sql`c.until_time`)}) END) AS spans
    FROM opening o
    JOIN closures c ON c.date = o.day
     AND (c.desk_id = o.desk_id OR (c.desk_id IS NULL AND (c.location_id IS NULL OR c.location_id = o.location_id)))
   GROUP BY 1, 2
),
open_hours AS (
  SELECT o.day, o.location_id, o.desk_id, hr AS hour,
         (SELECT coalesce(sum(upper(r) - lower(r)), 0)
            FROM unnest((o.spans - coalesce(c.spans, '{}'::int4multirange))
                        * int4multirange(int4range(hr * 60, hr * 60 + 60))) AS r)::int AS open_minutes
    FROM opening o LEFT JOIN closed c USING (day, desk_id) CROSS JOIN generate_series(0, 23) AS hr
),
walk_ins AS (
  SELECT q.day, q.location_id, q.desk_id, extract(hour FROM q.checked_in_at AT TIME ZONE ${s.zone})::int AS hour,
         count(*)::int AS walk_ins,
         coalesce(sum(q.minutes) FILTER (WHERE q.state IN ('called', 'served')), 0)::int AS walk_in_minutes
    FROM queue_entries q
   WHERE q.location_id = ANY(${ints(s.locationIds)}::int[]) AND q.day = ANY(${dates(s.days)}::date[])
     AND q.kind = 'walk_in'
   GROUP BY 1, 2, 3, 4
),
partial AS (
  SELECT day, location_id, desk_id, hour, booked, checked_in, no_show, cancelled, 0 AS walk_ins, 0 AS walk_in_minutes,
         no_show_minutes, 0 AS open_minutes, 0 AS booked_minutes,
         lead_0, lead_1, lead_2_3, lead_4_7, lead_8_14, lead_15_30, lead_31,
         confirmed_checked_in, confirmed_no_show FROM starts
  UNION ALL
  SELECT day, location_id, desk_id, hour, 0, 0, 0, 0, 0, 0, 0, 0, booked_minutes, 0, 0, 0, 0, 0, 0, 0, 0, 0 FROM covered
  UNION ALL
  SELECT day, location_id, desk_id, hour, 0, 0, 0, 0, 0, 0, 0, open_minutes, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
    FROM open_hours WHERE open_minutes > 0
  UNION ALL
  SELECT day, location_id, desk_id, hour, 0, 0, 0, 0, walk_ins, walk_in_minutes, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 FROM walk_ins
),
hourly AS (
  SELECT day, location_id, desk_id, hour, sum(booked) AS booked, sum(checked_in) AS checked_in,
         sum(no_show) AS no_show, sum(cancelled) AS cancelled, sum(walk_ins) AS walk_ins,
         sum(walk_in_minutes) AS walk_in_minutes, sum(no_show_minutes) AS no_show_minutes,
         sum(open_minutes) AS open_minutes, sum(booked_minutes) AS booked_minutes, sum(lead_0) AS lead_0,
         sum(lead_1) AS lead_1, sum(lead_2_3) AS lead_2_3, sum(lead_4_7) AS lead_4_7, sum(lead_8_14) AS lead_8_14,
         sum(lead_15_30) AS lead_15_30, sum(lead_31) AS lead_31,
         sum(confirmed_checked_in) AS confirmed_checked_in, sum(confirmed_no_show) AS confirmed_no_show
    FROM partial GROUP BY day, location_id, desk_id, hour
)
INSERT INTO statistics_parts (day, location_id, desk_id, day_part, booked, checked_in, no_show, cancelled, walk_ins,
                              walk_in_minutes, no_show_minutes, open_minutes, booked_minutes,
                              lead_0, lead_1, lead_2_3, lead_4_7, lead_8_14, lead_15_30, lead_31,
                              hours, open_by_hour, booked_by_hour, confirmed_checked_in, confirmed_no_show)
SELECT day, location_id, desk_id, ${partNumber(sql`hour`)}, sum(booked), sum(checked_in), sum(no_show), sum(cancelled),
       sum(walk_ins), sum(walk_in_minutes), sum(no_show_minutes), sum(open_minutes), sum(booked_minutes),
       sum(lead_0), sum(lead_1), sum(lead_2_3), sum(lead_4_7), sum(lead_8_14), sum(lead_15_30), sum(lead_31),
       coalesce(array_agg(hour ORDER BY hour) FILTER (WHERE open_minutes > 0 OR booked_minutes > 0), '{}'),
       coalesce(array_agg(open_minutes ORDER BY hour) FILTER (WHERE open_minutes > 0 OR booked_minutes > 0), '{}'),
       coalesce(array_agg(booked_minutes ORDER BY hour) FILTER (WHERE open_minutes > 0 OR booked_minutes > 0), '{}'),
       sum(confirmed_checked_in), sum(confirmed_no_show)
  FROM hourly GROUP BY day, location_id, desk_id, 4`,
  );
}

/** statistics_products for the days: per desk and product, the appointments with it and how they ended. */
export async function insertProductFacts(tx: Tx, s: RollUpScope): Promise<void> {
  await queryRows(
    tx,
    sql`
WITH appts AS (${appointmentsOf(s)})
INSERT INTO statistics_products (day, location_id, desk_id, product_id, booked, checked_in, no_show, cancelled)
SELECT a.local_start::date, a.location_id, a.desk_id, i.product_id,
       count(*) FILTER (WHERE a.status <> 'cancelled'), count(*) FILTER (WHERE a.status = 'checked_in'),
       count(*) FILTER (WHERE a.status = 'no_show'), count(*) FILTER (WHERE a.status = 'cancelled')
  FROM appts a JOIN appointment_items i ON i.appointment_id = a.id
 GROUP BY 1, 2, 3, 4`,
  );
}

/** statistics_channels for the days: the appointments per channel and client (decision 0481). */
export async function insertChannelFacts(tx: Tx, s: RollUpScope): Promise<void> {
  await queryRows(
    tx,
    sql`
WITH appts AS (${appointmentsOf(s)})
INSERT INTO statistics_channels (day, location_id, desk_id, channel, client_id, booked, checked_in, no_show, cancelled)
SELECT a.local_start::date, a.location_id, a.desk_id, a.channel, coalesce(a.integration_client_id, 0),
       count(*) FILTER (WHERE a.status <> 'cancelled'), count(*) FILTER (WHERE a.status = 'checked_in'),
       count(*) FILTER (WHERE a.status = 'no_show'), count(*) FILTER (WHERE a.status = 'cancelled')
  FROM appts a
 GROUP BY 1, 2, 3, 4, 5`,
  );
}

/**
 * statistics_waits for the days: median and 90th percentile of check-in → call and call → served, in
 * minutes, per day and per day part (of the check-in), for everyone, per location and per calling desk.
 */
export async function insertWaitFacts(tx: Tx, s: RollUpScope): Promise<void> {
  await queryRows(
    tx,
    sql`
WITH entries AS (
  SELECT q.day, q.location_id, q.desk_id,
         ${partOfHour(sql`extract(hour FROM q.checked_in_at AT TIME ZONE ${s.zone})`)} AS part,
         extract(epoch FROM q.called_at - q.checked_in_at) / 60 AS wait,
         CASE WHEN q.served_at IS NOT NULL THEN extract(epoch FROM q.served_at - q.called_at) / 60 END AS service
    FROM queue_entries q
   WHERE q.location_id = ANY(${ints(s.locationIds)}::int[]) AND q.day = ANY(${dates(s.days)}::date[])
     AND q.called_at IS NOT NULL
)
INSERT INTO statistics_waits (day, day_part, scope, location_id, desk_id, wait_median, wait_p90, wait_count,
                              service_median, service_p90, service_count)
SELECT day, part,
       CASE WHEN GROUPING(location_id) = 0 THEN 'location' WHEN GROUPING(desk_id) = 0 THEN 'desk' ELSE 'all' END,
       location_id, desk_id,
       percentile_cont(0.5) WITHIN GROUP (ORDER BY wait), percentile_cont(0.9) WITHIN GROUP (ORDER BY wait), count(wait),
       percentile_cont(0.5) WITHIN GROUP (ORDER BY service), percentile_cont(0.9) WITHIN GROUP (ORDER BY service),
       count(service)
  FROM entries
 GROUP BY GROUPING SETS ((day), (day, part), (day, location_id), (day, part, location_id), (day, desk_id), (day, part, desk_id))
HAVING GROUPING(desk_id) = 1 OR desk_id IS NOT NULL`,
  );
}

/** Every desk (with its location, name and overflow) and every location: the roll-up's index keys. */
export async function listDesks(db: DbOrTx) {
  return queryRows<{
    id: number;
    name: string;
    locationId: number;
    active: boolean;
    overflowMorning: number;
    overflowAfternoon: number;
    overflowEvening: number;
  }>(
    db,
    sql`SELECT d.id, d.name, d.location_id AS "locationId", d.active, d.overflow_morning AS "overflowMorning",
               d.overflow_afternoon AS "overflowAfternoon", d.overflow_evening AS "overflowEvening"
          FROM desks d JOIN locations l ON l.id = d.location_id ORDER BY l.position, l.id, d.id`,
  );
}

export async function listLocationIds(db: DbOrTx): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(db, sql`SELECT id FROM locations ORDER BY id`);
  return rows.map((r) => r.id);
}

/** The reads' filter: a range of days and, optionally, one location or one desk. */
export interface Filter {
  from: string;
  until: string;
  locationId: number | null;
  deskId: number | null;
}

function where(f: Filter, deskColumn = sql`desk_id`): SQL {
  return sql`day BETWEEN ${f.from}::date AND ${f.until}::date
    ${f.locationId !== null ? sql`AND location_id = ${f.locationId}` : sql``}
    ${f.deskId !== null ? sql`AND ${deskColumn} = ${f.deskId}` : sql``}`;
}

/** One desk's open and booked minutes in one day part. */
export interface DeskMinutes {
  deskId: number;
  openMinutes: number;
  bookedMinutes: number;
}

export interface PartRow {
  day: string;
  part: DayPart;
  booked: number;
  checkedIn: number;
  noShow: number;
  cancelled: number;
  walkIns: number;
  openMinutes: number;
  bookedMinutes: number;
  /** The desks with open or booked minutes in that part, in the order of their ids. */
  desks: DeskMinutes[];
}

/** The desks' minutes of a part come as three arrays of one length (ordered by desk), or null without any. */
const deskArray = (column: string) =>
  sql.raw(
    `array_agg(${column} ORDER BY desk_id) FILTER (WHERE desk_id IS NOT NULL AND (open_minutes > 0 OR booked_minutes > 0))`,
  );

/**
 * Per day and day part (decision 0406): the sums, and each desk's open and booked minutes as arrays, so a
 * year is about 800 rows rather than one per desk and part. Grouped on numbers (the day part as 0–2).
 */
export async function partRows(db: DbOrTx, f: Filter): Promise<PartRow[]> {
  const rows = await queryRows<
    Omit<PartRow, 'part' | 'desks'> & {
      part: number;
      deskIds: number[] | null;
      deskOpen: number[] | null;
      deskBooked: number[] | null;
    }
  >(
    db,
    sql`SELECT to_char(day, 'YYYY-MM-DD') AS day, day_part AS part, sum(booked)::int AS booked,
               sum(checked_in)::int AS "checkedIn", sum(no_show)::int AS "noShow", sum(cancelled)::int AS cancelled,
               sum(walk_ins)::int AS "walkIns", sum(open_minutes)::int AS "openMinutes",
               sum(booked_minutes)::int AS "bookedMinutes", ${deskArray('desk_id')} AS "deskIds",
               ${deskArray('open_minutes')} AS "deskOpen", ${deskArray('booked_minutes')} AS "deskBooked"
          FROM statistics_parts WHERE ${where(f)}
         GROUP BY day, day_part ORDER BY day, day_part`,
  );
  return rows.map(({ deskIds, deskOpen, deskBooked, part, ...sums }) => ({
    ...sums,
    part: DAY_PARTS[part]!,
    desks: (deskIds ?? []).map((deskId, i) => ({
      deskId,
      openMinutes: deskOpen![i]!,
      bookedMinutes: deskBooked![i]!,
    })),
  }));
}

/** Open and booked minutes per ISO weekday and hour, from the parts' hour arrays. */
export function occupancyRows(db: DbOrTx, f: Filter) {
  return queryRows<{ weekday: number; hour: number; openMinutes: number; bookedMinutes: number }>(
    db,
    sql`SELECT extract(isodow FROM day)::int AS weekday, h.hour::int AS hour, sum(h.open)::int AS "openMinutes",
               sum(h.booked)::int AS "bookedMinutes"
          FROM statistics_parts, unnest(hours, open_by_hour, booked_by_hour) AS h(hour, open, booked)
         WHERE ${where(f)} GROUP BY 1, 2 ORDER BY 1, 2`,
  );
}

export async function leadTimeRow(db: DbOrTx, f: Filter): Promise<number[]> {
  const [row] = await queryRows<Record<string, number | null>>(
    db,
    sql`SELECT sum(lead_0)::int AS a, sum(lead_1)::int AS b, sum(lead_2_3)::int AS c, sum(lead_4_7)::int AS d,
               sum(lead_8_14)::int AS e, sum(lead_15_30)::int AS f, sum(lead_31)::int AS g
          FROM statistics_parts WHERE ${where(f)}`,
  );
  return ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((k) => Number(row?.[k] ?? 0));
}

/**
 * Did the visitors who said "Ik kom" come (DESIGN §4c)? Checked in and no-show over the filter, of all
 * appointments and of those confirmed in a reminder; the unconfirmed are the difference.
 */
export async function confirmationRow(
  db: DbOrTx,
  f: Filter,
): Promise<{ checkedIn: number; noShow: number; confirmedCheckedIn: number; confirmedNoShow: number }> {
  const [row] = await queryRows<Record<string, number | null>>(
    db,
    sql`SELECT sum(checked_in)::int AS "checkedIn", sum(no_show)::int AS "noShow",
               sum(confirmed_checked_in)::int AS "confirmedCheckedIn", sum(confirmed_no_show)::int AS "confirmedNoShow"
          FROM statistics_parts WHERE ${where(f)}`,
  );
  const n = (k: string) => Number(row?.[k] ?? 0);
  return {
    checkedIn: n('checkedIn'),
    noShow: n('noShow'),
    confirmedCheckedIn: n('confirmedCheckedIn'),
    confirmedNoShow: n('confirmedNoShow'),
  };
}

/** Per product over the filter: the appointments with it and how they ended. */
export interface ProductRow {
  id: number;
  title: string;
  booked: number;
  checkedIn: number;
  noShow: number;
  cancelled: number;
}

export function productRows(db: DbOrTx, f: Filter) {
  return queryRows<ProductRow>(
    db,
    sql`SELECT p.id, p.title, sum(s.booked)::int AS booked, sum(s.checked_in)::int AS "checkedIn",
               sum(s.no_show)::int AS "noShow", sum(s.cancelled)::int AS cancelled
          FROM statistics_products s JOIN products p ON p.id = s.product_id
         WHERE ${where(f, sql`s.desk_id`)}
         GROUP BY p.id, p.title, p.position ORDER BY p.position, p.id`,
  );
}

export interface ChannelRow {
  channel: 'web' | 'desk' | 'integration';
  clientId: number | null;
  clientName: string | null;
  booked: number;
  checkedIn: number;
  noShow: number;
  cancelled: number;
}

/** The appointments per channel (an integration client by name, a revoked one too). */
export function channelRows(db: DbOrTx, f: Filter) {
  return queryRows<ChannelRow>(
    db,
    sql`SELECT s.channel, nullif(s.client_id, 0) AS "clientId", c.name AS "clientName",
               sum(s.booked)::int AS booked, sum(s.checked_in)::int AS "checkedIn",
               sum(s.no_show)::int AS "noShow", sum(s.cancelled)::int AS cancelled
          FROM statistics_channels s LEFT JOIN integration_clients c ON c.id = s.client_id
         WHERE ${where(f, sql`s.desk_id`)}
         GROUP BY s.channel, s.client_id, c.name ORDER BY s.channel DESC, c.name`,
  );
}

export interface WaitRow {
  day: string;
  part: 'morning' | 'afternoon' | 'evening' | null;
  waitMedian: number | null;
  waitP90: number | null;
  waitCount: number;
  serviceMedian: number | null;
  serviceP90: number | null;
  serviceCount: number;
}

/** The waiting and service times of the filter's own scope (everyone, one location or one desk). */
export function waitRows(db: DbOrTx, f: Filter): Promise<WaitRow[]> {
  const scope =
    f.deskId !== null
      ? sql`scope = 'desk' AND desk_id = ${f.deskId}`
      : f.locationId !== null
        ? sql`scope = 'location' AND location_id = ${f.locationId}`
        : sql`scope = 'all'`;
  return queryRows<WaitRow>(
    db,
    sql`SELECT day::text AS day, day_part AS part, wait_median AS "waitMedian", wait_p90 AS "waitP90",
               wait_count AS "waitCount", service_median AS "serviceMedian", service_p90 AS "serviceP90",
               service_count AS "serviceCount"
          FROM statistics_waits WHERE day BETWEEN ${f.from}::date AND ${f.until}::date AND ${scope}`,
  );
}

/** Per desk and day part over the days: sums, and on how many days the desk was open in that part. */
export async function historyRows(db: DbOrTx, f: Filter) {
  const rows = await queryRows<PartHistory & { deskId: number; part: number }>(
    db,
    sql`SELECT desk_id AS "deskId", day_part AS part,
               count(DISTINCT day) FILTER (WHERE open_minutes > 0)::int AS days,
               sum(open_minutes)::int AS "openMinutes", sum(walk_ins)::int AS "walkIns",
               sum(walk_in_minutes)::int AS "walkInMinutes", sum(checked_in)::int AS "checkedIn",
               sum(no_show)::int AS "noShow", sum(no_show_minutes)::int AS "noShowMinutes"
          FROM statistics_parts WHERE desk_id IS NOT NULL AND ${where(f)} GROUP BY 1, 2`,
  );
  return rows.map((r) => ({ ...r, part: DAY_PARTS[r.part]! }));
}
