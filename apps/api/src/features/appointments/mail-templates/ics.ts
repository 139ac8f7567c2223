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

/**
 * A parameter value (CN) as RFC 5545 §3.1 allows it: a quoted value holds no DQUOTE and knows no escape
 * (the ics package writes `\"`, which calendars read as the end of the value), so a double quote becomes
 * an apostrophe, and a control character a space.
 */
function paramValue(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/"/g, "'").replace(/[\u0000-\u001f\u007f]/g, ' ');
}

const MAX_LINE_OCTETS = 75;

/**
 * Folds content lines at 75 octets of UTF-8 (RFC 5545 §3.1), never inside a character: the ics package
 * folds at 75 UTF-16 units, which for accented or other non-ASCII text gives lines of up to 150 octets or
 * more. Its folds are undone first; a continuation line starts with one space, which counts.
 */
export function foldLines(ics: string): string {
  const lines = ics.replace(/\r\n[ \t]/g, '').split('\r\n');
  return lines
    .map((line) => {
      const parts: string[] = [];
      let current = '';
      let octets = 0;
      for (const char of line) {
        const size = Buffer.byteLength(char, 'utf8');
        if (octets + size > MAX_LINE_OCTETS) {
          parts.push(current);
          current = ' ';
          octets = 1;
        }
        current += char;
        octets += size;
      }
      parts.push(current);
      return parts.join('\r\n');
    })
    .join('\r\n');
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
    organizer: { ...e.organizer, name: paramValue(e.organizer.name) },
    attendees: [
      {
        ...e.attendee,
        name: paramValue(e.attendee.name),
        rsvp: false,
        partstat: 'ACCEPTED',
        role: 'REQ-PARTICIPANT',
      },
    ],
  });
  if (error || !value) throw error ?? new Error('ics produced nothing');
  return foldLines(value);
}
