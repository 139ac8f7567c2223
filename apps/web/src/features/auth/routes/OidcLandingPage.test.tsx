import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { aUser, renderRoute, UNBRANDED } from '../../../test/renderRoute';
import { apiError, fakeApi } from '../../../components/scheduling/test/fakeApi';
import { isProviderSession, markProviderSession } from '../../../session/providerSession';

const ORGANISATION = { name: 'Gemeente Voorbeeld', registrationOpen: true, ...UNBRANDED };

/** The page as the callback's redirect opens it: the fragment on the real window's address. */
async function land(fragment: string) {
  window.history.replaceState(null, '', `/login/oidc#${fragment}`);
  return renderRoute('/login/oidc');
}

describe('sign-in through the organisation’s identity provider (DESIGN §4c)', () => {
  afterEach(() => markProviderSession(false));

  it('offers "Sign in with {displayName}" above the password form while a provider is connected', async () => {
    fakeApi(({ path }) =>
      path === '/api/organisation'
        ? { status: 200, body: { ...ORGANISATION, staffSignIn: { displayName: 'Gemeente-account' } } }
        : apiError(404, 'not_found'),
    );
    await renderRoute('/login');
    const link = await screen.findByRole('link', { name: 'Sign in with Gemeente-account' });
    expect(link).toHaveAttribute('href', '/api/auth/oidc/start');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('shows no such button without a provider', async () => {
    fakeApi(({ path }) =>
      path === '/api/organisation' ? { status: 200, body: ORGANISATION } : apiError(404, 'not_found'),
    );
    await renderRoute('/login');
    await screen.findByRole('button', { name: 'Sign in' });
    expect(screen.queryByRole('link', { name: /Sign in with/ })).not.toBeInTheDocument();
  });

  it('takes the hand-over once, clears it from the address bar and lands on the dashboard', async () => {
    const requests = fakeApi(({ path, method }) => {
      if (path === '/api/auth/oidc/session' && method === 'POST')
        return {
          status: 200,
          body: { token: 'a', refresh_token: 'r', user: aUser({ roles: ['ROLE_USER', 'ROLE_STAFF'] }) },
        };
      if (path === '/api/organisation') return { status: 200, body: ORGANISATION };
      return apiError(404, 'not_found');
    });
    const view = await land('handoff=one-time-value');
    await waitFor(() => expect(view.location().pathname).toBe('/home'));
    expect(requests.filter((r) => r.path === '/api/auth/oidc/session').map((r) => r.body)).toEqual([
      { handoff: 'one-time-value' },
    ]);
    expect(window.location.hash).toBe('');
    expect(isProviderSession()).toBe(true);
  });

  it('says in words why there is no session', async () => {
    fakeApi(({ path }) =>
      path === '/api/organisation' ? { status: 200, body: ORGANISATION } : apiError(404, 'not_found'),
    );
    await land('error=no_role');
    expect(await screen.findByRole('alert')).toHaveTextContent('you have no role for Balie');
    expect(screen.getByRole('link', { name: 'Back to sign-in' })).toHaveAttribute('href', '/login');
  });

  it('asks Balie’s own code when the provider asserted no second factor', async () => {
    fakeApi(({ path }) => {
      if (path === '/api/auth/oidc/session')
        return { status: 200, body: { mfaRequired: true, mfaToken: 'm' } };
      if (path === '/api/organisation') return { status: 200, body: ORGANISATION };
      return apiError(404, 'not_found');
    });
    await land('handoff=another');
    expect(
      await screen.findByRole('heading', { level: 1, name: /Two-step sign-in|code/i }),
    ).toBeInTheDocument();
  });
});
