import { createEvent } from 'ics';

export interface CalendarEvent {
  uid: string;
  sequence: number;
  method: 'REQUEST' | 'CANCEL';
  start: Date;
  end: Date;
  title: string;
  description: string;
  location: string;
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
}

/** `Balie <no-reply@host>` → its name and address. */
export function parseAddress(from: string): { name: string; email: string } {
  const m = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(from);
  return m ? { name: m[1] || m[2]!, email: m[2]! } : { name: from, email: from };
}

/**
 * An iCalendar invitation (RFC 5546): the UID stays the same for an appointment's whole life and the
 * SEQUENCE rises with every change, so calendars update or remove the one event instead of adding more.
 */
export function calendarInvite(e: CalendarEvent): string {
  const { error, value } = createEvent({
    uid: e.uid,
    sequence: e.sequence,
    method: e.method,
    status: e.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED',
    start: e.start.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: e.end.getTime(),
    endInputType: 'utc',
    endOutputType: 'utc',
    title: e.title,
    description: e.description,
    location: e.location,
    organizer: e.organizer,
    attendees: [{ ...e.attendee, rsvp: false, partstat: 'ACCEPTED', role: 'REQ-PARTICIPANT' }],
  });
  if (error || !value) throw error ?? new Error('ics produced nothing');
  return value;
}
