import type { Desk, QueueEntry } from '@balie/shared';
import { servesAll } from '@balie/shared';

const MINUTE = 60_000;

/** Whole minutes a visitor has waited: from coming in until called (or until `now` while waiting). */
export function waitedMinutes(entry: QueueEntry, now: number): number {
  const until = entry.calledAt ? Date.parse(entry.calledAt) : now;
  return Math.max(0, Math.floor((until - Date.parse(entry.checkedInAt)) / MINUTE));
}

/** Whether `desk` may call the entry (DESIGN §4b): same location, every product served. */
export function deskServesEntry(desk: Pick<Desk, 'locationId' | 'productIds'>, entry: QueueEntry): boolean {
  return (
    desk.locationId === entry.locationId &&
    servesAll(
      desk,
      entry.products.map((p) => p.product.id),
    )
  );
}
