import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aUser, renderRoute } from '../../../test/renderRoute';
import { apiError, fakeApi, type FakeAnswer } from '../../../components/scheduling/test/fakeApi';

describe('login form (spec §4 forms)', () => {
  it("shows the public top bar with the link back to the organisation's website", async () => {
    await renderRoute('/login');
    const banner = await screen.findByRole('banner');
    expect(await within(banner).findByRole('link', { name: /Back to the website/ })).toHaveAttribute(
      'href',
      'https://www.voorbeeld.example',
    );
  });

  it('keeps submit disabled until the form is changed and valid, and shows errors on blur', async () => {
    const user = userEvent.setup({ delay: null });
    await renderRoute('/login');
    const submit = await screen.findByRole('button', { name: 'Sign in' });
    expect(submit).toBeDisabled();

    const email = screen.getByRole('textbox', { name: /E-mail address/ });
    await user.type(email, 'anna@example');
    expect(screen.queryByText('Enter a valid e-mail address')).not.toBeInTheDocument();
    await user.tab(); // blur
    expect(await screen.findByText('Enter a valid e-mail address')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(submit).toBeDisabled();

    await user.type(email, '.nl');
    await user.type(screen.getByLabelText(/^Password/), 'secret');
    await user.tab();
    expect(screen.queryByText('Enter a valid e-mail address')).not.toBeInTheDocument();
    expect(submit).toBeEnabled();
  });

  it('enables submit as soon as the last field is valid, before it loses focus (Enter submits)', async () => {
    const user = userEvent.setup({ delay: null });
    await renderRoute('/login');
    const submit = await screen.findByRole('button', { name: 'Sign in' });
    await user.type(screen.getByRole('textbox', { name: /E-mail address/ }), 'anna@example.nl');
    await user.type(screen.getByLabelText(/^Password/), 'secret');
    expect(submit).toBeEnabled();
  });

  it('says the e-mail address is required when the field is left empty', async () => {
    const user = userEvent.setup({ delay: null });
    await renderRoute('/login');
    await user.click(await screen.findByRole('textbox', { name: /E-mail address/ }));
    await user.tab();
    expect(await screen.findByText('E-mail address is required')).toBeInTheDocument();
  });

  it('links to forgot-password and register', async () => {
    await renderRoute('/login');
    expect(await screen.findByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    // The register link waits for the organisation (registration may be closed): its own wait.
    expect(await screen.findByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
  });
});

describe('login with two-step sign-in (DESIGN §5)', { timeout: 60_000 }, () => {
  const anna = aUser({ id: 7, mfaEnabled: true });

  /** The server: a right password asks for a code; `code` answers the code step. */
  function server(code: (body: { mfaToken: string; code: string }) => FakeAnswer) {
    return fakeApi(({ method, path, body }) => {
      if (path === '/api/login' && method === 'POST')
        return { status: 200, body: { mfaRequired: true, mfaToken: 'mfa-token-1' } };
      if (path === '/api/login/mfa') return code(body as { mfaToken: string; code: string });
      if (path === '/api/user/current') return { status: 200, body: anna };
      if (path === '/api/organisation') return { status: 200, body: { registrationOpen: true } };
      return apiError(404, 'not_found');
    });
  }

  async function passwordStep() {
    const user = userEvent.setup({ delay: null });
    const view = await renderRoute('/login');
    await user.type(await screen.findByRole('textbox', { name: /E-mail address/ }), 'anna@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'Secret123!');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { level: 1, name: 'Two-step sign-in' });
    return { user, view };
  }

  it('asks for the app’s code in one field the phone fills in, then signs in', async () => {
    const log = server(() => ({
      status: 200,
      body: { token: 'access', refresh_token: 'refresh', user: anna },
    }));
    const { user, view } = await passwordStep();
    const field = screen.getByRole('textbox', { name: '6-digit code' });
    expect(field).toHaveFocus();
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    expect(field).toHaveAttribute('inputmode', 'numeric');
    expect(field.closest('form')).toHaveAccessibleDescription(/authenticator app/);
    // A whole code pasted at once.
    await user.paste('123 456');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(view.location().pathname).toBe('/home'));
    expect(log.find((r) => r.path === '/api/login/mfa')?.body).toEqual({
      mfaToken: 'mfa-token-1',
      code: '123 456',
    });
  });

  it('says a wrong code out loud and readies the field; takes a recovery code instead', async () => {
    const log = server(({ code }) =>
      code === 'ABCD-EFGH-JKMN'
        ? { status: 200, body: { token: 'access', refresh_token: 'refresh', user: anna } }
        : apiError(401, 'invalid_credentials'),
    );
    const { user, view } = await passwordStep();
    const field = screen.getByRole('textbox', { name: '6-digit code' });
    await user.type(field, '000000{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'That code is not right. Enter the code the app shows now.',
    );
    expect(field).toHaveValue('');
    expect(field).toHaveFocus();
    expect(field).toHaveAttribute('aria-invalid', 'true');

    await user.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    const recovery = screen.getByRole('textbox', { name: 'Recovery code' });
    expect(recovery).toHaveFocus();
    expect(recovery).toHaveAttribute('inputmode', 'text');
    await user.type(recovery, 'ABCD-EFGH-JKMN');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(view.location().pathname).toBe('/home'));
    expect(
      log.filter((r) => r.path === '/api/login/mfa').map((r) => (r.body as { code: string }).code),
    ).toEqual(['000000', 'ABCD-EFGH-JKMN']);
  });

  it('says plainly that the code step is blocked after too many wrong codes, and shows the way out', async () => {
    server(() => apiError(423, 'mfa_blocked'));
    const { user, view } = await passwordStep();
    await user.type(screen.getByRole('textbox', { name: '6-digit code' }), '123456{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Signing in with a code is blocked');
    expect(alert).toHaveTextContent('Choose a new password to lift the block');
    expect(alert).toHaveTextContent('ask an administrator to reset your two-step sign-in');
    expect(screen.queryByText(/Something went wrong/)).not.toBeInTheDocument();
    // No code helps now: the field is gone, the new password is one click away.
    expect(screen.queryByRole('textbox', { name: '6-digit code' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Choose a new password' }));
    await waitFor(() => expect(view.location().pathname).toBe('/forgot-password'));
  });

  it('goes back to the password when the sign-in took longer than the mfaToken lives', async () => {
    server(() => apiError(401, 'unauthorized'));
    const { user } = await passwordStep();
    await user.type(screen.getByRole('textbox', { name: '6-digit code' }), '123456{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Signing in took too long. Enter your password again.',
    );
    expect(screen.getByRole('textbox', { name: /E-mail address/ })).toHaveValue('anna@example.com');
  });
});
