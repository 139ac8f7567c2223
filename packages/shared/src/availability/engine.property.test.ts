import fc from 'fast-check';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { availableDays, desksForStart, servesAll, timeslots } from './engine.js';
import type { AvailabilityInput, BusyInterval, Closure, DeskSchedule, WeeklyOpening } from './types.js';

/**
 * A brute-force model of DESIGN §4 that asks Luxon for every wall-clock time and counts open minutes one
 * by one; the engine must agree with it, and its answers must keep every invariant on their own.
 */
const MINUTE = 60_000;
const ZONES = ['Europe/Amsterdam', 'America/New_York'] as const;
// Around the DST days of 2026 in both zones, and an ordinary week.
const BASE_DATES = ['2026-03-29', '2026-10-25', '2026-03-08', '2026-11-01', '2026-06-10'];

const hm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
const toMinutes = (v: string) => Number(v.slice(0, 2)) * 60 + Number(v.slice(3));

/** The first instant whose wall clock shows `value` or, inside a skipped hour, the moment of the jump. */
const wallMemo = new Map<string, number>();
function wall(zone: string, date: string, value: string): number {
  const key = `${zone} ${date} ${value}`;
  let t = wallMemo.get(key);
  if (t === undefined) wallMemo.set(key, (t = wallUncached(zone, date, value)));
  return t;
}
function wallUncached(zone: string, date: string, value: string): number {
  const day = DateTime.fromISO(date, { zone });
  if (value === '24:00') return day.plus({ days: 1 }).startOf('day').toMillis();
  const m = toMinutes(value);
  const shown = (t: number) => DateTime.fromMillis(t, { zone }).toFormat('yyyy-MM-dd HH:mm');
  const wanted = `${date} ${value}`;
  let t = DateTime.fromObject(
    { ...day.toObject(), hour: Math.floor(m / 60), minute: m % 60 },
    { zone },
  ).toMillis();
  if (shown(t - 3_600_000) === wanted) return t - 3_600_000; // a repeated time: its first occurrence
  while (shown(t) !== wanted && shown(t - MINUTE) >= wanted) t -= MINUTE; // a skipped time
  return t;
}

/** Whether two spans share an instant; an empty span (a closure inside a skipped hour) shares none. */
const overlaps = (a0: number, a1: number, b0: number, b1: number) => a0 < a1 && b0 < b1 && a0 < b1 && b0 < a1;

interface Model {
  zone: string;
  input: AvailabilityInput;
  dates: string[];
}

/** Whether closure `c` closes `desk` (DESIGN §4b): its own, its location's, or every desk's. */
const closesDesk = (c: Closure, desk: DeskSchedule) =>
  c.deskId !== null ? c.deskId === desk.id : c.locationId === null || c.locationId === desk.locationId;

/** Whether `desk` may take the model's appointment at all: it serves every item, in the location asked. */
function qualifies(input: AvailabilityInput, desk: DeskSchedule): boolean {
  const served = desk.productIds;
  if (served !== null && !input.productIds.every((p) => served.includes(p))) return false;
  return input.locationId == null || desk.locationId === input.locationId;
}

function closureSpansOf(m: Model, desk: DeskSchedule, date: string): Array<[number, number]> {
  return m.input.closures
    .filter((c) => c.date === date && closesDesk(c, desk))
    .map((c): [number, number] =>
      c.from && c.until
        ? [wall(m.zone, date, c.from), wall(m.zone, date, c.until)]
        : [wall(m.zone, date, '00:00'), wall(m.zone, date, '24:00')],
    );
}

function openingSpansOf(m: Model, desk: DeskSchedule, date: string): Array<[number, number]> {
  const weekday = DateTime.fromISO(date, { zone: m.zone }).weekday;
  return desk.openingHours
    .filter((h) => h.weekday === weekday && toMinutes(h.closes) > toMinutes(h.opens))
    .map((h): [number, number] => [wall(m.zone, date, h.opens), wall(m.zone, date, h.closes)]);
}

