import { describe, expect, it } from 'vitest';
import { initialDraftState, type DraftState } from '../store/draftSlice';
import { furthestStep, reachableStep, stepFromParam } from './stepNavigation';

const withItems: DraftState = { ...initialDraftState, appointmentItems: [{ productId: 1, amount: 1 }] };
const withSlot: DraftState = {
  ...withItems,
  fromDateTime: '2026-12-01T09:00:00+01:00',
  untilDateTime: '2026-12-01T09:12:00+01:00',
  desk: { id: 1, name: 'Desk 1' },
};
const complete: DraftState = {
  ...withSlot,
  personal: { initials: '', suffix: '', lastName: 'Dijk', email: 'j@example.com', phone: '0612345678' },
};

describe('step navigation', () => {
  it('reads ?step= and ignores anything else', () => {
    expect(stepFromParam('details')).toBe('details');
    expect(stepFromParam('Details')).toBeNull();
    expect(stepFromParam(null)).toBeNull();
  });

  it('knows how far the draft reaches', () => {
    expect(furthestStep(initialDraftState, false)).toBe('products');
    expect(furthestStep(withItems, false)).toBe('time');
    // A slot without a hold (it expired) stops at time; a hold without valid details at details.
    expect(furthestStep(withSlot, false)).toBe('time');
    expect(furthestStep(withSlot, true)).toBe('details');
    expect(furthestStep(complete, true)).toBe('review');
    expect(furthestStep({ ...complete, step: 'done' }, false)).toBe('done');
  });

  it('gives the asked step when reachable, otherwise the furthest reachable one', () => {
    expect(reachableStep('review', initialDraftState, false)).toBe('products');
    expect(reachableStep('review', withItems, false)).toBe('time');
    expect(reachableStep('review', withSlot, true)).toBe('details');
    expect(reachableStep('products', complete, true)).toBe('products');
    expect(reachableStep('time', complete, true)).toBe('time');
    expect(reachableStep('review', complete, true)).toBe('review');
    // 'done' only for a confirmed booking; a confirmed booking shows nothing else.
    expect(reachableStep('done', complete, true)).toBe('review');
    expect(reachableStep('time', { ...complete, step: 'done' }, false)).toBe('done');
  });
});
