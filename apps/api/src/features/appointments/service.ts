import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Appointment, CreateAppointmentRequest, PatchAppointmentRequest } from '@balie/shared';
import { localDateOf } from '@balie/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Tx } from '../../db/client.js';
import { appointments } from '../../db/schema/index.js';
import { isAdmin } from '../../http/auth.js';
import { httpError, validationError } from '../../http/errors.js';
import { enqueueMail } from '../../mail/outbox.js';
import { deriveToken, newLinkToken } from '../../security/tokens.js';
import { assertMayAct, isOwner } from './access.js';
import { noteBookingsChanged } from './booking-changes.js';
import { APPOINTMENT_MAIL } from './mail-templates/kinds.js';
import { canChange, toAppointment } from './presenter.js';
import {
  copyItems,
  deleteChangeHolds,
  findByReservationId,
  viewOf,
  type AppointmentRow,
} from './repository.js';

async function lockAppointment(tx: Tx, id: number): Promise<AppointmentRow> {
  const [row] = await tx.select().from(appointments).where(eq(appointments.id, id)).for('update');
  if (!row || row.status === 'reserved') throw httpError('not_found');
  return row;
}

async function present(app: FastifyInstance, request: FastifyRequest, row: AppointmentRow, token?: string) {
  return toAppointment(await viewOf(app.db, row), app.config, { admin: isAdmin(request.user), token });
}

/**
 * POST /appointment: turns a valid hold into an appointment with a link token and queues the
 * confirmation in the same transaction. Idempotent per hold: the row lock makes a second call wait and
 * then answer with the same appointment (and its token, rebuilt from the nonce), without a second mail.
 */
export async function confirmReservation(
  app: FastifyInstance,
  request: FastifyRequest,
  body: CreateAppointmentRequest,
): Promise<Appointment> {
  const { row, token } = await app.db.transaction(async (tx) => {
    const link = newLinkToken(app.config.secret);
    const details = {
      status: 'confirmed' as const,
      validTill: null,
      initials: body.initials,
      suffix: body.suffix,
      lastName: body.lastName,
      email: body.email,
      phone: body.phone,
      language: body.language ?? 'nl',
      ...(request.user ? { userId: request.user.id } : {}),
      tokenHash: link.hash,
      tokenNonce: link.nonce,
      confirmedAt: new Date(),
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
          gt(appointments.validTill, new Date()),
        ),
      )
      .returning();
    if (confirmed) {
      await enqueueMail(tx, APPOINTMENT_MAIL.confirmation, { appointmentId: confirmed.id });
      return { row: confirmed, token: link.token };
    }
    // Otherwise say why, or answer a repeated confirm with the appointment it made.
    const hold = await findByReservationId(tx, body.reservationId, true);
    // A hold that expired may already be deleted by someone else's booking: unknown means expired.
    if (!hold) throw httpError('reservation_expired');
    if (hold.status !== 'reserved') {
      return {
        row: hold,
        token: hold.tokenNonce ? deriveToken(app.config.secret, hold.tokenNonce) : undefined,
      };
    }
    if (hold.replacesAppointmentId !== null) throw validationError('reservationId', 'change_hold');
    throw httpError('reservation_expired');
  });
  return present(app, request, row, token);
}

/** Cancel (by token, owner or admin) while changing is still possible; mails a CANCEL invitation. */
export async function cancelAppointment(
  app: FastifyInstance,
  request: FastifyRequest,
  id: number,
  token?: string,
): Promise<Appointment> {
  const row = await app.db.transaction(async (tx) => {
    const current = await lockAppointment(tx, id);
    assertMayAct(request, current, token);
    if (!canChange(current, app.config)) throw httpError('change_not_possible');
    await deleteChangeHolds(tx, id);
    const [cancelled] = await tx
      .update(appointments)
      .set({ status: 'cancelled', cancelledAt: new Date(), sequence: current.sequence + 1 })
      .where(eq(appointments.id, id))
      .returning();
    await enqueueMail(tx, APPOINTMENT_MAIL.cancellation, { appointmentId: id });
    return cancelled!;
  });
  noteBookingsChanged(app.db);
  return present(app, request, row);
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
  if (body.reservationId && body.newStatus !== 'confirmed') throw validationError('newStatus', 'required');
  if (body.newStatus && !body.reservationId) throw validationError('reservationId', 'required');
  const row = await app.db.transaction(async (tx) => {
    const current = await lockAppointment(tx, id);
    assertMayAct(request, current, body.token);
    if (!canChange(current, app.config)) throw httpError('change_not_possible');
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
        reminderSentAt: null,
      };
      await enqueueMail(tx, APPOINTMENT_MAIL.change, { appointmentId: id });
    }
    const values = Object.fromEntries(
      Object.entries({ ...details, ...moved }).filter(([, v]) => v !== undefined),
    );
    if (Object.keys(values).length === 0) return current;
    const [updated] = await tx.update(appointments).set(values).where(eq(appointments.id, id)).returning();
    return updated!;
  });
  if (body.reservationId) noteBookingsChanged(app.db);
  return present(app, request, row);
}

/** Check-in: an admin any time, the owner on the day of the appointment; only a confirmed one. */
export async function checkIn(
  app: FastifyInstance,
  request: FastifyRequest,
  id: number,
): Promise<Appointment> {
  const row = await app.db.transaction(async (tx) => {
    const current = await lockAppointment(tx, id);
    const admin = isAdmin(request.user);
    if (!admin && !isOwner(request.user, current)) throw httpError('forbidden');
    const zone = app.config.providerTimezone;
    const onTheDay = localDateOf(current.during.from.getTime(), zone) === localDateOf(Date.now(), zone);
    if (current.status !== 'confirmed' || (!admin && !onTheDay)) throw httpError('change_not_possible');
    const [updated] = await tx
      .update(appointments)
      .set({ status: 'checked_in', checkedInAt: new Date() })
      .where(eq(appointments.id, id))
      .returning();
    return updated!;
  });
  return present(app, request, row);
}

/** DELETE /appointment/{id} (admin): removes the appointment and its items and pending change-holds. */
export async function deleteAppointment(app: FastifyInstance, id: number): Promise<void> {
  const deleted = await app.db.transaction(async (tx) => {
    await lockAppointment(tx, id);
    await deleteChangeHolds(tx, id);
    return tx.delete(appointments).where(eq(appointments.id, id)).returning({ id: appointments.id });
  });
  noteBookingsChanged(app.db);
  if (deleted.length === 0) throw httpError('not_found');
}
