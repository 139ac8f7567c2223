import type { Appointment } from '@balie/shared';
import type { SummaryData } from './AppointmentSummary';

/** An appointment from the server as the summary shows it. */
export function appointmentToSummary(a: Appointment): SummaryData {
  return {
    fromDateTime: a.fromDateTime,
    untilDateTime: a.untilDateTime,
    items: a.appointmentItems.map((i) => ({ title: i.product.title, amount: i.amount })),
    duration: a.duration,
    deskName: a.desk.name,
    location: a.location,
    person: { initials: a.initials, suffix: a.suffix, lastName: a.lastName, email: a.email, phone: a.phone },
  };
}
