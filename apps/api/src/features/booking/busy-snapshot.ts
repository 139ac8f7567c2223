import { localDay, type BusyInterval } from '@balie/shared';
import type { Db } from '../../db/client.js';
import { bookingsVersion } from '../appointments/booking-changes.js';
import { loadBusy } from './schedule.repository.js';

/**
 * How long one process answers /available-days and /timeslots (for new appointments) from one read of
 * the whole window's bookings. Every visitor asks about the same three months whatever their products,
 * so one read serves them all; a guest may see a slot that was taken up to about this long ago, exactly
 * as if they had asked a moment earlier. Correctness never depends on it: make-reservation reads the
 * bookings again inside the desk-day lock, and the exclusion constraint has the last word (decision 0110).
 */
export const BUSY_SNAPSHOT_MS = 1000;

interface Snapshot {
  key: string;
  /** This process's own booking changes before the read (booking-changes.ts). */
  version: number;
  /** When its read started: its age counts from there. */
  at: number;
  busy: Promise<readonly BusyInterval[]>;
  /** The bookings once read. */
  ready?: readonly BusyInterval[];
  /** The read that will replace it, once it is older than BUSY_SNAPSHOT_MS. */
  next?: Promise<readonly BusyInterval[]>;
}

const snapshots = new WeakMap<Db, Snapshot>();

function read(db: Db, zone: string, window: { first: string; last: string }, now: number, key: string) {
  const snapshot: Snapshot = {
    key,
    version: bookingsVersion(db),
    at: now,
    busy: loadBusy(db, {
      from: new Date(localDay(zone, window.first).start),
      until: new Date(localDay(zone, window.last).end),
      now: new Date(now),
    }).then((rows) => (snapshot.ready = Object.freeze(rows))),
  };
  return snapshot;
}

/**
 * The active bookings of the booking window `first`…`last`, read at most BUSY_SNAPSHOT_MS ago, or while
 * a newer read is on its way at most twice that: requests never queue behind the refresh, and there is one
 * read at a time however many requests arrive. After this process changed a booking itself, requests
 * wait for a new read. The array is frozen: the engine indexes it once.
 */
export function busySnapshot(
  db: Db,
  zone: string,
  window: { first: string; last: string },
  now: number,
): Promise<readonly BusyInterval[]> {
  const key = `${zone}|${window.first}|${window.last}`;
  const hit = snapshots.get(db);
  if (!hit || hit.key !== key || hit.version !== bookingsVersion(db) || now < hit.at) {
    const fresh = read(db, zone, window, now, key);
    remember(db, fresh);
    return fresh.busy;
  }
  const age = now - hit.at;
  if (age < BUSY_SNAPSHOT_MS) return hit.busy;
  if (!hit.next) {
    const fresh = read(db, zone, window, now, key);
    hit.next = fresh.busy;
    fresh.busy.then(
      () => {
        if (snapshots.get(db) === hit) snapshots.set(db, fresh);
      },
      () => (hit.next = undefined),
    );
  }
  return hit.ready && age < 2 * BUSY_SNAPSHOT_MS ? Promise.resolve(hit.ready) : hit.next;
}

function remember(db: Db, snapshot: Snapshot): void {
  snapshots.set(db, snapshot);
  snapshot.busy.catch(() => {
    if (snapshots.get(db) === snapshot) snapshots.delete(db);
  });
}
