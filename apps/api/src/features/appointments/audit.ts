import type { AuditAction } from '@balie/shared';
import type { FastifyRequest } from 'fastify';
import { recordAudit } from '../../audit/audit.js';
import type { Tx } from '../../db/client.js';

/** Audit actions of an appointment's own life (reassign/cancel by a schedule change: decision 0154). */
export type AppointmentAuditAction = Extract<AuditAction, `appointment_${string}`>;

/**
 * Records a change of an appointment in its transaction (DESIGN §4 *Audit trail*). Who: the signed-in
 * user (`actorUserId`), else the holder of the appointment's link (`details.actor: "link"`).
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
    ip: request.ip,
    action,
    subjectType: 'appointment',
    subjectId: appointmentId,
    details: { actor: request.user ? 'user' : 'link', changes },
  });
}
