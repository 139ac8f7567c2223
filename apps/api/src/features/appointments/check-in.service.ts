import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Appointment, PatchAppointmentRequest } from '@balie/shared';
import { localDateOf, SELF_CHECK_IN_MINUTES } from '@balie/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Tx } from '../../db/client.js';
import { appointments, auditEvents, CODE_HOLDING_STATUSES } from '../../db/schema/index.js';
import { isStaff } from '../../http/auth.js';
import { httpError, validationError } from '../../http/errors.js';
import { enqueueCheckedIn } from '../queue/service.js';
import { hashToken } from '../../security/tokens.js';
import { lockAppointment, lockAppointmentFor } from './access.js';
import { auditAppointment } from './audit.js';
import { emitAppointmentEvent } from '../webhooks/events.js';
import type { AppointmentRow } from './repository.js';
import { present } from './presenter.js';

/**
 * How long after marking a no-show staff can take it back (issue 34 item 13 (4), decision 0429): long
 * enough for the list's undo (8 s) on a slow connection, short enough that a no-show in the statistics
 * stays one.
 */
export const NO_SHOW_UNDO_MINUTES = 2;

/** Why a check-in or no-show cannot happen: the 409's message and its `errors[].message` key. */
const REFUSALS = {
  already_checked_in: 'This appointment has already been checked in',
  cancelled: 'This appointment has been cancelled',
  no_show: 'This appointment has been marked as a no-show',
  not_today: 'This appointment is on another day',
  not_started: 'This appointment has not started yet',
  too_early: `Checking in yourself opens ${SELF_CHECK_IN_MINUTES} minutes before the start`,
  too_late: `Checking in yourself closes ${SELF_CHECK_IN_MINUTES} minutes after the start; ask at the desk`,
  from_queue: 'This no-show was called at the queue, after the check-in; it is not undone here',
  undo_expired: `A no-show can be undone only within ${NO_SHOW_UNDO_MINUTES} minutes of marking it`,
} as const;
type Refusal = keyof typeof REFUSALS;

function refuse(property: string, reason: Refusal): never {
  throw httpError('change_not_possible', REFUSALS[reason], [{ property, message: reason }]);
}

/** The reason a row that is not confirmed can no longer be checked in or marked. */
function stateRefusal(row: AppointmentRow): Refusal | null {
  if (row.status === 'checked_in') return 'already_checked_in';
  if (row.status === 'cancelled') return 'cancelled';
  if (row.status === 'no_show') return 'no_show';
  return null;
}

function isToday(app: FastifyInstance, row: AppointmentRow): boolean {
  const zone = app.config.providerTimezone;
  return localDateOf(row.during.from.getTime(), zone) === localDateOf(Date.now(), zone);
}

/** Checks the appointment in and puts the visitor in the queue of its location, when it is today's. */
async function markCheckedIn(
  app: FastifyInstance,
  tx: Tx,
  request: FastifyRequest,
  row: AppointmentRow,
): Promise<AppointmentRow> {
  const [updated] = await tx
    .update(appointments)
    .set({ status: 'checked_in', checkedInAt: new Date() })
    .where(eq(appointments.id, row.id))
    .returning();
  await auditAppointment(tx, request, 'appointment_checked_in', row.id, {
    status: { before: row.status, after: 'checked_in' },
  });
  await emitAppointmentEvent(tx, app.config, 'nl.balie.appointment.checked-in', row.id);
  await enqueueCheckedIn(app, tx, updated!);
  return updated!;
}

/** GET /appointment/{id}/check-in: staff any day, the owner on the day; only a confirmed one. */
export async function checkIn(
  app: FastifyInstance,
  request: FastifyRequest,
  id: number,
): Promise<Appointment> {
  const row = await app.db.transaction(async (tx) => {
    const current = await lockAppointmentFor(tx, request, id);
    const staff = isStaff(request.user);
    const refusal = stateRefusal(current);
    if (refusal) refuse('id', refusal);
    if (!staff && !isToday(app, current)) refuse('id', 'not_today');
    return markCheckedIn(app, tx, request, current);
  });
  return present(app, request, row);
}

/**
 * POST /appointment/by-token/{token}/check-in: the visitor themselves, through the mail's link, on the
 * appointment's day from 30 minutes before its start until 30 minutes after it (decision 0385); earlier
 * or later the desk checks them in.
 */
export async function checkInByToken(
  app: FastifyInstance,
  request: FastifyRequest,
  token: string,
): Promise<Appointment> {
  const row = await app.db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(appointments)
      .where(eq(appointments.tokenHash, hashToken(token)))
      .for('update');
    if (!current || current.status === 'reserved') throw httpError('not_found');
    const refusal = stateRefusal(current);
    if (refusal) refuse('token', refusal);
    if (!isToday(app, current)) refuse('token', 'not_today');
    const minutesToStart = (current.during.from.getTime() - Date.now()) / 60_000;
    if (minutesToStart > SELF_CHECK_IN_MINUTES) refuse('token', 'too_early');
    if (minutesToStart < -SELF_CHECK_IN_MINUTES) refuse('token', 'too_late');
    return markCheckedIn(app, tx, request, current);
  });
  return present(app, request, row);
}

