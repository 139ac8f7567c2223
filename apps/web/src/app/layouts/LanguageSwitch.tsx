import { lazy, Suspense, useState } from 'react';
import Button from '@mui/material/Button';
import TranslateIcon from '@mui/icons-material/Translate';
import { useTranslation } from 'react-i18next';
import { uiLanguageOf } from '@balie/shared';
import { changeUiLanguage } from '../../lib/i18n';
import { useUpdateCurrentUserMutation } from '../../session/sessionApi';
import { useCurrentUser } from '../../session/useCurrentUser';
import { useOfferedLanguages } from '../../session/useOfferedLanguages';

// Loaded on the first open and kept mounted after that (so it can animate closing): /new paints without it.
const LanguageMenu = lazy(() => import('./LanguageMenu'));

export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const { languages } = useOfferedLanguages();
  const { user } = useCurrentUser();
  const [updateUser] = useUpdateCurrentUserMutation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [opened, setOpened] = useState(false);
  const current = uiLanguageOf(i18n.language);

  const choose = (code: string) => {
    setAnchor(null);
    void changeUiLanguage(code);
    // A signed-in user's choice is kept on their account so it follows them to other browsers.
    if (user) void updateUser({ id: user.id, uiSettings: { locale: code } });
  };

  return (
    <>
      <Button
        color="inherit"
        startIcon={<TranslateIcon />}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? 'language-menu' : undefined}
        // The accessible name starts with the visible text (WCAG 2.5.3 label in name).
        aria-label={`${current.toUpperCase()}, ${t('language.choose')}`}
        onClick={(e) => {
          setAnchor(e.currentTarget);
          setOpened(true);
        }}
      >
        {current.toUpperCase()}
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <LanguageMenu
            anchor={anchor}
            languages={languages}
            current={current}
            onChoose={choose}
            onClose={() => setAnchor(null)}
          />
        </Suspense>
      )}
    </>
  );
}
