import { IANAZone } from 'luxon';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const HM_RE = /^([01]\d|2[0-4]):([0-5]\d)$/;

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** Minutes since local midnight of an 'HH:mm' wall-clock time; '24:00' is the end of the day. */
export function parseHm(value: string): number {
  const m = HM_RE.exec(value);
  if (!m) throw new RangeError(`invalid time of day: ${value}`);
  const minutes = Number(m[1]) * 60 + Number(m[2]);
  if (minutes > 24 * 60) throw new RangeError(`invalid time of day: ${value}`);
  return minutes;
}

/** One calendar date in the provider's zone, able to turn wall-clock minutes into instants. */
export interface LocalDay {
  date: string;
  /** 1 = Monday … 7 = Sunday. */
  weekday: number;
  /** Epoch ms of the day's first instant and of the next day's first instant (23, 24 or 25 hours apart). */
  start: number;
  end: number;
  /** Epoch ms of wall-clock minute `minuteOfDay` (0–1440) on this date. */
  at(minuteOfDay: number): number;
  /** The zone's UTC offset all day long, in minutes; null on a day the clocks change. */
  offsetMinutes: number | null;
}

function parseDate(date: string): { year: number; month: number; day: number } {
  const m = DATE_RE.exec(date);
  if (!m) throw new RangeError(`invalid date: ${date}`);
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day)
    throw new RangeError(`invalid date: ${date}`);
  return { year, month, day };
}

/** The date `days` after `date` (calendar arithmetic, no zone involved). */
export function addDays(date: string, days: number): string {
  const { year, month, day } = parseDate(date);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/**
 * Every date from `from` to `until`, both included. Every availability call lists its three months, so
 * the dates are counted in UTC milliseconds and not parsed back from each string (a fifth of the
 * engine's time when it was).
 */
export function datesBetween(from: string, until: string): string[] {
  const out: string[] = [];
  if (from > until) return out;
  const { year, month, day } = parseDate(from);
  parseDate(until);
  const d = new Date(Date.UTC(year, month - 1, day));
  for (;;) {
    const date = `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
    if (date > until) return out;
    out.push(date);
    d.setUTCDate(d.getUTCDate() + 1);
  }
}

/** The zone's UTC offset at an instant, in ms (Luxon's IANAZone keeps one Intl formatter per zone). */
function offsetAt(zone: string, ms: number): number {
  return IANAZone.create(zone).offset(ms) * MINUTE;
}

/** The instant of local midnight starting `date`, or the moment of the jump when midnight is skipped. */
function midnightOf(zone: string, year: number, month: number, day: number): number {
  const wall = Date.UTC(year, month - 1, day);
  const o1 = offsetAt(zone, wall);
  const o2 = offsetAt(zone, wall - o1);
  if (o1 === o2) return wall - o1;
  const o3 = offsetAt(zone, wall - o2);
  return o2 === o3 ? wall - o2 : wall - Math.min(o2, o3);
}

/**
 * Days are facts of the zone, so they are computed once and kept: the engine asks for the same three months
 * on every request. Bounded so a long-running process does not grow without limit.
 */
const dayCache = new Map<string, LocalDay>();
const DAY_CACHE_LIMIT = 5000;

/**
 * On an ordinary 24-hour day every wall-clock minute is `start + minute`. On a day whose offset changes
 * (the last Sundays of March and October in Europe) a wall-clock time means the first instant the clock
 * shows it: the skipped hour maps onto the moment of the jump, and a repeated time is its first
 * occurrence (decision 0050).
 */
export function localDay(zone: string, date: string): LocalDay {
  const key = `${zone}|${date}`;
  const cached = dayCache.get(key);
  if (cached) return cached;
  if (!IANAZone.isValidZone(zone)) throw new RangeError(`invalid zone: ${zone}`);
  const { year, month, day } = parseDate(date);
  const start = midnightOf(zone, year, month, day);
  const end = midnightOf(zone, year, month, day + 1);
  const weekday = ((new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7) + 1;
  const result: LocalDay = {
    date,
    weekday,
    start,
    end,
    at: (minute) => start + minute * MINUTE,
    offsetMinutes: end - start === DAY ? (Date.UTC(year, month - 1, day) - start) / MINUTE : null,
  };
  if (end - start !== DAY) {
    const before = offsetAt(zone, start);
    const after = offsetAt(zone, end - 1);
    // The instant of the change, to the minute (every real zone changes on a whole minute).
    let lo = start;
    let hi = end - MINUTE;
    while (hi - lo > MINUTE) {
      const mid = lo + Math.floor((hi - lo) / 2 / MINUTE) * MINUTE;
      if (offsetAt(zone, mid) === before) lo = mid;
      else hi = mid;
    }
    const change = hi;
    const midnightAsUtc = Date.UTC(year, month - 1, day);
    result.at = (minute) => {
      if (minute <= 0) return start;
      if (minute >= 24 * 60) return end;
      const wall = midnightAsUtc + minute * MINUTE;
      if (wall - before < change) return wall - before;
      if (wall - after >= change) return wall - after;
      return change;
    };
  }
  if (dayCache.size >= DAY_CACHE_LIMIT) dayCache.clear();
  dayCache.set(key, result);
  return result;
}

/**
 * The last day `localDateOf` answered, per zone: every availability call asks for today's date two or
 * three times, and each offset lookup formats a date through Intl. The day's exact bounds make the
 * shortcut exact, clock changes included.
 */
const lastDateOf = new Map<string, LocalDay>();

/** The local date of an instant in `zone`. */
export function localDateOf(ms: number, zone: string): string {
  const last = lastDateOf.get(zone);
  if (last && last.start <= ms && ms < last.end) return last.date;
  const date = new Date(ms + offsetAt(zone, ms)).toISOString().slice(0, 10);
  const day = localDay(zone, date);
  if (day.start <= ms && ms < day.end) lastDateOf.set(zone, day);
  return date;
}

/**
 * The zone's UTC offset at an instant, in minutes. Asking Intl (through Luxon) costs microseconds each
 * time and /timeslots formats two instants a slot (8 s of one bench process's 30 s busy time); a day
 * without a clock change has one offset from its first instant to its last, known from its bounds.
 */
function offsetMinutesAt(zone: string, ms: number): number {
  const day = localDay(zone, localDateOf(ms, zone));
  return day.offsetMinutes ?? IANAZone.create(zone).offset(ms);
}

/** ISO 8601 with the zone's offset and no milliseconds, e.g. 2026-03-29T09:00:00+02:00 (DESIGN §5). */
export function formatZonedIso(ms: number, zone: string): string {
  const offset = offsetMinutesAt(zone, ms);
  const wall = new Date(ms + offset * MINUTE);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return (
    `${pad(wall.getUTCFullYear(), 4)}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}` +
    `T${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}:${pad(wall.getUTCSeconds())}` +
    `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`
  );
}

/** The same day `months` later, clamped to the end of a shorter month (31 May + 3 months = 31 August). */
export function addMonths(date: string, months: number): string {
  const { year, month, day } = parseDate(date);
  const lastOfTarget = new Date(Date.UTC(year, month - 1 + months + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month - 1 + months, Math.min(day, lastOfTarget))).toISOString().slice(0, 10);
}

/** The booking window (DESIGN §4): today until the same day `months` ahead, in the provider's zone. */
export function bookingWindow(now: number, zone: string, months: number): { first: string; last: string } {
  const first = localDateOf(now, zone);
  return { first, last: addMonths(first, months) };
}
