import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  apiError,
  fakeApi,
  type FakeAnswer,
  type FakeRequest,
} from '../../../../components/scheduling/test/fakeApi';
import { appointment } from '../../../../components/scheduling/test/fixtures';
import { LOCATIONS, locationsAnswer } from '../../../../components/locations/test/fixtures';
import { locationListApi } from '../../../../components/locations/locationListApi';
import { aUser, renderRoute } from '../../../../test/renderRoute';

const admin = aUser({ roles: ['ROLE_USER', 'ROLE_ADMIN'] });
const front = { id: 1, name: 'Desk 1', label: 'Front' };
const back = { id: 2, name: 'Desk 2', label: null };
const day = [
  appointment({
    id: 1,
    fromDateTime: '2026-12-01T09:00:00+01:00',
    untilDateTime: '2026-12-01T09:10:00+01:00',
    desk: front,
    initials: 'A.',
    suffix: '',
    lastName: 'Bakker',
  }),
  appointment({
    id: 2,
    fromDateTime: '2026-12-01T09:30:00+01:00',
    untilDateTime: '2026-12-01T09:40:00+01:00',
    desk: back,
    initials: 'C.',
    suffix: 'de',
    lastName: 'Vries',
    status: 'checked_in',
  }),
  appointment({
    id: 3,
    fromDateTime: '2026-12-01T10:00:00+01:00',
    untilDateTime: '2026-12-01T10:10:00+01:00',
    desk: front,
    initials: 'E.',
    suffix: '',
    lastName: 'Jansen',
  }),
];

function server(routes: Record<string, (r: FakeRequest) => FakeAnswer> = {}) {
  return fakeApi((request) => {
    const key = `${request.method} ${request.path.replace(/\?.*/, '')}`;
    const own = routes[key];
    if (own) return own(request);
    if (key === 'GET /api/appointments/today') return { status: 200, body: day };
    return apiError(404, 'not_found');
  });
}

// The clock the screen reads: 09:05 in Amsterdam on the day of the list (only Date is faked).
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-12-01T09:05:00+01:00'));
});

async function openToday() {
  const user = userEvent.setup({ delay: null });
  await renderRoute('/home', { user: admin });
  const list = await screen.findByRole('list', { name: "Today's appointments" });
  return { user, list };
}

const rowNames = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .map((li) => within(li).getByRole('heading').textContent);

