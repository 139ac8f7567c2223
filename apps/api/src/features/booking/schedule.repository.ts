import { and, asc, eq, gte, sql } from 'drizzle-orm';
import type {
  BusyInterval,
  Closure,
  DeskSchedule,
  LocationRef,
  LocationTranslations,
  ProductTranslations,
} from '@balie/shared';
import { queryRows, type Db, type DbOrTx, type Tx } from '../../db/client.js';
import {
  closures,
  deskOpeningHours,
  deskProducts,
  desks,
  locations,
  overflowPeriods,
  products,
  scheduleState,
} from '../../db/schema/index.js';

export interface BookableDesk extends DeskSchedule {
  name: string;
  label: string | null;
  location: LocationRef;
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

/** An active location as the booking pages show it (POST /available-locations). */
export interface BookableLocation {
  id: number;
  name: string;
  street: string;
  postcode: string;
  city: string;
  phone: string;
  notice: string;
  translations: LocationTranslations;
}

/**
 * The weekly schedule of every bookable desk (active, in an active location), the closures from
 * `fromDate` on, the active products and the active locations in list order: what rarely changes.
 */
export interface Schedule {
  /** The schedule version (schedule_state) read before the rest: the schedule is at least this new. */
  version: number;
  desks: BookableDesk[];
  locations: BookableLocation[];
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
  // A desk of an inactive location books nothing: deactivating the location closes it for visitors.
  const deskRows = await db
    .select({ desk: desks, location: { id: locations.id, name: locations.name } })
    .from(desks)
    .innerJoin(locations, eq(locations.id, desks.locationId))
    .where(and(eq(desks.active, true), eq(locations.active, true)))
    .orderBy(asc(desks.id));
  const locationRows = await db
    .select({
      id: locations.id,
      name: locations.name,
      street: locations.street,
      postcode: locations.postcode,
      city: locations.city,
      phone: locations.phone,
      notice: locations.notice,
      translations: locations.translations,
    })
    .from(locations)
    .where(eq(locations.active, true))
    .orderBy(asc(locations.position), asc(locations.id));
  const hourRows = await db.select().from(deskOpeningHours);
  // Only the lists of desks that do not serve every product are rows here.
  const servedRows = await db.select().from(deskProducts);
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
    locations: locationRows,
    desks: deskRows.map(({ desk: d, location }) => ({
      id: d.id,
      name: d.name,
      label: d.label,
      location,
      locationId: location.id,
      productIds: d.servesAllProducts
        ? null
        : servedRows.filter((r) => r.deskId === d.id).map((r) => r.productId),
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
      locationId: c.locationId,
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
 * Raises the schedule version as the FIRST statement of a schedule change's transaction (desks, hours,
 * closures, overflow, products): its row lock puts concurrent changes one after the other and makes holds
 * being made (which share-lock the row first) finish before the change, or wait for it (decision 0151).
 * Triggers on those tables raise the version as well (migration 0010), so a write that forgot this call
 * still reaches every process's cache (decision 0323).
 */
export async function noteScheduleChanged(tx: Tx): Promise<void> {
  await tx
    .update(scheduleState)
    .set({ version: sql`${scheduleState.version} + 1` })
    .where(eq(scheduleState.id, 1));
}

/**
 * Schedules are read on every availability call by every visitor; the cache per database saves the five
 * queries of loading one. It never decides (DESIGN §6, decision 0323): every call reads the version row
 * first (one single-row query) and uses the cached schedule only when it is at least that new, so a change
 * committed through any process is what the next request of every process books against. Holds check the
 * version once more under a share lock in their own transaction (reservations.service.ts, 0151).
 */
interface CacheEntry {
  fromDate: string;
  /** The schedule is at least this new: the version its loader had read before starting the load. */
  atLeast: number;
  schedule: Promise<Schedule>;
}
const scheduleCache = new WeakMap<object, CacheEntry>();

export async function cachedSchedule(db: Db, fromDate: string): Promise<Schedule> {
  const version = await readScheduleVersion(db);
  const hit = scheduleCache.get(db);
  // A load still on its way is shared when it started after this version was current.
  if (hit && hit.fromDate === fromDate && hit.atLeast >= version) return hit.schedule;
  const schedule = loadSchedule(db, fromDate);
  const entry: CacheEntry = { fromDate, atLeast: version, schedule };
  scheduleCache.set(db, entry);
  schedule.then(
    (loaded) => (entry.atLeast = Math.max(entry.atLeast, loaded.version)),
    () => {
      if (scheduleCache.get(db) === entry) scheduleCache.delete(db);
    },
  );
  return schedule;
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
