import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { organisationSchema, type Organisation, type RegisterField } from '@balie/shared';
import { apiError, fakeApi, type FakeAnswer } from '../../../components/scheduling/test/fakeApi';
import { organisationApi } from '../../../components/organisation/organisationApi';
import { aUser, renderRoute, UNBRANDED } from '../../../test/renderRoute';

const user = userEvent.setup({ delay: null });

const organisation = (registrationOpen: boolean, registerFields: RegisterField[]): Organisation =>
  organisationSchema.parse({
    name: 'Gemeente Teststad',
    street: '',
    postcode: '',
    city: '',
    phone: '',
    email: '',
    website: '',
    registrationOpen,
    registerFields,
    requireMfaForAdmins: false,
    retentionDays: 30,
    reminders: [{ hoursBefore: 24 }],
    privacyStatement: { nl: '', en: '', de: '' },
    ...UNBRANDED,
  });

function serve(o: Organisation, register: () => FakeAnswer = () => apiError(500, 'internal_error')) {
  return fakeApi(({ path, method }) => {
    if (path === '/api/organisation') return { status: 200, body: o };
    if (path === '/api/register' && method === 'POST') return register();
    return apiError(404, 'not_found');
  });
}

const EXTRA = ['Date of birth', 'Service book number', 'Card number'];
const shownExtras = () => EXTRA.filter((label) => screen.queryByLabelText(label) !== null);

describe('register page fits the organisation (DESIGN §4b)', { timeout: 60_000 }, () => {
  it('asks all three extra fields when the organisation chose them (the demo)', async () => {
    serve(organisation(true, ['birthDay', 'serviceBookNr', 'cardNumber']));
    await renderRoute('/register');
    await screen.findByRole('button', { name: 'Create account' });
    expect(shownExtras()).toEqual(EXTRA);
    expect(screen.getByRole('heading', { name: 'Optional' })).toBeInTheDocument();
  });

  it('asks only the chosen ones, and none after /setup', async () => {
    serve(organisation(true, ['cardNumber']));
    const first = await renderRoute('/register');
    await screen.findByRole('button', { name: 'Create account' });
    expect(shownExtras()).toEqual(['Card number']);
    first.unmount();
    vi.unstubAllGlobals();

    serve(organisation(true, []));
    await renderRoute('/register');
    await screen.findByRole('button', { name: 'Create account' });
    expect(shownExtras()).toEqual([]);
    expect(screen.queryByRole('heading', { name: 'Optional' })).not.toBeInTheDocument();
  });

  it('says registration is closed instead of showing the form, and points at booking without an account', async () => {
    serve(organisation(false, []));
    await renderRoute('/register');
    expect(await screen.findByText('Registration is closed')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Book an appointment' })).toHaveAttribute('href', '/new');
    expect(screen.queryByRole('button', { name: 'Create account' })).not.toBeInTheDocument();
  });

  it('says so when registration closes while the form is open', async () => {
    serve(organisation(true, []), () => apiError(403, 'registration_closed'));
    await renderRoute('/register');
    await user.type(await screen.findByRole('textbox', { name: /E-mail address/ }), 'nieuw@example.org');
    await user.type(screen.getByLabelText(/^Password/), 'Nieuw-12345');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Registration is closed')).toBeInTheDocument();
  });

  it('the sign-in page links to registration only while it is open', async () => {
    serve(organisation(true, []));
    const open = await renderRoute('/login');
    expect(await screen.findByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
    open.unmount();
    vi.unstubAllGlobals();

    serve(organisation(false, []));
    const closed = await renderRoute('/login');
    await screen.findByRole('link', { name: 'Forgot your password?' });
    // Once the page knows the organisation's answer.
    await waitFor(() =>
      expect(organisationApi.endpoints.getOrganisation.select()(closed.store.getState()).isSuccess).toBe(
        true,
      ),
    );
    expect(screen.queryByRole('link', { name: 'Register' })).not.toBeInTheDocument();
    expect(screen.queryByText('No account yet?')).not.toBeInTheDocument();
  });

  it('a signed-in visitor is not asked either (the page is open to anyone)', async () => {
    serve(organisation(false, []));
    await renderRoute('/register', { user: aUser() });
    expect(await screen.findByText('Registration is closed')).toBeInTheDocument();
  });
});
