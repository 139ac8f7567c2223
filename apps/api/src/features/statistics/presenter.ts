import {
  DAY_PARTS,
  type DurationFigure,
  type OccupancyCell,
  type StatisticsDay,
  type StatisticsPart,
  type StatisticsProduct,
} from '@balie/shared';
import type { PartRow, ProductRow, WaitRow } from './repository.js';

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

type Counts = Pick<
  PartRow,
  'booked' | 'checkedIn' | 'noShow' | 'cancelled' | 'walkIns' | 'openMinutes' | 'bookedMinutes'
>;
const COUNT_KEYS = [
  'booked',
  'checkedIn',
  'noShow',
  'cancelled',
  'walkIns',
  'openMinutes',
  'bookedMinutes',
] as const;

function sum(rows: readonly Counts[]): Counts {
  const total = Object.fromEntries(COUNT_KEYS.map((k) => [k, 0])) as Counts;
  for (const r of rows) for (const k of COUNT_KEYS) total[k] += r[k];
  return total;
}

/**
 * The days in order, each with its day parts (each with its desks' open and booked minutes) and the
 * waiting and service times of the day and of each part; days without opening hours or events are left out.
 */
export function toDays(rows: readonly PartRow[], waits: readonly WaitRow[]): StatisticsDay[] {
  const byDay = new Map<string, PartRow[]>();
  for (const r of rows) {
    const list = byDay.get(r.day) ?? [];
    list.push(r);
    byDay.set(r.day, list);
  }
  const byKey = new Map(waits.map((w) => [`${w.day}/${w.part ?? ''}`, w]));
  const waitOf = (day: string, part: string | null) => byKey.get(`${day}/${part ?? ''}`);
  return [...byDay.entries()].map(([date, dayRows]) => {
    const parts: StatisticsPart[] = DAY_PARTS.flatMap((dayPart) => {
      const partRows = dayRows.filter((r) => r.part === dayPart);
      if (partRows.length === 0) return [];
      return [
        {
          dayPart,
          ...sum(partRows),
          ...times(waitOf(date, dayPart)),
          desks: partRows
            .filter((r) => r.deskId !== null)
            .map((r) => ({ deskId: r.deskId!, openMinutes: r.openMinutes, bookedMinutes: r.bookedMinutes })),
        },
      ];
    });
    return { date, ...sum(dayRows), ...times(waitOf(date, null)), parts };
  });
}

export function toProducts(rows: readonly ProductRow[]): StatisticsProduct[] {
  return rows.map(({ id, title, ...counts }) => ({
    product: { id, title },
    ...counts,
    noShowRate: rate(counts.noShow, counts.checkedIn + counts.noShow),
  }));
}

export function toOccupancy(
  rows: ReadonlyArray<{ weekday: number; hour: number; openMinutes: number; bookedMinutes: number }>,
): OccupancyCell[] {
  return rows
    .filter((r) => r.openMinutes > 0 || r.bookedMinutes > 0)
    .map((r) => ({ ...r, rate: rate(r.bookedMinutes, r.openMinutes) }));
}
