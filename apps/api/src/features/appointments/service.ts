import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Appointment, CreateAppointmentRequest, PatchAppointmentRequest } from '@balie/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { appointments } from '../../db/schema/index.js';
import { httpError, validationError } from '../../http/errors.js';
import { enqueueMail } from '../../mail/outbox.js';
import { deriveToken, newLinkToken } from '../../security/tokens.js';
import type { Tx } from '../../db/client.js';
import { isStaff } from '../../http/auth.js';
import { lockAppointment, lockAppointmentFor } from './access.js';
import { changedFields } from '../../audit/audit.js';
import { auditAppointment } from './audit.js';
import { emitAppointmentEvent } from '../webhooks/events.js';
import { noteBookingsChanged } from './booking-changes.js';
import { markNoShow, undoNoShow } from './check-in.service.js';
import { withFreshCheckInCode } from './check-in-code.js';
import { matchSoon } from '../waitlist/trigger.js';
import { APPOINTMENT_MAIL } from './mail-templates/kinds.js';
import { canChange, present } from './presenter.js';
import { assertRoomForAnother, emailLimitApplies, lockAddress, roomForAnother } from './open-appointments.js';
import { copyItems, deleteChangeHolds, findByReservationId, type AppointmentRow } from './repository.js';

const PERSONAL_FIELDS = ['initials', 'suffix', 'lastName', 'email', 'phone', 'language'] as const;

/** The personal details a confirm writes, as stored: also what a repeated confirm must match. */
function personalDetailsOf(body: CreateAppointmentRequest) {
  return {
    initials: body.initials ?? null,
    suffix: body.suffix ?? null,
    lastName: body.lastName,
    email: body.email,
    phone: body.phone,
    language: body.language ?? 'nl',
  };
}

/**
 * A repeated confirm is a retry of the first one only when it says exactly the same (and comes from the
 * same signed-in user, if any): only then may it see the appointment and its token. Anyone else who
 * learned the reservation id gets 409 and nothing of the first caller's data.
 */
function isRetryOf(row: AppointmentRow, request: FastifyRequest, body: CreateAppointmentRequest): boolean {
  if (request.user && request.user.id !== row.userId) return false;
  const wanted = personalDetailsOf(body);
  return (Object.keys(wanted) as Array<keyof typeof wanted>).every((k) => row[k] === wanted[k]);
}

/**
 * POST /appointment: turns a valid hold into an appointment with a link token and queues the
 * confirmation in the same transaction. Idempotent per hold: the row lock makes a second call wait and
 * then answer with the same appointment (and its token, rebuilt from the nonce), without a second mail,
 * when it is the same request; other details get 409 (decision 0132). An address with the most
 * appointments ahead gets 409 too_many_appointments, no mail, and the hold is released (DESIGN §6).
 */
export async function confirmReservation(
  app: FastifyInstance,
  request: FastifyRequest,
  body: CreateAppointmentRequest,
): Promise<Appointment> {
  const confirmed = await confirmReservationRow(app, request, body);
  return present(app, request, confirmed.row, confirmed.token);
}

/**
 * Runs in the confirm's transaction once the hold is the appointment: what a caller records with it
 * (the JCC adapter's retry key, decision 0480). Throwing rolls the confirm back.
 */
export type AfterConfirm = (tx: Tx, row: AppointmentRow) => Promise<void>;

/** confirmReservation's work, answering the row: also the confirm of the JCC-compatible API. */
export async function confirmReservationRow(
  app: FastifyInstance,
  request: FastifyRequest,
  body: CreateAppointmentRequest,
  afterConfirm?: AfterConfirm,
): Promise<{ row: AppointmentRow; token: string | undefined }> {
  const confirmed = await withFreshCheckInCode((checkInCode) =>
    confirmInTransaction(app, request, body, checkInCode, afterConfirm),
  );
  if (confirmed === 'too_many_appointments') {
    noteBookingsChanged(app.db);
    throw httpError('too_many_appointments');
  }
  return confirmed;
}

/** Where a booking came from (decision 0481): an integration client, staff at the desk, or the page. */
function channelOf(request: FastifyRequest) {
  if (request.integrationClient)
    return { channel: 'integration' as const, integrationClientId: request.integrationClient.id };
  return { channel: isStaff(request.user) ? ('desk' as const) : ('web' as const), integrationClientId: null };
}

/** Balie mails the visitor unless an integration client said it mails them itself (DESIGN §4c). */
function mailsVisitor(request: FastifyRequest): boolean {
  return request.integrationClient ? request.integrationClient.mailsVisitor : true;
}

