import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { appointmentDuration } from '../booking/duration.js';
import { formatZonedIso } from './clock.js';
import { availableDays, desksForInterval, desksForStart, firstAvailableDay, timeslots } from './engine.js';
import type { AvailabilityInput, DeskSchedule, WeeklyOpening } from './types.js';

const zone = 'Europe/Amsterdam';
const at = (iso: string): number => DateTime.fromISO(iso, { zone }).toMillis();
const weekdays = (opens: string, closes: string): WeeklyOpening[] =>
  [1, 2, 3, 4, 5].map((weekday) => ({ weekday, opens, closes }));
const desk = (
  id: number,
  openingHours: WeeklyOpening[],
  extra: Partial<DeskSchedule> = {},
): DeskSchedule => ({
  id,
  locationId: 1,
  productIds: null,
  openingHours,
  overflow: { morning: 0, afternoon: 0, evening: 0 },
  overflowPeriods: [],
  ...extra,
});

function input(over: Partial<AvailabilityInput> = {}): AvailabilityInput {
  return {
    zone,
    now: at('2026-06-01T00:00'),
    stepMinutes: 12,
    windowMonths: 3,
    durationMinutes: 30,
    productIds: [1],
    desks: [desk(1, weekdays('09:00', '12:00'))],
    closures: [],
    busy: [],
    ...over,
  };
}
/** Local HH:mm of each slot of `date`, with the desk that got it. */
function times(i: AvailabilityInput, date: string): string[] {
  return timeslots(i, [date])[0]!.slots.map(
    (s) => `${formatZonedIso(s.begin, zone).slice(11, 16)}@${s.deskId}`,
  );
}