/** Cap per part (Infinity when not limited) and minutes booked per part, counted minute by minute. */
function quotaOf(m: Model, desk: DeskSchedule, date: string, busy: readonly BusyInterval[]) {
  const dayStart = wall(m.zone, date, '00:00');
  const dayEnd = wall(m.zone, date, '24:00');
  const bounds = [dayStart, wall(m.zone, date, '12:00'), wall(m.zone, date, '17:00'), dayEnd];
  const period = desk.overflowPeriods
    .filter((p) => p.from <= date && date <= p.until)
    .sort((a, b) => (a.from < b.from ? 1 : -1))[0];
  const pct = period ?? desk.overflow;
  const opening = openingSpansOf(m, desk, date);
  const closed = closureSpansOf(m, desk, date);
  const open = [0, 0, 0];
  for (let t = dayStart; t < dayEnd; t += MINUTE) {
    if (!opening.some(([a, b]) => a <= t && t < b) || closed.some(([a, b]) => a <= t && t < b)) continue;
    open[t < bounds[1]! ? 0 : t < bounds[2]! ? 1 : 2]! += 1;
  }
  const caps = (['morning', 'afternoon', 'evening'] as const).map((part, i) =>
    pct[part] === 0 ? Infinity : Math.floor((open[i]! * (100 - pct[part])) / 100),
  );
  const booked = [0, 0, 0];
  let total = 0;
  for (const b of busy) {
    if (b.deskId !== desk.id || b.start < dayStart || b.start >= dayEnd) continue;
    booked[b.start < bounds[1]! ? 0 : b.start < bounds[2]! ? 1 : 2]! += (b.end - b.start) / MINUTE;
    total += (b.end - b.start) / MINUTE;
  }
  const partOf = (ms: number) => (ms < bounds[1]! ? 0 : ms < bounds[2]! ? 1 : 2);
  return { caps, booked, total, partOf };
}

/** Every start each desk could take on `date`, by brute force. */
function modelStarts(m: Model, date: string): Map<number, number[]> {
  const { input, zone } = m;
  const result = new Map<number, number[]>();
  const today = DateTime.fromMillis(input.now, { zone }).startOf('day');
  const last = today.plus({ months: input.windowMonths }).toISODate()!;
  if (date < today.toISODate()! || date > last) return result;
  const d = input.durationMinutes * MINUTE;
  for (const desk of input.desks.filter((d) => qualifies(input, d))) {
    const q = quotaOf(m, desk, date, input.busy);
    const closed = closureSpansOf(m, desk, date);
    const starts: number[] = [];
    for (const [o, c] of openingSpansOf(m, desk, date)) {
      for (let s = o; s + d <= c; s += input.stepMinutes * MINUTE) {
        if (s <= input.now) continue;
        if (input.busy.some((b) => b.deskId === desk.id && overlaps(s, s + d, b.start, b.end))) continue;
        if (closed.some(([a, b]) => overlaps(s, s + d, a, b))) continue;
        const part = q.partOf(s);
        if (q.booked[part]! + input.durationMinutes > q.caps[part]!) continue;
        starts.push(s);
      }
    }
    result.set(desk.id, starts);
  }
  return result;
}

const gridTime = (max = 1440) => fc.integer({ min: 0, max: max / 6 }).map((n) => n * 6);
const pct = fc.constantFrom(0, 0, 10, 25, 50, 75, 100);

function openingHours(): fc.Arbitrary<WeeklyOpening[]> {
  const dayHours = fc.oneof(
    fc.constant([{ opens: '00:00', closes: '24:00' }]),
    fc
      .uniqueArray(gridTime(), { minLength: 2, maxLength: 4 })
      .map((points) => points.sort((a, b) => a - b))
      .map((p) => {
        const out = [{ opens: hm(p[0]!), closes: p[1] === 1440 ? '24:00' : hm(p[1]!) }];
        if (p.length === 4) out.push({ opens: hm(p[2]!), closes: p[3] === 1440 ? '24:00' : hm(p[3]!) });
        return out;
      }),
    fc.constant([]),
  );
  return fc
    .array(dayHours, { minLength: 7, maxLength: 7 })
    .map((week) => week.flatMap((hours, i) => hours.map((h) => ({ weekday: i + 1, ...h }))));
}

