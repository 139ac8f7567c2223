import type { AuditAction } from '@balie/shared';
import type { FastifyRequest } from 'fastify';
import { recordAudit } from '../../audit/audit.js';
import type { DbOrTx, Tx } from '../../db/client.js';

/** Audit actions of an appointment's own life (reassign/cancel by a schedule change: decision 0154). */
export type AppointmentAuditAction = Extract<AuditAction, `appointment_${string}`>;

/**
 * Records a change of an appointment in its transaction (DESIGN §4 *Audit trail*). Who: the signed-in
 * user (`actorUserId`), an integration client booking for a visitor (`actorClientId`, DESIGN §4c), else
 * the holder of the appointment's link (`details.actor: "link"`).
 */
export async function auditAppointment(
  tx: Tx,
  request: FastifyRequest,
  action: AppointmentAuditAction,
  appointmentId: number,
  changes: Record<string, { before: unknown; after: unknown }>,
): Promise<void> {
  await recordAudit(tx, {
    actorUserId: request.user?.id ?? null,
    actorClientId: request.integrationClient?.id ?? null,
    ip: request.ip,
    action,
    subjectType: 'appointment',
    subjectId: appointmentId,
    details: { actor: request.user ? 'user' : request.integrationClient ? 'client' : 'link', changes },
  });
}

/**
 * Making a CSV or PDF of today's appointments is the one bulk export of personal data (DESIGN §4b): who,
 * when and how many rows are recorded, never their content.
 */
export async function auditExport(
  db: DbOrTx,
  request: FastifyRequest,
  format: 'csv' | 'pdf',
  details: { rows: number; date: string; locationId: number | undefined },
): Promise<void> {
  await recordAudit(db, {
    actorUserId: request.user?.id ?? null,
    ip: request.ip,
    action: 'appointments_exported',
    details: {
      format,
      rows: details.rows,
      date: details.date,
      ...(details.locationId === undefined ? {} : { locationId: details.locationId }),
    },
  });
}
