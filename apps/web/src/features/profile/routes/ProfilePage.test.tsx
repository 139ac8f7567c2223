import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { UpdateUserRequest, User } from '@balie/shared';
import { i18n } from '../../../lib/i18n';
import { aUser, LANGUAGES, renderRoute } from '../../../test/renderRoute';
import { apiError, fakeApi } from '../../../components/scheduling/test/fakeApi';

const user = userEvent.setup({ delay: null });
const english = LANGUAGES[1]!;
const dutch = LANGUAGES[0]!;

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
    // German is not offered (spec §1).
    expect(screen.queryByRole('option', { name: 'Deutsch' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('option', { name: 'Nederlands' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(i18n.language).toBe('nl'));
    expect(document.documentElement.lang).toBe('nl');
    expect(log.find((r) => r.method === 'PATCH')?.body).toMatchObject({ languageId: dutch.id });
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
