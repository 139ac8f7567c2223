import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ADMIN_LOCATIONS, locationsAnswer } from '../../../components/locations/test/fixtures';
import {
  apiError,
  fakeApi,
  type FakeAnswer,
  type FakeRequest,
} from '../../../components/scheduling/test/fakeApi';
import { aUser, renderRoute } from '../../../test/renderRoute';
import { AFFECTED, CLOSURES, DESKS } from '../../desks/test/fixtures';

// No pause between keystrokes: these tests assert behaviour, not typing speed.
const user = userEvent.setup({ delay: null });
vi.setConfig({ testTimeout: 60_000 });

/**
 * The location endpoints as the server answers them, with the desks (for the counts) and the closures;
 * `write` answers the writes (POST/PATCH/DELETE), by default with the location unchanged.
 */
export function serveLocations(write?: (request: FakeRequest) => FakeAnswer | undefined) {
  return fakeApi((request) => {
    const { path, method } = request;
    if (method !== 'GET') {
      const answer = write?.(request);
      if (answer) return answer;
    }
    const list = locationsAnswer(path);
    if (list) return list;
    if (path === '/api/desks') return { status: 200, body: DESKS };
    if (path === '/api/closures') return { status: 200, body: CLOSURES };
    const location = ADMIN_LOCATIONS.find((l) => path === `/api/location/${l.id}`);
    return location ? { status: 200, body: location } : apiError(404, 'not_found');
  });
}

const admin = aUser({ roles: ['ROLE_ADMIN'] });
const [stadhuis, noord, zuid] = ADMIN_LOCATIONS as [
  (typeof ADMIN_LOCATIONS)[0],
  (typeof ADMIN_LOCATIONS)[0],
  (typeof ADMIN_LOCATIONS)[0],
];

describe('locations list (admin)', () => {
  it('lists every location with address, number of desks and state, and offers a new one', async () => {
    serveLocations();
    await renderRoute('/locations', { user: admin });
    const table = await screen.findByRole('table', { name: 'Locations' });
    const rows = within(table).getAllByRole('row').slice(1);
    await waitFor(() => expect(within(rows[0]!).getAllByRole('cell')[2]).toHaveTextContent('1'));
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['Stadhuis', 'Markt 1, 1234 AB Voorbeeld', '1', 'Active'],
      ['Stadswinkel Noord', 'Noordplein 5, 1235 CD Voorbeeld', '1', 'Active'],
      ['Wijkpost Zuid', '—', '0', 'Inactive'],
    ]);
    expect(within(rows[1]!).getByRole('link', { name: 'Stadswinkel Noord' })).toHaveAttribute(
      'href',
      '/location/2',
    );
    expect(screen.getByRole('link', { name: 'New location' })).toHaveAttribute('href', '/locations/new');
  });

  it('is in the admin navigation, not in a staff member’s', async () => {
    serveLocations();
    await renderRoute('/locations', { user: admin });
    expect(await screen.findByRole('link', { name: 'Locations' })).toHaveAttribute('href', '/locations');
    cleanup();
    await renderRoute('/profile', { user: aUser({ roles: ['ROLE_USER', 'ROLE_STAFF'] }) });
    await screen.findByRole('link', { name: 'Calendar' });
    expect(screen.queryByRole('link', { name: 'Locations' })).not.toBeInTheDocument();
  });
});

describe('a new location', () => {
  it('is created with its address, phone and notices, last in the list, and opens its page', async () => {
    const log = serveLocations(({ method, path, body }) =>
      method === 'POST' && path === '/api/locations'
        ? { status: 201, body: { ...zuid, ...(body as object), id: 3 } }
        : undefined,
    );
    await renderRoute('/locations/new', { user: admin });
    const form = await screen.findByRole('form', { name: 'Location' });
    const create = within(form).getByRole('button', { name: 'Create location' });
    expect(create).toBeDisabled();
    expect(within(form).getByRole('spinbutton', { name: 'Order' })).toHaveValue(3);
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Trouwlocatie');
    await user.type(within(form).getByRole('textbox', { name: 'Street and number' }), 'Parkweg 2');
    await user.type(within(form).getByRole('textbox', { name: 'Postcode' }), '1236 EF');
    await user.type(within(form).getByRole('textbox', { name: 'City' }), 'Voorbeeld');
    await user.type(within(form).getByRole('textbox', { name: 'Telephone' }), '020 555 0199');
    await user.type(within(form).getByRole('textbox', { name: 'Notice (Dutch)' }), 'Parkeren achter.');
    await user.type(within(form).getByRole('textbox', { name: 'Notice (English)' }), 'Parking behind.');
    await user.click(create);
    // The new location's page (the test server answers id 3 with its own fixture).
    expect(await screen.findByRole('heading', { level: 1, name: 'Wijkpost Zuid' })).toBeInTheDocument();
    expect(log.find((r) => r.method === 'POST')?.body).toEqual({
      name: 'Trouwlocatie',
      street: 'Parkweg 2',
      postcode: '1236 EF',
      city: 'Voorbeeld',
      phone: '020 555 0199',
      notice: 'Parkeren achter.',
      // German left empty: no translation, visitors reading German get the Dutch notice.
      translations: { en: { notice: 'Parking behind.' } },
      position: 3,
      active: true,
    });
  });

  it('needs a name, and shows the server’s refusal of a field under that field', async () => {
    serveLocations(({ method }) =>
      method === 'POST'
        ? {
            status: 400,
            body: {
              code: 'validation_failed',
              message: 'x',
              errors: [{ property: 'postcode', message: 'too_long' }],
            },
          }
        : undefined,
    );
    await renderRoute('/locations/new', { user: admin });
    const form = await screen.findByRole('form', { name: 'Location' });
    const name = within(form).getByRole('textbox', { name: 'Name' });
    await user.type(name, 'X');
    await user.clear(name);
    fireEvent.blur(name);
    expect(await within(form).findByText('This field is required')).toBeInTheDocument();
    await user.type(name, 'Trouwlocatie');
    await user.click(within(form).getByRole('button', { name: 'Create location' }));
    const postcode = within(form).getByRole('textbox', { name: 'Postcode' });
    await waitFor(() => expect(postcode).toHaveAccessibleDescription(/too long/i));
  });
});

