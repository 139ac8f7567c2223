import type { MakeReservationRequest } from '@balie/shared';

/**
 * Which hold requests a read has already answered (decision 0413). When a crowd asks this process for
 * the same start (one-at-a-time.ts queues them), the first request whose fresh read finds no desk left
 * answers 409; every request of the crowd that ARRIVED BEFORE that read began, asking the very same
 * question, gets the same answer without reading again. Their refusal is decided by a read made during
 * their own lifetime: at that moment the start was full, which is a truthful answer to them (as if each
 * had read at that moment). A request that arrives after the read began reads for itself, so a desk
 * freed since is found. This is not a cache: a mark answers only requests that were already waiting
 * when its read began (and is dropped within seconds), and no booking is ever MADE from it — holds are
 * still decided under the desk-day lock and the exclusion constraint.
 */

/** One counter for arrivals and reads in this process: a smaller number came first. */
let moments = 0;

/** The moment a request arrived or a read began. */
export function moment(): number {
  return ++moments;
}

interface Full {
  /** The moment the read that found the start full began. */
  since: number;
  /** Wall-clock time it was noted, to forget it (only requests waiting then can use it). */
  notedAt: number;
}

const seen = new WeakMap<object, Map<string, Full>>();

/**
 * Noted marks older than this are dropped when a new one is noted. A request never waits this long in a
 * hold queue (STUCK_AFTER_MS is 2 s a task ahead) unless it is stuck; dropping a mark only makes a
 * request read for itself.
 */
const FORGET_AFTER_MS = 10_000;

/**
 * The question a hold asks, as far as its answer goes: the start, the location and the items. Null for
 * a request whose answer is its own (a change of an appointment or a replaced hold counts its own slot
 * as free): those always read.
 */
export function questionOf(
  start: number,
  body: Pick<
    MakeReservationRequest,
    'appointmentItems' | 'locationId' | 'replacesReservationId' | 'appointmentId'
  >,
): string | null {
  if (body.replacesReservationId !== undefined || body.appointmentId !== undefined) return null;
  const items = body.appointmentItems
    .map((i) => `${i.productId}x${i.amount}`)
    .sort()
    .join(',');
  return `${start}|${body.locationId ?? '*'}|${items}`;
}

/**
 * Questions are the visitor's to choose: past this many marks the oldest is dropped, so no client can
 * grow the memory (a dropped mark only makes a request read for itself).
 */
export const SEEN_FULL_LIMIT = 500;

/** A read that began at `since` found the start full for `question`. */
export function noteFull(owner: object, question: string, since: number, now = Date.now()): void {
  let byQuestion = seen.get(owner);
  if (!byQuestion) seen.set(owner, (byQuestion = new Map()));
  const before = byQuestion.get(question);
  if (before && before.since >= since) return;
  // Deleted and set again, so the map stays in the order marks were noted: the old ones are at its
  // front and forgetting stops at the first fresh one (not a scan of every mark on every hold).
  byQuestion.delete(question);
  byQuestion.set(question, { since, notedAt: now });
  for (const [key, full] of byQuestion) {
    if (now - full.notedAt <= FORGET_AFTER_MS && byQuestion.size <= SEEN_FULL_LIMIT) break;
    byQuestion.delete(key);
  }
}

/** Whether a read that began after `arrived` found the start full for `question`. */
export function seenFullSince(owner: object, question: string, arrived: number): boolean {
  const full = seen.get(owner)?.get(question);
  return full !== undefined && full.since > arrived;
}
