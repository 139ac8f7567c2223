import { loadPersonalDataCheck } from '../lib/personalDataCheck';
import { BOOKING_STORAGE_KEY, type BookingState } from './bookingState';
import { initialDraftState } from './draftSlice';
import type { StoredBooking } from './storedBooking';

/*
 * The booking flow survives a reload (decision 0185): the draft and its hold are kept in sessionStorage —
 * per tab, gone when the tab closes, never localStorage because the draft holds personal data.
 */

/** The part of a store this needs; the feature cannot import the app's store type (decision 0160). */
interface BookingStore {
  getState(): BookingState;
  subscribe(listener: () => void): () => void;
}

/**
 * The booking state kept in `storage`, if any. Only a tab that has one loads the reader (and zod with it):
 * a fresh visit to /new starts at once, without that download (decision 0245).
 */
export async function restoreBookingState(storage: Storage, now: number): Promise<BookingState | undefined> {
  if (storage.getItem(BOOKING_STORAGE_KEY) === null) return undefined;
  // The step sync needs the personal-data check for a draft with a hold: load it alongside.
  const [{ loadBookingState }] = await Promise.all([import('./storedBooking'), loadPersonalDataCheck()]);
  return loadBookingState(storage, now);
}

/** Writes the booking state, or removes it once there is nothing to keep (confirmed, reset, untouched). */
export function saveBookingState(storage: Storage, { draft, reservation }: BookingState): void {
  const nothingToKeep =
    draft.step === 'done' || (draft === initialDraftState && reservation.reservation === null);
  if (nothingToKeep) {
    storage.removeItem(BOOKING_STORAGE_KEY);
    return;
  }
  const stored: StoredBooking = {
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