describe('the today screen (issue 8)', () => {
  it('lists the day by time with name, phone, products and desk label, and counts per state and desk', async () => {
    server();
    const { list } = await openToday();
    expect(rowNames(list)).toEqual([
      '09:00–09:10 · A. Bakker',
      '09:30–09:40 · C. de Vries',
      '10:00–10:10 · E. Jansen',
    ]);
    const first = within(list).getAllByRole('listitem')[0]!;
    expect(first).toHaveTextContent('0612345678');
    expect(first).toHaveTextContent('2 x Passport');
    expect(first).toHaveTextContent('Front');
    expect(within(list).getAllByRole('listitem')[1]).toHaveTextContent('Desk 2'); // no label: the name
    const states = screen.getByRole('list', { name: 'Number per state' });
    expect(states).toHaveTextContent('3 appointments');
    expect(states).toHaveTextContent('Confirmed: 2');
    expect(states).toHaveTextContent('Checked in: 1');
    expect(states).toHaveTextContent('No-show: 0');
    const desks = screen.getByRole('list', { name: 'Number per desk' });
    expect(desks).toHaveTextContent('Front: 2');
    expect(desks).toHaveTextContent('Desk 2: 1');
  });

  it('filters by desk and searches by name', async () => {
    server();
    const { user, list } = await openToday();
    await user.click(screen.getByRole('combobox', { name: 'Desk' }));
    await user.click(await screen.findByRole('option', { name: 'Front' }));
    expect(rowNames(list)).toEqual(['09:00–09:10 · A. Bakker', '10:00–10:10 · E. Jansen']);
    await user.type(screen.getByRole('searchbox', { name: 'Search by name' }), 'jans');
    expect(rowNames(list)).toEqual(['10:00–10:10 · E. Jansen']);
    await user.type(screen.getByRole('searchbox', { name: 'Search by name' }), 'x');
    expect(screen.getByText('No appointments match this filter.')).toBeInTheDocument();
  });

  it('checks in with one click and offers no-show only after the start', async () => {
    const log = server({
      'GET /api/appointment/1/check-in': () => ({ status: 200, body: { ...day[0], status: 'checked_in' } }),
      'PATCH /api/appointment/1': () => ({ status: 200, body: { ...day[0], status: 'no_show' } }),
    });
    const { user } = await openToday();
    // 09:05: the 09:00 one has started, the 10:00 one has not; the checked-in one has no buttons.
    expect(screen.getByRole('button', { name: 'Mark A. Bakker (09:00) as no-show' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Mark E. Jansen/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /C. de Vries/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Check in E. Jansen (10:00)' }));
    await waitFor(() => expect(log.map((r) => r.path)).toContain('/api/appointment/3/check-in'));
    await user.click(screen.getByRole('button', { name: 'Mark A. Bakker (09:00) as no-show' }));
    await waitFor(() =>
      expect(log).toContainEqual({
        method: 'PATCH',
        path: '/api/appointment/1',
        body: { newStatus: 'no_show' },
      }),
    );
    expect(await screen.findByText('A. Bakker is marked as no-show')).toBeInTheDocument();
  });

  // Issue 34 item 13 (4): a no-show clicked by mistake can be taken back from the snackbar for a few seconds.
  it('offers to undo a no-show in the message, which asks the server to put it back to confirmed', async () => {
    const log = server({
      'PATCH /api/appointment/1': (r) => ({
        status: 200,
        body: { ...day[0], status: (r.body as { newStatus: string }).newStatus },
      }),
    });
    const { user } = await openToday();
    await user.click(screen.getByRole('button', { name: 'Mark A. Bakker (09:00) as no-show' }));
    const message = (await screen.findByText('A. Bakker is marked as no-show')).closest('.MuiAlert-root')!;
    await user.click(within(message as HTMLElement).getByRole('button', { name: 'Undo' }));
    await waitFor(() =>
      expect(log.filter((r) => r.method === 'PATCH').map((r) => r.body)).toEqual([
        { newStatus: 'no_show' },
        { newStatus: 'confirmed' },
      ]),
    );
    expect(await screen.findByText('A. Bakker is no longer marked as no-show')).toBeInTheDocument();
  });

  it('says so when the undo comes too late', async () => {
    server({
      'PATCH /api/appointment/1': (r) =>
        (r.body as { newStatus: string }).newStatus === 'no_show'
          ? { status: 200, body: { ...day[0], status: 'no_show' } }
          : {
              status: 409,
              body: {
                code: 'change_not_possible',
                message: 'late',
                errors: [{ property: 'newStatus', message: 'undo_expired' }],
              },
            },
    });
    const { user } = await openToday();
    await user.click(screen.getByRole('button', { name: 'Mark A. Bakker (09:00) as no-show' }));
    await user.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(
      await screen.findByText('Too late to undo: a no-show can be taken back within two minutes.'),
    ).toBeInTheDocument();
  });

  it("answers a code with the visitor's name and time, or the server's reason", async () => {
    const answers: Record<string, FakeAnswer> = {
      K7M2P9QX: { status: 200, body: { ...day[2], status: 'checked_in' } },
      ZZZZ2222: apiError(404, 'not_found'),
      AAAA3333: {
        status: 409,
        body: {
          code: 'change_not_possible',
          message: 'x',
          errors: [{ property: 'code', message: 'not_today' }],
        },
      },
      BBBB4444: {
        status: 409,
        body: {
          code: 'change_not_possible',
          message: 'x',
          errors: [{ property: 'code', message: 'already_checked_in' }],
        },
      },
      CCCC5555: {
        status: 409,
        body: {
          code: 'change_not_possible',
          message: 'x',
          errors: [{ property: 'code', message: 'cancelled' }],
        },
      },
    };
    const log = server({
      'POST /api/appointments/check-in': (r) =>
        answers[(r.body as { code: string }).code] ?? apiError(500, 'internal_error'),
    });
    const { user } = await openToday();
    const field = screen.getByRole('textbox', { name: 'Check-in code' });
    const status = screen.getAllByRole('status').find((s) => s.closest('form'))!;
    // A hand scanner types the code and Enter.
    await user.type(field, 'K7M2P9QX{Enter}');
    await waitFor(() => expect(status).toHaveTextContent('Checked in: E. Jansen, 10:00'));
    expect(log).toContainEqual({
      method: 'POST',
      path: '/api/appointments/check-in',
      body: { code: 'K7M2P9QX' },
    });
    expect(field).toHaveValue('');
    expect(field).toHaveFocus();
    const cases: [string, string][] = [
      ['ZZZZ2222', 'No appointment has the code ZZZZ2222.'],
      ['AAAA3333', 'This appointment is on another day.'],
      ['BBBB4444', 'This appointment has already been checked in.'],
      ['CCCC5555', 'This appointment has been cancelled.'],
    ];
    for (const [code, text] of cases) {
      await user.type(field, `${code}{Enter}`);
      await waitFor(() => expect(status).toHaveTextContent(text));
    }
  });

  it("downloads the exports under their names, and says 'Generation failed' when the server fails", async () => {
    const saved: string[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    const log = server({
      'GET /api/appointments/today/csv': () => ({ status: 200, body: 'Tijd;Tot' }),
      'GET /api/appointments/today/pdf': () => apiError(500, 'internal_error'),
    });
    const { user } = await openToday();
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saved).toEqual(['afspraken.csv']));
    expect(log.map((r) => r.path)).toContain('/api/appointments/today/csv?language=en');
    expect(screen.queryByText('Generation failed')).not.toBeInTheDocument();
    // The buttons are disabled while a download runs; the CSV's may still be finishing.
    const pdf = screen.getByRole('button', { name: 'Download PDF' });
    await waitFor(() => expect(pdf).toBeEnabled());
    await user.click(pdf);
    expect(await screen.findByText('Generation failed')).toBeInTheDocument();
    expect(saved).toEqual(['afspraken.csv']);
    // A new download clears the message; it comes back only if that one fails too.
    const csv = screen.getByRole('button', { name: 'Download CSV' });
    await waitFor(() => expect(csv).toBeEnabled());
    await user.click(csv);
    await waitFor(() => expect(saved).toEqual(['afspraken.csv', 'afspraken.csv']));
    expect(screen.queryByText('Generation failed')).not.toBeInTheDocument();
    click.mockRestore();
  });

  it('shows an error, not "no appointments", when the list cannot be loaded', async () => {
    server({ 'GET /api/appointments/today': () => apiError(500, 'internal_error') });
    await renderRoute('/home', { user: admin });
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(screen.queryByText('No appointments today.')).not.toBeInTheDocument();
  });
});

describe('the today screen at more than one location (DESIGN §4b)', () => {
  const noord = {
    id: 2,
    name: 'Stadswinkel Noord',
    street: 'Noordplein 5',
    postcode: '1235 CD',
    city: 'Voorbeeld',
  };
  /** Today at both: the first two at the town hall, the third at the district office. */
  const both = day.map((a) => (a.id === 3 ? { ...a, location: noord } : a));
  const several = (routes: Record<string, (r: FakeRequest) => FakeAnswer> = {}) =>
    server({
      'GET /api/locations': (r) => locationsAnswer(r.path)!,
      'GET /api/appointments/today': (r) => ({
        status: 200,
        body: r.path.includes('locationId=2') ? both.filter((a) => a.location.id === 2) : both,
      }),
      ...routes,
    });
  const todayCalls = (log: FakeRequest[]) =>
    log.filter((r) => r.path.startsWith('/api/appointments/today')).map((r) => r.path);

  it('filters by location, says where each is while all are shown, and exports what it shows', async () => {
    const saved: string[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    const log = several({ 'GET /api/appointments/today/csv': () => ({ status: 200, body: 'Tijd;Tot' }) });
    const { user, list } = await openToday();
    const filter = await screen.findByRole('combobox', { name: 'Location' });
    expect(filter).toHaveTextContent('All locations');
    expect(within(list).getAllByRole('listitem')[2]).toHaveTextContent('Front · Stadswinkel Noord');
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Front · Town hall');

    await user.click(filter);
    await user.click(
      within(await screen.findByRole('listbox')).getByRole('option', { name: 'Stadswinkel Noord' }),
    );
    await waitFor(() =>
      expect(rowNames(screen.getByRole('list', { name: "Today's appointments" }))).toEqual([
        '10:00–10:10 · E. Jansen',
      ]),
    );
    expect(todayCalls(log)).toContain('/api/appointments/today?locationId=2');
    // One location shown: the rows no longer repeat it.
    expect(screen.getByRole('list', { name: "Today's appointments" })).not.toHaveTextContent(
      'Stadswinkel Noord',
    );
    expect(window.localStorage.getItem('balie.locationFilter.7')).toBe('2');

    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saved).toEqual(['afspraken.csv']));
    expect(log.map((r) => r.path)).toContain('/api/appointments/today/csv?language=en&locationId=2');
    click.mockRestore();
  });

  it('remembers the choice for the user: the next visit asks for that location only', async () => {
    window.localStorage.setItem('balie.locationFilter.7', '2');
    const log = several();
    await openToday();
    expect(await screen.findByRole('combobox', { name: 'Location' })).toHaveTextContent('Stadswinkel Noord');
    expect(todayCalls(log)).toEqual(['/api/appointments/today?locationId=2']);
  });

  it('forgets a remembered location that is gone, and offers no filter with one location', async () => {
    window.localStorage.setItem('balie.locationFilter.7', '3');
    const log = several();
    await openToday();
    expect(await screen.findByRole('combobox', { name: 'Location' })).toHaveTextContent('All locations');
    expect(todayCalls(log)).toEqual(['/api/appointments/today']);
    cleanup();
    server({ 'GET /api/locations': () => ({ status: 200, body: LOCATIONS.slice(0, 1) }) });
    const { store } = await renderRoute('/home', { user: admin });
    await screen.findByRole('list', { name: "Today's appointments" });
    // Once the one location is known, still no filter.
    await waitFor(() =>
      expect(locationListApi.endpoints.getLocations.select()(store.getState()).data).toHaveLength(1),
    );
    expect(screen.queryByRole('combobox', { name: 'Location' })).not.toBeInTheDocument();
  });
});
