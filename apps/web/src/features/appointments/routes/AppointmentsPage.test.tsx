import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi } from '../../../components/scheduling/test/fakeApi';
import { appointment } from '../../../components/scheduling/test/fixtures';
import { aUser, renderRoute } from '../../../test/renderRoute';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-12-01T09:30:00+01:00'));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const filters = (log: { path: string }[]) =>
  log
    .filter((r) => r.path.startsWith('/api/appointments_paginated'))
    .map((r) => JSON.parse(new URL(r.path, 'http://x').searchParams.get('filter') ?? '{}') as object);

describe('/appointments for admins', { timeout: 20_000 }, () => {
  it('starts from today and sends the chosen state and search to the server', async () => {
    const log = fakeApi((r) =>
      r.path.startsWith('/api/appointments_paginated')
        ? { status: 200, body: { items: [appointment()], total: 1, page: 1, pageSize: 10 } }
        : apiError(404, 'not_found'),
    );
    const user = userEvent.setup({ delay: null });
    await renderRoute('/appointments', { user: aUser({ roles: ['ROLE_USER', 'ROLE_ADMIN'] }) });
    await waitFor(() => expect(filters(log)[0]).toEqual({ from: '2026-12-01', hideExpired: true }));
    await user.click(screen.getByRole('combobox', { name: 'State' }));
    await user.click(await screen.findByRole('option', { name: 'No-show' }));
    await user.type(screen.getByRole('searchbox', { name: 'Name, e-mail or phone' }), 'dijk');
    await waitFor(() =>
      expect(filters(log).at(-1)).toEqual({
        from: '2026-12-01',
        status: 'no_show',
        search: 'dijk',
        hideExpired: true,
      }),
    );
  });

  it('shows a user no filters (the server limits them to their own)', async () => {
    fakeApi(() => ({ status: 200, body: { items: [], total: 0, page: 1, pageSize: 10 } }));
    await renderRoute('/appointments', { user: aUser() });
    expect(await screen.findByText('No appointments.')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'State' })).not.toBeInTheDocument();
  });
});
