import { describe, expect, it } from 'vitest';
import { formatDate, formatTime } from './dates';

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
});
