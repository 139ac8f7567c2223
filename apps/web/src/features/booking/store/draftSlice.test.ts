import { describe, expect, it } from 'vitest';
import { makeStore } from '../../../app/store';
import { resetAll } from '../../../lib/store/resetAll';
import { schedulingApi } from '../../../components/scheduling/schedulingApi';
import { bookingApi } from '../api/bookingApi';
import { appointment, reservation } from '../../../components/scheduling/test/fixtures';
import { apiError, fakeApi } from '../../../components/scheduling/test/fakeApi';
import {
  dateSelected,
  draftSlice,
  fullReset,
  initialDraftState,
  itemAdded,
  itemEdited,
  itemRemoved,
  personalDataSet,
  productsDone,
  slotLost,
  softReset,
  stepChanged,
  type DraftState,
} from './draftSlice';
import { reservationExpired } from './reservationEvents';

const reduce = draftSlice.reducer;
const items = {
  reservationId: reservation().id,
  initials: '',
  suffix: '',
  lastName: 'Dijk',
  email: 'a@b.nl',
  phone: '0612345678',
};

/** A draft in the middle of a booking: two products, a day, a held slot, personal data. */
const midway: DraftState = {
  ...initialDraftState,
  step: 'review',
  id: 7,
  token: 'tok',
  appointmentItems: [
    { productId: 1, amount: 1 },
    { productId: 2, amount: 3 },
  ],
  date: '2026-12-01',
  fromDateTime: '2026-12-01T09:00:00+01:00',
  untilDateTime: '2026-12-01T09:12:00+01:00',
  desk: { id: 1, name: 'Desk 1' },
  personal: { initials: 'J.', suffix: 'van', lastName: 'Dijk', email: 'j@example.com', phone: '0612345678' },
  notice: 'slot_unavailable',
};

describe('draft items', () => {
  it('adds a product with amount 1, once', () => {
    let s = reduce(initialDraftState, itemAdded(5));
    s = reduce(s, itemAdded(5));
    expect(s.appointmentItems).toEqual([{ productId: 5, amount: 1 }]);
  });

  it('refuses a fifth product', () => {
    let s = initialDraftState;
    for (const id of [1, 2, 3, 4, 5]) s = reduce(s, itemAdded(id));
    expect(s.appointmentItems.map((i) => i.productId)).toEqual([1, 2, 3, 4]);
  });

  it('removes by product id', () => {
    const s = reduce(midway, itemRemoved(1));
    expect(s.appointmentItems).toEqual([{ productId: 2, amount: 3 }]);
  });

  it('edits by product id, replacing the amount and keeping the order', () => {
    const s = reduce(midway, itemEdited({ productId: 1, amount: 4 }));
    expect(s.appointmentItems).toEqual([
      { productId: 1, amount: 4 },
      { productId: 2, amount: 3 },
    ]);
    expect(reduce(midway, itemEdited({ productId: 1, amount: 0 })).appointmentItems).toEqual(
      midway.appointmentItems,
    );
  });

  it('forgets the held slot when the products change (the duration changed), keeping the day', () => {
    const s = reduce(midway, itemEdited({ productId: 2, amount: 1 }));
    expect(s).toMatchObject({ fromDateTime: null, untilDateTime: null, desk: null, date: '2026-12-01' });
  });
});

