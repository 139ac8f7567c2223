import type { AppointmentStatus } from '@balie/shared';

/** The chip colour of each state, the same in every list, the calendar and the today screen. */
export const statusColor = {
  confirmed: 'primary',
  checked_in: 'success',
  no_show: 'error',
  cancelled: 'default',
} as const satisfies Record<AppointmentStatus, string>;

/** "J. van Dijk": initials, suffix and last name as the visitor gave them. */
export function visitorName(a: { initials: string; suffix: string; lastName: string }): string {
  return [a.initials, a.suffix, a.lastName].filter(Boolean).join(' ');
}

/** What staff call a desk: its agenda label when it has one, else its name. */
export function deskLabel(desk: { name: string; label?: string | null }): string {
  return desk.label || desk.name;
}
