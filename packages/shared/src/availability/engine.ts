import { AFTERNOON_STARTS_MINUTE, DAY_PARTS, EVENING_STARTS_MINUTE, type DayPart } from '../constants.js';
import { bookingWindow, localDateOf, localDay, parseHm, type LocalDay } from './clock.js';
import { lowerBound, mergeSpans, overlapLength, subtractSpans, type Span } from './intervals.js';
import type {
  AvailabilityInput,
  BusyInterval,
  Closure,
  DaySlots,
  DeskSchedule,
  OverflowPercentages,
  Slot,
} from './types.js';

const MINUTE = 60_000;

/** One desk's bookings sorted once, before any day is looked at. */
interface DeskBookings {
  /** Bookings sorted by start, as parallel arrays for binary search. */
  starts: number[];
  ends: number[];
  /** The union of the bookings: what blocks the desk. */
  blocked: Span[];
}

/** A desk with its weekly hours parsed and its bookings indexed. */
interface PreparedDesk extends DeskBookings {
  desk: DeskSchedule;
  /** Opening intervals in minutes of the day, per weekday 1–7. */
  weekly: WeeklyHours;
}

const NO_BOOKINGS: DeskBookings = { starts: [], ends: [], blocked: [] };

/**
 * Sorting and merging a window's bookings (12,000 in DESIGN §10's data set) costs more than answering a
 * request from them, and the API hands the same frozen `busy` array to many requests (a short-lived
 * snapshot), so the index is kept per array object. Same input, same index: the engine stays a pure
 * function of its input; callers must not mutate an array they passed (the API freezes it).
 */
const bookingIndexes = new WeakMap<readonly BusyInterval[], Map<number, DeskBookings>>();

function bookingsByDesk(busy: readonly BusyInterval[]): Map<number, DeskBookings> {
  const known = bookingIndexes.get(busy);
  if (known) return known;
  const spans = new Map<number, Span[]>();
  for (const b of busy) {
    let list = spans.get(b.deskId);
    if (!list) spans.set(b.deskId, (list = []));
    list.push({ start: b.start, end: b.end });
  }
  const index = new Map<number, DeskBookings>();
  for (const [deskId, list] of spans) {
    list.sort((a, b) => a.start - b.start);
    index.set(deskId, {
      starts: list.map((b) => b.start),
      ends: list.map((b) => b.end),
      blocked: mergeSpans(list),
    });
  }
  bookingIndexes.set(busy, index);
  return index;
}

/** What one desk can offer on one day. */
interface DeskDay {
  deskId: number;
  /** Slot starts in ascending order. */
  starts: number[];
  /** Minutes booked that day (bookings starting on it): the desk-choice key. */
  bookedMinutes: number;
}

interface Prepared {
  input: AvailabilityInput;
  desks: PreparedDesk[];
  closuresByDate: Map<string, Closure[]>;
  window: { first: string; last: string };
  stepMs: number;
  durationMs: number;
}

/** Whether `desk` serves every one of `productIds` (DESIGN §4b): one desk takes the whole appointment. */
export function servesAll(desk: Pick<DeskSchedule, 'productIds'>, productIds: readonly number[]): boolean {
  const served = desk.productIds;
  return served === null || productIds.every((id) => served.includes(id));
}

/**
 * The desks that may take the requested appointment at all: they serve every item and, with a location
 * asked for, are in it. Every answer of the engine is made from these alone, so that days, slots, holds
 * and reassignment cannot disagree about who serves what.
 */
export function qualifyingDesks<D extends DeskSchedule>(
  input: Pick<AvailabilityInput, 'productIds' | 'locationId'> & { desks: readonly D[] },
): D[] {
  const location = input.locationId ?? null;
  return input.desks.filter(
    (d) => servesAll(d, input.productIds) && (location === null || d.locationId === location),
  );
}

type WeeklyHours = Map<number, Array<{ opens: number; closes: number }>>;

/**
 * A desk's opening hours parsed per weekday, kept per desk object as the booking index is kept per busy
 * array: the API hands the same cached schedule to every request. Callers must not mutate a desk they
 * passed.
 */
const weeklyIndexes = new WeakMap<DeskSchedule, WeeklyHours>();

function weeklyHours(desk: DeskSchedule): WeeklyHours {
  const known = weeklyIndexes.get(desk);
  if (known) return known;
  const weekly: WeeklyHours = new Map();
  for (const h of desk.openingHours) {
    const opens = parseHm(h.opens);
    const closes = parseHm(h.closes);
    if (closes <= opens) continue;
    let list = weekly.get(h.weekday);
    if (!list) weekly.set(h.weekday, (list = []));
    list.push({ opens, closes });
  }
  weeklyIndexes.set(desk, weekly);
  return weekly;
}

