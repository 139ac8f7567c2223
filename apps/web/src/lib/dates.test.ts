import { describe, expect, it } from 'vitest';
import { formatDate, formatShortDate, formatTime } from './dates';

describe('dates in the provider zone', () => {
  it('shows times as HH:mm in Europe/Amsterdam whatever the offset on the wire', () => {
    expect(formatTime('2026-12-01T08:24:00Z')).toBe('09:24');
    expect(formatTime('2026-07-01T08:24:00+00:00')).toBe('10:24');
    expect(formatTime('2026-12-01T23:30:00-05:00')).toBe('05:30');
  });

  it('names the provider-zone day, not the UTC day', () => {
    expect(formatDate('2026-12-01T23:30:00Z', 'en')).toBe('Wednesday, 2 December 2026');
    expect(formatDate('2026-12-01', 'nl')).toBe('dinsdag 1 december 2026');
  });

  it('reads a Date in the provider zone and a plain day as that calendar day', () => {
    expect(formatDate(new Date('2026-06-01T22:15:00Z'), 'de')).toBe('Dienstag, 2. Juni 2026');
    expect(formatShortDate('2026-03-29', 'nl')).toBe('29-3-2026');
    expect(formatShortDate('2026-10-25T00:30:00Z', 'en')).toBe('25/10/2026');
    expect(formatTime('2026-10-25T01:00:00Z')).toBe('02:00'); // the hour after the switch to winter time
  });

  it('renders an unreadable value as text instead of throwing', () => {
    expect(formatTime('nonsense')).toBe('Invalid DateTime');
  });
});
