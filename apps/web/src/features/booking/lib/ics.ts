import { DateTime } from 'luxon';
import { saveFile } from '../../../lib/saveFile';

export interface IcsEvent {
  /** Stable per appointment, so a calendar that imported it once updates instead of duplicating. */
  uid: string;
  start: string;
  end: string;
  summary: string;
  description: string;
  location: string;
  /** DTSTAMP; a parameter so the output is reproducible in tests. */
  stamp?: Date;
}

const utc = (iso: string | Date) =>
  (typeof iso === 'string' ? DateTime.fromISO(iso) : DateTime.fromJSDate(iso))
    .toUTC()
    .toFormat("yyyyMMdd'T'HHmmss'Z'");

/** RFC 5545 §3.3.11 TEXT escaping. */
const text = (s: string) =>
  s.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** RFC 5545 §3.1: lines longer than 75 octets are folded with CRLF + space. */
function fold(line: string): string {
  const bytes = new TextEncoder().encode(line);
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let size = 0;
  for (const ch of line) {
    const n = new TextEncoder().encode(ch).length;
    if (size + n > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
      size = 0;
    }
    current += ch;
    size += n;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** A one-event iCalendar file (times in UTC, so every calendar shows the right local time). */
export function buildIcs(event: IcsEvent): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Balie//Booking//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${utc(event.stamp ?? new Date())}`,
    `DTSTART:${utc(event.start)}`,
    `DTEND:${utc(event.end)}`,
    `SUMMARY:${text(event.summary)}`,
    `DESCRIPTION:${text(event.description)}`,
    `LOCATION:${text(event.location)}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(fold).join('\r\n') + '\r\n';
}

/** Offers the file as a download from memory: no server route, no third party. */
export function downloadIcs(fileName: string, content: string): void {
  saveFile(fileName, new Blob([content], { type: 'text/calendar;charset=utf-8' }));
}