function prepare(input: AvailabilityInput): Prepared {
  if (!(input.durationMinutes > 0)) throw new RangeError('durationMinutes must be positive');
  if (!(input.stepMinutes > 0)) throw new RangeError('stepMinutes must be positive');
  const byDesk = bookingsByDesk(input.busy);
  const desks = qualifyingDesks(input).map((desk): PreparedDesk => ({
    ...(byDesk.get(desk.id) ?? NO_BOOKINGS),
    desk,
    weekly: weeklyHours(desk),
  }));
  const closuresByDate = new Map<string, Closure[]>();
  for (const c of input.closures) {
    let list = closuresByDate.get(c.date);
    if (!list) closuresByDate.set(c.date, (list = []));
    list.push(c);
  }
  return {
    input,
    desks,
    closuresByDate,
    window: bookingWindow(input.now, input.zone, input.windowMonths),
    stepMs: input.stepMinutes * MINUTE,
    durationMs: input.durationMinutes * MINUTE,
  };
}

/** The overflow percentages on `date`: the latest-starting period that covers it, else the desk's defaults. */
function percentagesOn(desk: DeskSchedule, date: string): OverflowPercentages {
  let chosen: OverflowPercentages = desk.overflow;
  let chosenFrom = '';
  for (const p of desk.overflowPeriods) {
    if (p.from <= date && date <= p.until && p.from >= chosenFrom) {
      chosen = p;
      chosenFrom = p.from;
    }
  }
  return chosen;
}

/** Whether closure `c` closes `desk`: its own, one of its location's, or one of every desk. */
function closes(c: Closure, desk: DeskSchedule): boolean {
  if (c.deskId !== null) return c.deskId === desk.id;
  return c.locationId === null || c.locationId === desk.locationId;
}

function closureSpans(closures: readonly Closure[], desk: DeskSchedule, day: LocalDay): Span[] {
  const spans: Span[] = [];
  for (const c of closures) {
    if (!closes(c, desk)) continue;
    if (c.from && c.until) spans.push({ start: day.at(parseHm(c.from)), end: day.at(parseHm(c.until)) });
    else spans.push({ start: day.start, end: day.end });
  }
  return mergeSpans(spans);
}

/** The day parts' bounds as instants: on DST days they are still 12:00 and 17:00 on the wall clock. */
function dayPartBounds(day: LocalDay): number[] {
  return [day.start, day.at(AFTERNOON_STARTS_MINUTE), day.at(EVENING_STARTS_MINUTE), day.end];
}

/**
 * One desk's open minutes of one day per day part (after closures), split into what online booking may
 * fill (`bookable`: floor(open × (100 − pct) / 100), unlimited at 0 %) and what the overflow percentage
 * keeps for walk-ins (`walkIn`: the rest) — DESIGN §4.
 */
function partShares(
  desk: DeskSchedule,
  day: LocalDay,
  bounds: readonly number[],
  opening: readonly Span[],
  closed: readonly Span[],
): Array<{ bookable: number; walkIn: number }> {
  const pct = percentagesOn(desk, day.date);
  const openAfterClosures = mergeSpans(
    closed.length === 0 ? opening : opening.flatMap((o) => subtractSpans(o, closed)),
  );
  return DAY_PARTS.map((part, i) => {
    const percentage = pct[part];
    const openMinutes = Math.round(overlapLength(openAfterClosures, bounds[i]!, bounds[i + 1]!) / MINUTE);
    if (percentage <= 0) return { bookable: Infinity, walkIn: 0 };
    const bookable = Math.floor((openMinutes * (100 - Math.min(100, percentage))) / 100);
    return { bookable, walkIn: openMinutes - bookable };
  });
}

/**
 * The minutes a location keeps for walk-ins on `date` per day part (DESIGN §4b: walk-in tickets count
 * against the walk-in share): over its active desks, the open minutes the overflow percentages hold back
 * from online booking.
 */
