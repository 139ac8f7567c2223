import type { Desk } from '@balie/shared';

type OpeningHour = Desk['openingHours'][number];

/**
 * A week's opening hours in one line for the desk list: consecutive days with the same periods share
 * one entry, "ma–vr 08:30–12:30, 13:00–17:00; za 10:00–12:00"; closed days are left out.
 * `dayNames` are the short weekday names, Monday first, in the interface language.
 */
export function hoursSummary(hours: OpeningHour[], dayNames: string[]): string {
  const periodsOf = (weekday: number) =>
    hours
      .filter((h) => h.weekday === weekday)
      .sort((a, b) => a.opens.localeCompare(b.opens))
      .map((h) => `${h.opens}–${h.closes}`)
      .join(', ');
  const runs: { first: number; last: number; periods: string }[] = [];
  for (let d = 0; d < 7; d++) {
    const periods = periodsOf(d + 1);
    const run = runs.at(-1);
    if (periods && run?.periods === periods && run.last === d - 1) run.last = d;
    else if (periods) runs.push({ first: d, last: d, periods });
  }
  const days = ({ first, last }: { first: number; last: number }) =>
    first === last
      ? dayNames[first]
      : `${dayNames[first]}${last === first + 1 ? ', ' : '–'}${dayNames[last]}`;
  return runs.map((run) => `${days(run)} ${run.periods}`).join('; ');
}