function confirmInTransaction(
  app: FastifyInstance,
  request: FastifyRequest,
  body: CreateAppointmentRequest,
  checkInCode: string,
  afterConfirm?: AfterConfirm,
): Promise<{ row: AppointmentRow; token: string | undefined } | 'too_many_appointments'> {
  return app.db.transaction(async (tx) => {
    const now = new Date();
    const limited = emailLimitApplies(app.config, request);
    if (limited) await lockAddress(tx, body.email);
    const link = newLinkToken(app.config.secret);
    const details = {
      status: 'confirmed' as const,
      checkInCode,
      validTill: null,
      // Only holds are counted per client address (decision 0321): nothing of the address stays.
      clientKey: null,
      ...personalDetailsOf(body),
      ...(request.user ? { userId: request.user.id } : {}),
      tokenHash: link.hash,
      tokenNonce: link.nonce,
      confirmedAt: now,
      ...channelOf(request),
    };
    // The usual case in one statement: a valid hold of a new booking becomes the appointment. The row
    // lock the UPDATE takes makes a concurrent second confirm wait and then find nothing to update.
    const [confirmed] = await tx
      .update(appointments)
      .set(details)
      .where(
        and(
          eq(appointments.reservationId, body.reservationId),
          eq(appointments.status, 'reserved'),
          isNull(appointments.replacesAppointmentId),
          gt(appointments.validTill, now),
          limited ? roomForAnother(app.config, body.email, now) : undefined,
        ),
      )
      .returning();
    if (confirmed) {
      if (mailsVisitor(request))
        await enqueueMail(tx, APPOINTMENT_MAIL.confirmation, { appointmentId: confirmed.id });
      await auditAppointment(
        tx,
        request,
        'appointment_created',
        confirmed.id,
        changedFields({}, auditedFields(confirmed)),
      );
      await emitAppointmentEvent(tx, app.config, 'nl.balie.appointment.booked', confirmed.id, now);
      if (afterConfirm) await afterConfirm(tx, confirmed);
      return { row: confirmed, token: link.token };
    }
    // Otherwise say why, or answer a repeated confirm with the appointment it made.
    const hold = await findByReservationId(tx, body.reservationId, true);
    // A hold that expired may already be deleted by someone else's booking: unknown means expired.
    if (!hold) throw httpError('reservation_expired');
    if (hold.status !== 'reserved') {
      if (!isRetryOf(hold, request, body)) {
        throw httpError('conflict', 'This reservation has already been confirmed with other details', [
          { property: 'reservationId', message: 'already_confirmed' },
        ]);
      }
      return {
        row: hold,
        token: hold.tokenNonce ? deriveToken(app.config.secret, hold.tokenNonce) : undefined,
      };
    }
    if (hold.replacesAppointmentId !== null) throw validationError('reservationId', 'change_hold');
    if (!hold.validTill || hold.validTill <= now) throw httpError('reservation_expired');
    // A valid hold the UPDATE left alone: the address has no room. Released, so nobody waits for it.
    await tx.delete(appointments).where(eq(appointments.id, hold.id));
    return 'too_many_appointments';
  });
}

/** Cancel (by token, owner or staff) while changing is still possible; mails a CANCEL invitation. */
export async function cancelAppointment(
  app: FastifyInstance,
  request: FastifyRequest,
  id: number,
  token?: string,
): Promise<Appointment> {
  const row = await app.db.transaction(async (tx) => {
    const current = await lockAppointmentFor(tx, request, id, token);
    if (!canChange(current, app.config)) throw httpError('change_not_possible');
    await deleteChangeHolds(tx, id);
    const [cancelled] = await tx
      .update(appointments)
      .set({ status: 'cancelled', cancelledAt: new Date(), sequence: current.sequence + 1 })
      .where(eq(appointments.id, id))
      .returning();
    if (mailsVisitor(request)) await enqueueMail(tx, APPOINTMENT_MAIL.cancellation, { appointmentId: id });
    await auditAppointment(tx, request, 'appointment_cancelled', id, {
      status: { before: current.status, after: 'cancelled' },
    });
    await emitAppointmentEvent(tx, app.config, 'nl.balie.appointment.cancelled', id);
    return cancelled!;
  });
  noteBookingsChanged(app.db);
  // The freed slot goes to the waitlist first (DESIGN §4c).
  matchSoon(app);
  return present(app, request, row);
}

/** What the audit trail compares of an appointment: where, when and who (never its token or nonce). */
function auditedFields(row: AppointmentRow): Record<string, unknown> {
  return {
    deskId: row.deskId,
    fromDateTime: row.during.from.toISOString(),
    untilDateTime: row.during.until.toISOString(),
    status: row.status,
    ...Object.fromEntries(PERSONAL_FIELDS.map((k) => [k, row[k]])),
  };
}

