import { describe, expect, it } from 'vitest';
import { hoursSummary } from './hoursSummary';

const nl = ['ma', 'di', 'wo', 'do', 'vr', 'za', 'zo'];
const day = (weekday: number, opens: string, closes: string) => ({ weekday, opens, closes });
const workweek = [1, 2, 3, 4, 5].flatMap((d) => [day(d, '13:00', '17:00'), day(d, '08:30', '12:30')]);
const lines = (hours: ReturnType<typeof day>[]) =>
  hoursSummary(hours, nl).map((run) => `${run.days} ${run.periods.join(', ')}`);

describe('hoursSummary', () => {
  it('joins consecutive days with the same periods and leaves closed days out', () => {
    expect(lines(workweek)).toEqual(['ma–vr 08:30–12:30, 13:00–17:00']);
    expect(lines([...workweek, day(6, '10:00', '12:00')])).toEqual([
      'ma–vr 08:30–12:30, 13:00–17:00',
      'za 10:00–12:00',
    ]);
  });

  it('names two days apart, and does not join days across a closed one', () => {
    const hours = [day(1, '09:00', '12:00'), day(2, '09:00', '12:00'), day(4, '09:00', '12:00')];
    expect(lines(hours)).toEqual(['ma, di 09:00–12:00', 'do 09:00–12:00']);
  });

  it('is empty for a desk without opening hours', () => {
    expect(lines([])).toEqual([]);
  });
});
