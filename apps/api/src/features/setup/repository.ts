import { eq, sql } from 'drizzle-orm';
import type { SetupChecklistItem } from '@balie/shared';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/client.js';
import { setupToken, users } from '../../db/schema/index.js';

export type SetupTokenRow = typeof setupToken.$inferSelect;

/** Whether any account can administer: then the installation is set up (DESIGN §4b). */
export async function adminExists(db: DbOrTx): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`${users.roles} && ARRAY['ROLE_ADMIN', 'ROLE_DEVELOPER']::text[]`)
    .limit(1);
  return row !== undefined;
}

export async function findSetupToken(db: DbOrTx): Promise<SetupTokenRow | undefined> {
  const [row] = await db.select().from(setupToken).where(eq(setupToken.id, 1));
  return row;
}

/** The row locked: two setups at once queue here, and the second finds the admin the first made. */
export async function lockSetupToken(tx: DbOrTx): Promise<SetupTokenRow | undefined> {
  const [row] = await tx.select().from(setupToken).where(eq(setupToken.id, 1)).for('update');
  return row;
}

/** Stores the token unless one is stored already (another process got there first). */
export async function insertSetupTokenIfNone(
  db: DbOrTx,
  values: { nonce: string | null; tokenHash: string },
): Promise<void> {
  await db.insert(setupToken).values(values).onConflictDoNothing();
}

export async function replaceSetupToken(
  db: DbOrTx,
  values: { nonce: string | null; tokenHash: string },
): Promise<void> {
  await db
    .insert(setupToken)
    .values(values)
    .onConflictDoUpdate({ target: setupToken.id, set: { ...values, createdAt: sql`now()` } });
}

export async function deleteSetupToken(db: DbOrTx): Promise<void> {
  await db.delete(setupToken).where(eq(setupToken.id, 1));
}

type ChecklistFacts = Record<SetupChecklistItem, boolean>;

/**
 * What the first-run checklist ticks, read from the data itself (decision 0302): the organisation's
 * address and a way to reach it; an address (street, postcode, city) for every active location, of
 * which there is one at least (decision 0335); an active desk with opening hours; an active product;
 * an appointment ever booked (its audit event outlives a deleted or erased appointment).
 */
export async function checklistFacts(db: DbOrTx): Promise<ChecklistFacts> {
  const [row] = await queryRows<ChecklistFacts>(
    db,
    sql`SELECT
      EXISTS (SELECT 1 FROM organisation WHERE street <> '' AND postcode <> '' AND city <> ''
              AND (phone <> '' OR email <> '')) AS organisation,
      (EXISTS (SELECT 1 FROM locations WHERE active)
        AND NOT EXISTS (SELECT 1 FROM locations WHERE active
                        AND (street = '' OR postcode = '' OR city = ''))) AS location,
      EXISTS (SELECT 1 FROM desks d WHERE d.active
              AND EXISTS (SELECT 1 FROM desk_opening_hours h WHERE h.desk_id = d.id)) AS desk,
      EXISTS (SELECT 1 FROM products WHERE active) AS product,
      (EXISTS (SELECT 1 FROM appointments WHERE status <> 'reserved')
        OR EXISTS (SELECT 1 FROM audit_events WHERE action = 'appointment_created')) AS booking`,
  );
  return {
    organisation: row?.organisation === true,
    location: row?.location === true,
    desk: row?.desk === true,
    product: row?.product === true,
    booking: row?.booking === true,
  };
}

/**
 * The location the checklist's location item opens (decision 0431): the first active one (in the
 * list's order) still without a full address, else the only active one; null when there are several,
 * all addressed (then the list of locations is the place to go).
 */
export async function checklistLocationId(db: DbOrTx): Promise<number | null> {
  const rows = await queryRows<{ id: number; addressed: boolean }>(
    db,
    sql`SELECT id, (street <> '' AND postcode <> '' AND city <> '') AS addressed
        FROM locations WHERE active ORDER BY position, id`,
  );
  const open = rows.find((r) => !r.addressed);
  if (open) return Number(open.id);
  return rows.length === 1 ? Number(rows[0]!.id) : null;
}
