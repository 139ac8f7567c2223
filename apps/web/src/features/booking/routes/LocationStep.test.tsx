import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DateTime } from 'luxon';
import { describe, expect, it, vi } from 'vitest';
import { PROVIDER_TIMEZONE, type AvailableLocations } from '@balie/shared';
import { LOCATIONS } from '../../../components/locations/test/fixtures';
import type { FakeRequest } from '../../../components/scheduling/test/fakeApi';
import { appointment, reservation } from '../../../components/scheduling/test/fixtures';
import { formatDate } from '../../../lib/dates';
import { renderRoute } from '../../../test/renderRoute';
import { day, server, slotAt, type Routes } from '../test/bookingServer';

vi.setConfig({ testTimeout: 60_000 });

const [stadhuis, noord] = [LOCATIONS[0]!, LOCATIONS[1]!];
const later = day.plus({ days: 5 });
/** Passport is served at both: the district office has the earlier day. */
const TWO: AvailableLocations = [
  { location: stadhuis, firstAvailableDate: later.toISODate() },
  { location: noord, firstAvailableDate: day.toISODate() },
];
const ref = (l: { id: number; name: string }) => ({ id: l.id, name: l.name });

const bodiesOf = (log: FakeRequest[], path: string) =>
  log.filter((r) => r.path === `/api/${path}`).map((r) => r.body as Record<string, unknown>);
const stepOf = (location: () => { search: string }) => new URLSearchParams(location().search).get('step');

/** A hold as the server grants it, at the slot asked for, on a desk of `place`. */
const holdAt = (r: FakeRequest, place = noord) => ({
  status: 201,
  body: reservation({
    fromDateTime: (r.body as { fromDateTime: string }).fromDateTime,
    createdDateTime: new Date().toISOString(),
    validTill: new Date(Date.now() + 600_000).toISOString(),
    desk: { id: 2, name: 'Desk 2', location: ref(place) },
  }),
});

async function chooseDay(user: ReturnType<typeof userEvent.setup>) {
  if (day.month !== DateTime.now().setZone(PROVIDER_TIMEZONE).month)
    await user.click(await screen.findByRole('button', { name: 'Next month' }));
  const dayButton = await screen.findByRole('gridcell', { name: String(day.day) });
  await waitFor(() => expect(dayButton).toBeEnabled());
  await user.click(dayButton);
}

/** /new with Passport chosen and the products step left (to the location step when there is one). */
async function afterProducts(user: ReturnType<typeof userEvent.setup>, next: string, path = '/new') {
  const view = await renderRoute(path);
  if (path === '/new') await user.click(await screen.findByRole('button', { name: 'Add Passport' }));
  const button = await screen.findByRole('button', { name: next });
  await user.click(button);
  return view;
}

const twoLocations = (routes: Routes = {}) =>
  server({ 'POST /api/available-locations': () => ({ status: 200, body: TWO }), ...routes });