const modelArb: fc.Arbitrary<Model> = fc
  .record({
    zone: fc.constantFrom(...ZONES),
    base: fc.constantFrom(...BASE_DATES),
    nowShift: fc.oneof(
      fc.integer({ min: -3 * 1440, max: 1440 }),
      fc.integer({ min: -93 * 1440, max: -88 * 1440 }),
    ),
    step: fc.constantFrom(12, 12, 10, 15),
    duration: fc.integer({ min: 5, max: 150 }),
    // Mostly every desk serves every product, so that the rules of DESIGN §4 keep their coverage.
    products: fc.oneof(
      { weight: 3, arbitrary: fc.constant([1]) },
      {
        weight: 2,
        arbitrary: fc.uniqueArray(fc.integer({ min: 1, max: 3 }), { minLength: 1, maxLength: 2 }),
      },
    ),
    location: fc.option(fc.integer({ min: 1, max: 3 }), { freq: 3 }),
    desks: fc.array(
      fc.record({
        location: fc.integer({ min: 1, max: 2 }),
        serves: fc.option(fc.uniqueArray(fc.integer({ min: 1, max: 3 }), { maxLength: 3 }), { freq: 2 }),
        hours: openingHours(),
        overflow: fc.record({ morning: pct, afternoon: pct, evening: pct }),
        period: fc.option(fc.record({ dayFrom: fc.integer({ min: -1, max: 1 }), len: fc.nat(2), p: pct })),
      }),
      { minLength: 1, maxLength: 3 },
    ),
    closures: fc.array(
      fc.record({
        desk: fc.nat(3),
        location: fc.option(fc.integer({ min: 1, max: 2 })),
        day: fc.integer({ min: -1, max: 1 }),
        span: fc.option(fc.tuple(gridTime(), gridTime())),
      }),
      { maxLength: 3 },
    ),
    busy: fc.array(
      fc.record({
        desk: fc.nat(2),
        startMinute: fc.integer({ min: 0, max: 3 * 1440 }),
        len: fc.integer({ min: 6, max: 180 }),
      }),
      { maxLength: 10 },
    ),
  })
  .map((r): Model => {
    const base = DateTime.fromISO(r.base, { zone: r.zone });
    const dates = [-1, 0, 1].map((n) => base.plus({ days: n }).toISODate()!);
    const dateAt = (n: number) => dates[n + 1]!;
    const desks: DeskSchedule[] = r.desks.map((d, i) => ({
      id: i + 1,
      locationId: d.location,
      productIds: d.serves,
      openingHours: d.hours,
      overflow: d.overflow,
      overflowPeriods: d.period
        ? [
            {
              from: dateAt(d.period.dayFrom),
              until: base.plus({ days: d.period.dayFrom + d.period.len }).toISODate()!,
              morning: d.period.p,
              afternoon: d.period.p,
              evening: 0,
            },
          ]
        : [],
    }));
    const closures: Closure[] = r.closures.map((c) => {
      const [a, b] = c.span ? [Math.min(...c.span), Math.max(...c.span)] : [0, 0];
      const deskId = c.desk === 0 || c.desk > desks.length ? null : c.desk;
      return {
        deskId,
        locationId: deskId === null ? c.location : null,
        date: dateAt(c.day),
        ...(c.span && b > a ? { from: hm(a), until: b === 1440 ? '24:00' : hm(b) } : {}),
      };
    });
    const first = base.minus({ days: 1 }).startOf('day').toMillis();
    const busy: BusyInterval[] = r.busy
      .filter((b) => b.desk < desks.length)
      .map((b) => ({
        deskId: b.desk + 1,
        start: first + b.startMinute * MINUTE,
        end: first + (b.startMinute + b.len) * MINUTE,
      }));
    const input: AvailabilityInput = {
      zone: r.zone,
      now: base.startOf('day').toMillis() + r.nowShift * MINUTE,
      stepMinutes: r.step,
      windowMonths: 3,
      durationMinutes: r.duration,
      productIds: r.products,
      ...(r.location === null ? {} : { locationId: r.location }),
      desks,
      closures,
      busy,
    };
    return { zone: r.zone, input, dates };
  });