describe('timeslots', () => {
  it('offers a start every 12 minutes from the opening while the whole duration fits (Tuesday 2 June)', () => {
    const slots = timeslots(input(), ['2026-06-02'])[0]!.slots;
    expect(slots).toHaveLength(13);
    expect(formatZonedIso(slots[0]!.begin, zone)).toBe('2026-06-02T09:00:00+02:00');
    expect(formatZonedIso(slots[0]!.end, zone)).toBe('2026-06-02T09:30:00+02:00');
    expect(formatZonedIso(slots[12]!.begin, zone)).toBe('2026-06-02T11:24:00+02:00');
  });

  it('takes the duration from the products: 10 + (3 − 1) × 5 + 20 = 40 minutes', () => {
    const duration = appointmentDuration([
      { product: { timeUnit: 10, extraTimeUnit: 5 }, amount: 3 },
      { product: { timeUnit: 20, extraTimeUnit: 10 }, amount: 1 },
    ]);
    expect(duration).toBe(40);
    const slots = timeslots(input({ durationMinutes: duration }), ['2026-06-02'])[0]!.slots;
    expect(formatZonedIso(slots.at(-1)!.begin, zone).slice(11, 16)).toBe('11:12');
  });

  it('is closed on days without opening hours', () => {
    expect(times(input(), '2026-06-06')).toEqual([]); // a Saturday
  });

  it('answers from the bookings it is given, also when one frozen array is reused for many calls', () => {
    // The engine indexes each busy array once (the API shares one snapshot between requests).
    const busy = Object.freeze([
      { deskId: 1, start: at('2026-06-02T09:00'), end: at('2026-06-02T11:00') },
      { deskId: 1, start: at('2026-06-03T09:00'), end: at('2026-06-03T12:00') },
    ]);
    expect(times(input({ busy }), '2026-06-02')).toEqual(['11:00@1', '11:12@1', '11:24@1']);
    expect(times(input({ busy, durationMinutes: 60 }), '2026-06-02')).toEqual(['11:00@1']);
    expect(availableDays(input({ busy }), ['2026-06-02', '2026-06-03'])).toEqual(['2026-06-02']);
    // A new array with one booking more is a new answer, not the old index.
    const more = [...busy, { deskId: 1, start: at('2026-06-02T11:00'), end: at('2026-06-02T12:00') }];
    expect(times(input({ busy: more }), '2026-06-02')).toEqual([]);
    expect(availableDays(input({ busy: more }), ['2026-06-02', '2026-06-03'])).toEqual([]);
    expect(times(input({ busy }), '2026-06-02')).toHaveLength(3);
  });

  it('keeps to the grid of the opening interval around a booking', () => {
    const busy = [{ deskId: 1, start: at('2026-06-02T09:00'), end: at('2026-06-02T09:20') }];
    const t = times(input({ durationMinutes: 12, busy }), '2026-06-02');
    expect(t[0]).toBe('09:24@1');
    expect(t).not.toContain('09:12@1');
  });

  it('never lets a slot span two opening intervals, even adjacent ones', () => {
    const hours = [
      { weekday: 2, opens: '09:00', closes: '10:00' },
      { weekday: 2, opens: '10:00', closes: '11:00' },
    ];
    const t = times(input({ desks: [desk(1, hours)] }), '2026-06-02');
    expect(t).toEqual(['09:00@1', '09:12@1', '09:24@1', '10:00@1', '10:12@1', '10:24@1']);
  });

  it('respects whole-day and partial closures, for one desk or for all', () => {
    const desks = [desk(1, weekdays('09:00', '12:00')), desk(2, weekdays('09:00', '12:00'))];
    const allClosed = input({ desks, closures: [{ deskId: null, locationId: null, date: '2026-06-02' }] });
    expect(times(allClosed, '2026-06-02')).toEqual([]);
    const oneClosed = input({ desks, closures: [{ deskId: 1, locationId: null, date: '2026-06-02' }] });
    expect(times(oneClosed, '2026-06-02').every((s) => s.endsWith('@2'))).toBe(true);
    const partial = input({
      closures: [{ deskId: null, locationId: null, date: '2026-06-02', from: '09:30', until: '11:00' }],
    });
    expect(times(partial, '2026-06-02')).toEqual(['09:00@1', '11:00@1', '11:12@1', '11:24@1']);
  });

  it('chooses the desk with the fewest booked minutes that day, then the lowest id', () => {
    const desks = [desk(1, weekdays('09:00', '12:00')), desk(2, weekdays('09:00', '12:00'))];
    expect(times(input({ desks }), '2026-06-02')[0]).toBe('09:00@1');
    const busy = [{ deskId: 1, start: at('2026-06-02T11:00'), end: at('2026-06-02T11:30') }];
    const t = times(input({ desks, busy }), '2026-06-02');
    expect(t[0]).toBe('09:00@2');
    // A start only desk 1 can take still goes to desk 1.
    const busy2 = [...busy, { deskId: 2, start: at('2026-06-02T09:00'), end: at('2026-06-02T12:00') }];
    expect(times(input({ desks, busy: busy2 }), '2026-06-02')[0]).toBe('09:00@1');
  });

  it('counts bookings of the previous day neither for the quota nor for the desk choice', () => {
    const desks = [desk(1, weekdays('09:00', '12:00')), desk(2, weekdays('09:00', '12:00'))];
    const busy = [{ deskId: 1, start: at('2026-06-01T09:00'), end: at('2026-06-01T12:00') }];
    expect(times(input({ desks, busy }), '2026-06-02')[0]).toBe('09:00@1');
  });

  it('holds back the overflow share of a day part, counting bookings where they start', () => {
    // 180 open minutes, 50 % held back → 90 bookable; 60 booked leaves room for 30, not for 42.
    const d = desk(1, weekdays('09:00', '12:00'), { overflow: { morning: 50, afternoon: 0, evening: 0 } });
    const busy = [{ deskId: 1, start: at('2026-06-02T09:00'), end: at('2026-06-02T10:00') }];
    expect(times(input({ desks: [d], busy, durationMinutes: 30 }), '2026-06-02')).toHaveLength(8);
    expect(times(input({ desks: [d], busy, durationMinutes: 42 }), '2026-06-02')).toEqual([]);
  });

  it('measures open minutes per day part after closures and applies each part its own percentage', () => {
    const d = desk(1, weekdays('11:00', '13:00'), { overflow: { morning: 100, afternoon: 50, evening: 0 } });
    // Afternoon 12:00–13:00 open = 60, minus a 12:00–12:30 closure = 30; 50 % → 15 bookable minutes.
    const closures = [{ deskId: null, locationId: null, date: '2026-06-02', from: '12:00', until: '12:30' }];
    expect(times(input({ desks: [d], closures, durationMinutes: 15 }), '2026-06-02')).toEqual(['12:36@1']);
    expect(times(input({ desks: [d], closures, durationMinutes: 16 }), '2026-06-02')).toEqual([]);
  });

  it('lets an overflow period override the defaults on its dates only', () => {
    const d = desk(1, weekdays('09:00', '12:00'), {
      overflowPeriods: [{ from: '2026-06-02', until: '2026-06-03', morning: 100, afternoon: 0, evening: 0 }],
    });
    expect(times(input({ desks: [d] }), '2026-06-01')).toHaveLength(13);
    expect(times(input({ desks: [d] }), '2026-06-02')).toEqual([]);
    expect(times(input({ desks: [d] }), '2026-06-03')).toEqual([]);
    expect(times(input({ desks: [d] }), '2026-06-04')).toHaveLength(13);
  });

  it('offers no slot that starts now or earlier', () => {
    const t = times(input({ now: at('2026-06-02T10:00') }), '2026-06-02');
    expect(t[0]).toBe('10:12@1');
  });

  it('offers days from today until the same day three months ahead', () => {
    const i = input({ now: at('2026-06-02T08:00') });
    expect(times(i, '2026-06-01')).toEqual([]);
    expect(times(i, '2026-09-02')).toHaveLength(13); // a Wednesday, the last day
    expect(times(i, '2026-09-03')).toEqual([]);
  });
});

