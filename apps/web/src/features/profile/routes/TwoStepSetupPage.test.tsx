import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { User } from '@balie/shared';
import {
  apiError,
  fakeApi,
  type FakeAnswer,
  type FakeRequest,
} from '../../../components/scheduling/test/fakeApi';
import { captureDownloads } from '../../../test/downloads';
import { aUser, renderRoute } from '../../../test/renderRoute';

vi.setConfig({ testTimeout: 60_000 });

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const CODES = Array.from({ length: 10 }, (_, i) => `ABC${i}-DEFG-HJKM`);

/** The account's API as DESIGN §5 answers it; `routes` answer first. */
function server(me: User, routes: Record<string, (r: FakeRequest) => FakeAnswer> = {}) {
  let current = me;
  return fakeApi((request) => {
    const key = `${request.method} ${request.path.replace(/\?.*/, '')}`;
    const own = routes[key];
    if (own) {
      const answer = own(request);
      if (answer.status < 300 && key.endsWith('/confirm')) current = { ...current, mfaEnabled: true };
      if (answer.status < 300 && key.startsWith('DELETE')) current = { ...current, mfaEnabled: false };
      return answer;
    }
    if (key === 'GET /api/user/current') return { status: 200, body: current };
    if (key === 'GET /api/organisation') return { status: 200, body: { requireMfaForAdmins: false } };
    return apiError(404, 'not_found');
  });
}

describe('turning two-step sign-in on and off', () => {
  it('shows the QR code and the key, confirms with a code and shows the ten recovery codes once', async () => {
    const me = aUser({ id: 7 });
    const log = server(me, {
      'POST /api/user/7/mfa/setup': () => ({
        status: 200,
        body: { secret: SECRET, otpauthUrl: `otpauth://totp/Balie:anna?secret=${SECRET}&issuer=Balie` },
      }),
      'POST /api/user/7/mfa/confirm': ({ body }) =>
        (body as { code: string }).code === '123456'
          ? { status: 200, body: { recoveryCodes: CODES } }
          : {
              status: 400,
              body: {
                code: 'validation_failed',
                message: 'x',
                errors: [{ property: 'code', message: 'wrong_code' }],
              },
            },
    });
    const saved = captureDownloads();
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const user = userEvent.setup({ delay: null });
    const view = await renderRoute('/profile', { user: me });

    const section = (await screen.findByRole('heading', { level: 2, name: 'Two-step sign-in' })).closest(
      'section',
    )!;
    expect(within(section).getByText('Off')).toBeInTheDocument();
    await user.click(within(section).getByRole('link', { name: 'Turn on two-step sign-in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Turn on two-step sign-in' })).toBeVisible();
    expect(view.location().pathname).toBe('/two-step-sign-in');
    await user.click(screen.getByRole('button', { name: 'Start' }));

    expect(
      await screen.findByRole('img', { name: 'QR code to scan with your authenticator app' }),
    ).toBeVisible();
    // The key as text, in groups of four, named by the sentence above it.
    expect(screen.getByLabelText(/Type this key into the app/)).toHaveTextContent(
      'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP',
    );
    const field = screen.getByRole('textbox', { name: '6-digit code' });
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    expect(field).toHaveAttribute('inputmode', 'numeric');
    await user.type(field, '000000');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/That code is not right/);

    await user.type(field, '123456{Enter}');
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CODES);
    await user.click(screen.getByRole('button', { name: 'Download' }));
    expect(saved).toEqual(['recovery-codes.txt']);
    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
    await user.click(screen.getByRole('button', { name: 'I have saved them' }));
    await waitFor(() => expect(view.location().pathname).toBe('/profile'));
    expect(await screen.findByText('Two-step sign-in is on.')).toBeInTheDocument();
    // Shown once: the profile says it is on, the codes are gone.
    expect(await screen.findByText('On')).toBeInTheDocument();
    expect(screen.queryByText(CODES[0]!)).not.toBeInTheDocument();
    expect(log.filter((r) => r.path.endsWith('/confirm')).map((r) => r.body)).toEqual([
      { code: '000000' },
      { code: '123456' },
    ]);
  });

  it('turns it off with a code, and says a wrong one', async () => {
    const me = aUser({ id: 7, mfaEnabled: true });
    const log = server(me, {
      'DELETE /api/user/7/mfa': ({ body }) =>
        (body as { code: string }).code === 'ABCD-EFGH-JKMN'
          ? { status: 204 }
          : {
              status: 400,
              body: {
                code: 'validation_failed',
                message: 'x',
                errors: [{ property: 'code', message: 'wrong_code' }],
              },
            },
    });
    const user = userEvent.setup({ delay: null });
    await renderRoute('/profile', { user: me });
    await user.click(await screen.findByRole('button', { name: 'Turn off two-step sign-in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off two-step sign-in?' });
    expect(dialog).toHaveAccessibleDescription(/one of your recovery codes/);
    const field = within(dialog).getByRole('textbox', { name: 'Code or recovery code' });
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    await user.type(field, '999999{Enter}');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/That code is not right/);
    await user.type(field, 'ABCD-EFGH-JKMN{Enter}');
    expect(await screen.findByText('Two-step sign-in is off.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(log.filter((r) => r.method === 'DELETE').map((r) => r.body)).toEqual([
      { code: '999999' },
      { code: 'ABCD-EFGH-JKMN' },
    ]);
  });

  it('says why no code is taken when the code step is blocked', async () => {
    const me = aUser({ id: 7, mfaEnabled: true });
    server(me, { 'DELETE /api/user/7/mfa': () => apiError(423, 'mfa_blocked') });
    const user = userEvent.setup({ delay: null });
    await renderRoute('/profile', { user: me });
    await user.click(await screen.findByRole('button', { name: 'Turn off two-step sign-in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off two-step sign-in?' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Code or recovery code' }), '123456{Enter}');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      /Too many wrong codes were entered: no code is accepted now. Choose a new password/,
    );
  });
});