/**
 * POST /appointments/check-in (staff): the code (already normalised by the schema) names the active
 * appointment holding it, or else the latest one that held it, so a spent code says why it is spent.
 * Only today's appointments: staff scanning at the desk must not check in tomorrow's visitor.
 */
export async function checkInByCode(
  app: FastifyInstance,
  request: FastifyRequest,
  code: string,
): Promise<Appointment> {
  const row = await app.db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(appointments)
      .where(and(eq(appointments.checkInCode, code), ne(appointments.status, 'reserved')))
      .orderBy(desc(sql`${inArray(appointments.status, [...CODE_HOLDING_STATUSES])}`), desc(appointments.id))
      .limit(1)
      .for('update');
    if (!current) throw httpError('not_found', 'No appointment has this check-in code');
    const refusal = stateRefusal(current);
    if (refusal) refuse('code', refusal);
    if (!isToday(app, current)) refuse('code', 'not_today');
    return markCheckedIn(app, tx, request, current);
  });
  return present(app, request, row);
}

/**
 * PATCH /appointment/{id} { newStatus: "no_show" }: staff only, once the appointment has started, and
 * only from confirmed. It changes nothing else, so it takes no other fields.
 */
export async function markNoShow(
  app: FastifyInstance,
  request: FastifyRequest,
  id: number,
  body: PatchAppointmentRequest,
): Promise<Appointment> {
  if (!isStaff(request.user)) throw httpError(request.user || body.token ? 'forbidden' : 'unauthorized');
  const extra = Object.keys(body).find(
    (k) => k !== 'newStatus' && body[k as keyof typeof body] !== undefined,
  );
  if (extra) throw validationError(extra, 'not_with_no_show');
  const row = await app.db.transaction(async (tx) => {
    const current = await lockAppointment(tx, id);
    const refusal = stateRefusal(current);
    if (refusal) refuse('newStatus', refusal);
    if (current.during.from.getTime() > Date.now()) refuse('newStatus', 'not_started');
    const [updated] = await tx
      .update(appointments)
      .set({ status: 'no_show' })
      .where(eq(appointments.id, id))
      .returning();
    await auditAppointment(tx, request, 'appointment_no_show', id, {
      status: { before: current.status, after: 'no_show' },
    });
    await emitAppointmentEvent(tx, app.config, 'nl.balie.appointment.no-show', id);
    return updated!;
  });
  return present(app, request, row);
}

/**
 * PATCH /appointment/{id} { newStatus: "confirmed" } without a change-hold, on a no-show: staff take back
 * a no-show marked by mistake, within NO_SHOW_UNDO_MINUTES of the mark (the last `appointment_no_show`
 * of the appointment's trail), audited `appointment_no_show_undone`. On anything but a no-show the
 * request is what it was before, for a visitor always: a move missing its `reservationId` (returns null,
 * the caller says so).
 */
export async function undoNoShow(
  app: FastifyInstance,
  request: FastifyRequest,
  id: number,
  body: PatchAppointmentRequest,
): Promise<Appointment | null> {
  // For anyone else "confirmed" means a move, which needs its change-hold (the caller's 400).
  if (!isStaff(request.user)) return null;
  const row = await app.db.transaction(async (tx) => {
    const current = await lockAppointment(tx, id);
    if (current.status !== 'no_show') return null;
    const extra = Object.keys(body).find(
      (k) => k !== 'newStatus' && body[k as keyof typeof body] !== undefined,
    );
    if (extra) throw validationError(extra, 'not_with_undo');
    const [marked] = await tx
      .select({ at: auditEvents.at, details: auditEvents.details })
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.subjectType, 'appointment'),
          eq(auditEvents.subjectId, String(id)),
          eq(auditEvents.action, 'appointment_no_show'),
        ),
      )
      .orderBy(desc(auditEvents.at))
      .limit(1);
    if (!marked || Date.now() - marked.at.getTime() > NO_SHOW_UNDO_MINUTES * 60_000)
      refuse('newStatus', 'undo_expired');
    // The queue's no-show follows a check-in and ends the queue entry too; "confirmed" would not undo it.
    if (marked.details?.cause === 'queue') refuse('newStatus', 'from_queue');
    const [updated] = await tx
      .update(appointments)
      .set({ status: 'confirmed' })
      .where(eq(appointments.id, id))
      .returning();
    await auditAppointment(tx, request, 'appointment_no_show_undone', id, {
      status: { before: 'no_show', after: 'confirmed' },
    });
    // Confirmed again: the no-show a receiver was told of is taken back.
    await emitAppointmentEvent(tx, app.config, 'nl.balie.appointment.changed', id);
    return updated!;
  });
  return row ? present(app, request, row) : null;
}
