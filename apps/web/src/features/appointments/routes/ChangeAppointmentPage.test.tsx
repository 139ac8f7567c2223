import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DateTime } from 'luxon';
import { describe, expect, it, vi } from 'vitest';
import { PROVIDER_TIMEZONE } from '@balie/shared';
import {
  apiError,
  fakeApi,
  type FakeRequest,
  type FakeAnswer,
} from '../../../components/scheduling/test/fakeApi';
import { appointment, product, reservation, slot } from '../../../components/scheduling/test/fixtures';
import { aUser, renderRoute } from '../../../test/renderRoute';

const day = DateTime.now().setZone(PROVIDER_TIMEZONE).plus({ days: 2 }).startOf('day');
const at = (hhmm: string) =>
  DateTime.fromISO(`${day.toISODate()}T${hhmm}`, { zone: PROVIDER_TIMEZONE }).toISO() ?? '';
const current = appointment({ id: 42, fromDateTime: at('09:00'), untilDateTime: at('09:24') });
const slots = ['09:00', '10:00'].map((t) => slot(at(t), at(t)));

function server(routes: Record<string, (r: FakeRequest) => FakeAnswer> = {}) {
  return fakeApi((request) => {
    const key = `${request.method} ${request.path.replace(/\?.*/, '')}`;
    const own = routes[key];
    if (own) return own(request);
    if (key === 'GET /api/appointment/42') return { status: 200, body: current };
    if (key === 'POST /api/available-days') return { status: 200, body: [day.toISODate()] };
    if (key === 'POST /api/timeslots') return { status: 200, body: slots };
    if (key === 'GET /api/appointments') return { status: 200, body: [] };
    return apiError(404, 'not_found');
  });
}

async function openAndChoose10() {
  const user = userEvent.setup({ delay: null });
  await renderRoute('/change-appointment/42', { user: aUser() });
  expect(await screen.findByRole('heading', { name: 'Your current appointment' })).toBeInTheDocument();
  // Where it is, with the address.
  expect(screen.getByText('Town hall, Stadhuisplein 1, 1234 AB Voorbeeld')).toBeInTheDocument();
  // The current slot is marked; choosing it again offers no change.
  const nine = await screen.findByRole('button', { name: /^09:00/ });
  expect(nine).toHaveAttribute('aria-pressed', 'true');
  await user.click(nine);
  expect(screen.queryByRole('button', { name: 'Change appointment' })).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: /^10:00/ }));
  return user;
}

