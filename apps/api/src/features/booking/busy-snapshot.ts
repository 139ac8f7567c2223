import { localDay, type BusyInterval } from '@balie/shared';
import type { Db } from '../../db/client.js';
import { bookingsVersion } from '../appointments/booking-changes.js';
import { loadBusy } from './schedule.repository.js';

/**
 * How long one process answers /available-days and /timeslots (for new appointments) from one read of
 * the whole window's bookings. Every visitor asks about the same three months whatever their products,
 * so one read serves them all; a guest may see a slot that was taken up to this long ago, exactly as if
 * they had asked a moment earlier. Correctness never depends on it: make-reservation reads the bookings
 * again inside the desk-day lock, and the exclusion constraint has the last word (decision 0110).
 */
export const BUSY_SNAPSHOT_MS = 1000;

interface Snapshot {
  window: string;
  /** This process's own booking changes before the read (booking-changes.ts). */
  version: number;
  /** When its read started: its age counts from there. */
  at: number;
  busy: Promise<readonly BusyInterval[]>;
}

const snapshots = new WeakMap<Db, Snapshot>();

/**
 * The active bookings of the booking window `first`…`last` as read at most BUSY_SNAPSHOT_MS ago; one
 * read at a time however many requests arrive. The array is frozen: the engine indexes it once.
 */
export function busySnapshot(
  db: Db,
  zone: string,
  window: { first: string; last: string },
  now: number,
): Promise<readonly BusyInterval[]> {
  const key = `${zone}|${window.first}|${window.last}`;
  const version = bookingsVersion(db);
  const hit = snapshots.get(db);
  if (
    hit &&
    hit.window === key &&
    hit.version === version &&
    hit.at <= now &&
    now - hit.at < BUSY_SNAPSHOT_MS
  )
    return hit.busy;
  const busy = loadBusy(db, {
    from: new Date(localDay(zone, window.first).start),
    until: new Date(localDay(zone, window.last).end),
    now: new Date(now),
  }).then((rows) => Object.freeze(rows));
  const snapshot = { window: key, version, at: now, busy };
  snapshots.set(db, snapshot);
  busy.catch(() => {
    if (snapshots.get(db) === snapshot) snapshots.delete(db);
  });
  return busy;
}
