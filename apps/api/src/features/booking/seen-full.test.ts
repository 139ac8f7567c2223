import { describe, expect, it } from 'vitest';
import { moment, noteFull, questionOf, SEEN_FULL_LIMIT, seenFullSince } from './seen-full.js';

const ITEMS = [
  { productId: 3, amount: 1 },
  { productId: 1, amount: 2 },
];
const START = Date.parse('2030-03-12T09:00:00+01:00');

describe('seenFullSince (decision 0413)', () => {
  it('answers only the requests that arrived before the read that found the start full began', () => {
    const owner = {};
    const question = questionOf(START, { appointmentItems: ITEMS })!;
    const early = moment();
    const readBegan = moment();
    const late = moment();
    expect(seenFullSince(owner, question, early)).toBe(false);
    noteFull(owner, question, readBegan);
    expect(seenFullSince(owner, question, early)).toBe(true);
    expect(seenFullSince(owner, question, late)).toBe(false);
    // Another owner (a test app beside this one) never sees it.
    expect(seenFullSince({}, question, early)).toBe(false);
  });

  it('keeps the latest read and forgets it after ten seconds', () => {
    const owner = {};
    const question = questionOf(START, { appointmentItems: ITEMS })!;
    const [arrived, first, second] = [moment(), moment(), moment()];
    noteFull(owner, question, second, 1_000);
    noteFull(owner, question, first, 1_000);
    expect(seenFullSince(owner, question, arrived)).toBe(true);
    // Noting another question 10 s later drops this one: a request waiting that long reads for itself.
    noteFull(owner, questionOf(START + 720_000, { appointmentItems: ITEMS })!, moment(), 11_001);
    expect(seenFullSince(owner, question, arrived)).toBe(false);
  });

  it('keeps at most SEEN_FULL_LIMIT marks, dropping the oldest', () => {
    const owner = {};
    const arrived = moment();
    const questions = Array.from({ length: SEEN_FULL_LIMIT + 1 }, (_, i) =>
      questionOf(START + i * 720_000, { appointmentItems: ITEMS })!,
    );
    for (const question of questions) noteFull(owner, question, moment(), 1_000);
    expect(seenFullSince(owner, questions[0]!, arrived)).toBe(false);
    expect(questions.slice(1).every((q) => seenFullSince(owner, q, arrived))).toBe(true);
  });

  it('asks the same question only for the same start, location and items, in any order', () => {
    const question = questionOf(START, { appointmentItems: ITEMS });
    expect(questionOf(START, { appointmentItems: [...ITEMS].reverse() })).toBe(question);
    expect(questionOf(START, { appointmentItems: ITEMS, locationId: 2 })).not.toBe(question);
    expect(questionOf(START, { appointmentItems: [{ productId: 3, amount: 1 }] })).not.toBe(question);
    expect(questionOf(START + 720_000, { appointmentItems: ITEMS })).not.toBe(question);
  });

  it('has no shared answer for a change or a replaced hold (their own slot counts as free)', () => {
    expect(questionOf(START, { appointmentItems: ITEMS, appointmentId: 7 })).toBeNull();
    expect(
      questionOf(START, {
        appointmentItems: ITEMS,
        replacesReservationId: '6f1c2a3e-0000-4000-8000-000000000000',
      }),
    ).toBeNull();
  });
});