describe('change appointment (spec §2)', () => {
  it('offers the change only for another slot, asks first, and cancelling the question does nothing', async () => {
    const log = server();
    const user = await openAndChoose10();
    await user.click(screen.getByRole('button', { name: 'Change appointment' }));
    expect(await screen.findByRole('dialog', { name: 'Change your appointment?' })).toHaveTextContent(
      '10:00',
    );
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(
      log.filter(
        (r) => r.method !== 'GET' && !r.path.includes('available-days') && !r.path.includes('timeslots'),
      ),
    ).toEqual([]);
  });

  it('holds the new slot for this appointment, moves it, says so and returns to the calendar', async () => {
    const log = server({
      'POST /api/appointment/make-reservation': () => ({
        status: 201,
        body: reservation({ fromDateTime: at('10:00') }),
      }),
      'PATCH /api/appointment/42': () => ({ status: 200, body: { ...current, fromDateTime: at('10:00') } }),
    });
    const user = await openAndChoose10();
    await user.click(screen.getByRole('button', { name: 'Change appointment' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, change' }));

    expect(await screen.findByText('Appointment changed')).toBeInTheDocument();
    // The calendar page is its own (large) chunk: the common patience (test/setup.ts) covers its loading.
    expect(await screen.findByRole('heading', { name: 'Calendar' })).toBeInTheDocument();
    // A move stays at the appointment's location: its days, times and the hold ask for it.
    expect(log.find((r) => r.path === '/api/appointment/make-reservation')?.body).toMatchObject({
      appointmentId: 42,
      fromDateTime: at('10:00'),
      appointmentItems: [{ productId: 1, amount: 2 }],
      locationId: 1,
    });
    for (const path of ['/api/available-days', '/api/timeslots'])
      expect(log.filter((r) => r.path === path).map((r) => r.body)).toEqual(
        expect.arrayContaining([expect.objectContaining({ appointmentId: 42, locationId: 1 })]),
      );
    expect(log.find((r) => r.method === 'PATCH')?.body).toEqual({
      reservationId: reservation().id,
      newStatus: 'confirmed',
    });
  });

  it('shows the generic error when the change fails, and the not-possible page on change_not_possible', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let answer: FakeAnswer = { status: 500, body: { code: 'internal_error', message: '' } };
    server({ 'POST /api/appointment/make-reservation': () => answer });
    const user = await openAndChoose10();
    await user.click(screen.getByRole('button', { name: 'Change appointment' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, change' }));
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();

    answer = apiError(409, 'change_not_possible');
    await user.click(await screen.findByRole('button', { name: 'Change appointment' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, change' }));
    expect(
      await screen.findByRole('heading', { name: 'Changing your appointment is not possible' }),
    ).toBeInTheDocument();
  });
});

describe('change appointment for a visitor (staff, DESIGN §4b)', { timeout: 30_000 }, () => {
  const staff = aUser({ roles: ['ROLE_USER', 'ROLE_STAFF'] });
  const products = [product(1, { title: 'Passport' }), product(2, { title: 'ID card' })];

  it('speaks of the visitor, changes the products too, and returns to the appointments list', async () => {
    const log = server({
      'GET /api/products': () => ({ status: 200, body: products }),
      'GET /api/appointments_paginated': () => ({
        status: 200,
        body: { items: [], total: 0, page: 1, pageSize: 10 },
      }),
      'GET /api/desks': () => ({ status: 200, body: [] }),
      'POST /api/appointment/make-reservation': () => ({ status: 201, body: reservation() }),
      'PATCH /api/appointment/42': () => ({ status: 200, body: current }),
    });
    const user = userEvent.setup({ delay: null });
    await renderRoute('/change-appointment/42', { user: staff });
    expect(
      await screen.findByRole('heading', { level: 1, name: "Change the visitor's appointment" }),
    ).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: "The visitor's current appointment" }),
    ).toBeInTheDocument();
    const passport = await screen.findByRole('combobox', { name: 'Amount of Passport' });
    expect(screen.getByRole('main')).not.toHaveTextContent(/your/i);
    expect(passport).toHaveValue('2');
    expect(screen.getByRole('combobox', { name: 'Amount of ID card' })).toHaveValue('0');
    expect(screen.getByText('Duration: 15 minutes.')).toBeInTheDocument();

    // Another product: the current time is no longer chosen by itself; choosing it again is a change.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Amount of ID card' }), '1');
    expect(screen.getByText('Duration: 25 minutes.')).toBeInTheDocument();
    const nine = await screen.findByRole('button', { name: /^09:00/ });
    expect(nine).toHaveAttribute('aria-pressed', 'false');
    await user.click(nine);
    await user.click(screen.getByRole('button', { name: 'Change appointment' }));
    const confirm = await screen.findByRole('dialog', { name: "Change the visitor's appointment?" });
    expect(confirm).toHaveTextContent(
      /The visitor's appointment will be on .* at 09:00. The visitor gets an e-mail/,
    );
    await user.click(within(confirm).getByRole('button', { name: 'Yes, change' }));

    expect(
      await screen.findByText('The appointment of J. van Dijk was changed. The visitor gets an e-mail.'),
    ).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Appointments' }, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(log.find((r) => r.path === '/api/appointment/make-reservation')?.body).toMatchObject({
      appointmentId: 42,
      fromDateTime: at('09:00'),
      appointmentItems: [
        { productId: 1, amount: 2 },
        { productId: 2, amount: 1 },
      ],
    });
  });

  it('asks for at least one product before offering slots', async () => {
    server({ 'GET /api/products': () => ({ status: 200, body: products }) });
    const user = userEvent.setup({ delay: null });
    await renderRoute('/change-appointment/42', { user: staff });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Amount of Passport' }), '0');
    expect(screen.getByText('Choose at least one product for the visitor.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^09:00/ })).not.toBeInTheDocument();
  });
});
