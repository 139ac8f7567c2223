import { afterEach, describe, expect, it, vi } from 'vitest';
import { oneAtATime, STUCK_AFTER_MS } from './one-at-a-time.js';

/** A task that runs until the test lets it end, noting when it starts and ends. */
function controlled(log: string[], name: string) {
  let end!: () => void;
  const ended = new Promise<void>((resolve) => (end = resolve));
  const task = async () => {
    log.push(`${name} start`);
    await ended;
    log.push(`${name} end`);
    return name;
  };
  return { task, end };
}

describe('oneAtATime', () => {
  afterEach(() => vi.useRealTimers());

  it('runs tasks of one key one after the other in arrival order; other keys run alongside', async () => {
    const owner = {};
    const log: string[] = [];
    const [a1, a2, b1] = ['a1', 'a2', 'b1'].map((name) => controlled(log, name));
    const results = Promise.all([
      oneAtATime(owner, 'a', a1!.task),
      oneAtATime(owner, 'a', a2!.task),
      oneAtATime(owner, 'b', b1!.task),
    ]);
    await vi.waitFor(() => expect(log).toEqual(['a1 start', 'b1 start']));
    a1!.end();
    await vi.waitFor(() => expect(log).toContain('a2 start'));
    expect(log.indexOf('a2 start')).toBeGreaterThan(log.indexOf('a1 end'));
    a2!.end();
    b1!.end();
    expect(await results).toEqual(['a1', 'a2', 'b1']);
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

  it(
    'lets the next task run once one has run for the time limit: a stuck task holds up no one for ever',
    { timeout: 5_000 },
    async () => {
      vi.useFakeTimers();
      const owner = {};
      const log: string[] = [];
      const stuck = controlled(log, 'stuck');
      const never = oneAtATime(owner, 'k', stuck.task);
      const next = oneAtATime(owner, 'k', () => Promise.resolve('next'));
      const last = oneAtATime(owner, 'k', () => Promise.resolve('last'));
      await vi.advanceTimersByTimeAsync(STUCK_AFTER_MS - 1);
      expect(log).toEqual(['stuck start']);
      await vi.advanceTimersByTimeAsync(1);
      await expect(next).resolves.toBe('next');
      await expect(last).resolves.toBe('last');
      // The stuck one still gets its own outcome when it ends.
      stuck.end();
      await expect(never).resolves.toBe('stuck');
    },
  );

  it('counts the limit from the start of the task ahead, so a long queue of quick tasks keeps its order', async () => {
    vi.useFakeTimers();
    const owner = {};
    const log: string[] = [];
    const tasks = ['t1', 't2', 't3'].map((name) => controlled(log, name));
    const results = Promise.all(tasks.map((t) => oneAtATime(owner, 'k', t.task)));
    for (const [i, t] of tasks.entries()) {
      // Each waits in the queue longer than the limit in all, but runs alone.
      await vi.advanceTimersByTimeAsync(STUCK_AFTER_MS - 1);
      expect(log.at(-1)).toBe(`t${i + 1} start`);
      t.end();
    }
    expect(await results).toEqual(['t1', 't2', 't3']);
    expect(log).toEqual(['t1 start', 't1 end', 't2 start', 't2 end', 't3 start', 't3 end']);
  });
});