describe('DST days in Europe/Amsterdam', () => {
  const allDay = [7].map((weekday) => ({ weekday, opens: '00:00', closes: '24:00' }));
  const daytime = [{ weekday: 7, opens: '09:00', closes: '10:00' }];
  const isoTimes = (i: AvailabilityInput, date: string) =>
    timeslots(i, [date])[0]!.slots.map((s) => formatZonedIso(s.begin, zone).slice(11));

  it('skips the missing hour on the last Sunday of March, without shifting the grid', () => {
    const i = input({ desks: [desk(1, allDay)], durationMinutes: 12, now: at('2026-03-01T00:00') });
    const slots = isoTimes(i, '2026-03-29');
    expect(slots).toHaveLength(23 * 5);
    expect(slots).toContain('01:48:00+01:00');
    expect(slots).toContain('03:00:00+02:00');
    expect(slots.some((s) => s.startsWith('02:'))).toBe(false);
    expect(new Set(slots).size).toBe(slots.length);
    expect(slots.at(-1)).toBe('23:48:00+02:00');
  });

  it('offers the repeated hour twice, with two offsets, on the last Sunday of October', () => {
    const i = input({ desks: [desk(1, allDay)], durationMinutes: 12, now: at('2026-10-01T00:00') });
    const slots = isoTimes(i, '2026-10-25');
    expect(slots).toHaveLength(25 * 5);
    expect(slots.filter((s) => s.startsWith('02:00'))).toEqual(['02:00:00+02:00', '02:00:00+01:00']);
    expect(new Set(slots).size).toBe(slots.length);
  });

  it('keeps daytime slots on their wall-clock times on both DST days', () => {
    const march = input({ desks: [desk(1, daytime)], durationMinutes: 30, now: at('2026-03-01T00:00') });
    expect(isoTimes(march, '2026-03-29')).toEqual(['09:00:00+02:00', '09:12:00+02:00', '09:24:00+02:00']);
    const october = input({ desks: [desk(1, daytime)], durationMinutes: 30, now: at('2026-10-01T00:00') });
    expect(isoTimes(october, '2026-10-25')).toEqual(['09:00:00+01:00', '09:12:00+01:00', '09:24:00+01:00']);
  });

  it('measures the longer October morning in real minutes for the quota', () => {
    // 00:00–12:00 on 25 October lasts 13 hours = 780 minutes; 50 % leaves 390.
    const d = desk(1, allDay, { overflow: { morning: 50, afternoon: 0, evening: 0 } });
    const busy = [{ deskId: 1, start: at('2026-10-25T06:00'), end: at('2026-10-25T12:00') }]; // 360 min
    const i = input({ desks: [d], busy, durationMinutes: 30, now: at('2026-10-01T00:00') });
    const morning = isoTimes(i, '2026-10-25').filter((s) => s < '06:00');
    expect(morning.length).toBeGreaterThan(0);
    const j = { ...i, durationMinutes: 31 };
    expect(isoTimes(j, '2026-10-25').filter((s) => s < '06:00')).toEqual([]);
  });
});