describe('an admin whom the organisation requires to use two-step sign-in', () => {
  const admin = aUser({ id: 1, roles: ['ROLE_ADMIN'] });

  it('is taken to the setup from any page until it is done', async () => {
    fakeApi(({ path }) => {
      if (path === '/api/organisation') return { status: 200, body: { requireMfaForAdmins: true } };
      if (path === '/api/user/current') return { status: 200, body: admin };
      return apiError(403, 'mfa_setup_required');
    });
    for (const path of ['/users', '/home', '/profile']) {
      const view = await renderRoute(path, { user: admin });
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Turn on two-step sign-in' }),
      ).toBeVisible();
      expect(view.location().pathname, path).toBe('/two-step-sign-in');
      expect(
        screen.getByText(/Your organisation requires two-step sign-in for administrators/),
      ).toBeVisible();
      view.unmount();
    }
  });

  it('is taken there when the server says so, though the organisation read earlier did not', async () => {
    fakeApi(({ path }) => {
      if (path === '/api/organisation') return { status: 200, body: { requireMfaForAdmins: false } };
      if (path === '/api/user/current') return { status: 200, body: admin };
      return apiError(403, 'mfa_setup_required');
    });
    const view = await renderRoute('/users', { user: admin });
    expect(await screen.findByRole('heading', { level: 1, name: 'Turn on two-step sign-in' })).toBeVisible();
    expect(view.location().pathname).toBe('/two-step-sign-in');
  });

  it('is not held once two-step sign-in is on, nor is staff', async () => {
    fakeApi(({ path }) => {
      if (path === '/api/organisation') return { status: 200, body: { requireMfaForAdmins: true } };
      return apiError(404, 'not_found');
    });
    const on = await renderRoute('/profile', {
      user: aUser({ id: 1, roles: ['ROLE_ADMIN'], mfaEnabled: true }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'My profile' })).toBeVisible();
    expect(on.location().pathname).toBe('/profile');
    on.unmount();
    const staff = await renderRoute('/profile', { user: aUser({ roles: ['ROLE_USER', 'ROLE_STAFF'] }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'My profile' })).toBeVisible();
    expect(staff.location().pathname).toBe('/profile');
  });
});
