/**
 * A per-process counter of this process's own changes to bookings (holds made, appointments cancelled,
 * moved or deleted). Read caches of bookings (booking/busy-snapshot.ts) compare it, so that a visitor of
 * this process sees their own change at once; it says nothing about other processes.
 */
const versions = new WeakMap<object, number>();

export function noteBookingsChanged(db: object): void {
  versions.set(db, (versions.get(db) ?? 0) + 1);
}

export function bookingsVersion(db: object): number {
  return versions.get(db) ?? 0;
}