export function walkInShare(
  input: Pick<AvailabilityInput, 'zone' | 'desks' | 'closures'> & { locationId: number },
  date: string,
): Record<DayPart, number> {
  const day = localDay(input.zone, date);
  const closures = input.closures.filter((c) => c.date === date);
  const bounds = dayPartBounds(day);
  const total = [0, 0, 0];
  for (const desk of input.desks) {
    if (desk.locationId !== input.locationId) continue;
    const opening = (weeklyHours(desk).get(day.weekday) ?? []).map((h) => ({
      start: day.at(h.opens),
      end: day.at(h.closes),
    }));
    const shares = partShares(desk, day, bounds, opening, closureSpans(closures, desk, day));
    shares.forEach((s, i) => (total[i]! += s.walkIn));
  }
  return { morning: total[0]!, afternoon: total[1]!, evening: total[2]! };
}

/**
 * Per day part, whether any desk of the location keeps a share for walk-ins on `date` (an overflow
 * percentage above 0, period or default). Without one there is no walk-in limit at all, which is not
 * the same as a share used up (issue 34 item 12, decision 0431).
 */
export function walkInShareSet(
  input: Pick<AvailabilityInput, 'desks'> & { locationId: number },
  date: string,
): Record<DayPart, boolean> {
  const here = input.desks
    .filter((d) => d.locationId === input.locationId)
    .map((d) => percentagesOn(d, date));
  return {
    morning: here.some((p) => p.morning > 0),
    afternoon: here.some((p) => p.afternoon > 0),
    evening: here.some((p) => p.evening > 0),
  };
}

/** One desk on one day: its opening intervals, what blocks it (closures and bookings) and its quotas. */
interface DeskDayState {
  /** Minutes booked that day (bookings starting on it): the desk-choice key. */
  bookedMinutes: number;
  opening: Span[];
  blocked: Span[];
  /** Whether a booking of the input's duration starting at `start` stays within its day part's quota. */
  quotaAllows: (start: number) => boolean;
}

function deskDayState(p: Prepared, pd: PreparedDesk, day: LocalDay): DeskDayState {
  const durationMinutes = p.input.durationMinutes;
  // A desk closed all day offers nothing, so its desk-choice key does not matter: on weekends every desk
  // stops here, before its bookings are counted.
  const hours = pd.weekly.get(day.weekday);
  if (!hours) return { bookedMinutes: 0, opening: [], blocked: [], quotaAllows: () => false };
  const bounds = dayPartBounds(day);
  const partOf = (ms: number): number => (ms < bounds[1]! ? 0 : ms < bounds[2]! ? 1 : 2);

  // Bookings that start on this day count towards its quotas and its desk-choice key.
  const booked = [0, 0, 0];
  let bookedMinutes = 0;
  for (let i = lowerBound(pd.starts, day.start); i < pd.starts.length && pd.starts[i]! < day.end; i++) {
    const minutes = (pd.ends[i]! - pd.starts[i]!) / MINUTE;
    booked[partOf(pd.starts[i]!)]! += minutes;
    bookedMinutes += minutes;
  }
  const opening = hours.map((h) => ({ start: day.at(h.opens), end: day.at(h.closes) }));
  const dayClosures = p.closuresByDate.get(day.date);
  // Most days close nothing: no spans to merge or subtract then (this runs for every desk and day).
  const closed = dayClosures ? closureSpans(dayClosures, pd.desk, day) : [];

  // Quota per part: floor(open minutes × (100 − pct) / 100); 0 % means no limit at all (decision 0051).
  const caps = partShares(pd.desk, day, bounds, opening, closed).map((s) => s.bookable);
  const quotaAllows = (start: number): boolean => {
    const part = partOf(start);
    return booked[part]! + durationMinutes <= caps[part]!;
  };

  // Bookings overlapping the day, joined with the closures: the desk is not free there.
  const busy: Span[] = [];
  for (let i = firstEndingAfter(pd.blocked, day.start); i < pd.blocked.length; i++) {
    const b = pd.blocked[i]!;
    if (b.start >= day.end) break;
    busy.push(b);
  }
  // `busy` is a run of the desk's merged bookings: already sorted and disjoint.
  const blocked = busy.length === 0 ? closed : closed.length === 0 ? busy : mergeSpans([...closed, ...busy]);
  return { bookedMinutes, opening, blocked, quotaAllows };
}

/**
 * Every start `pd`'s desk can offer on `day` (DESIGN §4). With `firstOnly` it stops at the first one, which
 * is all /available-days needs.
 */
