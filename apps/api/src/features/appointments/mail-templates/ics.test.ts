import { describe, expect, it } from 'vitest';
import { calendarInvite } from './ics.js';

/** An invitation with the given names and texts, else plain ones. */
const invite = (over: Partial<Parameters<typeof calendarInvite>[0]> = {}) =>
  calendarInvite({
    uid: 'appointment-1@balie.example',
    sequence: 0,
    method: 'REQUEST',
    start: new Date('2030-03-12T09:00:00Z'),
    end: new Date('2030-03-12T09:12:00Z'),
    title: 'Afspraak',
    description: 'Paspoort',
    location: 'Balie 1',
    organizer: { name: 'Gemeente', email: 'noreply@example.org' },
    attendee: { name: 'Jan', email: 'jan@example.org' },
    ...over,
  });

/** The content lines, unfolded (RFC 5545 §3.1). */
const unfolded = (ics: string) => ics.replace(/\r\n[ \t]/g, '').split('\r\n');

describe('calendar invitations (RFC 5545)', () => {
  it('puts no double quote inside a parameter value', () => {
    const ics = invite({
      organizer: { name: 'Gemeente "Zuid"', email: 'noreply@example.org' },
      attendee: { name: 'Jan "de Vries"', email: 'jan@example.org' },
      location: 'Balie "Noord", Stadhuis',
    });
    const lines = unfolded(ics);
    const organizer = lines.find((l) => l.startsWith('ORGANIZER'))!;
    const attendee = lines.find((l) => l.startsWith('ATTENDEE'))!;
    // A quoted parameter value is DQUOTE *QSAFE-CHAR DQUOTE: no DQUOTE, no backslash escape inside.
    for (const line of [organizer, attendee]) {
      const params = line.slice(0, line.search(/:mailto:/i));
      expect(params).toMatch(/^[A-Z]+(;[A-Z-]+=("[^"]*"|[^";:,]*))*$/);
    }
    expect(organizer).toContain('CN="Gemeente \'Zuid\'"');
    expect(attendee).toContain('CN="Jan \'de Vries\'"');
    // A TEXT value may hold a double quote: the desk's name keeps it.
    expect(lines).toContain('LOCATION:Balie "Noord"\\, Stadhuis');
  });

  it('folds lines at 75 octets, never inside a character, and unfolds to the same text', () => {
    const long = 'Inwoners van Sûdwest-Fryslân 🏛️ en Hôtel de Ville — '.repeat(8);
    const ics = invite({
      description: long,
      location: `Balie ${'ë'.repeat(100)}`,
      attendee: { name: 'Zoë ' + 'ø'.repeat(80), email: 'z@example.org' },
    });
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(ics).not.toContain('\uFFFD');
    const lines = unfolded(ics);
    expect(lines.find((l) => l.startsWith('DESCRIPTION:'))).toBe(`DESCRIPTION:${long.replace(/,/g, '\\,')}`);
    expect(lines.find((l) => l.startsWith('LOCATION:'))).toBe(`LOCATION:Balie ${'ë'.repeat(100)}`);
  });
});
