/**
 * Runs tasks with the same key one after the other, in the order they arrive; other keys do not wait.
 * Per database handle (like the caches next to it), so test apps in one process stay apart.
 *
 * Why the holds use it (decision 0273): when a crowd asks this process for the same start at the same
 * moment, each request would otherwise read the day as free, chase the same few desk locks and retry
 * transaction after transaction. One at a time, each reads the bookings the one before it committed:
 * while desks are left it takes one, after that its read shows the slot full and it answers 409 with
 * one query. Correctness never depends on it: other processes' holds still meet in the database's
 * desk-day locks and exclusion constraint — which is also why a task that waited for the time limit
 * may run beside a stuck one (`STUCK_AFTER_MS`).
 */
const queues = new WeakMap<object, Map<string, Promise<void>>>();

/**
 * How long a task may run before the next one of its key starts anyway (decision 0296). A hold takes a
 * few milliseconds; one that runs this long is stuck (a lock held elsewhere, a database that stopped
 * answering), and the visitors behind it must not wait for it for ever. The limit is counted from the
 * start of the task ahead, never from arrival: a long queue of quick tasks keeps its order.
 */
export const STUCK_AFTER_MS = 2_000;

export function oneAtATime<T>(owner: object, key: string, task: () => Promise<T>): Promise<T> {
  let byKey = queues.get(owner);
  if (!byKey) queues.set(owner, (byKey = new Map()));
  const before = byKey.get(key) ?? Promise.resolve();
  // The task ahead is over: it settled, whether it succeeded or failed, or it ran for the limit.
  const result = before.then(task);
  const turnOver = before.then(
    () =>
      new Promise<void>((resolve) => {
        const limit = setTimeout(resolve, STUCK_AFTER_MS);
        const settled = () => {
          clearTimeout(limit);
          resolve();
        };
        result.then(settled, settled);
      }),
  );
  byKey.set(key, turnOver);
  void turnOver.then(() => {
    if (byKey.get(key) === turnOver) byKey.delete(key);
  });
  return result;
}
