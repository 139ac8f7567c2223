import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi } from '../../../components/scheduling/test/fakeApi';
import { appointment } from '../../../components/scheduling/test/fixtures';
import { locationsAnswer } from '../../../components/locations/test/fixtures';
import { aUser, renderRoute } from '../../../test/renderRoute';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-12-01T09:30:00+01:00'));
});

const desk = (id: number, name: string, label: string | null) => ({
  id,
  name,
  label,
  active: true,
  openingHours: [],
  closures: [],
  overflow: { morning: 0, afternoon: 0, evening: 0 },
  overflowPeriods: [],
});

const filters = (log: { path: string }[]) =>
  log
    .filter((r) => r.path.startsWith('/api/appointments_paginated'))
    .map((r) => JSON.parse(new URL(r.path, 'http://x').searchParams.get('filter') ?? '{}') as object);

describe('/appointments for admins', () => {
  it('leaves the order to the server and sends the chosen state, desk and search', async () => {
    const log = fakeApi((r) =>
      r.path.startsWith('/api/appointments_paginated')
        ? { status: 200, body: { items: [appointment()], total: 1, page: 1, pageSize: 10 } }
        : r.path === '/api/desks'
          ? { status: 200, body: [desk(1, 'Balie 1', 'B1'), desk(2, 'Balie 2', null)] }
          : apiError(404, 'not_found'),
    );
    const user = userEvent.setup({ delay: null });
    await renderRoute('/appointments', { user: aUser({ roles: ['ROLE_USER', 'ROLE_ADMIN'] }) });
    await waitFor(() => expect(filters(log)[0]).toEqual({ hideExpired: true }));
    // Staff see who is coming.
    expect(
      await screen.findByText(
        (_, el) =>
          el?.tagName === 'P' &&
          /^J\. van Dijk · j\.vandijk@example\.com · 0612345678$/.test(el.textContent ?? ''),
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'State' }));
    await user.click(await screen.findByRole('option', { name: 'No-show' }));
    // Every desk is offered, by its agenda label (else its name), not only the desks on this page.
    await user.click(screen.getByRole('combobox', { name: 'Desk' }));
    // Every option, not the first to appear: "All desks" is there before the desks have loaded.
    await waitFor(() =>
      expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['All desks', 'B1', 'Balie 2']),
    );
    await user.click(screen.getByRole('option', { name: 'Balie 2' }));
    await user.type(screen.getByRole('searchbox', { name: 'Name, e-mail, phone or check-in code' }), 'K7');
    await waitFor(() =>
      expect(filters(log).at(-1)).toEqual({ status: 'no_show', deskId: 2, search: 'K7', hideExpired: true }),
    );
  });

  it('says so when the desks could not be loaded, instead of offering "all desks" as if there were none', async () => {
    fakeApi((r) =>
      r.path.startsWith('/api/appointments_paginated')
        ? { status: 200, body: { items: [appointment()], total: 1, page: 1, pageSize: 10 } }
        : apiError(500, 'internal_error'),
    );
    await renderRoute('/appointments', { user: aUser({ roles: ['ROLE_USER', 'ROLE_ADMIN'] }) });
    const deskField = (await screen.findByRole('combobox', { name: 'Desk' })).closest('.MuiFormControl-root');
    await waitFor(() => expect(deskField).toHaveTextContent('Something went wrong'));
  });

  it('shows a user no filters (the server limits them to their own)', async () => {
    fakeApi(() => ({ status: 200, body: { items: [], total: 0, page: 1, pageSize: 10 } }));
    await renderRoute('/appointments', { user: aUser() });
    expect(await screen.findByText('No appointments.')).toBeInTheDocument();

    expect(screen.queryByRole('combobox', { name: 'State' })).not.toBeInTheDocument();
  });

  it('shows a user their own appointments without repeating their name and contact', async () => {
    fakeApi(() => ({ status: 200, body: { items: [appointment()], total: 1, page: 1, pageSize: 10 } }));
    await renderRoute('/appointments', { user: aUser() });
    expect(await screen.findByText('2 x Passport')).toBeInTheDocument();
    expect(screen.queryByText(/j\.vandijk@example\.com/)).not.toBeInTheDocument();
  });
});

describe('an appointment’s history', () => {
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
    // Where the appointment is, with its address.
    expect(
      within(await screen.findByRole('dialog')).getByText('Town hall, Stadhuisplein 1, 1234 AB Voorbeeld'),
    ).toBeInTheDocument();
    const history = await screen.findByRole('region', { name: 'History' });
    await waitFor(() =>
      expect(
        within(history)
          .getAllByRole('listitem')
          .map((l) => l.textContent),
      ).toEqual([
        expect.stringMatching(/^Created.*by visitor \(by link\)$/),
        expect.stringMatching(
          /^Moved from 30\/11\/2026 09:00, Desk 2 to 01\/12\/2026 09:00, Desk 1.*by visitor \(by link\)$/,
        ),
        expect.stringMatching(/^Cancelled.*by Anna de Vries \(staff\)$/),
      ]),
    );
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

describe('/appointments at more than one location (DESIGN §4b)', () => {
  it('filters by the remembered location, offers that location’s desks, and says where while all are shown', async () => {
    const log = fakeApi((r) =>
      r.path.startsWith('/api/appointments_paginated')
        ? { status: 200, body: { items: [appointment()], total: 1, page: 1, pageSize: 10 } }
        : r.path === '/api/desks'
          ? {
              status: 200,
              body: [
                { ...desk(1, 'Balie 1', 'B1'), locationId: 1 },
                { ...desk(2, 'Balie 2', null), locationId: 2 },
              ],
            }
          : (locationsAnswer(r.path) ?? apiError(404, 'not_found')),
    );
    const user = userEvent.setup({ delay: null });
    await renderRoute('/appointments', { user: aUser({ roles: ['ROLE_USER', 'ROLE_STAFF'] }) });
    const location = await screen.findByRole('combobox', { name: 'Location' });
    expect(await screen.findByText('Town hall, Desk 1 · 24 minutes')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Desk' }));
    await user.click(await screen.findByRole('option', { name: 'B1' }));
    await waitFor(() => expect(filters(log).at(-1)).toEqual({ deskId: 1, hideExpired: true }));

    await user.click(location);
    await user.click(await screen.findByRole('option', { name: 'Stadswinkel Noord' }));
    // Balie 1 is at the town hall: the desk filter lets go of it.
    await waitFor(() => expect(filters(log).at(-1)).toEqual({ locationId: 2, hideExpired: true }));
    expect(window.localStorage.getItem('balie.locationFilter.7')).toBe('2');
    expect(screen.getByText('Desk 1 · 24 minutes')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Desk' }));
    await waitFor(() =>
      expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['All desks', 'Balie 2']),
    );
  });
});
