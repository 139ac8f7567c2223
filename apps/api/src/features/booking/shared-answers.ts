import type { BusyInterval } from '@balie/shared';
import type { Schedule } from './schedule.repository.js';

/**
 * The answers to questions about new appointments (/available-days) made from one schedule and one
 * snapshot of the window's bookings, kept exactly as long as both are. On a busy morning every visitor
 * asks the same three months for the same few products; the engine's answer is a pure function of the
 * schedule, the snapshot, the question and the minute, so within a snapshot's life (≤ 2 × BUSY_SNAPSHOT_MS)
 * one computation serves them all. It changes nothing about freshness: a new schedule version or a new
 * snapshot is a new object, and with it an empty set of answers. It never decides a booking (a hold
 * reads the bookings again under its lock).
 */
const answersOf = new WeakMap<Schedule, WeakMap<readonly BusyInterval[], Map<string, readonly string[]>>>();

/**
 * Questions are the visitor's to choose (products, location, dates): past this many different ones in
 * one snapshot the rest are computed each time instead of kept, so no client can grow the memory.
 */
export const SHARED_ANSWERS_LIMIT = 500;

export function sharedAnswer(
  schedule: Schedule,
  busy: readonly BusyInterval[],
  question: string,
  compute: () => string[],
): readonly string[] {
  let bySnapshot = answersOf.get(schedule);
  if (!bySnapshot) answersOf.set(schedule, (bySnapshot = new WeakMap()));
  let answers = bySnapshot.get(busy);
  if (!answers) bySnapshot.set(busy, (answers = new Map()));
  const known = answers.get(question);
  if (known) return known;
  const answer = Object.freeze(compute());
  if (answers.size < SHARED_ANSWERS_LIMIT) answers.set(question, answer);
  return answer;
}
