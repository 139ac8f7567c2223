import { z } from 'zod';
import { reservationSchema } from '@balie/shared';
import { draftSlice, initialDraftState, type DraftState } from './draftSlice';
import { draftStateSchema } from './draftSchema';
import { reservationExpired } from './reservationEvents';
import { initialReservationState, reservationSlice, type ReservationState } from './reservationSlice';

/**
 * The booking flow survives a reload (decision 0185): the draft and its hold are kept in sessionStorage —
 * per tab, gone when the tab closes, never localStorage because the draft holds personal data.
 */
export const BOOKING_STORAGE_KEY = 'balie.booking';

const storedBookingSchema = z.object({
  version: z.literal(1),
  draft: draftStateSchema,
  reservation: reservationSchema.nullable(),
});

export interface BookingState {
  draft: DraftState;
  reservation: ReservationState;
}

/** The part of a store this needs; the feature cannot import the app's store type (decision 0160). */
interface BookingStore {
  getState(): BookingState;
  subscribe(listener: () => void): () => void;
}

/**
 * The booking state kept in `storage`, or undefined when there is none (or it is unreadable). The stored
 * validTill is trusted, not asked again (decision 0185): a hold that ran out while the page was away is
 * dropped exactly as the banner drops it at zero, sending the visitor back to the time step.
 */
export function loadBookingState(storage: Storage, now: number): BookingState | undefined {
  let raw: unknown;
  try {
    raw = JSON.parse(storage.getItem(BOOKING_STORAGE_KEY) ?? 'null');
  } catch {
    raw = null;
  }
  const parsed = storedBookingSchema.safeParse(raw);
  if (!parsed.success) {
    if (raw !== null) storage.removeItem(BOOKING_STORAGE_KEY);
    return undefined;
  }
  const { draft, reservation } = parsed.data;
  const state: BookingState = {
    draft,
    reservation: { ...initialReservationState, reservation },
  };
  const holdGone = reservation !== null && Date.parse(reservation.validTill) <= now;
  // A step past 'time' without a hold cannot be shown: the same rule as an expiry.
  const orphaned = reservation === null && (draft.step === 'details' || draft.step === 'review');
  if (!holdGone && !orphaned) return state;
  return {
    draft: draftSlice.reducer(state.draft, reservationExpired()),
    reservation: reservationSlice.reducer(state.reservation, reservationExpired()),
  };
}

/** Writes the booking state, or removes it once there is nothing to keep (confirmed, reset, untouched). */
export function saveBookingState(storage: Storage, { draft, reservation }: BookingState): void {
  const nothingToKeep =
    draft.step === 'done' || (draft === initialDraftState && reservation.reservation === null);
  if (nothingToKeep) {
    storage.removeItem(BOOKING_STORAGE_KEY);
    return;
  }
  const stored: z.input<typeof storedBookingSchema> = {
    version: 1,
    draft,
    reservation: reservation.reservation,
  };
  try {
    storage.setItem(BOOKING_STORAGE_KEY, JSON.stringify(stored));
  } catch {
    // Storage full or blocked (private mode): the flow works, it just does not survive a reload.
  }
}

/** Mirrors the booking state into `storage` whenever it changes. */
export function persistBooking(store: BookingStore, storage: Storage): () => void {
  let last: BookingState | null = null;
  return store.subscribe(() => {
    const { draft, reservation } = store.getState();
    if (last && last.draft === draft && last.reservation === reservation) return;
    last = { draft, reservation };
    saveBookingState(storage, last);
  });
}
