import { appointmentsAffectedErrorSchema, type Appointment } from '@balie/shared';
import { httpStatusOf } from '../../lib/apiError';

/** The appointments of a 409 `appointments_affected` answer (DESIGN §4), or null for any other outcome. */
export function affectedAppointmentsOf(error: unknown): Appointment[] | null {
  if (httpStatusOf(error) !== 409 || typeof error !== 'object' || error === null || !('data' in error))
    return null;
  const body = appointmentsAffectedErrorSchema.safeParse(error.data);
  return body.success ? body.data.appointments : null;
}
