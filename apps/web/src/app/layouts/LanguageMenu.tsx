import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { uiLanguageOf } from '@balie/shared';
import type { OfferedLanguage } from '../../session/useOfferedLanguages';

interface Props {
  anchor: HTMLElement | null;
  languages: readonly OfferedLanguage[];
  current: string;
  onChoose: (code: string) => void;
  onClose: () => void;
}

/** The menu of the language switch; its own chunk because the menu (MUI Menu, Popover, Modal) opens on a click. */
export default function LanguageMenu({ anchor, languages, current, onChoose, onClose }: Props) {
  return (
    <Menu id="language-menu" anchorEl={anchor} open={Boolean(anchor)} onClose={onClose}>
      {languages.map((l) => (
        <MenuItem
          key={l.code}
          lang={uiLanguageOf(l.code)}
          selected={uiLanguageOf(l.code) === current}
          onClick={() => onChoose(l.code)}
        >
          <ListItemText primary={l.description} secondary={l.short} />
        </MenuItem>
      ))}
    </Menu>
  );
}
