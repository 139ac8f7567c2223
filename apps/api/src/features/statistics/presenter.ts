import {
  type DurationFigure,
  type OccupancyCell,
  type StatisticsDay,
  type StatisticsPart,
  type StatisticsChannel,
  type StatisticsProduct,
} from '@balie/shared';
import type { ChannelRow, PartRow, ProductRow, WaitRow } from './repository.js';

const oneDecimal = (n: number | null) => (n === null ? null : Math.round(n * 10) / 10);
const rate = (part: number, whole: number) => (whole === 0 ? null : Math.round((part / whole) * 1000) / 1000);
const NO_TIMES: DurationFigure = { median: null, p90: null, count: 0 };

function times(w: WaitRow | undefined) {
  if (!w) return { wait: NO_TIMES, service: NO_TIMES };
  return {
    wait: { median: oneDecimal(w.waitMedian), p90: oneDecimal(w.waitP90), count: w.waitCount },
    service: { median: oneDecimal(w.serviceMedian), p90: oneDecimal(w.serviceP90), count: w.serviceCount },
  };
}

const COUNT_KEYS = [
  'booked',
  'checkedIn',
  'noShow',
  'cancelled',
  'walkIns',
  'openMinutes',
  'bookedMinutes',
] as const;
type Counts = Pick<PartRow, (typeof COUNT_KEYS)[number]>;

/** Only the counts of a row (a part in the answer carries no more than its schema names). */
const counts = (r: Counts) => Object.fromEntries(COUNT_KEYS.map((k) => [k, r[k]])) as Counts;

function sum(rows: readonly Counts[]): Counts {
  const total = Object.fromEntries(COUNT_KEYS.map((k) => [k, 0])) as Counts;
  for (const r of rows) for (const k of COUNT_KEYS) total[k] += r[k];
  return total;
}

/**
 * The days in order, each with its day parts (each with its desks' open and booked minutes) and the
 * waiting and service times of the day and of each part; days without opening hours or events are left
 * out. `rows` come per day and part, in order (partRows).
 */
export function toDays(rows: readonly PartRow[], waits: readonly WaitRow[]): StatisticsDay[] {
  const byKey = new Map(waits.map((w) => [`${w.day}/${w.part ?? ''}`, w]));
  const waitOf = (day: string, part: string | null) => byKey.get(`${day}/${part ?? ''}`);
  const days: StatisticsDay[] = [];
  let dayRows: PartRow[] = [];
  const flush = () => {
    if (dayRows.length === 0) return;
    const date = dayRows[0]!.day;
    const parts: StatisticsPart[] = dayRows.map((r) => ({
      dayPart: r.part,
      ...counts(r),
      ...times(waitOf(date, r.part)),
      desks: r.desks,
    }));
    days.push({ date, ...sum(dayRows), ...times(waitOf(date, null)), parts });
    dayRows = [];
  };
  for (const r of rows) {
    if (dayRows.length > 0 && dayRows[0]!.day !== r.day) flush();
    dayRows.push(r);
  }
  flush();
  return days;
}

export function toProducts(rows: readonly ProductRow[]): StatisticsProduct[] {
  return rows.map(({ id, title, ...counts }) => ({
    product: { id, title },
    ...counts,
    noShowRate: rate(counts.noShow, counts.checkedIn + counts.noShow),
  }));
}

export function toChannels(rows: readonly ChannelRow[]): StatisticsChannel[] {
  return rows.map((r) => ({ ...r, noShowRate: rate(r.noShow, r.checkedIn + r.noShow) }));
}

export function toOccupancy(
  rows: ReadonlyArray<{ weekday: number; hour: number; openMinutes: number; bookedMinutes: number }>,
): OccupancyCell[] {
  return rows
    .filter((r) => r.openMinutes > 0 || r.bookedMinutes > 0)
    .map((r) => ({ ...r, rate: rate(r.bookedMinutes, r.openMinutes) }));
}
