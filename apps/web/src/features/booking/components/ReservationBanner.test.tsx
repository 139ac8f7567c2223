import { act, fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../../app/store';
import { schedulingApi } from '../../../components/scheduling/schedulingApi';
import { fakeApi } from '../../../components/scheduling/test/fakeApi';
import { reservation } from '../../../components/scheduling/test/fixtures';
import ReservationBanner from './ReservationBanner';

const created = new Date('2026-11-30T10:00:00.000Z');
const plus = (seconds: number) => new Date(created.getTime() + seconds * 1000).toISOString();

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
  vi.setSystemTime(created);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** The banner over a store that holds a 10-minute reservation made through make-reservation. */
async function renderHolding(extendAnswer?: unknown) {
  const log = fakeApi(({ path }) =>
    path.endsWith('/extend')
      ? { status: 200, body: extendAnswer }
      : { status: 201, body: reservation({ createdDateTime: created.toISOString(), validTill: plus(600) }) },
  );
  const store = makeStore();
  await store.dispatch(
    schedulingApi.endpoints.makeReservation.initiate({
      appointmentItems: [{ productId: 1, amount: 1 }],
      fromDateTime: reservation().fromDateTime,
    }),
  );
  render(
    <Provider store={store}>
      <ReservationBanner />
    </Provider>,
  );
  return { store, log };
}

const tick = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('reservation banner', () => {
  it('counts down mm:ss every second and shows the reserved slot in Amsterdam time', async () => {
    await renderHolding();
    expect(screen.getByRole('timer')).toHaveTextContent('10:00');
    expect(screen.getByText(/Reserved for you: Tuesday, 1 December 2026 at 09:00/)).toBeInTheDocument();
    tick(1000);
    expect(screen.getByRole('timer')).toHaveTextContent('09:59');
    tick(65_000);
    expect(screen.getByRole('timer')).toHaveTextContent('08:54');
  });

  it('announces politely at whole minutes, not every second', async () => {
    await renderHolding();
    const live = document.querySelector('[aria-live="polite"]');
    expect(live).toHaveTextContent('10 minutes left to complete your reservation.');
    tick(30_000);
    expect(live).toHaveTextContent('10 minutes left to complete your reservation.');
    tick(30_000);
    expect(live).toHaveTextContent('9 minutes left to complete your reservation.');
  });

  it('offers extend only under two minutes; extending restarts from the server validTill', async () => {
    const { log } = await renderHolding(
      reservation({ createdDateTime: created.toISOString(), validTill: plus(481 + 600) }),
    );
    tick(480_000); // 02:00 left
    expect(screen.getByRole('timer')).toHaveTextContent('02:00');
    expect(screen.queryByRole('button', { name: 'Extend' })).not.toBeInTheDocument();
    tick(1000);
    expect(screen.getByRole('timer')).toHaveTextContent('01:59');
    fireEvent.click(screen.getByRole('button', { name: 'Extend' }));
    await act(async () => {
      // Testing Library's waitFor polls with setInterval, which is faked here; vi.waitFor's timers are not.
      await vi.waitFor(() => expect(screen.getByRole('timer')).toHaveTextContent('10:00'), {
        timeout: 10_000,
      });
    });
    expect(log.at(-1)).toMatchObject({
      method: 'GET',
      path: `/api/appointment/reservation/${reservation().id}/extend`,
    });
    expect(screen.queryByRole('button', { name: 'Extend' })).not.toBeInTheDocument();
  });

  it('says Reservation expired. at the end and flags the store', async () => {
    const { store } = await renderHolding();
    tick(599_000);
    expect(screen.getByRole('timer')).toHaveTextContent('00:01');
    tick(1000);
    expect(screen.getByText('Reservation expired.')).toBeInTheDocument();
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(store.getState().reservation).toMatchObject({ reservation: null, expired: true });
  });
});