describe('availableDays and desksForStart', () => {
  it('lists exactly the dates that have a slot', () => {
    const i = input({ closures: [{ deskId: null, locationId: null, date: '2026-06-03' }] });
    const dates = ['2026-06-01', '2026-06-02', '2026-06-03', '2026-06-06'];
    expect(availableDays(i, dates)).toEqual(['2026-06-01', '2026-06-02']);
    const withSlots = timeslots(i, dates)
      .filter((d) => d.slots.length > 0)
      .map((d) => d.date);
    expect(availableDays(i, dates)).toEqual(withSlots);
  });

  it('names the desks that fit a start, most preferred first, and none off the grid', () => {
    const desks = [desk(1, weekdays('09:00', '12:00')), desk(2, weekdays('09:00', '12:00')), desk(3, [])];
    const busy = [{ deskId: 1, start: at('2026-06-02T11:00'), end: at('2026-06-02T11:30') }];
    const i = input({ desks, busy });
    expect(desksForStart(i, at('2026-06-02T09:00'))).toEqual([2, 1]);
    expect(desksForStart(i, at('2026-06-02T11:00'))).toEqual([2]);
    expect(desksForStart(i, at('2026-06-02T09:05'))).toEqual([]);
    expect(desksForStart(i, at('2026-06-06T09:00'))).toEqual([]);
  });

  it('rejects a non-positive duration as a programming error', () => {
    expect(() => timeslots(input({ durationMinutes: 0 }), ['2026-06-02'])).toThrow(RangeError);
  });
});

describe('desksForInterval', () => {
  const two = [desk(1, weekdays('09:00', '12:00')), desk(2, weekdays('09:05', '12:00'))];

  it('takes an interval off the slot grid, outside the window and in the past, inside one opening', () => {
    // 09:05 is on neither desk's 12-minute grid; desk 1 opens at 09:00 and desk 2 at 09:05.
    expect(desksForInterval(input({ desks: two }), at('2026-06-02T09:05'))).toEqual([1, 2]);
    expect(
      desksForInterval(input({ desks: two, now: at('2026-06-03T00:00') }), at('2026-06-02T09:05')),
    ).toEqual([1, 2]);
    expect(desksForInterval(input({ desks: two }), at('2026-12-01T09:05'))).toEqual([1, 2]);
    // Not across the closing time, not before opening, not on a weekend.
    expect(desksForInterval(input({ desks: two }), at('2026-06-02T11:31'))).toEqual([]);
    expect(desksForInterval(input({ desks: two }), at('2026-06-02T09:02'))).toEqual([1]);
    expect(desksForInterval(input({ desks: two }), at('2026-06-06T09:30'))).toEqual([]);
  });

  it('leaves out desks closed, busy or over their quota then; the least booked first', () => {
    const start = at('2026-06-02T10:00');
    const closures = [{ deskId: 1, locationId: null, date: '2026-06-02', from: '10:15', until: '10:20' }];
    expect(desksForInterval(input({ desks: two, closures }), start)).toEqual([2]);
    const busy = [{ deskId: 2, start: at('2026-06-02T10:29'), end: at('2026-06-02T10:40') }];
    expect(desksForInterval(input({ desks: two, busy }), start)).toEqual([1]);
    const earlier = [{ deskId: 1, start: at('2026-06-02T09:00'), end: at('2026-06-02T09:30') }];
    expect(desksForInterval(input({ desks: two, busy: earlier }), start)).toEqual([2, 1]);
    // 100 % held back in the morning: no online booking there, not even a moved one.
    const full = [
      desk(1, weekdays('09:00', '12:00'), { overflow: { morning: 100, afternoon: 0, evening: 0 } }),
    ];
    expect(desksForInterval(input({ desks: full }), start)).toEqual([]);
  });
});

