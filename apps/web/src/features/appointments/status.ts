import i18n from 'i18next';
import type { AppointmentStatus } from '@balie/shared';

/** The chip colour of each state, the same in every list, the calendar and the today screen. */
export const statusColor = {
  confirmed: 'primary',
  checked_in: 'success',
  no_show: 'error',
  cancelled: 'default',
} as const satisfies Record<AppointmentStatus, string>;

/**
 * "J. van Dijk": initials, suffix and last name as the visitor gave them; "(gegevens verwijderd)" once
 * they were erased (retention or a request, DESIGN §4b).
 */
export function visitorName(a: {
  initials: string;
  suffix: string;
  lastName: string;
  personalDataErased?: boolean;
}): string {
  if (a.personalDataErased) return i18n.t('appointments:personal_data_erased');
  return [a.initials, a.suffix, a.lastName].filter(Boolean).join(' ');
}

/** What staff call a desk: its agenda label when it has one, else its name. */
export function deskLabel(desk: { name: string; label?: string | null }): string {
  return desk.label || desk.name;
}