describe('a location’s page', () => {
  it('shows every field, the English and German notices too, and saves a change', async () => {
    const log = serveLocations(({ method }) =>
      method === 'PATCH' ? { status: 200, body: stadhuis } : undefined,
    );
    await renderRoute('/location/1', { user: admin });
    const form = await screen.findByRole('form', { name: 'Location' });
    expect(within(form).getByRole('textbox', { name: 'Street and number' })).toHaveValue('Markt 1');
    expect(within(form).getByRole('textbox', { name: 'Notice (Dutch)' })).toHaveValue(
      'Ingang aan de Marktzijde.',
    );
    expect(within(form).getByRole('textbox', { name: 'Notice (English)' })).toHaveValue(
      'Entrance on the market side.',
    );
    const german = within(form).getByRole('textbox', { name: 'Notice (German)' });
    expect(german).toHaveValue('');
    await user.type(german, 'Eingang an der Marktseite.');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(log.find((r) => r.method === 'PATCH')).toMatchObject({
      path: '/api/location/1',
      body: {
        name: 'Stadhuis',
        translations: {
          en: { notice: 'Entrance on the market side.' },
          de: { notice: 'Eingang an der Marktseite.' },
        },
      },
    });
  });

  it('deactivating asks what happens to the appointments it strands, and resends with the choice', async () => {
    const log = serveLocations(({ method, body }) => {
      if (method !== 'PATCH') return undefined;
      return (body as { affectedAppointments?: string }).affectedAppointments
        ? { status: 200, body: { ...noord, active: false } }
        : { status: 409, body: { code: 'appointments_affected', message: 'x', appointments: [AFFECTED] } };
    });
    await renderRoute('/location/2', { user: admin });
    const form = await screen.findByRole('form', { name: 'Location' });
    await user.click(within(form).getByRole('switch', { name: 'Active (visitors can book here)' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Appointments affected by this change' });
    expect(within(dialog).getByRole('listitem')).toHaveTextContent('J. van Dijk');
    await user.click(within(dialog).getByRole('button', { name: 'Save with this choice' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    const patches = log.filter((r) => r.method === 'PATCH').map((r) => r.body as Record<string, unknown>);
    expect(patches.map((b) => [b.active, b.affectedAppointments])).toEqual([
      [false, undefined],
      [false, 'reassign'],
    ]);
  });

  it('lists its desks and its own closures, and adds a closure of every desk there', async () => {
    const log = serveLocations(({ method, path }) =>
      method === 'POST' && path === '/api/closures' ? { status: 201, body: {} } : undefined,
    );
    await renderRoute('/location/2', { user: admin });
    const desks = await screen.findByRole('list', { name: 'Front desks at this location' });
    expect(within(desks).getByRole('link', { name: 'Balie 2 (inactive)' })).toHaveAttribute(
      'href',
      '/front-desk/2',
    );
    const closures = await screen.findByRole('list', { name: 'Closures of this location' });
    // Only this location's: the closure of every desk (Kerst) is on the desk list.
    expect(
      within(closures)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('Verbouwing')]);
    const form = screen.getByRole('form', { name: 'Add a closure' });
    fireEvent.change(within(form).getByLabelText('Date'), { target: { value: '2031-07-01' } });
    await user.type(within(form).getByRole('textbox', { name: 'Reason' }), 'Wijkfeest');
    await user.click(within(form).getByRole('button', { name: 'Add closure' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(log.find((r) => r.method === 'POST')?.body).toEqual({
      date: '2031-07-01',
      type: 'whole_day',
      reason: 'Wijkfeest',
      locationId: 2,
    });
  });

  it('closing it under appointments: within the location by default, another location only when chosen', async () => {
    const stadhuisLocation = {
      id: 1,
      name: 'Stadhuis',
      street: 'Markt 1',
      postcode: '1234 AB',
      city: 'Voorbeeld',
    };
    const log = serveLocations(({ method, path, body }) => {
      if (method !== 'POST' || path !== '/api/closures') return undefined;
      return (body as { affectedAppointments?: string }).affectedAppointments
        ? { status: 201, body: {} }
        : {
            status: 409,
            body: {
              code: 'appointments_affected',
              message: 'x',
              appointments: [
                { ...AFFECTED, location: { ...stadhuisLocation, id: 2, name: 'Stadswinkel Noord' } },
              ],
              reassignment: [
                { appointmentId: AFFECTED.id, sameLocation: false, otherLocation: stadhuisLocation },
              ],
            },
          };
    });
    /** Adds a closure of this location and answers the dialog it brings up. */
    const close = async (answer: (dialog: HTMLElement) => Promise<void>) => {
      await renderRoute('/location/2', { user: admin });
      const form = await screen.findByRole('form', { name: 'Add a closure' });
      fireEvent.change(within(form).getByLabelText('Date'), { target: { value: '2031-07-01' } });
      await user.type(within(form).getByRole('textbox', { name: 'Reason' }), 'Verbouwing');
      await user.click(within(form).getByRole('button', { name: 'Add closure' }));
      const dialog = await screen.findByRole('dialog', { name: 'Appointments affected by this change' });
      await answer(dialog);
      await user.click(within(dialog).getByRole('button', { name: 'Save with this choice' }));
      expect(await screen.findByText('Saved')).toBeInTheDocument();
      cleanup();
    };
    await close(async (dialog) => {
      expect(
        within(dialog).getByRole('radio', { name: 'Move to another desk in Stadswinkel Noord' }),
      ).toBeChecked();
    });
    await close(async (dialog) => {
      expect(
        within(within(dialog).getByRole('list', { name: 'Locations that would receive visitors' })).getByRole(
          'listitem',
        ),
      ).toHaveTextContent('Stadhuis, Markt 1, 1234 AB Voorbeeld: 1 appointment');
      await user.click(within(dialog).getByRole('radio', { name: 'Move to another location' }));
    });
    expect(
      log
        .filter((r) => r.method === 'POST')
        .map((r) => (r.body as { affectedAppointments?: string }).affectedAppointments),
    ).toEqual([undefined, 'reassign', undefined, 'reassign_anywhere']);
    expect(log.filter((r) => r.method === 'POST').at(-1)?.body).toMatchObject({
      date: '2031-07-01',
      reason: 'Verbouwing',
      locationId: 2,
    });
  });

  it('cannot be deleted while desks belong to it, and says why', async () => {
    serveLocations();
    await renderRoute('/location/1', { user: admin });
    await screen.findByRole('link', { name: 'Balie 1' });
    expect(screen.getByRole('button', { name: 'Delete' })).toBeDisabled();
    expect(
      screen.getByText(
        'Front desks belong to this location. Move them to another location first, or make the location inactive.',
      ),
    ).toBeInTheDocument();
  });

  it('is deleted after confirmation when no desk belongs to it; the server’s refusal is explained', async () => {
    let refuse = true;
    const log = serveLocations(({ method }) => {
      if (method !== 'DELETE') return undefined;
      return refuse ? apiError(409, 'location_in_use') : { status: 204 };
    });
    await renderRoute('/location/3', { user: admin });
    expect(await screen.findByText('There are no front desks at this location yet.')).toBeInTheDocument();
    const remove = screen.getByRole('button', { name: 'Delete' });
    expect(remove).toBeEnabled();
    await user.click(remove);
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete Wijkpost Zuid?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    // A desk was moved there meanwhile: the server says so, the page explains it.
    expect(
      await screen.findAllByText(
        'Front desks belong to this location. Move them to another location first, or make the location inactive.',
      ),
    ).not.toHaveLength(0);
    await waitFor(() => expect(screen.queryByRole('dialog', { hidden: true })).not.toBeInTheDocument());
    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('table', { name: 'Locations' })).toBeInTheDocument();
    expect(log.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([
      '/api/location/3',
      '/api/location/3',
    ]);
  });

  it('says the location does not exist for an id that cannot be one, and on a 404', async () => {
    const log = serveLocations();
    await renderRoute('/location/abc', { user: admin });
    expect(await screen.findByText('This location does not exist.')).toBeInTheDocument();
    expect(log.some((r) => r.path.startsWith('/api/location/'))).toBe(false);
    cleanup();
    await renderRoute('/location/99', { user: admin });
    expect(await screen.findByText('This location does not exist.')).toBeInTheDocument();
  });
});
