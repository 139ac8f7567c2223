import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Desk, Product, WalkInMinutes } from '@balie/shared';
import { AppProviders } from '../../../app/providers';
import { makeStore } from '../../../app/store';
import { apiError, fakeApi } from '../../../components/scheduling/test/fakeApi';
import { WalkInForm } from './WalkInForm';

const user = userEvent.setup({ delay: null });

const DESK: Desk = {
  id: 1,
  name: 'Loket 1',
  label: null,
  active: true,
  locationId: 3,
  productIds: null,
  openingHours: [{ weekday: 1, opens: '08:00', closes: '17:00' }],
  closures: [],
  overflow: { morning: 0, afternoon: 0, evening: 0 },
  overflowPeriods: [],
};
const PASSPORT: Product = {
  id: 5,
  title: 'Paspoort',
  description: '',
  notice: '',
  category: null,
  timeUnit: 12,
  extraTimeUnit: 6,
  maxAmount: 1,
  active: true,
  files: [],
};

const part = (shareSet: boolean, total: number, used: number) => ({
  shareSet,
  total,
  used,
  left: Math.max(0, total - used),
});

function renderForm(morning: ReturnType<typeof part>) {
  const minutes: WalkInMinutes = {
    date: '2030-03-11',
    current: 'morning',
    parts: [
      { dayPart: 'morning', ...morning },
      { dayPart: 'afternoon', ...part(false, 0, 0) },
      { dayPart: 'evening', ...part(false, 0, 0) },
    ],
  };
  fakeApi((request) => {
    if (request.path === '/api/walk-ins/minutes?locationId=3') return { status: 200, body: minutes };
    if (request.path === '/api/products') return { status: 200, body: [PASSPORT] };
    if (request.path === '/api/desks') return { status: 200, body: [DESK] };
    return apiError(404, 'not_found');
  });
  render(
    <AppProviders store={makeStore()}>
      <WalkInForm desk={DESK} />
    </AppProviders>,
  );
}

describe('the walk-in form (DESIGN §4b)', { timeout: 30_000 }, () => {
  it('with no walk-in share set, says so and warns about nothing', async () => {
    renderForm(part(false, 0, 48));
    await user.click(await screen.findByRole('checkbox', { name: /Paspoort/ }));
    expect(
      screen.getByText('No walk-in share is set for this part of the day: walk-ins have no limit.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/more than the .* walk-in minutes left/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Make ticket' })).toBeEnabled();
  });

  it('with a share set and used up, warns that the walk-in goes over it', async () => {
    renderForm(part(true, 60, 60));
    expect(await screen.findByText('Walk-in minutes this morning: 0 of 60 left.')).toBeInTheDocument();
    await user.click(await screen.findByRole('checkbox', { name: /Paspoort/ }));
    expect(
      screen.getByText(/This walk-in needs 12 minutes, more than the 0 walk-in minutes left/),
    ).toBeInTheDocument();
  });

  it('with a share set and enough left, does not warn', async () => {
    renderForm(part(true, 60, 0));
    await user.click(await screen.findByRole('checkbox', { name: /Paspoort/ }));
    expect(screen.queryByText(/more than the .* walk-in minutes left/)).not.toBeInTheDocument();
  });
});
