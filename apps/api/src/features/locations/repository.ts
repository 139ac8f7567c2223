import { asc, eq, sql } from 'drizzle-orm';
import { LOCATION_NAME_MAX } from '@balie/shared';
import type { DbOrTx, Tx } from '../../db/client.js';
import { desks, locations } from '../../db/schema/index.js';

export type LocationRow = typeof locations.$inferSelect;
export type LocationValues = Omit<typeof locations.$inferInsert, 'id' | 'createdAt'>;

/** Locations in list order (position, then id): the booking page's location step and the admin list. */
export function listLocationRows(db: DbOrTx, options: { includeInactive: boolean }): Promise<LocationRow[]> {
  const query = db.select().from(locations);
  return (options.includeInactive ? query : query.where(eq(locations.active, true))).orderBy(
    asc(locations.position),
    asc(locations.id),
  );
}

export async function findLocationRow(db: DbOrTx, id: number): Promise<LocationRow | undefined> {
  const [row] = await db.select().from(locations).where(eq(locations.id, id));
  return row;
}

/** The row locked for the rest of the transaction: changes of one location go one after the other. */
export async function lockLocationRow(tx: Tx, id: number): Promise<LocationRow | undefined> {
  const [row] = await tx.select().from(locations).where(eq(locations.id, id)).for('update');
  return row;
}

/** A new location; without a position it goes after every other (one more than the highest). */
export async function insertLocationRow(
  tx: Tx,
  values: Omit<LocationValues, 'position'> & { position?: number | undefined },
): Promise<LocationRow> {
  const position =
    values.position ??
    sql<number>`(SELECT LEAST(COALESCE(MAX(${locations.position}) + 1, 0), 10000) FROM ${locations})`;
  const [row] = await tx
    .insert(locations)
    .values({ ...values, position })
    .returning();
  if (!row) throw new Error('location insert returned nothing');
  return row;
}

export async function updateLocationRow(tx: Tx, id: number, values: Partial<LocationValues>): Promise<void> {
  if (Object.keys(values).length > 0) await tx.update(locations).set(values).where(eq(locations.id, id));
}

/** Whether any desk, active or not, belongs to the location: then it cannot be deleted. */
export async function locationHasDesks(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db.select({ id: desks.id }).from(desks).where(eq(desks.locationId, id)).limit(1);
  return row !== undefined;
}

/** Deletes the location; its closures go with it (the foreign key cascades). */
export async function deleteLocationRow(tx: Tx, id: number): Promise<void> {
  await tx.delete(locations).where(eq(locations.id, id));
}

/**
 * Names the installation's location after the organisation and gives it the address setup asked, when
 * it has just the one it was made with (first run, decisions 0335 and 0431); a name too long for a
 * location is cut at the location's limit. An empty address part leaves that part as it is.
 */
export async function prepareSoleLocation(
  tx: Tx,
  values: { name: string; street: string; postcode: string; city: string },
): Promise<void> {
  const address = Object.fromEntries(
    (['street', 'postcode', 'city'] as const).filter((k) => values[k] !== '').map((k) => [k, values[k]]),
  );
  await tx
    .update(locations)
    .set({ name: values.name.slice(0, LOCATION_NAME_MAX), ...address })
    .where(sql`(SELECT count(*) FROM ${locations}) = 1`);
}