function deskDay(p: Prepared, pd: PreparedDesk, day: LocalDay, firstOnly: boolean): DeskDay {
  const { stepMs, durationMs } = p;
  const now = p.input.now;
  const { bookedMinutes, opening, blocked, quotaAllows } = deskDayState(p, pd, day);
  const result: DeskDay = { deskId: pd.desk.id, starts: [], bookedMinutes };
  for (const o of opening) {
    for (const free of subtractSpans(o, blocked)) {
      // The grid runs from the opening interval's start; the first grid point inside the free stretch:
      let start = o.start + Math.ceil((free.start - o.start) / stepMs) * stepMs;
      for (; start + durationMs <= free.end; start += stepMs) {
        if (start <= now || !quotaAllows(start)) continue;
        result.starts.push(start);
        if (firstOnly) return result;
      }
    }
  }
  result.starts.sort((a, b) => a - b);
  return result;
}

/** Index of the first span in sorted disjoint `spans` whose end lies after `ms`. */
function firstEndingAfter(spans: readonly Span[], ms: number): number {
  let lo = 0;
  let hi = spans.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (spans[mid]!.end <= ms) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function inWindow(p: Prepared, date: string): boolean {
  return p.window.first <= date && date <= p.window.last;
}

/** The desk-days of `date`, in order of preference: fewest booked minutes that day, then lowest id. */
function rankedDeskDays(p: Prepared, date: string, firstOnly: boolean): DeskDay[] {
  const day = localDay(p.input.zone, date);
  return p.desks
    .map((pd) => deskDay(p, pd, day, firstOnly))
    .sort((a, b) => a.bookedMinutes - b.bookedMinutes || a.deskId - b.deskId);
}

/** The time slots of each date: one per start time, on the preferred desk that fits it (DESIGN §4). */
export function timeslots(input: AvailabilityInput, dates: readonly string[]): DaySlots[] {
  const p = prepare(input);
  return dates.map((date) => {
    if (!inWindow(p, date)) return { date, slots: [] };
    const chosen = new Map<number, Slot>();
    for (const dd of rankedDeskDays(p, date, false)) {
      for (const begin of dd.starts) {
        if (!chosen.has(begin)) chosen.set(begin, { begin, end: begin + p.durationMs, deskId: dd.deskId });
      }
    }
    return { date, slots: [...chosen.values()].sort((a, b) => a.begin - b.begin) };
  });
}

function dayHasSlot(p: Prepared, date: string): boolean {
  if (!inWindow(p, date)) return false;
  const day = localDay(p.input.zone, date);
  return p.desks.some((pd) => deskDay(p, pd, day, true).starts.length > 0);
}

/** The dates among `dates` that have at least one slot. */
export function availableDays(input: AvailabilityInput, dates: readonly string[]): string[] {
  const p = prepare(input);
  return dates.filter((date) => dayHasSlot(p, date));
}

/**
 * The first of `dates` (in the order given) that has a slot, or null: what /available-days would list
 * first, without looking at the days after it.
 */
export function firstAvailableDay(input: AvailabilityInput, dates: readonly string[]): string | null {
  const p = prepare(input);
  if (p.desks.length === 0) return null;
  return dates.find((date) => dayHasSlot(p, date)) ?? null;
}

/**
 * The desks that can take a booking starting exactly at `start`, most preferred first (make-reservation
 * tries them in this order). Empty when `start` is no slot at all.
 */
export function desksForStart(input: AvailabilityInput, start: number): number[] {
  const p = prepare(input);
  const date = localDateOf(start, input.zone);
  if (!inWindow(p, date)) return [];
  return rankedDeskDays(p, date, false)
    .filter((dd) => dd.starts.includes(start))
    .map((dd) => dd.deskId);
}

/**
 * The desks that can take exactly [start, start + duration): inside one opening interval, clear of
 * closures and bookings, within the quota — but off the slot grid, outside the booking window and in the
 * past too, because it judges an existing appointment at its own time (moving it to another desk, or
 * checking it still lies inside the schedule). Most preferred first, as desksForStart.
 */
export function desksForInterval(input: AvailabilityInput, start: number): number[] {
  const p = prepare(input);
  const end = start + p.durationMs;
  const day = localDay(input.zone, localDateOf(start, input.zone));
  return p.desks
    .map((pd) => {
      const state = deskDayState(p, pd, day);
      const inside = state.opening.some((o) => o.start <= start && end <= o.end);
      const free = state.blocked.every((b) => b.end <= start || end <= b.start);
      return {
        deskId: pd.desk.id,
        bookedMinutes: state.bookedMinutes,
        fits: inside && free && state.quotaAllows(start),
      };
    })
    .filter((d) => d.fits)
    .sort((a, b) => a.bookedMinutes - b.bookedMinutes || a.deskId - b.deskId)
    .map((d) => d.deskId);
}
