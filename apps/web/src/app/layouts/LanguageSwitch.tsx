import { useState } from 'react';
import Button from '@mui/material/Button';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TranslateIcon from '@mui/icons-material/Translate';
import { useTranslation } from 'react-i18next';
import { uiLanguageOf } from '@balie/shared';
import { changeUiLanguage } from '../../lib/i18n';
import { useUpdateCurrentUserMutation } from '../session/sessionApi';
import { useCurrentUser } from '../session/useCurrentUser';
import { useOfferedLanguages } from '../session/useOfferedLanguages';

export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const { languages } = useOfferedLanguages();
  const { user } = useCurrentUser();
  const [updateUser] = useUpdateCurrentUserMutation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
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
        aria-label={t('language.choose')}
        onClick={(e) => setAnchor(e.currentTarget)}
        disabled={languages.length === 0}
      >
        {current.toUpperCase()}
      </Button>
      <Menu id="language-menu" anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {languages.map((l) => (
          <MenuItem
            key={l.code}
            lang={uiLanguageOf(l.code)}
            selected={uiLanguageOf(l.code) === current}
            onClick={() => choose(l.code)}
          >
            <ListItemText primary={l.description} secondary={l.short} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
