/**
 * Runs tasks with the same key one after the other, in the order they arrive; other keys do not wait.
 * Per database handle (like the caches next to it), so test apps in one process stay apart.
 *
 * Why the holds use it (decision 0273): when a crowd asks this process for the same start at the same
 * moment, each request would otherwise read the day as free, chase the same few desk locks and retry
 * transaction after transaction. One at a time, each reads the bookings the one before it committed:
 * while desks are left it takes one, after that its read shows the slot full and it answers 409 with
 * one query. Correctness never depends on it: other processes' holds still meet in the database's
 * desk-day locks and exclusion constraint.
 */
const queues = new WeakMap<object, Map<string, Promise<unknown>>>();

export function oneAtATime<T>(owner: object, key: string, task: () => Promise<T>): Promise<T> {
  let byKey = queues.get(owner);
  if (!byKey) queues.set(owner, (byKey = new Map()));
  const before = byKey.get(key) ?? Promise.resolve();
  // After the one before has settled, whether it succeeded or failed.
  const result = before.then(task);
  const settled = result.catch(() => undefined);
  byKey.set(key, settled);
  void settled.then(() => {
    if (byKey.get(key) === settled) byKey.delete(key);
  });
  return result;
}
