import { emitAppointmentEvent } from '../webhooks/events.js';
import { eq, inArray } from 'drizzle-orm';
import type { PrivacyEraseResult, PrivacyExport } from '@balie/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Actor } from '../../audit/actor.js';
import { recordAudit } from '../../audit/audit.js';
import { appointmentHistory } from '../../audit/read.js';
import type { Db, Tx } from '../../db/client.js';
import { appointments } from '../../db/schema/index.js';
import { currentUser } from '../../http/auth.js';
import { httpError } from '../../http/errors.js';
import { deleteMailFilesOf } from '../../mail/mail-files.js';
import { enqueueRenderedMail } from '../../mail/outbox.js';
import { rendererOf } from '../../mail/registry.js';
import { noteBookingsChanged } from '../appointments/booking-changes.js';
import { APPOINTMENT_MAIL } from '../appointments/mail-templates/kinds.js';
import { deleteChangeHolds, viewsOf } from '../appointments/repository.js';
import { withdrawInvitationsOfSender } from '../invitations/senders.js';
import { toUser } from '../users/presenter.js';
import * as users from '../users/repository.js';
import { lockTarget } from '../users/service.js';
import { accountExport, isUpcoming, recordOf, toPrivacyExport, type AccountExport } from './presenter.js';
import {
  appointmentIdsOf,
  deleteAddressTraces,
  deleteMails,
  deleteWaitlistPlacesOf,
  eraseAppointments,
  invitationsOf,
  normaliseAddress,
  queuedMailsAbout,
  scrubAuditEvents,
} from './repository.js';

async function appointmentRows(db: Db | Tx, ids: number[]) {
  return ids.length === 0
    ? []
    : db.select().from(appointments).where(inArray(appointments.id, ids)).orderBy(appointments.id);
}

async function accountOf(db: Db, userId: number): Promise<AccountExport | null> {
  const found = await users.findUserById(db, userId);
  if (!found) return null;
  return accountExport(toUser(found, { forAdmin: true }), {
    memberCards: (await users.listMemberCards(db, userId)).map(recordOf),
    qualifications: (await users.listQualifications(db, userId)).map(recordOf),
    serviceBooks: (await users.listServiceBooks(db, userId)).map(recordOf),
    sailingTimes: (await users.listSailingTimes(db, userId)).map(recordOf),
  });
}

/**
 * GET /privacy/export?email= (admin; AVG/GDPR article 15): everything held about the address in one
 * document. The look is audited (who, when, how much) without the address (decision 0373).
 */
export async function exportAddress(
  app: FastifyInstance,
  actor: Actor,
  email: string,
): Promise<PrivacyExport> {
  const db = app.db;
  const address = normaliseAddress(email);
  const now = new Date();
  const found = await users.findUserByEmail(db, address);
  const userId = found?.user.id ?? null;
  const ids = await appointmentIdsOf(db, address, userId);
  const views = await viewsOf(db, await appointmentRows(db, ids));
  const history = [];
  for (const view of views)
    history.push({ view, history: await appointmentHistory(db, view.row.id, { staff: true, userId: null }) });
  const invitations = await invitationsOf(db, address);
  const queuedMails = await queuedMailsAbout(db, {
    appointmentIds: ids,
    userId,
    invitationIds: invitations.map((i) => i.id),
  });
  const document = toPrivacyExport({
    email: address,
    now,
    config: app.config,
    account: userId === null ? null : await accountOf(db, userId),
    appointments: history,
    invitations,
    queuedMails,
  });
  await recordAudit(db, {
    actorUserId: actor.userId,
    ip: actor.ip,
    action: 'privacy_access_export',
    details: { ...document.summary },
  });
  return document;
}

/**
 * POST /privacy/erase (admin; AVG/GDPR article 17, DESIGN §4b, decision 0371), in one transaction: every
 * appointment of the address that has not started is cancelled and its cancellation mail rendered into
 * the outbox (it is sent after the data it came from is gone); then the personal data of all its
 * appointments is erased as the retention job does, the account with the address is deleted (the guard
 * rails of DELETE /user apply: not the last admin, not one's own), its audit values, invitations, queued
 * mails and rate-limit hits go, and one audit event records the request and its counts, not the address.
 * Once it has committed (never for one rolled back), the mail files this process's DATA_DIR holds to the
 * address or about its appointments are deleted (decision 0420).
 */
