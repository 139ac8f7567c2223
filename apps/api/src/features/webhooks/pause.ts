import { and, eq } from 'drizzle-orm';
import { recordAudit } from '../../audit/audit.js';
import type { Tx } from '../../db/client.js';
import { webhooks } from '../../db/schema/index.js';
import { mailAdminsOfPause } from './mail.js';

/**
 * Pauses a subscription whose receiver failed for 24 hours or answered 410 Gone, in the transaction that
 * records the failure: audited as the system's act, and every admin mailed (DESIGN §4c). Its undelivered
 * events stay and go out in order when an admin resumes it. Nothing when it is paused already.
 */
export async function pauseWebhook(tx: Tx, webhookId: number, reason: 'failing' | 'gone'): Promise<void> {
  const [paused] = await tx
    .update(webhooks)
    .set({ active: false, pausedReason: reason })
    .where(and(eq(webhooks.id, webhookId), eq(webhooks.active, true)))
    .returning({ id: webhooks.id });
  if (!paused) return;
  await recordAudit(tx, {
    actorUserId: null,
    action: 'webhook_paused',
    subjectType: 'webhook',
    subjectId: webhookId,
    details: {
      cause: reason,
      changes: { active: { before: true, after: false }, pausedReason: { before: null, after: reason } },
    },
  });
  await mailAdminsOfPause(tx, webhookId, reason);
}
