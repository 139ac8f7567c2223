import type { DraftState } from './draftSlice';
import type { ReservationState } from './reservationSlice';

/**
 * What the booking flow keeps over a reload (decision 0185) and where: the writer (draftStorage) and the
 * reader (storedBooking, loaded only when there is something to read) both need these, so they live
 * here rather than in either of them (one importing the other both ways was an import cycle, issue 16).
 */
export const BOOKING_STORAGE_KEY = 'balie.booking';

export interface BookingState {
  draft: DraftState;
  reservation: ReservationState;
}
