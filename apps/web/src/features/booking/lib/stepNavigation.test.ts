import { describe, expect, it } from 'vitest';
import { initialDraftState, type DraftState } from '../store/draftSlice';
import { loadPersonalDataCheck } from './personalDataCheck';
import {
  flowStepsOf,
  furthestStep,
  needsPersonalDataCheck,
  reachableStep,
  stepFromParam,
} from './stepNavigation';

// The real check (shared schema), as the page loads it.
const valid = await loadPersonalDataCheck();

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

  it('asks about the personal data only for a draft holding a slot (the check loads with zod, later)', () => {
    expect(needsPersonalDataCheck(initialDraftState, false)).toBe(false);
    expect(needsPersonalDataCheck(withItems, true)).toBe(false);
    expect(needsPersonalDataCheck(withSlot, false)).toBe(false);
    expect(needsPersonalDataCheck(withSlot, true)).toBe(true);
    expect(needsPersonalDataCheck({ ...complete, step: 'done' }, true)).toBe(false);
  });

  it('knows how far the draft reaches', () => {
    expect(furthestStep(initialDraftState, false, valid)).toBe('products');
    expect(furthestStep(withItems, false, valid)).toBe('time');
    // A slot without a hold (it expired) stops at time; a hold without valid details at details.
    expect(furthestStep(withSlot, false, valid)).toBe('time');
    expect(furthestStep(withSlot, true, valid)).toBe('details');
    expect(furthestStep(complete, true, valid)).toBe('review');
    expect(furthestStep({ ...complete, step: 'done' }, false, valid)).toBe('done');
  });

  it('gives the asked step when reachable, otherwise the furthest reachable one', () => {
    expect(reachableStep('review', initialDraftState, false, valid)).toBe('products');
    expect(reachableStep('review', withItems, false, valid)).toBe('time');
    expect(reachableStep('review', withSlot, true, valid)).toBe('details');
    expect(reachableStep('products', complete, true, valid)).toBe('products');
    expect(reachableStep('time', complete, true, valid)).toBe('time');
    expect(reachableStep('review', complete, true, valid)).toBe('review');
    // 'done' only for a confirmed booking; a confirmed booking shows nothing else.
    expect(reachableStep('done', complete, true, valid)).toBe('review');
    expect(reachableStep('time', { ...complete, step: 'done' }, false, valid)).toBe('done');
  });

  it('has a location step only for products served at several locations', () => {
    const several = { ...withItems, chooseLocation: true };
    expect(flowStepsOf(withItems)).toEqual(['products', 'time', 'details', 'review']);
    expect(flowStepsOf(several)).toEqual(['products', 'location', 'time', 'details', 'review']);
    expect(reachableStep('location', several, false, valid)).toBe('location');
    expect(reachableStep('location', { ...complete, chooseLocation: true }, true, valid)).toBe('location');
    // Without one the address gets the time step's answer; without products, the products step.
    expect(reachableStep('location', withItems, false, valid)).toBe('time');
    expect(reachableStep('location', initialDraftState, false, valid)).toBe('products');
  });
});
