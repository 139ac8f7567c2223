import { sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import { queryRows, type Tx } from '../../db/client.js';
import { isStaff } from '../../http/auth.js';
import { httpError } from '../../http/errors.js';

/**
 * DESIGN §6 (decision 0322): one e-mail address has at most MAX_OPEN_APPOINTMENTS_PER_EMAIL confirmed
 * appointments ahead, so that nobody can use the booking page to mail a stranger again and again. Staff
 * booking on a visitor's behalf are exempt; 0 turns the limit off.
 */
export function emailLimitApplies(config: Config, request: FastifyRequest): boolean {
  return config.maxOpenAppointmentsPerEmail > 0 && !isStaff(request.user);
}

/**
 * Puts the confirmations of one address (any case) one after the other until the end of the
 * transaction, across processes; the count (`roomForAnother`) must run in a later statement, whose
 * snapshot then sees every appointment the lock's earlier holders committed.
 */
export async function lockAddress(tx: Tx, email: string): Promise<void> {
  await queryRows(
    tx,
    sql`SELECT pg_advisory_xact_lock(hashtext('open-appointments'), hashtext(lower(${email}))) IS NULL AS locked`,
  );
}

/** True while `email` has fewer confirmed appointments starting after `now` than the limit. */
export function roomForAnother(config: Config, email: string, now: Date): SQL {
  return sql`(SELECT count(*) FROM appointments
               WHERE status = 'confirmed' AND lower(email) = lower(${email})
                 AND lower(during) > ${now.toISOString()}::timestamptz) < ${config.maxOpenAppointmentsPerEmail}`;
}

/** For a change of an appointment's address: 409 too_many_appointments when the new one has no room. */
export async function assertRoomForAnother(tx: Tx, config: Config, email: string, now: Date): Promise<void> {
  await lockAddress(tx, email);
  const [row] = await queryRows<{ ok: boolean }>(tx, sql`SELECT ${roomForAnother(config, email, now)} AS ok`);
  if (!row?.ok) throw httpError('too_many_appointments');
}
