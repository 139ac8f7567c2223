import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { ClosureInput, OverflowPeriodInput, WeeklyOpening } from '@balie/shared';
import { queryRows, type DbOrTx, type Tx } from '../../db/client.js';
import {
  appointments,
  closures,
  deskOpeningHours,
  deskProducts,
  desks,
  locations,
  overflowPeriods,
  products,
} from '../../db/schema/index.js';

export type DeskRow = typeof desks.$inferSelect;
export type OpeningHourRow = typeof deskOpeningHours.$inferSelect;
export type ClosureRow = typeof closures.$inferSelect;
export type OverflowPeriodRow = typeof overflowPeriods.$inferSelect;

/** The rows that make up the desk documents of some desks, each list in document order. */
export interface DeskParts {
  hours: OpeningHourRow[];
  closures: ClosureRow[];
  periods: OverflowPeriodRow[];
  /** The products of desks that do not serve every product (desks.serves_all_products false). */
  products: { deskId: number; productId: number }[];
}

export function listDeskRows(db: DbOrTx): Promise<DeskRow[]> {
  return db.select().from(desks).orderBy(asc(desks.id));
}

export async function findDeskRow(db: DbOrTx, id: number): Promise<DeskRow | undefined> {
  const [row] = await db.select().from(desks).where(eq(desks.id, id));
  return row;
}

/**
 * Opening hours, own closures and overflow periods of the given desks: one query per kind however many
 * desks there are (no query per desk). Closures of every desk (desk_id NULL) are not among them.
 */
export async function loadDeskParts(db: DbOrTx, deskIds: readonly number[]): Promise<DeskParts> {
  if (deskIds.length === 0) return { hours: [], closures: [], periods: [], products: [] };
  const ids = [...deskIds];
  // One after another: desk writes read this back in their transaction.
  const hours = await db
    .select()
    .from(deskOpeningHours)
    .where(inArray(deskOpeningHours.deskId, ids))
    .orderBy(asc(deskOpeningHours.weekday), asc(deskOpeningHours.opens), asc(deskOpeningHours.id));
  const closureRows = await db
    .select()
    .from(closures)
    .where(inArray(closures.deskId, ids))
    .orderBy(...closureOrder);
  const periods = await db
    .select()
    .from(overflowPeriods)
    .where(inArray(overflowPeriods.deskId, ids))
    .orderBy(asc(overflowPeriods.fromDate), asc(overflowPeriods.id));
  const products = await db
    .select()
    .from(deskProducts)
    .where(inArray(deskProducts.deskId, ids))
    .orderBy(asc(deskProducts.deskId), asc(deskProducts.productId));
  return { hours, closures: closureRows, periods, products };
}

/** Closures of every desk (desk_id NULL), and of every desk of one location (location_id set). */
export function listGlobalClosureRows(db: DbOrTx): Promise<ClosureRow[]> {
  return db
    .select()
    .from(closures)
    .where(isNull(closures.deskId))
    .orderBy(...closureOrder);
}

/** By date; on one date a whole-day closure (no time, PostgreSQL sorts NULL last) after partial ones. */
const closureOrder = [asc(closures.date), asc(closures.fromTime), asc(closures.id)];

export type DeskValues = Pick<
  typeof desks.$inferInsert,
  | 'name'
  | 'label'
  | 'active'
  | 'locationId'
  | 'servesAllProducts'
  | 'overflowMorning'
  | 'overflowAfternoon'
  | 'overflowEvening'
>;

/** The first location in list order: where a desk made without `locationId` goes (DESIGN §5). */
export async function firstLocationId(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ id: locations.id })
    .from(locations)
    .orderBy(asc(locations.position), asc(locations.id))
    .limit(1);
  // Migration 0012 makes one and a location with desks cannot be deleted, so there is always one.
  if (!row) throw new Error('no location exists');
  return row.id;
}

export async function insertDeskRow(tx: Tx, values: DeskValues): Promise<number> {
  const [row] = await tx.insert(desks).values(values).returning({ id: desks.id });
  if (!row) throw new Error('desk insert returned nothing');
  return row.id;
}

/** The desk row locked for the rest of the transaction (a schedule change of this desk). */
export async function lockDeskRow(tx: Tx, id: number): Promise<DeskRow | undefined> {
  const [row] = await tx.select().from(desks).where(eq(desks.id, id)).for('update');
  return row;
}

export async function updateDeskRow(tx: Tx, id: number, values: Partial<DeskValues>): Promise<void> {
  if (Object.keys(values).length > 0) await tx.update(desks).set(values).where(eq(desks.id, id));
}

