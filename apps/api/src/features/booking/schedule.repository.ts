import { asc, eq, gte, sql } from 'drizzle-orm';
import type { BusyInterval, Closure, DeskSchedule } from '@balie/shared';
import { queryRows, type Db, type DbOrTx } from '../../db/client.js';
import { closures, deskOpeningHours, desks, overflowPeriods, products } from '../../db/schema/index.js';

export interface BookableDesk extends DeskSchedule {
  name: string;
  label: string | null;
}

/** What a booking needs to know of an active product: its duration rule, limit and display order. */
export interface BookableProduct {
  id: number;
  title: string;
  timeUnit: number;
  extraTimeUnit: number;
  maxAmount: number;
  position: number;
}

/**
 * The weekly schedule of every active desk, the closures from `fromDate` on and the active products:
 * what rarely changes.
 */
export interface Schedule {
  desks: BookableDesk[];
  closures: Closure[];
  products: BookableProduct[];
}

/** PostgreSQL `time` prints as 'HH:mm:ss'; the engine reads 'HH:mm'. */
const hm = (value: string) => value.slice(0, 5);

export async function loadSchedule(db: DbOrTx, fromDate: string): Promise<Schedule> {
  const [deskRows, hourRows, closureRows, periodRows, productRows] = await Promise.all([
    db.select().from(desks).where(eq(desks.active, true)).orderBy(asc(desks.id)),
    db.select().from(deskOpeningHours),
    db.select().from(closures).where(gte(closures.date, fromDate)),
    db.select().from(overflowPeriods).where(gte(overflowPeriods.untilDate, fromDate)),
    db
      .select({
        id: products.id,
        title: products.title,
        timeUnit: products.timeUnit,
        extraTimeUnit: products.extraTimeUnit,
        maxAmount: products.maxAmount,
        position: products.position,
      })
      .from(products)
      .where(eq(products.active, true)),
  ]);
  return {
    products: productRows,
    desks: deskRows.map((d) => ({
      id: d.id,
      name: d.name,
      label: d.label,
      openingHours: hourRows
        .filter((h) => h.deskId === d.id)
        .map((h) => ({ weekday: h.weekday, opens: hm(h.opens), closes: hm(h.closes) })),
      overflow: { morning: d.overflowMorning, afternoon: d.overflowAfternoon, evening: d.overflowEvening },
      overflowPeriods: periodRows
        .filter((p) => p.deskId === d.id)
        .map((p) => ({
          from: p.fromDate,
          until: p.untilDate,
          morning: p.morning,
          afternoon: p.afternoon,
          evening: p.evening,
        })),
    })),
    closures: closureRows.map((c) => ({
      deskId: c.deskId,
      date: c.date,
      from: c.type === 'partial' && c.fromTime ? hm(c.fromTime) : null,
      until: c.type === 'partial' && c.untilTime ? hm(c.untilTime) : null,
    })),
  };
}

/**
 * Schedules are read on every availability call by every visitor; a short cache per database saves five
 * queries each time. Admin screens that change desks or products call invalidateScheduleCache; other processes see a
 * change within SCHEDULE_CACHE_MS. Correctness never depends on it: make-reservation rechecks inside
 * its lock against a fresh read.
 */
const SCHEDULE_CACHE_MS = 2000;
const scheduleCache = new WeakMap<object, { at: number; fromDate: string; schedule: Promise<Schedule> }>();

export function cachedSchedule(db: Db, fromDate: string): Promise<Schedule> {
  const hit = scheduleCache.get(db);
  if (hit && hit.fromDate === fromDate && Date.now() - hit.at < SCHEDULE_CACHE_MS) return hit.schedule;
  const schedule = loadSchedule(db, fromDate);
  scheduleCache.set(db, { at: Date.now(), fromDate, schedule });
  schedule.catch(() => scheduleCache.delete(db));
  return schedule;
}

export function invalidateScheduleCache(db: Db): void {
  scheduleCache.delete(db);
}

export interface BusyRange {
  from: Date;
  until: Date;
  now: Date;
  exceptGroup?: string | null;
  exceptReservation?: string | undefined;
  /** Narrows the read to these desks (the recheck under the lock). */
  deskIds?: readonly number[];
}

/**
 * Every active booking (valid hold, confirmed, checked in) overlapping [from, until) in ONE query; the
 * bookings of `exceptGroup` (the appointment being changed and its change-holds) are left out, as the
 * exclusion constraint leaves them out, and so is the hold `exceptReservation` that a new hold replaces.
 * Times come as epoch-ms numbers: no timestamp parsing in the driver. (One `string_agg` text instead of
 * rows was measured no faster for 12,000 bookings: ~15 ms either way from the client.)
 */
export async function loadBusy(db: DbOrTx, range: BusyRange): Promise<BusyInterval[]> {
  const rows = await queryRows<{ desk_id: number; s: number | string; e: number | string }>(
    db,
    sql`SELECT desk_id,
               (extract(epoch FROM lower(during)) * 1000)::float8 AS s,
               (extract(epoch FROM upper(during)) * 1000)::float8 AS e
          FROM appointments
         WHERE during && tstzrange(${range.from.toISOString()}::timestamptz, ${range.until.toISOString()}::timestamptz)
           AND (status IN ('confirmed', 'checked_in') OR (status = 'reserved' AND valid_till > ${range.now.toISOString()}::timestamptz))
           ${range.exceptGroup ? sql`AND group_key <> ${range.exceptGroup}::uuid` : sql``}
           ${range.exceptReservation ? sql`AND NOT (status = 'reserved' AND reservation_id = ${range.exceptReservation}::uuid)` : sql``}
           ${range.deskIds ? sql`AND desk_id = ANY(${`{${range.deskIds.join(',')}}`}::int[])` : sql``}`,
  );
  return rows.map((r) => ({ deskId: Number(r.desk_id), start: Number(r.s), end: Number(r.e) }));
}
