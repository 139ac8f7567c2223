import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  bookingWindow,
  datesBetween,
  formatZonedIso,
  localDateOf,
  localDay,
  parseHm,
} from './clock.js';

const zone = 'Europe/Amsterdam';

describe('provider clock', () => {
  it('formats instants with the zone offset of that moment', () => {
    expect(formatZonedIso(Date.UTC(2026, 2, 29, 7), zone)).toBe('2026-03-29T09:00:00+02:00');
    expect(formatZonedIso(Date.UTC(2026, 0, 5, 8, 12), zone)).toBe('2026-01-05T09:12:00+01:00');
    expect(formatZonedIso(Date.UTC(2026, 0, 5, 8, 12), 'America/New_York')).toBe('2026-01-05T03:12:00-05:00');
  });

  it('knows the local date of an instant', () => {
    expect(localDateOf(Date.UTC(2026, 5, 1, 22, 30), zone)).toBe('2026-06-02');
    expect(localDateOf(Date.UTC(2026, 5, 1, 21, 59), zone)).toBe('2026-06-01');
  });

  it('gives 23, 24 and 25 hour days and maps wall-clock minutes on them', () => {
    const march = localDay(zone, '2026-03-29');
    expect(march.end - march.start).toBe(23 * 3_600_000);
    expect(march.weekday).toBe(7);
    expect(formatZonedIso(march.at(150), zone)).toBe('2026-03-29T03:00:00+02:00'); // 02:30 does not exist
    expect(formatZonedIso(march.at(9 * 60), zone)).toBe('2026-03-29T09:00:00+02:00');
    const october = localDay(zone, '2026-10-25');
    expect(october.end - october.start).toBe(25 * 3_600_000);
    expect(formatZonedIso(october.at(150), zone)).toBe('2026-10-25T02:30:00+02:00'); // the first 02:30
    expect(formatZonedIso(october.at(9 * 60), zone)).toBe('2026-10-25T09:00:00+01:00');
    expect(localDay(zone, '2026-06-01').weekday).toBe(1);
  });

  it('formats every hour of a year as Luxon does, in zones with odd offsets and changes', () => {
    // The offset comes from the local day's bounds except on the days the clocks change: this walks
    // through both kinds, the half-hour change of Lord Howe and the quarter-hour offset of Kathmandu too.
    for (const z of [zone, 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kathmandu']) {
      for (let ms = Date.UTC(2026, 0, 1); ms < Date.UTC(2027, 0, 1); ms += 60 * 60_000) {
        const expected = DateTime.fromMillis(ms, { zone: z }).toISO({ suppressMilliseconds: true });
        if (formatZonedIso(ms, z) !== expected) expect(formatZonedIso(ms, z)).toBe(expected);
      }
    }
  });

  it('computes the window from today to the same day three months ahead, clamped to short months', () => {
    expect(addMonths('2026-05-31', 3)).toBe('2026-08-31');
    expect(addMonths('2026-11-30', 3)).toBe('2027-02-28');
    expect(bookingWindow(Date.UTC(2026, 10, 29, 23, 30), zone, 3)).toEqual({
      first: '2026-11-30',
      last: '2027-02-28',
    });
  });

  it('parses times of day and dates strictly', () => {
    expect(parseHm('24:00')).toBe(1440);
    expect(() => parseHm('24:01')).toThrow(RangeError);
    expect(() => parseHm('9:00')).toThrow(RangeError);
    expect(() => localDay(zone, '2026-02-30')).toThrow(RangeError);
    expect(datesBetween('2026-12-30', '2027-01-02')).toEqual([
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
    ]);
  });

  it('tells the local date of instants asked in any order, around midnight and the clock changes', () => {
    // The last answered day is remembered per zone: each instant must still get its own day.
    const cases: Array<[number, string, string]> = [
      [Date.UTC(2026, 2, 28, 22, 59, 59, 999), zone, '2026-03-28'],
      [Date.UTC(2026, 2, 28, 23, 0), zone, '2026-03-29'],
      [Date.UTC(2026, 2, 29, 21, 59, 59, 999), zone, '2026-03-29'],
      [Date.UTC(2026, 2, 29, 22, 0), zone, '2026-03-30'],
      [Date.UTC(2026, 9, 24, 22, 0), zone, '2026-10-25'],
      [Date.UTC(2026, 9, 25, 22, 59), zone, '2026-10-25'],
      [Date.UTC(2026, 9, 25, 23, 0), zone, '2026-10-26'],
      [Date.UTC(2026, 2, 29, 12, 0), 'America/New_York', '2026-03-29'],
      [Date.UTC(2026, 2, 29, 3, 59), 'America/New_York', '2026-03-28'],
      [Date.UTC(2026, 2, 29, 12, 0), zone, '2026-03-29'],
    ];
    for (const [ms, z, date] of [...cases, ...[...cases].reverse()]) expect(localDateOf(ms, z)).toBe(date);
  });

  it('lists dates as calendar days, the same as adding one day at a time', () => {
    // Across a leap day, both clock changes and a year's end: no zone is involved.
    const dates = datesBetween('2028-02-27', '2029-01-01');
    let expected = '2028-02-27';
    for (const date of dates) {
      expect(date).toBe(expected);
      expected = addDays(expected, 1);
    }
    expect(dates).toContain('2028-02-29');
    expect(dates.at(-1)).toBe('2029-01-01');
    expect(datesBetween('2026-05-02', '2026-05-01')).toEqual([]);
    expect(datesBetween('2026-05-01', '2026-05-01')).toEqual(['2026-05-01']);
    expect(() => datesBetween('2026-02-30', '2026-03-02')).toThrow(RangeError);
    expect(() => datesBetween('2026-03-01', '2026-13-01')).toThrow(RangeError);
  });
});
