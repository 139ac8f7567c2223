import { asc, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { closures, deskOpeningHours, desks, overflowPeriods } from '../../db/schema/index.js';

export type DeskRow = typeof desks.$inferSelect;
export type OpeningHourRow = typeof deskOpeningHours.$inferSelect;
export type ClosureRow = typeof closures.$inferSelect;
export type OverflowPeriodRow = typeof overflowPeriods.$inferSelect;

/** The rows that make up the desk documents of some desks, each list in document order. */
export interface DeskParts {
  hours: OpeningHourRow[];
  closures: ClosureRow[];
  periods: OverflowPeriodRow[];
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
  if (deskIds.length === 0) return { hours: [], closures: [], periods: [] };
  const ids = [...deskIds];
  const [hours, closureRows, periods] = await Promise.all([
    db
      .select()
      .from(deskOpeningHours)
      .where(inArray(deskOpeningHours.deskId, ids))
      .orderBy(asc(deskOpeningHours.weekday), asc(deskOpeningHours.opens), asc(deskOpeningHours.id)),
    db
      .select()
      .from(closures)
      .where(inArray(closures.deskId, ids))
      .orderBy(...closureOrder),
    db
      .select()
      .from(overflowPeriods)
      .where(inArray(overflowPeriods.deskId, ids))
      .orderBy(asc(overflowPeriods.fromDate), asc(overflowPeriods.id)),
  ]);
  return { hours, closures: closureRows, periods };
}

/** Closures of every desk (desk_id NULL). */
export function listGlobalClosureRows(db: DbOrTx): Promise<ClosureRow[]> {
  return db
    .select()
    .from(closures)
    .where(isNull(closures.deskId))
    .orderBy(...closureOrder);
}

/** By date; on one date a whole-day closure (no time, PostgreSQL sorts NULL last) after partial ones. */
const closureOrder = [asc(closures.date), asc(closures.fromTime), asc(closures.id)];
