import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.js';
import { outbox, webhooks } from '../../db/schema/index.js';

export type WebhookRow = typeof webhooks.$inferSelect;

export async function listWebhookRows(db: DbOrTx): Promise<WebhookRow[]> {
  return db.select().from(webhooks).orderBy(webhooks.id);
}

export async function lockWebhookRow(tx: Tx, id: number): Promise<WebhookRow | undefined> {
  const [row] = await tx.select().from(webhooks).where(eq(webhooks.id, id)).for('update');
  return row;
}

export async function findWebhookRow(db: DbOrTx, id: number): Promise<WebhookRow | undefined> {
  const [row] = await db.select().from(webhooks).where(eq(webhooks.id, id));
  return row;
}

export async function insertWebhookRow(
  tx: Tx,
  values: Pick<
    typeof webhooks.$inferInsert,
    'url' | 'events' | 'description' | 'secretCipher' | 'createdByUserId'
  >,
): Promise<WebhookRow> {
  const [row] = await tx.insert(webhooks).values(values).returning();
  return row!;
}

export async function updateWebhookRow(
  tx: Tx,
  id: number,
  values: Partial<typeof webhooks.$inferInsert>,
): Promise<WebhookRow> {
  const [row] = await tx.update(webhooks).set(values).where(eq(webhooks.id, id)).returning();
  return row!;
}

export async function deleteWebhookRow(tx: Tx, id: number): Promise<void> {
  await tx.delete(webhooks).where(eq(webhooks.id, id));
}

/** On resumption the waiting deliveries start their schedule again, due now, in their order. */
export async function restartDeliveries(tx: Tx, webhookId: number, now: Date): Promise<void> {
  await tx
    .update(outbox)
    .set({ attempts: 0, nextAttemptAt: now })
    .where(and(eq(outbox.webhookId, webhookId), isNull(outbox.sentAt)));
}

export interface DeliveryRow {
  eventId: string;
  type: string;
  subject: string | null;
  createdAt: Date;
  attempts: number;
  lastStatus: number | null;
  lastError: string | null;
  sentAt: Date | null;
  nextAttemptAt: Date;
}

/** The last 100 deliveries of a subscription, newest first. */
export async function lastDeliveries(db: DbOrTx, webhookId: number, limit = 100): Promise<DeliveryRow[]> {
  return db
    .select({
      eventId: sql<string>`${outbox.payload} -> 'event' ->> 'id'`,
      type: sql<string>`${outbox.payload} -> 'event' ->> 'type'`,
      subject: sql<string | null>`${outbox.payload} -> 'event' ->> 'subject'`,
      createdAt: outbox.createdAt,
      attempts: outbox.attempts,
      lastStatus: outbox.lastStatus,
      lastError: outbox.lastError,
      sentAt: outbox.sentAt,
      nextAttemptAt: outbox.nextAttemptAt,
    })
    .from(outbox)
    .where(eq(outbox.webhookId, webhookId))
    .orderBy(desc(outbox.id))
    .limit(limit);
}
