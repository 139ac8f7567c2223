import { useEffect } from 'react';
import { changeUiLanguage } from '../lib/i18n';
import type { User } from '@balie/shared';
import { useCurrentUser } from './useCurrentUser';

/** The interface language a user has stored (the switch's locale, kept equal to the profile's language). */
export const userLanguageCode = (user: User): string | null =>
  user.uiSettings.locale ?? user.language?.code ?? null;

/**
 * Spec §4: when the current user loads or changes, switch to their language. The server keeps the ui
 * locale and the profile's language equal (decision 0190); the locale is read first because the top-bar
 * switch updates it in the cache before the server answers.
 */
export function useUserLanguage() {
  const { user } = useCurrentUser();
  const code = user ? userLanguageCode(user) : null;
  useEffect(() => {
    if (code) void changeUiLanguage(code);
  }, [code]);
}