describe('the location step (DESIGN §4b)', () => {
  it('offers each location with address, notice and first free day, "earliest anywhere" first', async () => {
    const user = userEvent.setup({ delay: null });
    const log = twoLocations();
    const { location } = await afterProducts(user, 'Choose a location');
    expect(await screen.findByRole('heading', { name: 'Where do you want to go?' })).toBeInTheDocument();
    await waitFor(() => expect(stepOf(location)).toBe('location'));
    expect(screen.getByText('Step 2 of 5: Location')).toBeInTheDocument();
    expect(bodiesOf(log, 'available-locations')).toEqual([
      { appointmentItems: [{ productId: 1, amount: 1 }] },
    ]);

    const radios = within(screen.getByRole('radiogroup', { name: 'Where do you want to go?' })).getAllByRole(
      'radio',
    );
    expect(radios.map((r) => r.getAttribute('value'))).toEqual(['anywhere', '1', '2']);
    const [anywhere, first, second] = radios as [HTMLElement, HTMLElement, HTMLElement];
    expect(anywhere).toHaveAccessibleName('Earliest anywhere');
    expect(anywhere).toBeChecked();
    expect(anywhere).toHaveAccessibleDescription(`First free day: ${formatDate(day.toISODate()!, 'en')}`);
    expect(first).toHaveAccessibleName('Stadhuis');
    expect(first).toHaveAccessibleDescription(
      `Markt 1, 1234 AB Voorbeeld Entrance on the market side. First free day: ${formatDate(later.toISODate()!, 'en')}`,
    );
    expect(second).toHaveAccessibleName('Stadswinkel Noord');
    expect(second).toHaveAccessibleDescription(
      `Noordplein 5, 1235 CD Voorbeeld First free day: ${formatDate(day.toISODate()!, 'en')}`,
    );
  });

  it('sends the location chosen with the days, the times and the hold, and shows it up to the success page', async () => {
    const user = userEvent.setup({ delay: null });
    const log = twoLocations({
      'POST /api/timeslots': () => ({ status: 200, body: [slotAt('09:00', ref(noord))] }),
      'POST /api/appointment/make-reservation': (r) => holdAt(r),
      'POST /api/appointment': () => ({
        status: 201,
        body: appointment({
          token: 'tok-9',
          fromDateTime: slotAt('09:00').beginTime,
          untilDateTime: slotAt('09:00').endTime,
          location: { ...ref(noord), street: noord.street, postcode: noord.postcode, city: noord.city },
        }),
      }),
    });
    await afterProducts(user, 'Choose a location');
    await user.click(await screen.findByRole('radio', { name: 'Stadswinkel Noord' }));
    await user.click(screen.getByRole('button', { name: 'Choose date and time' }));

    expect(await screen.findByRole('heading', { name: 'Choose a date and time' })).toBeInTheDocument();
    expect(screen.getByText('Times at Stadswinkel Noord.')).toBeInTheDocument();
    await chooseDay(user);
    // One location: the times do not repeat its name.
    await user.click(await screen.findByRole('button', { name: '09:00 to 09:12' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled());
    expect(bodiesOf(log, 'available-days').every((b) => b.locationId === 2)).toBe(true);
    expect(bodiesOf(log, 'timeslots')).toEqual([
      { appointmentItems: [{ productId: 1, amount: 1 }], date: day.toISODate(), locationId: 2 },
    ]);
    expect(bodiesOf(log, 'appointment/make-reservation')[0]).toMatchObject({ locationId: 2 });

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.type(await screen.findByRole('textbox', { name: /Last name/ }), 'Dijk');
    await user.type(screen.getByRole('textbox', { name: /E-mail address/ }), 'j@example.com');
    await user.type(screen.getByRole('textbox', { name: /Telephone number/ }), '0612345678');
    await user.tab();
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByRole('heading', { name: 'Check your appointment' })).toBeInTheDocument();
    expect(await screen.findByText('Stadswinkel Noord, Noordplein 5, 1235 CD Voorbeeld')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirm appointment' }));

    expect(await screen.findByRole('heading', { name: 'Your appointment is confirmed' })).toBeInTheDocument();
    expect(screen.getByText('Stadswinkel Noord, Noordplein 5, 1235 CD Voorbeeld')).toBeInTheDocument();
    const where = screen.getByRole('region', { name: 'Where to find us' });
    expect(within(where).getByText('Stadswinkel Noord')).toBeInTheDocument();
    expect(within(where).getByText('Noordplein 5, 1235 CD Voorbeeld')).toBeInTheDocument();
    expect(within(where).getByRole('link', { name: /Show on map/ })).toHaveAttribute(
      'href',
      expect.stringContaining(encodeURIComponent('Stadswinkel Noord, Noordplein 5, 1235 CD Voorbeeld')),
    );
  });

  it('with "earliest anywhere" names each time’s location and holds it where the button said', async () => {
    const user = userEvent.setup({ delay: null });
    const log = twoLocations({
      // The same time free at both.
      'POST /api/timeslots': () => ({
        status: 200,
        body: [slotAt('09:00', ref(stadhuis)), slotAt('09:00', ref(noord))],
      }),
      'POST /api/appointment/make-reservation': (r) => holdAt(r),
    });
    await afterProducts(user, 'Choose a location');
    await user.click(await screen.findByRole('button', { name: 'Choose date and time' }));
    expect(
      await screen.findByText('The times of every location; each time says where it is.'),
    ).toBeInTheDocument();
    await chooseDay(user);
    const there = await screen.findByRole('button', { name: '09:00 Stadswinkel Noord, until 09:12' });
    const here = screen.getByRole('button', { name: '09:00 Stadhuis, until 09:12' });
    await user.click(there);
    await waitFor(() => expect(there).toHaveAttribute('aria-pressed', 'true'));
    expect(here).toHaveAttribute('aria-pressed', 'false');
    expect(bodiesOf(log, 'available-days').every((b) => !('locationId' in b))).toBe(true);
    expect(bodiesOf(log, 'timeslots').every((b) => !('locationId' in b))).toBe(true);
    expect(bodiesOf(log, 'appointment/make-reservation')).toEqual([
      expect.objectContaining({ fromDateTime: slotAt('09:00').beginTime, locationId: 2 }),
    ]);
  });

  it('cannot choose a location without a free day in the window', async () => {
    const user = userEvent.setup({ delay: null });
    twoLocations({
      'POST /api/available-locations': () => ({
        status: 200,
        body: [TWO[0]!, { ...TWO[1]!, firstAvailableDate: null }],
      }),
    });
    await afterProducts(user, 'Choose a location');
    const full = await screen.findByRole('radio', { name: 'Stadswinkel Noord' });
    expect(full).toBeDisabled();
    expect(full).toHaveAccessibleDescription(/No free time in the coming months/);
    expect(screen.getByRole('radio', { name: 'Earliest anywhere' })).toHaveAccessibleDescription(
      `First free day: ${formatDate(later.toISODate()!, 'en')}`,
    );
  });

  it('preselects ?location=, keeps it when going back and forth through the history', async () => {
    const user = userEvent.setup({ delay: null });
    twoLocations();
    const { location, navigate } = await afterProducts(
      user,
      'Choose a location',
      '/new?items=1x1&location=2',
    );
    expect(await screen.findByRole('radio', { name: 'Stadswinkel Noord' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Choose date and time' }));
    expect(await screen.findByText('Times at Stadswinkel Noord.')).toBeInTheDocument();
    // Used once, like ?items=: the draft holds the choice from then on.
    expect(new URLSearchParams(location().search).get('location')).toBeNull();

    await act(() => navigate(-1));
    expect(await screen.findByRole('radio', { name: 'Stadswinkel Noord' })).toBeChecked();
    expect(stepOf(location)).toBe('location');
    await act(() => navigate(-1));
    expect(await screen.findByRole('heading', { name: 'What do you want to arrange?' })).toBeInTheDocument();
    await act(() => navigate(1));
    expect(await screen.findByRole('radio', { name: 'Stadswinkel Noord' })).toBeChecked();
    // Back in the page goes where the browser's Back goes.
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'What do you want to arrange?' })).toBeInTheDocument();
  });

  it('forgets a preselected location that does not serve the products', async () => {
    const user = userEvent.setup({ delay: null });
    twoLocations();
    await afterProducts(user, 'Choose a location', '/new?items=1x1&location=3');
    expect(await screen.findByRole('radio', { name: 'Earliest anywhere' })).toBeChecked();
  });
});

describe('one location, or none (DESIGN §4b)', () => {
  it('skips the step with one location and sends no location', async () => {
    const user = userEvent.setup({ delay: null });
    const log = server({ 'GET /api/locations': () => ({ status: 200, body: [stadhuis] }) });
    const { location, navigate } = await afterProducts(user, 'Choose date and time');
    expect(await screen.findByRole('heading', { name: 'Choose a date and time' })).toBeInTheDocument();
    await waitFor(() => expect(stepOf(location)).toBe('time'));
    expect(screen.getByText('Step 2 of 4: Date and time')).toBeInTheDocument();
    expect(screen.queryByText('Times at Stadhuis.')).not.toBeInTheDocument();
    await chooseDay(user);
    await screen.findByRole('button', { name: '09:00 to 09:12' });
    expect(bodiesOf(log, 'available-days').every((b) => !('locationId' in b))).toBe(true);
    expect(bodiesOf(log, 'timeslots').every((b) => !('locationId' in b))).toBe(true);
    // An address asking for the location step lands on the time step: this booking has none.
    await act(() => navigate('/new?step=location'));
    await waitFor(() => expect(stepOf(location)).toBe('time'));
    expect(screen.getByRole('heading', { name: 'Choose a date and time' })).toBeInTheDocument();
  });

  it('says on the products step when the products cannot be combined at any desk', async () => {
    const user = userEvent.setup({ delay: null });
    const log = server({
      'POST /api/available-locations': (r) => {
        const items = (r.body as { appointmentItems: unknown[] }).appointmentItems;
        return { status: 200, body: items.length > 1 ? [] : TWO };
      },
    });
    await renderRoute('/new');
    await user.click(await screen.findByRole('button', { name: 'Add Passport' }));
    await user.click(screen.getByRole('button', { name: 'Add Driving licence' }));
    expect(
      await screen.findByText(
        'These products cannot be combined in one appointment: no desk handles all of them. Make a separate appointment for one of them.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Choose date and time' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Remove Driving licence' }));
    expect(await screen.findByRole('button', { name: 'Choose a location' })).toBeEnabled();
    expect(screen.queryByText(/cannot be combined/)).not.toBeInTheDocument();
    expect(log.some((r) => r.path === '/api/available-days')).toBe(false);
  });

  it('says when a single product is offered nowhere', async () => {
    const user = userEvent.setup({ delay: null });
    server({ 'POST /api/available-locations': () => ({ status: 200, body: [] }) });
    await renderRoute('/new');
    await user.click(await screen.findByRole('button', { name: 'Add Parking permit' }));
    expect(
      await screen.findByText('This product cannot be booked online at the moment. Please contact us.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Choose date and time' })).toBeDisabled();
  });
});

// Issue 34 item 13: the counter said "Step 1 of 4" and then "Step 2 of 5" once the products turned out to be
// served at several locations. With more than one active location the location step counts from the start
// (decision 0429); where the products are served at one place only, the count passes over it.
describe('the step counter stays the same all the way', () => {
  it('counts the location step from the start when the organisation has several locations', async () => {
    const user = userEvent.setup({ delay: null });
    twoLocations();
    await renderRoute('/new');
    expect(await screen.findByText('Step 1 of 5: Products')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Add Passport' }));
    await user.click(await screen.findByRole('button', { name: 'Choose a location' }));
    expect(await screen.findByText('Step 2 of 5: Location')).toBeInTheDocument();
  });

  it('keeps counting five when these products are served at one of the locations only', async () => {
    const user = userEvent.setup({ delay: null });
    server();
    await renderRoute('/new');
    expect(await screen.findByText('Step 1 of 5: Products')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Add Passport' }));
    await user.click(await screen.findByRole('button', { name: 'Choose date and time' }));
    expect(await screen.findByText('Step 3 of 5: Date and time')).toBeInTheDocument();
  });

  it('counts four steps with a single location', async () => {
    const user = userEvent.setup({ delay: null });
    server({ 'GET /api/locations': () => ({ status: 200, body: [stadhuis] }) });
    await renderRoute('/new');
    expect(await screen.findByText('Step 1 of 4: Products')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Add Passport' }));
    await user.click(await screen.findByRole('button', { name: 'Choose date and time' }));
    expect(await screen.findByText('Step 2 of 4: Date and time')).toBeInTheDocument();
  });
});
