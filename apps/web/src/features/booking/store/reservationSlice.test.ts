import { describe, expect, it } from 'vitest';
import { makeStore } from '../../../app/store';
import { resetAll } from '../../../lib/store/resetAll';
import { schedulingApi } from '../../../components/scheduling/schedulingApi';
import { bookingApi } from '../api/bookingApi';
import { appointment, reservation } from '../../../components/scheduling/test/fixtures';
import { fakeApi, type FakeAnswer } from '../../../components/scheduling/test/fakeApi';
import { dateSelected, itemEdited, locationChosen } from './draftSlice';
import {
  clearReset,
  initialReservationState,
  reservationExpired,
  reservationReset,
} from './reservationSlice';

const items = [{ productId: 1, amount: 1 }];

/** A store holding the given hold, made through a real make-reservation round trip. */
async function storeHolding(answers: FakeAnswer[]) {
  const queue = [...answers];
  const log = fakeApi(() => queue.shift() ?? { status: 500 });
  const store = makeStore();
  await store.dispatch(
    schedulingApi.endpoints.makeReservation.initiate({
      appointmentItems: items,
      fromDateTime: reservation().fromDateTime,
    }),
  );
  return { store, log };
}

describe('reservation slice', () => {
  it('stores a make-reservation answer carrying the flag, with the server validTill', async () => {
    const held = reservation({ validTill: '2026-11-30T10:01:00.000Z' });
    const { store } = await storeHolding([{ status: 201, body: held }]);
    expect(store.getState().reservation).toEqual({ ...initialReservationState, reservation: held });
  });

  it('without a validTill from the server it is creation time plus 10 minutes', async () => {
    const held = { ...reservation(), validTill: '' };
    const { store } = await storeHolding([{ status: 201, body: held }]);
    const validTill = store.getState().reservation.reservation?.validTill ?? '';
    expect(Date.parse(validTill)).toBe(Date.parse(held.createdDateTime) + 10 * 60_000);
  });

  it('keeps nothing from a refused hold', async () => {
    const { store } = await storeHolding([
      { status: 409, body: { code: 'timeslot_unavailable', message: '' } },
    ]);
    expect(store.getState().reservation).toEqual(initialReservationState);
  });

  it('extend with the flag stores the new validity; without it clears the reservation', async () => {
    const extended = reservation({ validTill: '2026-11-30T10:15:00.000Z' });
    const { store } = await storeHolding([
      { status: 201, body: reservation() },
      { status: 200, body: extended },
      { status: 200, body: { reservation: false } },
    ]);
    await store.dispatch(bookingApi.endpoints.extendReservation.initiate(extended.id));
    expect(store.getState().reservation.reservation?.validTill).toBe(extended.validTill);
    await store.dispatch(bookingApi.endpoints.extendReservation.initiate(extended.id));
    expect(store.getState().reservation.reservation).toBeNull();
  });

  it('at expiry it is cleared and flagged expired; a new hold clears the flag', async () => {
    const { store } = await storeHolding([
      { status: 201, body: reservation() },
      { status: 201, body: reservation({ id: '8f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b' }) },
    ]);
    store.dispatch(reservationExpired());
    expect(store.getState().reservation).toEqual({ ...initialReservationState, expired: true });
    await store.dispatch(
      schedulingApi.endpoints.makeReservation.initiate({
        appointmentItems: items,
        fromDateTime: reservation().fromDateTime,
      }),
    );
    expect(store.getState().reservation.expired).toBe(false);
    expect(store.getState().reservation.reservation?.id).toBe('8f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b');
  });

  it('reset sets isReset; clearReset returns to the initial state; a confirmation resets too', async () => {
    const { store } = await storeHolding([
      { status: 201, body: reservation() },
      { status: 201, body: appointment() },
    ]);
    store.dispatch(reservationReset());
    expect(store.getState().reservation).toEqual({ ...initialReservationState, isReset: true });
    store.dispatch(clearReset());
    expect(store.getState().reservation).toEqual(initialReservationState);
    await store.dispatch(
      bookingApi.endpoints.confirmAppointment.initiate({
        reservationId: reservation().id,
        initials: '',
        suffix: '',
        lastName: 'Dijk',
        email: 'a@b.nl',
        phone: '0612345678',
      }),
    );
    expect(store.getState().reservation.isReset).toBe(true);
  });

  it('changing the products drops the shown hold but remembers it for replacing', async () => {
    const { store } = await storeHolding([{ status: 201, body: reservation() }]);
    store.dispatch(itemEdited({ productId: 1, amount: 2 }));
    expect(store.getState().reservation).toMatchObject({
      reservation: null,
      replaceableId: reservation().id,
    });
  });

  it('choosing another location drops the shown hold and the held slot, remembering the hold for replacing', async () => {
    const { store } = await storeHolding([{ status: 201, body: reservation() }]);
    store.dispatch(dateSelected('2026-12-01'));
    store.dispatch(locationChosen(2));
    expect(store.getState().reservation).toMatchObject({
      reservation: null,
      replaceableId: reservation().id,
    });
    expect(store.getState().draft).toMatchObject({
      locationId: 2,
      date: null,
      fromDateTime: null,
      desk: null,
      location: null,
    });
  });

  it("holds made to move an appointment are not the guest flow's", async () => {
    fakeApi(() => ({ status: 201, body: reservation() }));
    const store = makeStore();
    await store.dispatch(
      schedulingApi.endpoints.makeReservation.initiate({
        appointmentItems: items,
        fromDateTime: reservation().fromDateTime,
        appointmentId: 4,
      }),
    );
    expect(store.getState().reservation).toEqual(initialReservationState);
  });

  it('logout resets it', async () => {
    const { store } = await storeHolding([{ status: 201, body: reservation() }]);
    store.dispatch(resetAll());
    expect(store.getState().reservation).toEqual(initialReservationState);
  });
});
