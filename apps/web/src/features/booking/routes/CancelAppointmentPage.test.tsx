import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { organisationSchema } from '@balie/shared';
import { renderRoute, UNBRANDED } from '../../../test/renderRoute';
import { apiError, fakeApi, type FakeAnswer } from '../../../components/scheduling/test/fakeApi';
import { appointment } from '../../../components/scheduling/test/fixtures';

const ORGANISATION = organisationSchema.parse({
  name: 'Gemeente Teststad',
  street: 'Marktplein 7',
  postcode: '1234 AB',
  city: 'Teststad',
  phone: '+31 30 555 0101',
  email: 'balie@teststad.example',
  website: 'https://www.teststad.example',
  registrationOpen: true,
  registerFields: ['birthDay', 'serviceBookNr', 'cardNumber'],
  requireMfaForAdmins: false,
  retentionDays: 30,
  reminders: [{ hoursBefore: 24 }],
  privacyStatement: { nl: '', en: '', de: '' },
  ...UNBRANDED,
});

/** A promise the test resolves when it wants the server to answer. */
function later() {
  let answer: (a: FakeAnswer) => void = () => undefined;
  const promise = new Promise<FakeAnswer>((resolve) => (answer = resolve));
  return { promise, answer };
}

describe('cancel by token', () => {
  it('shows the cancellation at once and rolls it back with the spec message when the server fails', async () => {
    const user = userEvent.setup({ delay: null });
    const cancelAnswer = later();
    fakeApi(({ path }) => {
      if (path === '/api/appointment/by-token/tok-1') return { status: 200, body: appointment() };
      if (path === '/api/appointment/by-token/tok-1/cancel') return cancelAnswer.promise;
      return apiError(404, 'not_found');
    });
    await renderRoute('/cancel-appointment/tok-1');
    expect(await screen.findByText('2 x Passport')).toBeInTheDocument();
    // Where the appointment is (DESIGN §4b: the edit and cancel pages show the location).
    expect(screen.getByText('Town hall, Stadhuisplein 1, 1234 AB Voorbeeld')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Yes, cancel appointment' }));

    // Optimistic: cancelled before the server has answered.
    expect(await screen.findByText('Your appointment has been cancelled.')).toBeInTheDocument();

    cancelAnswer.answer({ status: 500, body: { code: 'internal_error', message: 'boom' } });
    expect(
      await screen.findByText(
        'Something went wrong with cancelling your appointment, please try again later!',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('Your appointment has been cancelled.')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Yes, cancel appointment' })).toBeEnabled();
  });

  it('keeps the cancellation when the server agrees', async () => {
    const user = userEvent.setup({ delay: null });
    fakeApi(({ path }) => {
      if (path === '/api/appointment/by-token/tok-1') return { status: 200, body: appointment() };
      if (path === '/api/appointment/by-token/tok-1/cancel')
        return { status: 200, body: appointment({ status: 'cancelled', canChange: false }) };
      return apiError(404, 'not_found');
    });
    await renderRoute('/cancel-appointment/tok-1');
    await user.click(await screen.findByRole('button', { name: 'Yes, cancel appointment' }));
    expect(await screen.findByText('Your appointment has been cancelled.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Make a new appointment' })).toHaveAttribute('href', '/new');
  });

  it('says Invalid application for an unknown token', async () => {
    fakeApi(() => apiError(404, 'not_found'));
    await renderRoute('/cancel-appointment/nope');
    expect(await screen.findByText('Invalid application')).toBeInTheDocument();
  });

  it.each(['/cancel-appointment/nope', '/edit-appointment/nope'])(
    'explains a bad link at %s and offers a new appointment and the contact details',
    async (path) => {
      fakeApi(({ path: asked }) =>
        asked === '/api/organisation' ? { status: 200, body: ORGANISATION } : apiError(404, 'not_found'),
      );
      await renderRoute(path);
      expect(await screen.findByText(/unknown, has expired or was already used/)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Make a new appointment' })).toHaveAttribute('href', '/new');
      expect(
        await within(await screen.findByRole('main')).findByRole('link', { name: 'balie@teststad.example' }),
      ).toBeInTheDocument();
    },
  );

  it('sends a refused cancellation (change_not_possible) to the editing-not-possible page', async () => {
    const user = userEvent.setup({ delay: null });
    fakeApi(({ path }) => {
      if (path === '/api/appointment/by-token/tok-1') return { status: 200, body: appointment() };
      if (path === '/api/organisation') return { status: 200, body: ORGANISATION };
      return apiError(409, 'change_not_possible');
    });
    await renderRoute('/cancel-appointment/tok-1');
    await user.click(await screen.findByRole('button', { name: 'Yes, cancel appointment' }));
    expect(
      await screen.findByRole('heading', { name: 'Changing your appointment is not possible' }),
    ).toBeInTheDocument();
    // How to reach the provider comes from the organisation record (GET /organisation).
    const main = within(await screen.findByRole('main'));
    expect(await main.findByRole('link', { name: 'balie@teststad.example' })).toHaveAttribute(
      'href',
      'mailto:balie@teststad.example',
    );
    expect(main.getByRole('link', { name: '+31 30 555 0101' })).toHaveAttribute('href', 'tel:+31305550101');
    expect(main.getByText('Marktplein 7, 1234 AB Teststad')).toBeInTheDocument();
    const hrefs = main.getAllByRole('link').map((a) => a.getAttribute('href'));
    expect(hrefs).toContainEqual(
      expect.stringMatching(/^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=.*Marktplein/),
    );
  });
});