/**
 * PATCH /appointment/{id}: moves the appointment onto its change-hold (`reservationId` + `newStatus`),
 * keeping id and token, and/or edits the personal details. Both only while changing is possible.
 */
export async function patchAppointment(
  app: FastifyInstance,
  request: FastifyRequest,
  id: number,
  body: PatchAppointmentRequest,
): Promise<Appointment> {
  if (body.newStatus === 'no_show') return markNoShow(app, request, id, body);
  if (body.newStatus === 'confirmed' && !body.reservationId) {
    const undone = await undoNoShow(app, request, id, body);
    if (undone) return undone;
  }
  if (body.reservationId && body.newStatus !== 'confirmed') throw validationError('newStatus', 'required');
  if (body.newStatus && !body.reservationId) throw validationError('reservationId', 'required');
  const row = await app.db.transaction(async (tx) => {
    const current = await lockAppointmentFor(tx, request, id, body.token);
    if (!canChange(current, app.config)) throw httpError('change_not_possible');
    // A new address counts as one more appointment ahead for it (DESIGN §6).
    if (
      body.email !== undefined &&
      body.email.toLowerCase() !== current.email?.toLowerCase() &&
      emailLimitApplies(app.config, request)
    )
      await assertRoomForAnother(tx, app.config, body.email, new Date());
    const details = {
      initials: body.initials,
      suffix: body.suffix,
      lastName: body.lastName,
      email: body.email,
      phone: body.phone,
      language: body.language,
    };
    let moved: Partial<typeof appointments.$inferInsert> = {};
    if (body.reservationId) {
      const hold = await findByReservationId(tx, body.reservationId, true);
      if (
        !hold ||
        (hold.status === 'reserved' && (!hold.validTill || hold.validTill.getTime() <= Date.now()))
      ) {
        throw httpError('reservation_expired');
      }
      if (hold.status !== 'reserved' || hold.replacesAppointmentId !== id) {
        throw validationError('reservationId', 'object/not-found');
      }
      await copyItems(tx, hold.id, id);
      // The hold goes first: the appointment then takes its place without meeting it.
      await deleteChangeHolds(tx, id);
      moved = {
        deskId: hold.deskId,
        during: hold.during,
        sequence: current.sequence + 1,
        // A new time gets its own reminders and its own "Ik kom" (decision 0461); another desk at the
        // same time changes neither.
        ...(hold.during.from.getTime() !== current.during.from.getTime() && {
          reminderSentAt: null,
          visitorConfirmedAt: null,
        }),
      };
      await enqueueMail(tx, APPOINTMENT_MAIL.change, { appointmentId: id });
    }
    const values = Object.fromEntries(
      Object.entries({ ...details, ...moved }).filter(([, v]) => v !== undefined),
    );
    if (Object.keys(values).length === 0) return current;
    const [updated] = await tx.update(appointments).set(values).where(eq(appointments.id, id)).returning();
    const changes = changedFields(auditedFields(current), auditedFields(updated!));
    if (Object.keys(changes).length > 0) {
      const action = body.reservationId ? 'appointment_moved' : 'appointment_updated';
      await auditAppointment(tx, request, action, id, changes);
      // Moved, or details changed that a client reads through `dataref`: either way it changed.
      await emitAppointmentEvent(tx, app.config, 'nl.balie.appointment.changed', id);
    }
    return updated!;
  });
  if (body.reservationId) noteBookingsChanged(app.db);
  return present(app, request, row);
}

/** DELETE /appointment/{id} (admin): removes the appointment and its items and pending change-holds. */
export async function deleteAppointment(
  app: FastifyInstance,
  request: FastifyRequest,
  id: number,
): Promise<void> {
  const deleted = await app.db.transaction(async (tx) => {
    const current = await lockAppointment(tx, id);
    // A booked appointment that disappears is cancelled for whoever follows it (decision 0445); a hold is
    // nobody's business yet.
    if (current.status !== 'reserved')
      await emitAppointmentEvent(tx, app.config, 'nl.balie.appointment.cancelled', id, new Date(), 'deleted');
    await deleteChangeHolds(tx, id);
    const rows = await tx
      .delete(appointments)
      .where(eq(appointments.id, id))
      .returning({ id: appointments.id });
    await auditAppointment(tx, request, 'appointment_deleted', id, changedFields(auditedFields(current), {}));
    return rows;
  });
  noteBookingsChanged(app.db);
  if (deleted.length === 0) throw httpError('not_found');
}