describe('draft personal data, steps and resets', () => {
  it('merges personal data', () => {
    const s = reduce(initialDraftState, personalDataSet({ lastName: 'Jansen', email: 'x@y.nl' }));
    expect(s.personal).toEqual({ initials: '', suffix: '', lastName: 'Jansen', email: 'x@y.nl', phone: '' });
  });

  it('selecting a day clears a pending notice', () => {
    const s = reduce(midway, dateSelected('2026-12-02'));
    expect(s).toMatchObject({ date: '2026-12-02', notice: null });
  });

  it('soft reset keeps personal data and items, clears id, token, times, date, dialog and desk', () => {
    const s = reduce(midway, softReset());
    expect(s).toEqual({
      ...initialDraftState,
      appointmentItems: midway.appointmentItems,
      personal: midway.personal,
    });
  });

  it('full reset and the app-wide reset restore everything', () => {
    expect(reduce(midway, fullReset())).toEqual(initialDraftState);
    expect(reduce(midway, resetAll())).toEqual(initialDraftState);
  });

  it('a lost slot returns to the time step with the message, keeping what was entered', () => {
    const s = reduce({ ...midway, notice: null }, slotLost());
    expect(s).toMatchObject({ step: 'time', notice: 'slot_unavailable', fromDateTime: null, desk: null });
    expect(s.personal).toEqual(midway.personal);
    expect(s.appointmentItems).toEqual(midway.appointmentItems);
  });

  it('an expired hold returns to the time step, but not from the success page', () => {
    expect(reduce({ ...midway, notice: null }, reservationExpired())).toMatchObject({
      step: 'time',
      notice: 'reservation_expired',
      fromDateTime: null,
    });
    expect(reduce({ ...midway, step: 'done' }, reservationExpired()).step).toBe('done');
    expect(reduce(reduce(midway, stepChanged('products')), reservationExpired()).step).toBe('products');
  });
});

describe('draft location (DESIGN §4b)', () => {
  it('leaving the products goes to the location step only when several locations serve them', () => {
    const products = { ...initialDraftState, appointmentItems: [{ productId: 1, amount: 1 }] };
    expect(reduce(products, productsDone({ chooseLocation: true }))).toMatchObject({
      step: 'location',
      chooseLocation: true,
    });
    expect(reduce(products, productsDone({ chooseLocation: false }))).toMatchObject({
      step: 'time',
      chooseLocation: false,
    });
  });

  it('another booking from the success page keeps the location chosen', () => {
    const s = reduce({ ...midway, locationId: 2, chooseLocation: true }, softReset());
    expect(s).toMatchObject({ locationId: 2, chooseLocation: false, location: null, step: 'products' });
  });
});

describe('draft and the server answers', () => {
  it('a granted hold sets the slot and desk; a hold for moving an appointment does not', async () => {
    const held = reservation();
    fakeApi(() => ({ status: 201, body: held }));
    const store = makeStore();
    const items = [{ productId: 1, amount: 1 }];
    await store.dispatch(
      schedulingApi.endpoints.makeReservation.initiate({
        appointmentItems: items,
        fromDateTime: held.fromDateTime,
      }),
    );
    expect(store.getState().draft).toMatchObject({
      fromDateTime: held.fromDateTime,
      untilDateTime: held.untilDateTime,
      desk: { id: 1, name: 'Desk 1' },
      location: { id: 1, name: 'Town hall' },
    });

    const other = makeStore();
    await other.dispatch(
      schedulingApi.endpoints.makeReservation.initiate({
        appointmentItems: items,
        fromDateTime: held.fromDateTime,
        appointmentId: 3,
        token: 't',
      }),
    );
    expect(other.getState().draft.fromDateTime).toBeNull();
  });

  it('a confirmation stores id, token, check-in code and times and shows the success step', async () => {
    const confirmed = appointment({ token: 'secret-token', checkInCode: 'K7M2P9QX' });
    fakeApi(() => ({ status: 201, body: confirmed }));
    const store = makeStore();
    await store.dispatch(bookingApi.endpoints.confirmAppointment.initiate(items));
    expect(store.getState().draft).toMatchObject({
      step: 'done',
      id: 42,
      token: 'secret-token',
      checkInCode: 'K7M2P9QX',
      fromDateTime: confirmed.fromDateTime,
    });
  });

  it('a refused confirmation changes nothing', async () => {
    fakeApi(() => apiError(410, 'reservation_expired'));
    const store = makeStore();
    store.dispatch(stepChanged('review'));
    await store.dispatch(bookingApi.endpoints.confirmAppointment.initiate(items));
    expect(store.getState().draft.step).toBe('review');
  });
});
