import { beforeEach, describe, expect, it } from 'vitest';
import { makeStore } from '../../../app/store';
import { reservation } from '../../../components/scheduling/test/fixtures';
import { initialDraftState, itemAdded, personalDataSet, type DraftState } from './draftSlice';
import { BOOKING_STORAGE_KEY, type BookingState } from './bookingState';
import { persistBooking, restoreBookingState, saveBookingState } from './draftStorage';
import { loadBookingState } from './storedBooking';
import { reservationExpired } from './reservationEvents';
import { initialReservationState } from './reservationSlice';

const held = reservation({ validTill: '2026-11-30T10:10:00.000Z' });
const beforeValidTill = Date.parse('2026-11-30T10:04:00.000Z');
const afterValidTill = Date.parse('2026-11-30T10:10:01.000Z');

const onReview: DraftState = {
  ...initialDraftState,
  step: 'review',
  appointmentItems: [{ productId: 1, amount: 2 }],
  date: '2026-12-01',
  fromDateTime: held.fromDateTime,
  untilDateTime: held.untilDateTime,
  desk: { id: held.desk.id, name: held.desk.name },
  // The location step was shown and a location chosen: both come back after a reload.
  locationId: held.desk.location.id,
  chooseLocation: true,
  location: held.desk.location,
  personal: { initials: 'J.', suffix: '', lastName: 'Jansen', email: 'j@example.com', phone: '0612345678' },
};
const booking: BookingState = {
  draft: onReview,
  reservation: { ...initialReservationState, reservation: held },
};

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

describe('booking draft in sessionStorage', () => {
  it('comes back as it was while the hold is still valid (the stored validTill is kept)', () => {
    saveBookingState(sessionStorage, booking);
    expect(loadBookingState(sessionStorage, beforeValidTill)).toEqual(booking);
    // Personal data never goes to localStorage.
    expect(localStorage.length).toBe(0);
  });

  it('drops a hold that ran out while away: back to the time step with the expiry notice, details kept', () => {
    saveBookingState(sessionStorage, booking);
    const loaded = loadBookingState(sessionStorage, afterValidTill);
    expect(loaded?.reservation.reservation).toBeNull();
    expect(loaded?.draft).toMatchObject({
      step: 'time',
      notice: 'reservation_expired',
      fromDateTime: null,
      desk: null,
      appointmentItems: onReview.appointmentItems,
      personal: onReview.personal,
    });
  });

  it('never restores a details or review step without a hold', () => {
    saveBookingState(sessionStorage, { ...booking, reservation: initialReservationState });
    expect(loadBookingState(sessionStorage, beforeValidTill)?.draft.step).toBe('time');
  });

  it('removes the draft once the appointment is confirmed', () => {
    saveBookingState(sessionStorage, booking);
    saveBookingState(sessionStorage, {
      draft: { ...onReview, step: 'done', id: 5, token: 'secret' },
      reservation: { ...initialReservationState, isReset: true },
    });
    expect(sessionStorage.getItem(BOOKING_STORAGE_KEY)).toBeNull();
  });

  it('ignores and removes what it cannot read', () => {
    sessionStorage.setItem(BOOKING_STORAGE_KEY, '{"version":1,"draft":{"step":"nowhere"}}');
    expect(loadBookingState(sessionStorage, beforeValidTill)).toBeUndefined();
    expect(sessionStorage.getItem(BOOKING_STORAGE_KEY)).toBeNull();
    sessionStorage.setItem(BOOKING_STORAGE_KEY, 'not json');
    expect(loadBookingState(sessionStorage, beforeValidTill)).toBeUndefined();
  });

  it('follows the store: each change is written, an expiry removes the hold from storage', () => {
    const store = makeStore();
    const stop = persistBooking(store, sessionStorage);
    store.dispatch(itemAdded(3));
    store.dispatch(personalDataSet({ lastName: 'Jansen' }));
    const loaded = loadBookingState(sessionStorage, beforeValidTill);
    expect(loaded?.draft.appointmentItems).toEqual([{ productId: 3, amount: 1 }]);
    expect(loaded?.draft.personal.lastName).toBe('Jansen');

    const restored = makeStore(loadBookingState(sessionStorage, beforeValidTill));
    expect(restored.getState().draft).toEqual(store.getState().draft);

    store.dispatch(reservationExpired());
    expect(loadBookingState(sessionStorage, beforeValidTill)?.reservation.reservation).toBeNull();
    stop();
  });

  it('restores on start-up: nothing without a stored booking, the stored booking (through its reader) with one', async () => {
    await expect(restoreBookingState(sessionStorage, beforeValidTill)).resolves.toBeUndefined();
    saveBookingState(sessionStorage, booking);
    await expect(restoreBookingState(sessionStorage, beforeValidTill)).resolves.toEqual(booking);
    sessionStorage.setItem(BOOKING_STORAGE_KEY, '{"version":2}');
    await expect(restoreBookingState(sessionStorage, beforeValidTill)).resolves.toBeUndefined();
    expect(sessionStorage.getItem(BOOKING_STORAGE_KEY)).toBeNull();
  });
});