describe('who serves what, and where (DESIGN §4b)', () => {
  const hours = weekdays('09:00', '10:00');
  // Desk 1 serves everything (location 1), desk 2 only product 7 (location 1), desk 3 products 7 and 8
  // (location 2).
  const desks = [
    desk(1, hours),
    desk(2, hours, { productIds: [7] }),
    desk(3, hours, { productIds: [7, 8], locationId: 2 }),
  ];
  /** The desks that can take some start on Tuesday 2 June (each start goes to one desk only). */
  const deskIdsOf = (i: AvailabilityInput) => {
    const starts = timeslots(i, ['2026-06-02'])[0]!.slots.map((s) => s.begin);
    return [...new Set(starts.flatMap((start) => desksForStart(i, start)))].sort();
  };

  it('offers a desk only the appointments of which it serves every item', () => {
    expect(deskIdsOf(input({ desks, productIds: [7] }))).toEqual([1, 2, 3]);
    expect(deskIdsOf(input({ desks, productIds: [7, 8] }))).toEqual([1, 3]);
    expect(deskIdsOf(input({ desks, productIds: [9] }))).toEqual([1]);
    expect(deskIdsOf(input({ desks: desks.slice(1), productIds: [9] }))).toEqual([]);
    expect(availableDays(input({ desks: desks.slice(1), productIds: [9] }), ['2026-06-02'])).toEqual([]);
    // A desk serving nothing (an empty list) takes nothing.
    expect(deskIdsOf(input({ desks: [desk(4, hours, { productIds: [] })], productIds: [7] }))).toEqual([]);
  });

  it('with a location keeps to its desks; the desk choice rule applies among those that qualify', () => {
    expect(deskIdsOf(input({ desks, productIds: [7], locationId: 2 }))).toEqual([3]);
    expect(deskIdsOf(input({ desks, productIds: [7], locationId: 1 }))).toEqual([1, 2]);
    expect(deskIdsOf(input({ desks, productIds: [7], locationId: 3 }))).toEqual([]);
    // Desk 1 is the least booked desk of all, but it does not serve product 8: desk 3 gets every slot.
    const busy = [{ deskId: 3, start: at('2026-06-02T09:00'), end: at('2026-06-02T09:24') }];
    const slots = timeslots(input({ desks: desks.slice(1), productIds: [7, 8], busy }), ['2026-06-02'])[0]!;
    expect(new Set(slots.slots.map((s) => s.deskId))).toEqual(new Set([3]));
    expect(desksForStart(input({ desks, productIds: [7], busy }), at('2026-06-02T09:24'))).toEqual([1, 2, 3]);
    expect(desksForStart(input({ desks, productIds: [8], busy }), at('2026-06-02T09:24'))).toEqual([1, 3]);
    expect(desksForInterval(input({ desks, productIds: [8] }), at('2026-06-02T09:05'))).toEqual([1, 3]);
    expect(
      desksForInterval(input({ desks, productIds: [8], locationId: 2 }), at('2026-06-02T09:05')),
    ).toEqual([3]);
  });

  it('closes every desk of a location with its closure, and no other', () => {
    const closures = [{ deskId: null, locationId: 2, date: '2026-06-02' }];
    expect(deskIdsOf(input({ desks, productIds: [7], closures }))).toEqual([1, 2]);
    const partial = [{ deskId: null, locationId: 1, date: '2026-06-02', from: '09:00', until: '09:30' }];
    const slots = timeslots(input({ desks, productIds: [7], closures: partial, durationMinutes: 12 }), [
      '2026-06-02',
    ])[0]!.slots;
    for (const s of slots) if (s.begin < at('2026-06-02T09:30')) expect(s.deskId).toBe(3);
    expect(slots.some((s) => s.deskId !== 3)).toBe(true);
  });

  it('finds the first available day without the days after it', () => {
    const i = input({ desks, productIds: [8] });
    const dates = ['2026-06-06', '2026-06-07', '2026-06-08', '2026-06-09'];
    expect(firstAvailableDay(i, dates)).toBe('2026-06-08');
    expect(firstAvailableDay({ ...i, productIds: [9], desks: desks.slice(1) }, dates)).toBeNull();
    expect(firstAvailableDay(i, ['2026-06-06', '2026-06-07'])).toBeNull();
  });
});