const runs = { numRuns: Number(process.env.PROPERTY_RUNS ?? 150) };

/**
 * Found by `npm run test:stress` (round 5, 2026-11-27): on New York's spring-forward day a closure of
 * 02:00–02:06 lies wholly inside the skipped hour, so it closes no instant; the slot 01:54–03:01 that spans
 * the jump is rightly offered. The model once called that empty span an overlap.
 */
const CLOSURE_IN_SKIPPED_HOUR: Model = {
  zone: 'America/New_York',
  dates: ['2026-03-07', '2026-03-08', '2026-03-09'],
  input: {
    zone: 'America/New_York',
    now: 1_765_342_800_000,
    stepMinutes: 12,
    windowMonths: 3,
    durationMinutes: 7,
    productIds: [1],
    desks: [
      {
        id: 1,
        locationId: 1,
        productIds: null,
        openingHours: [
          { weekday: 1, opens: '00:00', closes: '00:06' },
          { weekday: 2, opens: '00:00', closes: '00:06' },
          { weekday: 3, opens: '00:00', closes: '00:06' },
          { weekday: 6, opens: '00:00', closes: '24:00' },
          { weekday: 7, opens: '01:30', closes: '03:06' },
        ],
        overflow: { morning: 0, afternoon: 0, evening: 0 },
        overflowPeriods: [],
      },
    ],
    closures: [{ deskId: null, locationId: null, date: '2026-03-08', from: '02:00', until: '02:06' }],
    busy: [],
  },
};