export async function replaceOpeningHours(tx: Tx, deskId: number, hours: readonly WeeklyOpening[]) {
  await tx.delete(deskOpeningHours).where(eq(deskOpeningHours.deskId, deskId));
  if (hours.length > 0) await tx.insert(deskOpeningHours).values(hours.map((h) => ({ deskId, ...h })));
}

/** The products a desk serves when it does not serve them all (an empty list: none). */
export async function replaceDeskProducts(tx: Tx, deskId: number, productIds: readonly number[]) {
  await tx.delete(deskProducts).where(eq(deskProducts.deskId, deskId));
  if (productIds.length > 0)
    await tx.insert(deskProducts).values(productIds.map((productId) => ({ deskId, productId })));
}

/** Those of `ids` that are no product (active or not). */
export async function unknownProductIds(db: DbOrTx, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const found = await db
    .select({ id: products.id })
    .from(products)
    .where(inArray(products.id, [...ids]));
  return ids.filter((id) => !found.some((p) => p.id === id));
}

/** Closure rows of one desk, or of every desk (`deskId` null). */
function closureValues(deskId: number | null, c: ClosureInput): typeof closures.$inferInsert {
  return {
    deskId,
    date: c.date,
    type: c.type,
    fromTime: c.type === 'partial' ? (c.from ?? null) : null,
    untilTime: c.type === 'partial' ? (c.until ?? null) : null,
    reason: c.reason || null,
  };
}

export async function replaceDeskClosures(tx: Tx, deskId: number, list: readonly ClosureInput[]) {
  await tx.delete(closures).where(eq(closures.deskId, deskId));
  if (list.length > 0) await tx.insert(closures).values(list.map((c) => closureValues(deskId, c)));
}

export async function replaceOverflowPeriods(tx: Tx, deskId: number, list: readonly OverflowPeriodInput[]) {
  await tx.delete(overflowPeriods).where(eq(overflowPeriods.deskId, deskId));
  if (list.length > 0)
    await tx.insert(overflowPeriods).values(
      list.map((p) => ({
        deskId,
        fromDate: p.from,
        untilDate: p.until,
        morning: p.morning,
        afternoon: p.afternoon,
        evening: p.evening,
      })),
    );
}

/** A closure of every desk, or of every desk of one location. */
/** Closures of every desk (or of one location's desks), in one statement, in the order given. */
export async function insertGlobalClosures(
  tx: Tx,
  list: ClosureInput[],
  locationId: number | null,
): Promise<ClosureRow[]> {
  const rows = await tx
    .insert(closures)
    .values(list.map((c) => ({ ...closureValues(null, c), locationId })))
    .returning();
  if (rows.length !== list.length) throw new Error('closure insert returned too few rows');
  return rows.sort((a, b) => a.date.localeCompare(b.date) || a.id - b.id);
}

/** Every desk of a location, active or not, by id. */
export async function deskIdsOfLocation(db: DbOrTx, locationId: number): Promise<number[]> {
  const rows = await db
    .select({ id: desks.id })
    .from(desks)
    .where(eq(desks.locationId, locationId))
    .orderBy(asc(desks.id));
  return rows.map((r) => r.id);
}

/** Deletes a closure of every desk (or of a location's); desks' own closures change through PATCH /desk/{id}. */
export async function deleteGlobalClosure(tx: Tx, id: number): Promise<ClosureRow | undefined> {
  const [row] = await tx
    .delete(closures)
    .where(and(eq(closures.id, id), isNull(closures.deskId)))
    .returning();
  return row;
}

/**
 * Whether a desk has bookings that keep it from being deleted: every row but holds and the
 * confirmed appointments still to come (those are the affected ones, decided on separately).
 */
export async function hasBookingHistory(tx: Tx, deskId: number, now: Date): Promise<boolean> {
  const rows = await queryRows<{ found: number }>(
    tx,
    sql`SELECT 1 AS found FROM appointments
         WHERE desk_id = ${deskId} AND status <> 'reserved'
           AND NOT (status = 'confirmed' AND lower(during) > ${now.toISOString()}::timestamptz)
         LIMIT 1`,
  );
  return rows.length > 0;
}

/** Removes a desk whose only rows left are holds (they go with it); the schedule rows cascade. */
export async function deleteDeskRow(tx: Tx, deskId: number): Promise<void> {
  await tx
    .delete(appointments)
    .where(and(eq(appointments.deskId, deskId), eq(appointments.status, 'reserved')));
  await tx.delete(desks).where(eq(desks.id, deskId));
}
