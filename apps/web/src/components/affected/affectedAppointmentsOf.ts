import { appointmentsAffectedErrorSchema, type AppointmentsAffectedError } from '@balie/shared';
import { httpStatusOf } from '../../lib/apiError';

/**
 * The appointments of a 409 `appointments_affected` answer (DESIGN §4) with the server's forecast of where
 * a reassignment would take them (decision 0422), or null for any other outcome.
 */
export function affectedAppointmentsOf(
  error: unknown,
): Pick<AppointmentsAffectedError, 'appointments' | 'reassignment'> | null {
  if (httpStatusOf(error) !== 409 || typeof error !== 'object' || error === null || !('data' in error))
    return null;
  const body = appointmentsAffectedErrorSchema.safeParse(error.data);
  return body.success ? { appointments: body.data.appointments, reassignment: body.data.reassignment } : null;
}
