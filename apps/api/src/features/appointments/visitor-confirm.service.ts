import type { Appointment } from '@balie/shared';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { appointments } from '../../db/schema/index.js';
import { httpError } from '../../http/errors.js';
import { appointmentByToken } from './access.js';
import { auditAppointment } from './audit.js';
import { present } from './presenter.js';

/**
 * "Ik kom" from a reminder (DESIGN §5 Reminders): marks `visitorConfirmedAt` once; a second click answers
 * the same appointment unchanged (idempotent, audited once). Only an appointment still to come can be
 * confirmed: a cancelled one, a no-show or one that has ended answers 409 `change_not_possible`; a visitor
 * already checked in is simply shown their appointment.
 */
export async function confirmByToken(
  app: FastifyInstance,
  request: FastifyRequest,
  token: string,
): Promise<Appointment> {
  const found = await appointmentByToken(app.db, token);
  if (found.status === 'checked_in' || found.visitorConfirmedAt) return present(app, request, found);
  if (found.status !== 'confirmed' || found.during.until.getTime() <= Date.now())
    throw httpError('change_not_possible');
  const row = await app.db.transaction(async (tx) => {
    const at = new Date();
    // Only the first click writes: a second one in flight finds the column set and changes nothing.
    const [updated] = await tx
      .update(appointments)
      .set({ visitorConfirmedAt: at })
      .where(
        and(
          eq(appointments.id, found.id),
          eq(appointments.status, 'confirmed'),
          isNull(appointments.visitorConfirmedAt),
        ),
      )
      .returning();
    if (!updated) return null;
    await auditAppointment(tx, request, 'appointment_visitor_confirmed', found.id, {
      visitorConfirmedAt: { before: null, after: at.toISOString() },
    });
    return updated;
  });
  return present(app, request, row ?? (await appointmentByToken(app.db, token)));
}
