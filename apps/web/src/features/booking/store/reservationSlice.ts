import { createSlice, isAnyOf } from '@reduxjs/toolkit';
import { RESERVATION_MINUTES, type Reservation } from '@balie/shared';
import { resetAll } from '../../../lib/store/resetAll';
import { schedulingApi } from '../../../components/scheduling/schedulingApi';
import { bookingApi } from '../api/bookingApi';
import {
  appointmentLimitReached,
  itemAdded,
  itemEdited,
  itemRemoved,
  locationChosen,
  slotLost,
} from './draftSlice';
import { atHoldMaximum } from '../lib/holdMaximum';
import { reservationExpired } from './reservationEvents';

/** The hold of the guest flow (spec §3 "Reservation", §4). */
export interface ReservationState {
  reservation: Reservation | null;
  /** The last hold ran out; the banner says so until a new hold is made. */
  expired: boolean;
  /** It ran out at its longest life (HOLD_MAX_MINUTES): extending could not have kept it. */
  endedAtMax: boolean;
  /** The flow finished (confirmed) and the reservation was reset; clearReset returns to the initial state. */
  isReset: boolean;
  /**
   * A hold the visitor no longer shows (the products or the location changed after it was made): the
   * next hold names it as replaced so the server frees that desk at once instead of after its 10 minutes.
   */
  replaceableId: string | null;
}

export const initialReservationState: ReservationState = {
  reservation: null,
  expired: false,
  endedAtMax: false,
  isReset: false,
  replaceableId: null,
};

/**
 * The server's validTill wins (RESERVATION_MINUTES is configurable there and tests use short holds); only if
 * it were missing do we fall back to the spec's rule, creation time plus 10 minutes.
 */
function withValidity(reservation: Reservation): Reservation {
  if (reservation.validTill) return reservation;
  // Plain Date arithmetic: this slice is in the store, so Luxon here would load with every page (DESIGN §10).
  const created = Date.parse(reservation.createdDateTime);
  if (Number.isNaN(created)) return { ...reservation, validTill: '' };
  return { ...reservation, validTill: new Date(created + RESERVATION_MINUTES * 60_000).toISOString() };
}

export const reservationSlice = createSlice({
  name: 'reservation',
  initialState: initialReservationState,
  reducers: {
    reservationReset() {
      return { ...initialReservationState, isReset: true };
    },
    clearReset() {
      return initialReservationState;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(resetAll, () => initialReservationState)
      .addCase(reservationExpired, (state) => ({
        ...initialReservationState,
        expired: true,
        endedAtMax: atHoldMaximum(state.reservation),
      }))
      .addCase(slotLost, () => initialReservationState)
      // The server released the hold when it refused the confirmation.
      .addCase(appointmentLimitReached, () => initialReservationState)
      .addMatcher(isAnyOf(itemAdded, itemRemoved, itemEdited, locationChosen), (state) => {
        if (state.reservation) state.replaceableId = state.reservation.id;
        state.reservation = null;
      })
      .addMatcher(schedulingApi.endpoints.makeReservation.matchFulfilled, (state, action) => {
        if (action.meta.arg.originalArgs.appointmentId !== undefined) return state;
        if (action.payload.reservation !== true) return state;
        return { ...initialReservationState, reservation: withValidity(action.payload) };
      })
      .addMatcher(bookingApi.endpoints.extendReservation.matchFulfilled, (state, action) => {
        if (action.payload.reservation === true) {
          state.reservation = withValidity(action.payload);
          state.expired = false;
          return state;
        }
        // The server no longer keeps it: ran out, or past its longest life (DESIGN §6).
        return { ...initialReservationState, expired: true, endedAtMax: atHoldMaximum(state.reservation) };
      })
      .addMatcher(bookingApi.endpoints.confirmAppointment.matchFulfilled, () => ({
        ...initialReservationState,
        isReset: true,
      }));
  },
  selectors: {
    selectReservation: (state) => state.reservation,
    selectReservationState: (state) => state,
  },
});

export const { reservationReset, clearReset } = reservationSlice.actions;
export { reservationExpired };
export const { selectReservation, selectReservationState } = reservationSlice.selectors;
