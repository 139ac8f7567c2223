import { asc, eq, gte, sql } from 'drizzle-orm';
import type { BusyInterval, Closure, DeskSchedule, ProductTranslations } from '@balie/shared';
import { queryRows, type Db, type DbOrTx, type Tx } from '../../db/client.js';
import {
  closures,
  deskOpeningHours,
  desks,
  overflowPeriods,
  products,
  scheduleState,
} from '../../db/schema/index.js';

export interface BookableDesk extends DeskSchedule {
  name: string;
  label: string | null;
}

/** What a booking needs to know of an active product: its duration rule, limit and display order. */
export interface BookableProduct {
  id: number;
  title: string;
  /** Titles in other languages, for the items of a reservation (decision 0180). */
  translations: ProductTranslations;
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
  /** The schedule version (schedule_state) read before the rest: the schedule is at least this new. */
  version: number;
  desks: BookableDesk[];
  closures: Closure[];
  products: BookableProduct[];
}

/** PostgreSQL `time` prints as 'HH:mm:ss'; the engine reads 'HH:mm'. */
const hm = (value: string) => value.slice(0, 5);

export async function loadSchedule(db: DbOrTx, fromDate: string): Promise<Schedule> {
  // The version first: a change committed between the reads then only makes the version look older than
  // the schedule (one reload too many), never a stale schedule look current.
  const version = await readScheduleVersion(db);
  // One after another: a schedule change loads this in its transaction, one query at a time.
  const deskRows = await db.select().from(desks).where(eq(desks.active, true)).orderBy(asc(desks.id));
  const hourRows = await db.select().from(deskOpeningHours);
  const closureRows = await db.select().from(closures).where(gte(closures.date, fromDate));
  const periodRows = await db.select().from(overflowPeriods).where(gte(overflowPeriods.untilDate, fromDate));
  const productRows = await db
    .select({
      id: products.id,
      title: products.title,
      translations: products.translations,
      timeUnit: products.timeUnit,
      extraTimeUnit: products.extraTimeUnit,
      maxAmount: products.maxAmount,
      position: products.position,
    })
    .from(products)
    .where(eq(products.active, true));
  return {
    version,
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

/** The schedule version (schedule_state); it rises with every committed schedule change. */
async function readScheduleVersion(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ version: scheduleState.version }).from(scheduleState);
  return Number(row?.version ?? 0);
}

/**
 * Raises the schedule version inside the transaction of a schedule change (desks, hours, closures,
 * overflow), so every process drops its cached schedule within SCHEDULE_VERSION_CHECK_MS of the commit.
 * The row lock it takes also puts concurrent schedule changes one after the other.
 */
export async function noteScheduleChanged(tx: Tx): Promise<void> {
  await tx
    .update(scheduleState)
    .set({ version: sql`${scheduleState.version} + 1` })
    .where(eq(scheduleState.id, 1));
}

/**
 * Schedules are read on every availability call by every visitor; a short cache per database saves five
 * queries each time. A process asks the database for the schedule version at most once per
 * SCHEDULE_VERSION_CHECK_MS and reloads when it rose, so a closure stops being offered by every process
 * within about a second (decision 0150). Entries older than SCHEDULE_CACHE_MS are reloaded anyway (product
 * changes, decision 0110). Correctness never depends on it: a hold checks the version under a share lock
 * (reservations.service.ts, decision 0151) and rechecks the bookings inside its desk-day lock.
 */
const SCHEDULE_CACHE_MS = 2000;
const SCHEDULE_VERSION_CHECK_MS = 1000;

interface CacheEntry {
  fromDate: string;
  loadedAt: number;
  checkedAt: number;
  schedule: Promise<Schedule>;
  revalidating?: Promise<Schedule> | undefined;
}
const scheduleCache = new WeakMap<object, CacheEntry>();

function loadIntoCache(db: Db, fromDate: string, now: number): Promise<Schedule> {
  const schedule = loadSchedule(db, fromDate);
  const entry: CacheEntry = { fromDate, loadedAt: now, checkedAt: now, schedule };
  scheduleCache.set(db, entry);
  schedule.catch(() => {
    if (scheduleCache.get(db) === entry) scheduleCache.delete(db);
  });
  return schedule;
}

export function cachedSchedule(db: Db, fromDate: string): Promise<Schedule> {
  const now = Date.now();
  const hit = scheduleCache.get(db);
  if (!hit || hit.fromDate !== fromDate || now < hit.loadedAt || now - hit.loadedAt >= SCHEDULE_CACHE_MS)
    return loadIntoCache(db, fromDate, now);
  if (now - hit.checkedAt < SCHEDULE_VERSION_CHECK_MS) return hit.schedule;
  // One version check at a time, whatever the number of requests waiting on it.
  hit.revalidating ??= hit.schedule
    .then(async (cached) => [await readScheduleVersion(db), cached] as const)
    .then(
      ([current, cached]) => {
        hit.revalidating = undefined;
        if (current !== cached.version) return loadIntoCache(db, fromDate, Date.now());
        hit.checkedAt = Date.now();
        return hit.schedule;
      },
      (err: unknown) => {
        hit.revalidating = undefined;
        throw err;
      },
    );
  return hit.revalidating;
}

/** Drops this process's cached schedule (after its own change: its next request reads it again). */
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
