import type { Desk } from '@balie/shared';

type OpeningHour = Desk['openingHours'][number];

/** One entry of a week's summary: the days ("ma–vr") and their periods ("08:30–12:30"). */
export interface HoursRun {
  days: string;
  periods: string[];
}

/**
 * A week's opening hours, compact, for the desk list: consecutive days with the same periods share one
 * entry ("ma–vr 08:30–12:30, 13:00–17:00", "za 10:00–12:00"; two days as "ma, di"); closed days are left
 * out. `dayNames` are the short weekday names, Monday first, in the interface language.
 */
export function hoursSummary(hours: OpeningHour[], dayNames: string[]): HoursRun[] {
  const periodsOf = (weekday: number) =>
    hours
      .filter((h) => h.weekday === weekday)
      .sort((a, b) => a.opens.localeCompare(b.opens))
      .map((h) => `${h.opens}–${h.closes}`);
  const runs: { first: number; last: number; periods: string[] }[] = [];
  for (let d = 0; d < 7; d++) {
    const periods = periodsOf(d + 1);
    const run = runs.at(-1);
    if (periods.length === 0) continue;
    if (run?.last === d - 1 && run.periods.join() === periods.join()) run.last = d;
    else runs.push({ first: d, last: d, periods });
  }
  return runs.map(({ first, last, periods }) => ({
    days:
      first === last
        ? (dayNames[first] ?? '')
        : `${dayNames[first]}${last === first + 1 ? ', ' : '–'}${dayNames[last]}`,
    periods,
  }));
}
