import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, type FakeAnswer } from '../../../components/scheduling/test/fakeApi';
import { aUser, renderRoute } from '../../../test/renderRoute';

vi.setConfig({ testTimeout: 60_000 });

const staff = aUser({
  roles: ['ROLE_USER', 'ROLE_STAFF'],
  email: 'desk@example.org',
  fullName: 'desk@example.org',
});

function server(answer: () => FakeAnswer) {
  return fakeApi(({ method, path }) => {
    if (method === 'POST' && path === '/api/invitation/the-token') return answer();
    if (path === '/api/user/current') return { status: 200, body: staff };
    if (path.startsWith('/api/appointments/today')) return { status: 200, body: [] };
    return { status: 404, body: { code: 'not_found', message: 'not_found' } };
  });
}

async function setPassword(password = 'Welkom-01!', name?: [string, string]) {
  const user = userEvent.setup({ delay: null });
  // The page is a chunk of its own: the first render may take a moment on a busy machine.
  await screen.findByRole('heading', { level: 1, name: 'Set up your account' }, { timeout: 8000 });
  if (name) {
    await user.type(screen.getByLabelText('First name'), name[0]);
    await user.type(screen.getByLabelText('Last name'), name[1]);
  }
  await user.type(await screen.findByLabelText(/^New password/), password);
  await user.type(screen.getByLabelText(/^Repeat password/), password);
  await user.click(screen.getByRole('button', { name: 'Save password and sign in' }));
}

describe('invitation page (/invitation/:token)', () => {
  it('sets the password under the spec’s rules and signs in, landing on the desk’s day', async () => {
    const log = server(() => ({
      status: 201,
      body: { token: 'access', refresh_token: 'refresh', user: staff },
    }));
    await renderRoute('/invitation/the-token');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Set up your account' }, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/at least 8 characters, with a capital letter and a special character/i),
    ).toBeVisible();
    await setPassword('Welkom-01!', ['Daan', ' de Balie ']);
    // Signed in: the dashboard with the desk's day, the side navigation of a signed-in account.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Dashboard' }, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(log.find((r) => r.method === 'POST')?.body).toEqual({
      password: 'Welkom-01!',
      firstName: 'Daan',
      lastName: 'de Balie',
    });
    expect(await screen.findByRole('list', { name: 'Main menu' })).toBeInTheDocument();
  });

  it('sends no name when none is given; says when the link no longer works or the address has an account', async () => {
    let answer: FakeAnswer = {
      status: 400,
      body: {
        code: 'validation_failed',
        message: '',
        errors: [{ property: 'token', message: 'object/not-found' }],
      },
    };
    const log = server(() => answer);
    await renderRoute('/invitation/the-token');
    await setPassword();
    expect(log.find((r) => r.method === 'POST')?.body).toEqual({ password: 'Welkom-01!' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /no longer works: it has expired, was used already or was withdrawn/,
    );
    answer = {
      status: 409,
      body: { code: 'conflict', message: '', errors: [{ property: 'email', message: 'email_taken' }] },
    };
    await userEvent.click(screen.getByRole('button', { name: 'Save password and sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /already exists. Sign in, or ask for a new password/,
    );
  });
});
