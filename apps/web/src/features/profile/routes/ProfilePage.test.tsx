import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { UpdateUserRequest, User } from '@balie/shared';
import { i18n } from '../../../lib/i18n';
import { aUser, LANGUAGES, renderRoute } from '../../../test/renderRoute';
import { apiError, fakeApi } from '../../../components/scheduling/test/fakeApi';

const user = userEvent.setup({ delay: null });
const english = LANGUAGES[1]!;
const dutch = LANGUAGES[0]!;
const german = LANGUAGES[2]!;

/** PATCH /user/7 as the server answers it: the language and the ui locale are one setting (decision 0190). */
function serveUser(start: User) {
  let current = start;
  const log = fakeApi(({ method, path, body }) => {
    if (path !== '/api/user/7' && path !== '/api/user/current') return apiError(404, 'not_found');
    if (method === 'PATCH') {
      const { languageId, uiSettings } = body as UpdateUserRequest;
      const language =
        LANGUAGES.find((l) => l.id === languageId) ??
        LANGUAGES.find((l) => uiSettings?.locale && l.code === uiSettings.locale) ??
        current.language;
      current = { ...current, language, uiSettings: { locale: language?.code ?? null } };
    }
    return { status: 200, body: current };
  });
  return log;
}

describe('the profile language and the top-bar switch are one setting', () => {
  it('switches the interface when Nederlands is saved on the profile', async () => {
    const log = serveUser(aUser({ language: english, uiSettings: { locale: 'en-GB' } }));
    await renderRoute('/profile', { user: aUser({ language: english, uiSettings: { locale: 'en-GB' } }) });
    await user.click(await screen.findByRole('combobox', { name: 'Language' }));
    // German is offered too (issue 34 item 8, decision 0424).
    expect(screen.getByRole('option', { name: 'Deutsch' })).toBeInTheDocument();
    await user.click(await screen.findByRole('option', { name: 'Nederlands' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(i18n.language).toBe('nl'));
    expect(document.documentElement.lang).toBe('nl');
    expect(log.find((r) => r.method === 'PATCH')?.body).toMatchObject({ languageId: dutch.id });
  });

  it('switches the interface to German when Deutsch is saved on the profile', async () => {
    const log = serveUser(aUser({ language: english, uiSettings: { locale: 'en-GB' } }));
    await renderRoute('/profile', { user: aUser({ language: english, uiSettings: { locale: 'en-GB' } }) });
    await user.click(await screen.findByRole('combobox', { name: 'Language' }));
    await user.click(await screen.findByRole('option', { name: 'Deutsch' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(i18n.language).toBe('de'));
    expect(log.find((r) => r.method === 'PATCH')?.body).toMatchObject({ languageId: german.id });
  });

  it('shows a language chosen with the top-bar switch in the profile form', async () => {
    serveUser(aUser({ language: dutch, uiSettings: { locale: 'nl-NL' } }));
    await i18n.changeLanguage('en');
    await renderRoute('/profile', { user: aUser({ language: dutch, uiSettings: { locale: 'nl-NL' } }) });
    expect(await screen.findByRole('combobox', { name: /Language|Taal/ })).toHaveTextContent('Nederlands');
    await user.click(screen.getByRole('button', { name: /Choose a language/ }));
    await user.click(await screen.findByRole('menuitem', { name: /English/ }));
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Language' })).toHaveTextContent('English'),
    );
    expect(i18n.language).toBe('en');
  });
});

// Issue 34 item 9 (3): one's own password, changed while signed in (decision 0425).
describe('changing one’s own password on the profile', () => {
  /** The server's POST /user/7/password: `current` is the password it knows. */
  function servePassword(current: string) {
    return fakeApi(({ method, path, body }) => {
      if (path === '/api/user/current' || path === '/api/user/7') return { status: 200, body: aUser() };
      if (method === 'POST' && path === '/api/user/7/password') {
        const { currentPassword } = body as { currentPassword: string };
        if (currentPassword !== current)
          return {
            status: 400,
            body: {
              code: 'validation_failed',
              message: 'validation_failed',
              errors: [{ property: 'currentPassword', message: 'current_password_wrong' }],
            },
          };
        return { status: 200, body: { success: true } };
      }
      return apiError(404, 'not_found');
    });
  }
  const section = () => screen.findByRole('region', { name: 'Change password' });
  async function fill(current: string, next: string, repeat = next) {
    const form = await section();
    await user.type(within(form).getByLabelText(/^Current password/), current);
    await user.type(within(form).getByLabelText(/^New password/), next);
    await user.type(within(form).getByLabelText(/^Repeat new password/), repeat);
    return within(form).getByRole('button', { name: 'Change password' });
  }

  it('sends the current and the new password, then says it is changed and empties the fields', async () => {
    const log = servePassword('Old-secret1');
    await renderRoute('/profile', { user: aUser() });
    await user.click(await fill('Old-secret1', 'New-secret1!'));
    expect(await screen.findByText('Your password has been changed.')).toBeInTheDocument();
    expect(log.find((r) => r.path === '/api/user/7/password')?.body).toEqual({
      currentPassword: 'Old-secret1',
      password: 'New-secret1!',
    });
    expect(within(await section()).getByLabelText(/^Current password/)).toHaveValue('');
  });

  it('names a wrong current password under its field', async () => {
    servePassword('Old-secret1');
    await renderRoute('/profile', { user: aUser() });
    await user.click(await fill('Not-it-1!', 'New-secret1!'));
    expect(await screen.findByText('The current password is not right')).toBeInTheDocument();
  });

  it('holds the new password to the rules before sending, and the repeat must match', async () => {
    const log = servePassword('Old-secret1');
    await renderRoute('/profile', { user: aUser() });
    expect(await fill('Old-secret1', 'weak', 'weak')).toBeDisabled();
    expect(await screen.findByText(/at least 8 characters long/)).toBeInTheDocument();
    cleanup();
    await renderRoute('/profile', { user: aUser() });
    const button = await fill('Old-secret1', 'New-secret1!', 'New-secret2!');
    await user.tab();
    expect(await screen.findByText('The passwords do not match')).toBeInTheDocument();
    expect(button).toBeDisabled();
    expect(log.some((r) => r.path === '/api/user/7/password')).toBe(false);
  });
});
