import { z } from 'zod';
import { reservationSchema } from '@balie/shared';
import { draftSlice } from './draftSlice';
import { draftStateSchema } from './draftSchema';
import { BOOKING_STORAGE_KEY, type BookingState } from './bookingState';
import { reservationExpired } from './reservationEvents';
import { initialReservationState, reservationSlice } from './reservationSlice';

/**
 * Reading a stored booking back (decision 0185). Its own module because it needs zod: it is loaded only
 * when the tab has a stored booking, so a fresh visit to /new does not download zod (decision 0245).
 */
const storedBookingSchema = z.object({
  version: z.literal(1),
  draft: draftStateSchema,
  reservation: reservationSchema.nullable(),
});

/** What `saveBookingState` writes. */
export type StoredBooking = z.input<typeof storedBookingSchema>;

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
