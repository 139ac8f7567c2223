import { screen, waitFor, within } from '@testing-library/react';
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

describe('an appointment’s history', { timeout: 20_000 }, () => {
  const page = {
    status: 200,
    body: { items: [appointment({ status: 'cancelled' })], total: 1, page: 1, pageSize: 10 },
  };
  const staff = { type: 'user', id: null, email: null, name: 'Anna de Vries', staff: true };

  it('opens from the list and reads as a timeline: created by link, moved from/to, cancelled by staff', async () => {
    fakeApi((r) => {
      if (r.path.startsWith('/api/appointments_paginated')) return page;
      if (r.path === '/api/appointment/42/history')
        return {
          status: 200,
          body: [
            { at: '2026-11-20T10:00:00.000Z', actor: { type: 'link' }, action: 'appointment_created' },
            {
              at: '2026-11-21T10:00:00.000Z',
              actor: { type: 'link' },
              action: 'appointment_moved',
              changes: {
                fromDateTime: { before: '2026-11-30T08:00:00.000Z', after: '2026-12-01T08:00:00.000Z' },
                deskId: { before: 2, after: 1 },
                desk: { before: 'Desk 2', after: 'Desk 1' },
              },
            },
            { at: '2026-11-22T10:00:00.000Z', actor: staff, action: 'appointment_cancelled' },
          ],
        };
      return apiError(404, 'not_found');
    });
    const user = userEvent.setup({ delay: null });
    await renderRoute('/appointments', { user: aUser() });
    await user.click(await screen.findByRole('button', { name: 'Details and history' }));
    const history = await screen.findByRole('region', { name: 'History' });
    const lines = await within(history).findAllByRole('listitem');
    expect(lines.map((l) => l.textContent)).toEqual([
      expect.stringMatching(/^Created.*by visitor \(by link\)$/),
      expect.stringMatching(
        /^Moved from 30\/11\/2026 09:00, Desk 2 to 01\/12\/2026 09:00, Desk 1.*by visitor \(by link\)$/,
      ),
      expect.stringMatching(/^Cancelled.*by Anna de Vries \(staff\)$/),
    ]);
  });

  it('says the history could not be loaded instead of "nothing recorded" when the call fails', async () => {
    fakeApi((r) =>
      r.path.startsWith('/api/appointments_paginated') ? page : apiError(500, 'internal_error'),
    );
    const user = userEvent.setup({ delay: null });
    await renderRoute('/appointments', { user: aUser() });
    await user.click(await screen.findByRole('button', { name: 'Details and history' }));
    const history = await screen.findByRole('region', { name: 'History' });
    expect(await within(history).findByText('Something went wrong')).toBeInTheDocument();
    expect(within(history).queryByText(/Nothing has been recorded/)).not.toBeInTheDocument();
  });
});
