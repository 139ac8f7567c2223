import { describe, expect, it } from 'vitest';
import { buildIcs } from './ics';

describe('buildIcs', () => {
  const ics = buildIcs({
    uid: 'appointment-42@balie',
    start: '2026-12-01T09:00:00+01:00',
    end: '2026-12-01T09:24:00+01:00',
    summary: 'Appointment: 2 x Passport, 1 x ID card',
    description: 'Edit: http://localhost:3000/edit-appointment/abc\nCancel; later',
    location: 'Desk 1',
    stamp: new Date('2026-11-20T10:00:00Z'),
  });

  it('writes the times in UTC and CRLF line ends', () => {
    expect(ics).toContain('DTSTART:20261201T080000Z\r\n');
    expect(ics).toContain('DTEND:20261201T082400Z\r\n');
    expect(ics).toContain('DTSTAMP:20261120T100000Z\r\n');
    expect(ics.split('\r\n').every((l) => !l.includes('\n'))).toBe(true);
  });

  it('escapes text and folds long lines at 75 octets', () => {
    expect(ics).toContain('SUMMARY:Appointment: 2 x Passport\\, 1 x ID card');
    const lines = ics.split('\r\n');
    expect(lines.every((l) => new TextEncoder().encode(l).length <= 75)).toBe(true);
    const unfolded = ics.replace(/\r\n /g, '');
    expect(unfolded).toContain(
      'DESCRIPTION:Edit: http://localhost:3000/edit-appointment/abc\\nCancel\\; later',
    );
  });
});
