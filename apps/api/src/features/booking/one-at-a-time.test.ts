import { describe, expect, it } from 'vitest';
import { oneAtATime } from './one-at-a-time.js';

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('oneAtATime', () => {
  it('runs tasks of one key one after the other in arrival order; other keys run alongside', async () => {
    const owner = {};
    const log: string[] = [];
    const task = (name: string) => async () => {
      log.push(`${name} start`);
      await tick();
      log.push(`${name} end`);
      return name;
    };
    const results = await Promise.all([
      oneAtATime(owner, 'a', task('a1')),
      oneAtATime(owner, 'a', task('a2')),
      oneAtATime(owner, 'b', task('b1')),
    ]);
    expect(results).toEqual(['a1', 'a2', 'b1']);
    expect(log.indexOf('a2 start')).toBeGreaterThan(log.indexOf('a1 end'));
    expect(log.indexOf('b1 start')).toBeLessThan(log.indexOf('a1 end'));
  });

  it('goes on with the next task when one fails, and hands each its own outcome', async () => {
    const owner = {};
    const failing = oneAtATime(owner, 'k', () => Promise.reject(new Error('no')));
    const next = oneAtATime(owner, 'k', () => Promise.resolve('yes'));
    await expect(failing).rejects.toThrow('no');
    await expect(next).resolves.toBe('yes');
  });

  it('keeps owners apart', async () => {
    let release!: () => void;
    const blocked = oneAtATime({}, 'k', () => new Promise<void>((r) => (release = r)));
    await expect(oneAtATime({}, 'k', () => Promise.resolve('free'))).resolves.toBe('free');
    release();
    await blocked;
  });
});
