import { BOOKING_STEPS } from '../store/bookingSteps';
import type { BookingStep, DraftState } from '../store/draftSchema';
import type { PersonalDataCheck } from './personalDataCheck';

/** The steps a visitor moves between, in order (the stepper's steps; 'done' follows the last). */
export const FLOW_STEPS = [
  'products',
  'location',
  'time',
  'details',
  'review',
] as const satisfies readonly BookingStep[];

/**
 * The steps of this draft: the location step when the products are served at several locations, or when
 * the organisation has several active locations (`severalLocations`), so "Step 1 of 5" does not become
 * "Step 2 of 5" once the products are chosen (decision 0429); where these products are served at one
 * location only, the count passes over it.
 */
export function flowStepsOf(
  draft: Pick<DraftState, 'chooseLocation'>,
  severalLocations = false,
): BookingStep[] {
  return FLOW_STEPS.filter((step) => step !== 'location' || draft.chooseLocation || severalLocations);
}

/** The `?step=` of the address, or null when it is missing or names no step. */
export function stepFromParam(value: string | null): BookingStep | null {
  return BOOKING_STEPS.find((step) => step === value) ?? null;
}

/** Whether `furthestStep` will ask about the personal data (a draft holding a slot, not yet confirmed). */
export function needsPersonalDataCheck(draft: DraftState, hasHold: boolean): boolean {
  return draft.step !== 'done' && draft.appointmentItems.length > 0 && hasHold && draft.fromDateTime !== null;
}

/** The last step the draft allows: time needs a product, details a hold, review valid details. */
export function furthestStep(
  draft: DraftState,
  hasHold: boolean,
  personalDataValid: PersonalDataCheck,
): BookingStep {
  if (draft.step === 'done') return 'done';
  if (draft.appointmentItems.length === 0) return 'products';
  if (!hasHold || draft.fromDateTime === null) return 'time';
  if (!personalDataValid(draft.personal)) return 'details';
  return 'review';
}

/**
 * Where an address asking for `requested` lands (issue 9 item 2): that step when the draft allows it,
 * otherwise the furthest step it does allow. 'done' is shown only for a confirmed draft, and a confirmed
 * draft shows nothing else (going back from it starts a new booking — the caller's business). The
 * location step exists only for a draft that has it; an address asking for it otherwise gets the time
 * step's answer.
 */
export function reachableStep(
  requested: BookingStep,
  draft: DraftState,
  hasHold: boolean,
  personalDataValid: PersonalDataCheck,
): BookingStep {
  const furthest = furthestStep(draft, hasHold, personalDataValid);
  if (furthest === 'done' || requested === 'done') return furthest;
  const asked = requested === 'location' && !draft.chooseLocation ? 'time' : requested;
  return FLOW_STEPS.indexOf(asked) <= FLOW_STEPS.indexOf(furthest) ? asked : furthest;
}
