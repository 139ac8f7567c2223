import type { BusyInterval } from '@balie/shared';
import { describe, expect, it, vi } from 'vitest';
import type { Schedule } from './schedule.repository.js';
import { SHARED_ANSWERS_LIMIT, sharedAnswer } from './shared-answers.js';

const schedule = (version: number) => ({ version }) as unknown as Schedule;
const snapshot = (): readonly BusyInterval[] => Object.freeze([{ deskId: 1, start: 0, end: 60_000 }]);

describe('sharedAnswer', () => {
  it('computes one question once per schedule and snapshot', () => {
    const [s, busy] = [schedule(1), snapshot()];
    const compute = vi.fn(() => ['2026-12-01']);
    expect(sharedAnswer(s, busy, 'q', compute)).toEqual(['2026-12-01']);
    expect(sharedAnswer(s, busy, 'q', compute)).toEqual(['2026-12-01']);
    expect(compute).toHaveBeenCalledTimes(1);
    // Another question is its own answer.
    expect(sharedAnswer(s, busy, 'other', () => ['2026-12-02'])).toEqual(['2026-12-02']);
  });

  it('answers anew for a new snapshot or a new schedule', () => {
    const [s, busy] = [schedule(1), snapshot()];
    sharedAnswer(s, busy, 'q', () => ['2026-12-01']);
    expect(sharedAnswer(s, snapshot(), 'q', () => ['2026-12-03'])).toEqual(['2026-12-03']);
    expect(sharedAnswer(schedule(2), busy, 'q', () => ['2026-12-04'])).toEqual(['2026-12-04']);
  });

  it('keeps no more than its limit of questions per snapshot', () => {
    const [s, busy] = [schedule(1), snapshot()];
    for (let i = 0; i < SHARED_ANSWERS_LIMIT; i++) sharedAnswer(s, busy, `q${i}`, () => [String(i)]);
    const compute = vi.fn(() => ['late']);
    sharedAnswer(s, busy, 'one more', compute);
    sharedAnswer(s, busy, 'one more', compute);
    expect(compute).toHaveBeenCalledTimes(2);
    // The ones kept before the limit are still shared.
    expect(sharedAnswer(s, busy, 'q0', () => ['recomputed'])).toEqual(['0']);
  });

  it('hands out an answer nobody can change for the next visitor', () => {
    const answer = sharedAnswer(schedule(1), snapshot(), 'q', () => ['2026-12-01']);
    expect(() => (answer as string[]).push('2026-12-02')).toThrow(TypeError);
  });
});
