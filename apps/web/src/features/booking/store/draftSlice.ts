import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { MAX_PRODUCTS_PER_APPOINTMENT } from '@balie/shared';
import { resetAll } from '../../../lib/store/resetAll';
import { schedulingApi } from '../../../components/scheduling/schedulingApi';
import { bookingApi } from '../api/bookingApi';
import { reservationExpired } from './reservationEvents';
import type { DraftItem, DraftState, PersonalDraft, BookingNotice, BookingStep } from './draftSchema';

export type { BookingNotice, BookingStep, DraftItem, DraftState, PersonalDraft } from './draftSchema';

const emptyPersonal: PersonalDraft = { initials: '', suffix: '', lastName: '', email: '', phone: '' };

export const initialDraftState: DraftState = {
  step: 'products',
  id: null,
  token: null,
  checkInCode: null,
  appointmentItems: [],
  date: null,
  fromDateTime: null,
  untilDateTime: null,
  desk: null,
  locationId: null,
  chooseLocation: false,
  location: null,
  personal: emptyPersonal,
  notice: null,
};

function clearSlot(state: DraftState) {
  state.fromDateTime = null;
  state.untilDateTime = null;
  state.desk = null;
  state.location = null;
}

export const draftSlice = createSlice({
  name: 'draft',
  initialState: initialDraftState,
  reducers: {
    /** Adds a product with amount 1; a product already chosen, or a fifth one, is ignored. */
    itemAdded(state, action: PayloadAction<number>) {
      const productId = action.payload;
      if (state.appointmentItems.some((i) => i.productId === productId)) return;
      if (state.appointmentItems.length >= MAX_PRODUCTS_PER_APPOINTMENT) return;
      state.appointmentItems.push({ productId, amount: 1 });
      clearSlot(state);
    },
    /** The products of a booking link (/new?items=…) replace the chosen ones; the visitor starts at products. */
    itemsChosen(state, action: PayloadAction<DraftItem[]>) {
      state.appointmentItems = action.payload;
      state.step = 'products';
      clearSlot(state);
    },
    itemRemoved(state, action: PayloadAction<number>) {
      state.appointmentItems = state.appointmentItems.filter((i) => i.productId !== action.payload);
      clearSlot(state);
    },
    /** Replaces the item of that product with one of the new amount. */
    itemEdited(state, action: PayloadAction<DraftItem>) {
      const { productId, amount } = action.payload;
      if (!Number.isInteger(amount) || amount < 1) return;
      state.appointmentItems = state.appointmentItems.map((i) =>
        i.productId === productId ? { productId, amount } : i,
      );
      clearSlot(state);
    },
    /**
     * Leaving the products step: with more than one location serving them the location step follows
     * (DESIGN §4b), else the time step.
     */
    productsDone(state, action: PayloadAction<{ chooseLocation: boolean }>) {
      state.chooseLocation = action.payload.chooseLocation;
      state.step = action.payload.chooseLocation ? 'location' : 'time';
    },
    /**
     * Another location (null: every location): the held slot and the day were for the other one. Sent
     * only for a real change (the hold is given up with it, see reservationSlice).
     */
    locationChosen(state, action: PayloadAction<number | null>) {
      state.locationId = action.payload;
      state.date = null;
      clearSlot(state);
    },
    personalDataSet(state, action: PayloadAction<Partial<PersonalDraft>>) {
      state.personal = { ...state.personal, ...action.payload };
    },
    stepChanged(state, action: PayloadAction<BookingStep>) {
      state.step = action.payload;
    },
    dateSelected(state, action: PayloadAction<string>) {
      state.date = action.payload;
      state.notice = null;
    },
    noticeShown(state, action: PayloadAction<BookingNotice | null>) {
      state.notice = action.payload;
    },
    /** The hold is gone (taken by someone else between hold and confirm): choose another time. */
    slotLost(state) {
      clearSlot(state);
      state.step = 'time';
      state.notice = 'slot_unavailable';
    },
    /**
     * The confirmation was refused because the e-mail address has the most appointments ahead (DESIGN §6);
     * the server released the hold. Back to the time step, everything entered kept.
     */
    appointmentLimitReached(state) {
      clearSlot(state);
      state.step = 'time';
      state.notice = 'too_many_appointments';
    },
    /**
     * Keeps personal data, items and the location chosen; clears id, token, check-in code, times, date,
     * dialog and desk (spec §4).
     */
    softReset(state) {
      return {
        ...initialDraftState,
        appointmentItems: state.appointmentItems,
        personal: state.personal,
        locationId: state.locationId,
      };
    },
    fullReset() {
      return initialDraftState;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(resetAll, () => initialDraftState)
      .addCase(reservationExpired, (state) => {
        clearSlot(state);
        if (state.step !== 'products' && state.step !== 'done') {
          state.step = 'time';
          state.notice = 'reservation_expired';
        }
      })
      .addMatcher(schedulingApi.endpoints.makeReservation.matchFulfilled, (state, action) => {
        // Holds made to move an existing appointment belong to the edit/change screens, not to this draft.
        if (action.meta.arg.originalArgs.appointmentId !== undefined) return;
        state.fromDateTime = action.payload.fromDateTime;
        state.untilDateTime = action.payload.untilDateTime;
        // The desk as the draft keeps it (draftSchema) and, apart, where it is.
        const { location, ...desk } = action.payload.desk;
        state.desk = desk;
        state.location = location;
        state.notice = null;
      })
      .addMatcher(bookingApi.endpoints.extendReservation.matchFulfilled, (state, action) => {
        // The server no longer knows the hold: like an expiry, the visitor picks a time again.
        if (action.payload.reservation === true || state.step === 'done') return;
        clearSlot(state);
        if (state.step !== 'products') {
          state.step = 'time';
          state.notice = 'reservation_expired';
        }
      })
      .addMatcher(bookingApi.endpoints.confirmAppointment.matchFulfilled, (state, action) => {
        state.id = action.payload.id;
        state.token = action.payload.token ?? null;
        state.checkInCode = action.payload.checkInCode;
        state.fromDateTime = action.payload.fromDateTime;
        state.untilDateTime = action.payload.untilDateTime;
        state.desk = action.payload.desk;
        state.location = action.payload.location;
        state.notice = null;
        state.step = 'done';
      });
  },
  selectors: {
    selectDraft: (state) => state,
    selectDraftItems: (state) => state.appointmentItems,
    selectDraftStep: (state) => state.step,
    selectDraftChooseLocation: (state) => state.chooseLocation,
    selectDraftLocationId: (state) => state.locationId,
    selectDraftPersonal: (state) => state.personal,
  },
});

export const {
  itemAdded,
  itemsChosen,
  itemRemoved,
  itemEdited,
  personalDataSet,
  stepChanged,
  productsDone,
  locationChosen,
  dateSelected,
  noticeShown,
  slotLost,
  appointmentLimitReached,
  softReset,
  fullReset,
} = draftSlice.actions;
export const {
  selectDraft,
  selectDraftItems,
  selectDraftStep,
  selectDraftChooseLocation,
  selectDraftLocationId,
  selectDraftPersonal,
} = draftSlice.selectors;
