import { useEffect } from 'react';
import { changeUiLanguage } from '../lib/i18n';
import { useCurrentUser } from './useCurrentUser';

/** Spec §4: when the current user loads, switch to their ui locale, or else to their language's code. */
export function useUserLanguage() {
  const { user } = useCurrentUser();
  const code = user ? (user.uiSettings.locale ?? user.language?.code ?? null) : null;
  useEffect(() => {
    if (code) void changeUiLanguage(code);
  }, [code]);
}
