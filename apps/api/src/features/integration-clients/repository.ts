import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { integrationClients } from '../../db/schema/index.js';

export type IntegrationClientRow = typeof integrationClients.$inferSelect;

const isLive = isNull(integrationClients.revokedAt);

export async function insertClient(
  db: DbOrTx,
  values: typeof integrationClients.$inferInsert,
): Promise<IntegrationClientRow> {
  const [row] = await db.insert(integrationClients).values(values).returning();
  if (!row) throw new Error('integration client insert returned nothing');
  return row;
}

/** The clients not revoked, oldest first (the order they were connected in). */
export function listLiveClients(db: DbOrTx): Promise<IntegrationClientRow[]> {
  return db.select().from(integrationClients).where(isLive).orderBy(asc(integrationClients.id));
}

/** A live client by its OAuth `client_id`, for the token endpoint. */
export async function findLiveClientByClientId(
  db: DbOrTx,
  clientId: string,
): Promise<IntegrationClientRow | null> {
  const [row] = await db
    .select()
    .from(integrationClients)
    .where(and(eq(integrationClients.clientId, clientId), isLive));
  return row ?? null;
}

/** A new secret for a live client; its version goes up, so tokens of the old secret stop working. */
export async function replaceSecret(
  db: DbOrTx,
  id: number,
  secretHash: string,
): Promise<IntegrationClientRow | null> {
  const [row] = await db
    .update(integrationClients)
    .set({ secretHash, secretVersion: sql`${integrationClients.secretVersion} + 1` })
    .where(and(eq(integrationClients.id, id), isLive))
    .returning();
  return row ?? null;
}

export async function revokeClient(db: DbOrTx, id: number): Promise<IntegrationClientRow | null> {
  const [row] = await db
    .update(integrationClients)
    .set({ revokedAt: new Date() })
    .where(and(eq(integrationClients.id, id), isLive))
    .returning();
  return row ?? null;
}

export async function markUsed(db: DbOrTx, id: number): Promise<void> {
  await db.update(integrationClients).set({ lastUsedAt: new Date() }).where(eq(integrationClients.id, id));
}
