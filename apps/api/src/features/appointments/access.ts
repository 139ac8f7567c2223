import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import { eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.js';
import { appointments } from '../../db/schema/index.js';
import { httpError, validationError } from '../../http/errors.js';
import { isStaff, type AuthUser } from '../../http/auth.js';
import { hashToken, safeEqual } from '../../security/tokens.js';
import { canChange } from './presenter.js';
import { findAppointment, findByTokenHash, type AppointmentRow } from './repository.js';

/**
 * A user owns an appointment they booked while signed in. Not one booked under their e-mail address:
 * accounts are not verified, so anyone could register a stranger's address and read their bookings.
 */
export function isOwner(user: AuthUser | null, row: AppointmentRow): boolean {
  return !!user && row.userId === user.id;
}

function tokenMatches(row: AppointmentRow, token: string | undefined): boolean {
  return !!token && !!row.tokenHash && safeEqual(row.tokenHash, hashToken(token));
}

/**
 * Who may act on an appointment: the holder of its link token, its owner, or staff. Anyone else gets
 * the 404 of an id that does not exist (DESIGN §6: no oracle by id), and a guest without a token gets 401
 * before anything is looked up, whether the id exists or not.
 */
function assertMayLookUp(request: FastifyRequest, token: string | undefined): void {
  if (!token && !request.user) throw httpError('unauthorized');
}

function assertMayAct(request: FastifyRequest, row: AppointmentRow, token: string | undefined): void {
  if (tokenMatches(row, token) || isOwner(request.user, row) || isStaff(request.user)) return;
  throw httpError('not_found');
}

/** An appointment (not a hold) by id that the caller may act on, or 404. */
export async function appointmentFor(
  db: DbOrTx,
  request: FastifyRequest,
  id: number,
  token?: string,
): Promise<AppointmentRow> {
  assertMayLookUp(request, token);
  const row = await findAppointment(db, id);
  if (!row || row.status === 'reserved') throw httpError('not_found');
  assertMayAct(request, row, token);
  return row;
}

/** An appointment (not a hold) by id, locked for the rest of the transaction, or 404. */
export async function lockAppointment(tx: Tx, id: number): Promise<AppointmentRow> {
  const [row] = await tx.select().from(appointments).where(eq(appointments.id, id)).for('update');
  if (!row || row.status === 'reserved') throw httpError('not_found');
  return row;
}

/** lockAppointment for a caller who may act on it (see appointmentFor), or 404. */
export async function lockAppointmentFor(
  tx: Tx,
  request: FastifyRequest,
  id: number,
  token?: string,
): Promise<AppointmentRow> {
  assertMayLookUp(request, token);
  const row = await lockAppointment(tx, id);
  assertMayAct(request, row, token);
  return row;
}

/** An appointment by its link token, or 404 (also for a malformed token). */
export async function appointmentByToken(db: DbOrTx, token: string): Promise<AppointmentRow> {
  const row = await findByTokenHash(db, hashToken(token));
  if (!row || row.status === 'reserved') throw httpError('not_found');
  return row;
}

/**
 * The appointment a booking call wants to change (`appointmentId` + `token`, or signed in as owner or
 * staff); null when the call books something new. Its own slot then counts as free.
 */
export async function changeTarget(
  db: DbOrTx,
  request: FastifyRequest,
  config: Config,
  body: { appointmentId?: number | undefined; token?: string | undefined },
): Promise<AppointmentRow | null> {
  if (body.appointmentId === undefined) {
    if (body.token !== undefined) throw validationError('appointmentId', 'required');
    return null;
  }
  const row = await appointmentFor(db, request, body.appointmentId, body.token);
  if (!canChange(row, config)) throw httpError('change_not_possible');
  return row;
}
