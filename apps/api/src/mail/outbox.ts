import type { DbOrTx } from '../db/client.js';
import { outbox } from '../db/schema/index.js';

/**
 * Queues a mail in the same transaction as the change it reports (DESIGN §7). The payload holds ids
 * only: tokens and texts are derived by the kind's renderer when the worker sends it.
 */
export async function enqueueMail(
  tx: DbOrTx,
  kind: string,
  payload: Record<string, unknown>,
): Promise<number> {
  const [row] = await tx.insert(outbox).values({ kind, payload }).returning({ id: outbox.id });
  if (!row) throw new Error('outbox insert returned nothing');
  return row.id;
}