export async function eraseAddress(
  app: FastifyInstance,
  request: FastifyRequest,
  email: string,
): Promise<PrivacyEraseResult> {
  const actor = currentUser(request);
  const address = normaliseAddress(email);
  let erased: number[] = [];
  const result = await app.db.transaction(async (tx) => {
    const now = new Date();
    const found = await users.findUserByEmail(tx, address);
    const userId = found?.user.id ?? null;
    if (userId !== null) {
      if (userId === actor.id)
        throw httpError('conflict', 'Your own account cannot be erased here', [
          { property: 'email', message: 'own_account' },
        ]);
      await lockTarget(tx, actor, userId, true).catch((err: unknown) => {
        throw renameProperty(err);
      });
    }
    const ids = await appointmentIdsOf(tx, address, userId, true);
    const views = await viewsOf(tx, await appointmentRows(tx, ids));
    const upcoming = views.filter((v) => isUpcoming(v, now));
    for (const { row } of upcoming) await cancelForErasure(app, tx, row, actor.id, request.ip, now);

    const invitations = await invitationsOf(tx, address);
    const invitationIds = invitations.map((i) => i.id);
    const queued = await queuedMailsAbout(tx, { appointmentIds: [], userId, invitationIds });
    await deleteMails(
      tx,
      queued.map((m) => m.id),
    );
    await eraseAppointments(tx, ids, now);
    // Waitlist places of the address go whole (decision 0465): nothing of them is needed afterwards.
    await deleteWaitlistPlacesOf(tx, address);
    await scrubAuditEvents(tx, 'invitation', invitationIds);
    await deleteAddressTraces(tx, address, invitationIds);
    if (userId !== null) {
      await scrubAuditEvents(tx, 'user', [userId]);
      // What the account sent goes with it, before the delete empties the sender column (decision 0414).
      await withdrawInvitationsOfSender(tx, userId, 'sender_deleted', {
        actorUserId: actor.id,
        ip: request.ip,
      });
      await users.deleteUser(tx, userId);
    }
    erased = ids;
    const counts: PrivacyEraseResult = {
      appointmentsCancelled: upcoming.length,
      appointmentsAnonymised: ids.length,
      accountDeleted: userId !== null,
    };
    await recordAudit(tx, {
      actorUserId: actor.id,
      ip: request.ip,
      action: 'privacy_erasure',
      details: { ...counts },
    });
    return counts;
  });
  if (result.appointmentsCancelled > 0) noteBookingsChanged(app.db);
  // The cancellations queued above are written later by the worker and carry the address again: they
  // are about erased appointments, so the next retention run deletes them (decision 0420).
  await deleteMailFilesOf(app.config, address, erased);
  return result;
}

/** The guard rails of DELETE /user name `id`; here the address is what the admin typed. */
function renameProperty(err: unknown): unknown {
  const e = err as { errors?: Array<{ property: string; message: string }> };
  if (Array.isArray(e.errors)) e.errors = e.errors.map((x) => ({ ...x, property: 'email' }));
  return err;
}

/**
 * Cancels one appointment ahead for an erasure: as a cancel by staff (change holds dropped, sequence up,
 * audited with the cause), and the cancellation mail rendered now, while its data is still there.
 */
async function cancelForErasure(
  app: FastifyInstance,
  tx: Tx,
  row: typeof appointments.$inferSelect,
  actorUserId: number,
  ip: string,
  now: Date,
): Promise<void> {
  await deleteChangeHolds(tx, row.id);
  await tx
    .update(appointments)
    .set({ status: 'cancelled', cancelledAt: now, sequence: row.sequence + 1 })
    .where(eq(appointments.id, row.id));
  await recordAudit(tx, {
    actorUserId,
    ip,
    action: 'appointment_cancelled',
    subjectType: 'appointment',
    subjectId: row.id,
    details: {
      actor: 'user',
      cause: 'erasure_request',
      changes: { status: { before: row.status, after: 'cancelled' } },
    },
  });
  // Before the erasure empties the row: the event holds nothing of it that is personal anyway.
  await emitAppointmentEvent(tx, app.config, 'nl.balie.appointment.cancelled', row.id, now);
  const payload = { appointmentId: row.id };
  const render = rendererOf(APPOINTMENT_MAIL.cancellation);
  // The renderer reads with the transaction: inside it only `tx` may be used (DESIGN §2).
  const mail = await render?.(payload, { db: tx as unknown as Db, config: app.config });
  if (mail) await enqueueRenderedMail(tx, APPOINTMENT_MAIL.cancellation, payload, mail);
}
