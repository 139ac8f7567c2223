import { recordAudit } from '../../audit/audit.js';
import type { Tx } from '../../db/client.js';
import { withdrawOpenInvitationsOf } from './repository.js';

/** Why an invitation went with its sender's rights: the `cause` of its `invitation_withdrawn` event. */
export type SenderLoss = 'sender_deleted' | 'sender_demoted';

/**
 * An invitation is only as good as its sender's right to send it (issue 34, decision 0414): when an
 * account is deleted or stops being an admin, every open invitation it sent is withdrawn, in the
 * transaction of that change and before a deletion (the sender column is set null with the account),
 * each recorded as `invitation_withdrawn` by whoever made the change, with the
 * cause (`details.cause`, which the audit trail shows as it does a schedule change's). Otherwise an admin
 * who invites a private address and is then removed could accept it and come back as an admin.
 */
export async function withdrawInvitationsOfSender(
  tx: Tx,
  senderId: number,
  cause: SenderLoss,
  by: { actorUserId: number | null; ip?: string },
): Promise<number[]> {
  const ids = await withdrawOpenInvitationsOf(tx, senderId);
  for (const id of ids) {
    await recordAudit(tx, {
      actorUserId: by.actorUserId,
      action: 'invitation_withdrawn',
      subjectType: 'invitation',
      subjectId: id,
      ...(by.ip !== undefined ? { ip: by.ip } : {}),
      details: { cause },
    });
  }
  return ids;
}
