import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { PROVIDER_TIMEZONE } from '@balie/shared';
import { captureDownloads } from '../../../test/downloads';
import de from '../../../../public/locales/de/booking.json';
import en from '../../../../public/locales/en/booking.json';
import nl from '../../../../public/locales/nl/booking.json';
import { renderRoute } from '../../../test/renderRoute';
import { apiError, type FakeRequest } from '../../../components/scheduling/test/fakeApi';
import { appointment, reservation } from '../../../components/scheduling/test/fixtures';
import { itemAdded } from '../store/draftSlice';
import { at, day, server } from '../test/bookingServer';

describe('products step', () => {
  it.each([
    ['nl', nl, '1 gekozen (maximaal 4)', '2 gekozen (maximaal 4)'],
    ['en', en, '1 selected (at most 4)', '2 selected (at most 4)'],
    ['de', de, '1 ausgewählt (höchstens 4)', '2 ausgewählt (höchstens 4)'],
  ])(
    'says in %s that the number of products is a maximum, not a target',
    async (language, texts, one, two) => {
      const i18n = i18next.createInstance();
      await i18n.init({ lng: language, resources: { [language]: { booking: texts } }, defaultNS: 'booking' });
      expect(i18n.t('products.chosen', { count: 1, max: 4 })).toBe(one);
      expect(i18n.t('products.chosen', { count: 2, max: 4 })).toBe(two);
    },
  );

  it('allows four products with the spec message, and shows the estimated duration', async () => {
    const user = userEvent.setup({ delay: null });
    server();
    await renderRoute('/new');
    expect(await screen.findByRole('heading', { name: 'What do you want to arrange?' })).toBeInTheDocument();
    expect(await screen.findByText('Bring a passport photo.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'checklist.pdf' })).toHaveAttribute(
      'href',
      '/api/product/1/file/9',
    );
    expect(screen.getByRole('region', { name: 'Driving' })).toHaveTextContent('Driving licence');

    for (const [i, title] of ['Passport', 'ID card', 'Driving licence', 'Moving house'].entries()) {
      await user.click(screen.getByRole('button', { name: `Add ${title}` }));
      // The add button is gone: focus is on what took its place, not back at the top of the page.
      expect(screen.getByRole('combobox', { name: `Amount of ${title}` })).toHaveFocus();
      // Issue 34 item 13: "1 of 4 products selected" read as if four had to be chosen.
      expect(screen.getByText(new RegExp(`^${i + 1} selected \\(at most 4\\)`))).toBeInTheDocument();
    }
    expect(screen.getByText('4 products are selected, which is the maximum')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Parking permit' })).toBeDisabled();
    // 4 × 10 minutes; then 3 passports: 10 + 2 × 5.
    expect(screen.getByText(/estimated duration 40 minutes/)).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Amount of Passport' }), '3');
    expect(screen.getByText(/estimated duration 50 minutes/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove ID card' }));
    expect(screen.getByRole('button', { name: 'Add ID card' })).toHaveFocus();
    expect(screen.queryByText('4 products are selected, which is the maximum')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Parking permit' })).toBeEnabled();
  });

  it('chooses the products of a rebooking link (/new?items=…), skipping unknown ids and bad parts', async () => {
    server();
    const { location } = await renderRoute('/new?items=3x2,99x1,oops,1x1');
    expect(await screen.findByRole('combobox', { name: 'Amount of Driving licence' })).toHaveValue('2');
    expect(screen.getByRole('combobox', { name: 'Amount of Passport' })).toHaveValue('1');
    expect(screen.getByRole('button', { name: 'Remove Driving licence' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove ID card' })).not.toBeInTheDocument();
    // Used once: a reload does not choose them again.
    await waitFor(() => expect(location().search).toBe('?step=products'));
  });

  it('searches and filters by category', async () => {
    const user = userEvent.setup({ delay: null });
    server();
    await renderRoute('/new');
    await screen.findByText('Passport');
    await user.type(screen.getByRole('searchbox', { name: 'Search products' }), 'licen');
    expect(screen.queryByText('Passport')).not.toBeInTheDocument();
    expect(screen.getByText('Driving licence')).toBeInTheDocument();
    await user.clear(screen.getByRole('searchbox', { name: 'Search products' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'Documents');
    expect(screen.getByText('Passport')).toBeInTheDocument();
    expect(screen.queryByText('Driving licence')).not.toBeInTheDocument();
  });
});

describe('steps in the browser history', () => {
  const stepOf = (location: () => { search: string }) => new URLSearchParams(location().search).get('step');

  it('makes each step an entry: Back returns to the previous step, Forward comes back', async () => {
    const user = userEvent.setup({ delay: null });
    server();
    const { location, navigate } = await renderRoute('/new');
    await user.click(await screen.findByRole('button', { name: 'Add Passport' }));
    await waitFor(() => expect(stepOf(location)).toBe('products'));
    await user.click(screen.getByRole('button', { name: 'Choose date and time' }));
    expect(await screen.findByRole('heading', { name: 'Choose a date and time' })).toBeInTheDocument();
    await waitFor(() => expect(stepOf(location)).toBe('time'));

    await act(() => navigate(-1));
    expect(await screen.findByRole('heading', { name: 'What do you want to arrange?' })).toBeInTheDocument();
    expect(stepOf(location)).toBe('products');
    // The products chosen are still there.
    expect(screen.getByRole('button', { name: 'Remove Passport' })).toBeInTheDocument();

    await act(() => navigate(1));
    expect(await screen.findByRole('heading', { name: 'Choose a date and time' })).toBeInTheDocument();
    expect(stepOf(location)).toBe('time');
  });

  it('falls back to the furthest reachable step when the address asks for more', async () => {
    server();
    const { location, navigate, store } = await renderRoute('/new?step=review');
    expect(await screen.findByRole('heading', { name: 'What do you want to arrange?' })).toBeInTheDocument();
    await waitFor(() => expect(stepOf(location)).toBe('products'));

    store.dispatch(itemAdded(1));
    // Products but no hold: details and review are out of reach, the time step is the furthest.
    await act(() => navigate('/new?step=details'));
    expect(await screen.findByRole('heading', { name: 'Choose a date and time' })).toBeInTheDocument();
    await waitFor(() => expect(stepOf(location)).toBe('time'));
  });
});

describe('the whole booking', () => {
  it('holds, survives a taken slot and an expired hold without losing input, and confirms', async () => {
    const user = userEvent.setup({ delay: null });
    let holds = 0;
    let confirms = 0;
    const log = server({
      'POST /api/appointment/make-reservation': (r) => {
        holds += 1;
        if (holds === 1) return apiError(409, 'timeslot_unavailable');
        const body = r.body as { fromDateTime: string };
        const from = DateTime.fromISO(body.fromDateTime);
        return {
          status: 201,
          body: reservation({
            id: `7f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4${holds}`,
            fromDateTime: body.fromDateTime,
            untilDateTime: from.plus({ minutes: 10 }).toISO() ?? '',
            createdDateTime: new Date().toISOString(),
            validTill: new Date(Date.now() + 600_000).toISOString(),
          }),
        };
      },
      'POST /api/appointment': () => {
        confirms += 1;
        if (confirms === 1) return apiError(410, 'reservation_expired');
        return {
          status: 201,
          body: appointment({
            token: 'tok-123',
            fromDateTime: at('09:12').toISO() ?? '',
            untilDateTime: at('09:22').toISO() ?? '',
          }),
        };
      },
    });
    await renderRoute('/new');
    await user.click(await screen.findByRole('button', { name: 'Add Passport' }));
    await user.click(screen.getByRole('button', { name: 'Choose date and time' }));

    const heading = await screen.findByRole('heading', { name: 'Choose a date and time' });
    expect(heading).toHaveFocus();
    expect(screen.getByText(/Choose a date first/)).toBeInTheDocument();

    // Only the day the server reports is enabled.
    if (day.month !== DateTime.now().setZone(PROVIDER_TIMEZONE).month) {
      await user.click(await screen.findByRole('button', { name: 'Next month' }));
    }
    const dayButton = await screen.findByRole('gridcell', { name: String(day.day) });
    await waitFor(() => expect(dayButton).toBeEnabled());
    await user.click(dayButton);
    const morning = await screen.findByRole('region', { name: 'Morning' });
    expect(screen.getByRole('region', { name: 'Afternoon' })).toHaveTextContent('13:00');

    // Someone else took 09:00: the message shows and the slots are asked again.
    const slotCalls = () => log.filter((r) => r.path === '/api/timeslots').length;
    const before = slotCalls();
    await user.click(within(morning).getByRole('button', { name: /^09:00/ }));
    expect(
      await screen.findByText('Unfortunately, this time slot is no longer available'),
    ).toBeInTheDocument();
    await waitFor(() => expect(slotCalls()).toBeGreaterThan(before));

    await user.click(await screen.findByRole('button', { name: /^09:12/ }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /^09:12/ })).toHaveAttribute('aria-pressed', 'true'),
    );
    // Held: focus goes on to Next, the way to the next step.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Next' })).toHaveFocus());
    expect(await screen.findByRole('timer')).toHaveTextContent(/^(10:00|09:[45]\d)$/); // the full hold, give or take a slow machine
    // Choosing another slot replaces the hold; and back again.
    await user.click(screen.getByRole('button', { name: /^13:00/ }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /^13:00/ })).toHaveAttribute('aria-pressed', 'true'),
    );
    await user.click(screen.getByRole('button', { name: /^09:12/ }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /^09:12/ })).toHaveAttribute('aria-pressed', 'true'),
    );
    const holdBodies = () =>
      log.filter((r) => r.path === '/api/appointment/make-reservation').map((r) => r.body);
    expect(holdBodies()[2]).toMatchObject({ replacesReservationId: '7f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a42' });
    expect(holdBodies()[3]).toMatchObject({ replacesReservationId: '7f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a43' });
    await user.click(screen.getByRole('button', { name: 'Next' }));

    await user.type(await screen.findByRole('textbox', { name: 'Initials' }), 'J.');
    // Next says which fields keep it disabled, before any of them has been left.
    const next = screen.getByRole('button', { name: 'Next' });
    expect(next).toBeDisabled();
    expect(next).toHaveAccessibleDescription(
      'Next is possible once this is filled in correctly: Last name, E-mail address and Telephone number.',
    );
    await user.type(screen.getByRole('textbox', { name: /Last name/ }), 'Dijk');
    await user.type(screen.getByRole('textbox', { name: /E-mail address/ }), 'not-an-address');
    expect(next).toHaveAccessibleDescription(
      'Next is possible once this is filled in correctly: E-mail address and Telephone number.',
    );
    await user.tab();
    expect(await screen.findByText('This is not a valid e-mail address.')).toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: /E-mail address/ }));
    await user.type(screen.getByRole('textbox', { name: /E-mail address/ }), 'j@example.com');
    await user.type(screen.getByRole('textbox', { name: /Telephone number/ }), '0612345678');
    await user.tab();
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByRole('heading', { name: 'Check your appointment' })).toBeInTheDocument();
    expect(screen.getByText('J. Dijk')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirm appointment' }));

    // 410: back to the time step, told why.
    expect(await screen.findByRole('heading', { name: 'Choose a date and time' })).toBeInTheDocument();
    // Said once (the banner), not twice (issue 9 item 4).
    expect(screen.getAllByText('Reservation expired.')).toHaveLength(1);
    await user.click(await screen.findByRole('button', { name: /^09:12/ }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Next' }));
    // Nothing entered was lost.
    expect(await screen.findByRole('textbox', { name: /Last name/ })).toHaveValue('Dijk');
    expect(screen.getByRole('textbox', { name: /E-mail address/ })).toHaveValue('j@example.com');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm appointment' }));

    expect(await screen.findByRole('heading', { name: 'Your appointment is confirmed' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Change appointment' })).toHaveAttribute(
      'href',
      '/edit-appointment/tok-123',
    );
    expect(screen.getByRole('link', { name: 'Cancel appointment' })).toHaveAttribute(
      'href',
      '/cancel-appointment/tok-123',
    );
    // The calendar file is named in the visitor's language, as the mailed one is.
    const saved = captureDownloads();
    await user.click(screen.getByRole('button', { name: 'Add to calendar' }));
    expect(saved).toEqual(['appointment.ics']);
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();

    const confirm = log.filter((r) => r.method === 'POST' && r.path === '/api/appointment').at(-1);
    expect(confirm?.body).toMatchObject({
      reservationId: '7f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a45',
      initials: 'J.',
      lastName: 'Dijk',
      email: 'j@example.com',
      phone: '0612345678',
      language: 'en',
    });
    // The hold after the expiry names nothing to replace: the expired one is gone.
    expect(holdBodies()[4]).not.toHaveProperty('replacesReservationId');
  });
});

describe('limits against abuse (DESIGN §6)', { timeout: 30_000 }, () => {
  /** The time step of /new with Passport chosen and the test day's slots shown. */
  async function atTheTimeStep(user: ReturnType<typeof userEvent.setup>) {
    await renderRoute('/new');
    await user.click(await screen.findByRole('button', { name: 'Add Passport' }));
    await user.click(screen.getByRole('button', { name: 'Choose date and time' }));
    if (day.month !== DateTime.now().setZone(PROVIDER_TIMEZONE).month) {
      await user.click(await screen.findByRole('button', { name: 'Next month' }));
    }
    const dayButton = await screen.findByRole('gridcell', { name: String(day.day) });
    await waitFor(() => expect(dayButton).toBeEnabled());
    await user.click(dayButton);
    await screen.findByRole('region', { name: 'Morning' });
  }
  const held = (r: FakeRequest, id: string) => ({
    status: 201,
    body: reservation({
      id,
      fromDateTime: (r.body as { fromDateTime: string }).fromDateTime,
      createdDateTime: new Date().toISOString(),
      validTill: new Date(Date.now() + 600_000).toISOString(),
    }),
  });

  it('says why a hold was refused for too many holds from the network, and lets the visitor choose again', async () => {
    const user = userEvent.setup({ delay: null });
    let holds = 0;
    server({
      'POST /api/appointment/make-reservation': (r) =>
        ++holds === 1 ? apiError(429, 'too_many_holds') : held(r, '7f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a51'),
    });
    await atTheTimeStep(user);
    await user.click(screen.getByRole('button', { name: /^09:00/ }));
    expect(
      await screen.findByText(
        'Too many time slots are being held from your network right now. Please try again in a few minutes, or finish a booking you have already started.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^09:00/ }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /^09:00/ })).toHaveAttribute('aria-pressed', 'true'),
    );
    expect(await screen.findByRole('timer')).toBeInTheDocument();
  });

  it('sends a visitor whose address has the most appointments back to the time step, saying why', async () => {
    const user = userEvent.setup({ delay: null });
    let holds = 0;
    server({
      'POST /api/appointment/make-reservation': (r) =>
        held(r, `7f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a6${++holds}`),
      'POST /api/appointment': () => apiError(409, 'too_many_appointments'),
    });
    await atTheTimeStep(user);
    await user.click(screen.getByRole('button', { name: /^09:12/ }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.type(await screen.findByRole('textbox', { name: /Last name/ }), 'Dijk');
    await user.type(screen.getByRole('textbox', { name: /E-mail address/ }), 'stranger@example.org');
    await user.type(screen.getByRole('textbox', { name: /Telephone number/ }), '0612345678');
    await user.tab();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm appointment' }));

    expect(await screen.findByRole('heading', { name: 'Choose a date and time' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'The e-mail address stranger@example.org already has the most upcoming appointments allowed. Cancel an appointment you no longer need (with the link in its confirmation e-mail) or use another e-mail address, then choose a time again.',
      ),
    ).toBeInTheDocument();
    // The server released the hold: no countdown, and the slot can be chosen again.
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: /^09:12/ }));
    expect(await screen.findByRole('timer')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('textbox', { name: /E-mail address/ })).toHaveValue(
      'stranger@example.org',
    );
  });
});
