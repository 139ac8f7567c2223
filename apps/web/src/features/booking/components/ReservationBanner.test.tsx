import { act, fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../../app/store';
import { schedulingApi } from '../../../components/scheduling/schedulingApi';
import { fakeApi } from '../../../components/scheduling/test/fakeApi';
import type { Reservation } from '@balie/shared';
import { reservation } from '../../../components/scheduling/test/fixtures';
import ReservationBanner from './ReservationBanner';

const created = new Date('2026-11-30T10:00:00.000Z');
const plus = (seconds: number) => new Date(created.getTime() + seconds * 1000).toISOString();

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
  vi.setSystemTime(created);
});

/**
 * The banner over a store that holds a 10-minute reservation made through make-reservation (`held`
 * changes the answer, e.g. its maxValidTill).
 */
async function renderHolding(extendAnswer?: unknown, held: Partial<Reservation> = {}) {
  const log = fakeApi(({ path }) =>
    path.endsWith('/extend')
      ? { status: 200, body: extendAnswer }
      : {
          status: 201,
          body: reservation({ createdDateTime: created.toISOString(), validTill: plus(600), ...held }),
        },
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

  it('at its longest life it offers no extend, says so, and at the end says why it ended', async () => {
    // Made at 0, extended at +18 min to +28; it can live until +30 min (HOLD_MAX_MINUTES).
    const atMaximum = reservation({
      createdDateTime: created.toISOString(),
      validTill: plus(30 * 60),
      maxValidTill: plus(30 * 60),
    });
    const { store } = await renderHolding(atMaximum, {
      validTill: plus(28 * 60),
      maxValidTill: plus(30 * 60),
    });
    vi.setSystemTime(new Date(created.getTime() + (26 * 60 + 1) * 1000));
    tick(1000);
    expect(screen.getByRole('timer')).toHaveTextContent('01:58');
    // Extend moves it only to the maximum: from then on there is nothing to extend.
    fireEvent.click(screen.getByRole('button', { name: 'Extend' }));
    await act(async () => {
      await vi.waitFor(() => expect(screen.getByRole('timer')).toHaveTextContent('03:58'));
    });
    tick(120_000);
    expect(screen.getByRole('timer')).toHaveTextContent('01:58');
    expect(screen.queryByRole('button', { name: 'Extend' })).not.toBeInTheDocument();
    expect(screen.getByText('This reservation cannot be extended any further.')).toBeInTheDocument();
    expect(document.querySelector('[aria-live="polite"]')).toHaveTextContent(
      'Less than 2 minutes left. This reservation cannot be extended any further.',
    );
    tick(118_000);
    expect(
      screen.getByText(
        'Your reservation has reached the longest time a time slot can be held, and has ended. Choose the time again.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('Reservation expired.')).not.toBeInTheDocument();
    expect(store.getState().reservation).toMatchObject({
      reservation: null,
      expired: true,
      endedAtMax: true,
    });
  });

  it('a hold that could still be extended ends with the plain message', async () => {
    await renderHolding(undefined, { maxValidTill: plus(30 * 60) });
    tick(600_000);
    expect(screen.getByText('Reservation expired.')).toBeInTheDocument();
  });
});