describe('availability engine properties', { timeout: 60_000 }, () => {
  it('offers exactly the starts the brute-force model finds, each on the preferred desk', () => {
    fc.assert(
      fc.property(modelArb, (m) => {
        for (const { date, slots } of timeslots(m.input, m.dates)) {
          const model = modelStarts(m, date);
          const expected = new Set([...model.values()].flat());
          expect(slots.map((s) => s.begin)).toEqual([...expected].sort((a, b) => a - b));
          const totals = new Map(m.input.desks.map((d) => [d.id, quotaOf(m, d, date, m.input.busy).total]));
          const preferred = (ids: number[]) =>
            [...ids].sort((a, b) => totals.get(a)! - totals.get(b)! || a - b);
          slots.forEach((slot, i) => {
            const fitting = m.input.desks
              .filter((d) => model.get(d.id)?.includes(slot.begin))
              .map((d) => d.id);
            expect(slot.deskId).toBe(preferred(fitting)[0]);
            // desksForStart recomputes the whole day, so a sample of starts is enough.
            if (i % 37 === 0) expect(desksForStart(m.input, slot.begin)).toEqual(preferred(fitting));
          });
        }
      }),
      runs,
    );
  });

  it('never offers a slot that overlaps a booking or closure, leaves its opening interval, is past or outside the window', () => {
    fc.assert(
      fc.property(modelArb, (m) => {
        const { input, zone } = m;
        const today = DateTime.fromMillis(input.now, { zone }).startOf('day');
        const first = today.toISODate()!;
        const last = today.plus({ months: 3 }).toISODate()!;
        for (const { date, slots } of timeslots(input, m.dates)) {
          if (slots.length > 0) expect(date >= first && date <= last).toBe(true);
          const [dayStart, dayEnd] = [wall(zone, date, '00:00'), wall(zone, date, '24:00')];
          const openings = new Map(input.desks.map((d) => [d.id, openingSpansOf(m, d, date)]));
          const closures = new Map(input.desks.map((d) => [d.id, closureSpansOf(m, d, date)]));
          for (const s of slots) {
            expect(s.end - s.begin).toBe(input.durationMinutes * MINUTE);
            expect(s.begin).toBeGreaterThan(input.now);
            expect(s.begin >= dayStart && s.begin < dayEnd).toBe(true);
            const busy = input.busy.filter((b) => b.deskId === s.deskId);
            expect(busy.some((b) => overlaps(s.begin, s.end, b.start, b.end))).toBe(false);
            expect(closures.get(s.deskId)!.some(([a, b]) => overlaps(s.begin, s.end, a, b))).toBe(false);
            const inside = openings.get(s.deskId)!.filter(([o, c]) => o <= s.begin && s.end <= c);
            expect(inside.length).toBeGreaterThan(0);
            expect(inside.some(([o]) => (s.begin - o) % (input.stepMinutes * MINUTE) === 0)).toBe(true);
          }
        }
      }),
      { ...runs, examples: [[CLOSURE_IN_SKIPPED_HOUR]] },
    );
  });

  it('never exceeds a quota, however many of the offered slots are booked one after another', () => {
    fc.assert(
      fc.property(modelArb, fc.array(fc.nat(), { minLength: 1, maxLength: 12 }), (m, picks) => {
        const date = m.dates[1]!;
        let input: AvailabilityInput = { ...m.input, busy: [] };
        for (const pick of picks) {
          const slots = timeslots(input, [date])[0]!.slots;
          if (slots.length === 0) break;
          const s = slots[pick % slots.length]!;
          input = { ...input, busy: [...input.busy, { deskId: s.deskId, start: s.begin, end: s.end }] };
        }
        const booked = { ...m, input };
        for (const desk of input.desks) {
          const q = quotaOf(booked, desk, date, input.busy);
          q.booked.forEach((minutes, part) => expect(minutes).toBeLessThanOrEqual(q.caps[part]!));
          const mine = input.busy.filter((b) => b.deskId === desk.id).sort((a, b) => a.start - b.start);
          mine.slice(1).forEach((b, i) => expect(b.start).toBeGreaterThanOrEqual(mine[i]!.end));
        }
      }),
      runs,
    );
  });

  it('reports a day available exactly when it has a slot', () => {
    fc.assert(
      fc.property(modelArb, (m) => {
        const withSlots = timeslots(m.input, m.dates)
          .filter((d) => d.slots.length > 0)
          .map((d) => d.date);
        expect(availableDays(m.input, m.dates)).toEqual(withSlots);
      }),
      runs,
    );
  });

  it('never offers a slot, nor a desk for a start, that does not serve every item or lies elsewhere', () => {
    fc.assert(
      fc.property(modelArb, (m) => {
        const { input } = m;
        const deskOf = (id: number) => input.desks.find((d) => d.id === id)!;
        for (const { slots } of timeslots(input, m.dates)) {
          slots.forEach((slot, i) => {
            expect(servesAll(deskOf(slot.deskId), input.productIds)).toBe(true);
            if (input.locationId != null) expect(deskOf(slot.deskId).locationId).toBe(input.locationId);
            if (i % 37 === 0)
              for (const id of desksForStart(input, slot.begin))
                expect(qualifies(input, deskOf(id))).toBe(true);
          });
        }
        // A desk that does not qualify offers nothing even when it is the only one.
        for (const desk of input.desks.filter((d) => !qualifies(input, d)))
          expect(availableDays({ ...input, desks: [desk] }, m.dates)).toEqual([]);
      }),
      runs,
    );
  });

  it('restricting to a location never adds a slot: its starts are those of its own desks, and together they are all', () => {
    fc.assert(
      fc.property(modelArb, (m) => {
        const everywhere = { ...m.input, locationId: null };
        const startsOf = (i: AvailabilityInput) =>
          timeslots(i, m.dates).map((d) => d.slots.map((s) => s.begin));
        const all = startsOf(everywhere);
        const union = m.dates.map(() => new Set<number>());
        for (const locationId of [1, 2, 3]) {
          const here = { ...everywhere, locationId };
          const starts = startsOf(here);
          const ownDesks = m.input.desks.filter((d) => d.locationId === locationId);
          expect(starts).toEqual(startsOf({ ...everywhere, desks: ownDesks }));
          starts.forEach((list, day) => {
            for (const start of list) {
              expect(all[day]).toContain(start);
              union[day]!.add(start);
            }
          });
        }
        expect(union.map((set) => [...set].sort((a, b) => a - b))).toEqual(all);
      }),
      runs,
    );
  });

  it("a location's closure removes exactly its desks' slots: the same as that closure on each of its desks", () => {
    fc.assert(
      fc.property(
        modelArb,
        fc.integer({ min: 1, max: 2 }),
        fc.integer({ min: 0, max: 2 }),
        fc.option(fc.tuple(gridTime(), gridTime())),
        (m, locationId, day, span) => {
          const [a, b] = span ? [Math.min(...span), Math.max(...span)] : [0, 0];
          const times = span && b > a ? { from: hm(a), until: b === 1440 ? '24:00' : hm(b) } : {};
          const date = m.dates[day]!;
          const closed: AvailabilityInput = {
            ...m.input,
            closures: [...m.input.closures, { deskId: null, locationId, date, ...times }],
          };
          const perDesk: AvailabilityInput = {
            ...m.input,
            closures: [
              ...m.input.closures,
              ...m.input.desks
                .filter((d) => d.locationId === locationId)
                .map((d) => ({ deskId: d.id, locationId: null, date, ...times })),
            ],
          };
          expect(timeslots(closed, m.dates)).toEqual(timeslots(perDesk, m.dates));
          for (const desk of m.input.desks) {
            const alone = (i: AvailabilityInput) => timeslots({ ...i, desks: [desk] }, m.dates);
            if (desk.locationId !== locationId) expect(alone(closed)).toEqual(alone(m.input));
            else {
              const span = closureSpansOf({ ...m, input: closed }, desk, date);
              for (const s of alone(closed).find((d) => d.date === date)!.slots)
                expect(span.some(([x, y]) => overlaps(s.begin, s.end, x, y))).toBe(false);
            }
          }
        },
      ),
      runs,
    );
  });

  it('gives a 24-hour desk one slot per step of real time on the DST days, none duplicated', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.constantFrom('2026-03-29', '2026-10-25', '2026-03-08', '2026-11-01'),
        (zone, date) => {
          const day = DateTime.fromISO(date, { zone });
          const hours = (day.plus({ days: 1 }).startOf('day').toMillis() - day.toMillis()) / 3_600_000;
          const input: AvailabilityInput = {
            zone,
            now: day.minus({ days: 1 }).toMillis(),
            stepMinutes: 12,
            windowMonths: 3,
            durationMinutes: 12,
            productIds: [1],
            desks: [
              {
                id: 1,
                locationId: 1,
                productIds: null,
                openingHours: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
                  weekday,
                  opens: '00:00',
                  closes: '24:00',
                })),
                overflow: { morning: 0, afternoon: 0, evening: 0 },
                overflowPeriods: [],
              },
            ],
            closures: [],
            busy: [],
          };
          const slots = timeslots(input, [date])[0]!.slots;
          expect(slots).toHaveLength(hours * 5);
          slots.slice(1).forEach((s, i) => expect(s.begin - slots[i]!.begin).toBe(12 * MINUTE));
          const labels = slots.map((s) => DateTime.fromMillis(s.begin, { zone }).toISO());
          expect(new Set(labels).size).toBe(slots.length);
        },
      ),
    );
  });
});
