import { formatZonedIso, type Appointment } from '@balie/shared';
import type { Config } from '../../config.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isStaff } from '../../http/auth.js';
import { viewOf, type AppointmentRow, type AppointmentView } from './repository.js';

const MINUTE = 60_000;

/** Change and cancel stay possible while the appointment is confirmed and not started (DESIGN §4). */
export function canChange(row: AppointmentRow, config: Config, now = Date.now()): boolean {
  return row.status === 'confirmed' && row.during.from.getTime() - config.changeCutoffMinutes * MINUTE > now;
}

/** The appointment object of DESIGN §5; the desk's label is for staff only. */
export function toAppointment(
  view: AppointmentView,
  config: Config,
  options: { staff?: boolean; token?: string } = {},
): Appointment {
  const { row, desk, items } = view;
  const zone = config.providerTimezone;
  const iso = (d: Date | null) => (d ? formatZonedIso(d.getTime(), zone) : null);
  if (row.status === 'reserved') throw new Error('a hold is no appointment');
  return {
    id: row.id,
    status: row.status,
    fromDateTime: formatZonedIso(row.during.from.getTime(), zone),
    untilDateTime: formatZonedIso(row.during.until.getTime(), zone),
    duration: Math.round((row.during.until.getTime() - row.during.from.getTime()) / MINUTE),
    desk: { id: desk.id, name: desk.name, ...(options.staff ? { label: desk.label } : {}) },
    location: desk.location,
    appointmentItems: items,
    initials: row.initials ?? '',
    suffix: row.suffix ?? '',
    lastName: row.lastName ?? '',
    email: row.email ?? '',
    phone: row.phone ?? '',
    language: row.language,
    createdAt: iso(row.createdAt)!,
    checkedInAt: iso(row.checkedInAt),
    cancelledAt: iso(row.cancelledAt),
    visitorConfirmedAt: iso(row.visitorConfirmedAt),
    canChange: canChange(row, config),
    personalDataErased: row.erasedAt !== null,
    checkInCode: row.status === 'cancelled' ? null : row.checkInCode,
    ...(options.token ? { token: options.token } : {}),
  };
}

/** The appointment object of a row for the caller of `request` (the desk label for staff). */
export async function present(
  app: FastifyInstance,
  request: FastifyRequest,
  row: AppointmentRow,
  token?: string,
) {
  return toAppointment(await viewOf(app.db, row), app.config, { staff: isStaff(request.user), token });
}
