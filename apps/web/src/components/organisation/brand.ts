import type { Theme } from '@mui/material/styles';
import { DEFAULT_PRIMARY_COLOUR, type Organisation } from '@balie/shared';

/** The address of the organisation's logo (GET /api/organisation/logo/{id}), or null without one. */
export function logoUrlOf(o: Pick<Organisation, 'logoFileId'> | undefined): string | null {
  return o?.logoFileId ? `/api/organisation/logo/${o.logoFileId}` : null;
}

const branded = new WeakMap<Theme, Map<string, Theme>>();

/**
 * The app's theme with the organisation's primary colour (DESIGN §5 Branding): white text on it reaches
 * 4.5:1 (the server refuses others), so buttons and the top bar stay readable. One theme per colour.
 */
export function brandedTheme(outer: Theme, colour: string = DEFAULT_PRIMARY_COLOUR): Theme {
  let byColour = branded.get(outer);
  if (!byColour) branded.set(outer, (byColour = new Map()));
  let theme = byColour.get(colour);
  if (!theme) {
    theme = {
      ...outer,
      palette: {
        ...outer.palette,
        primary: outer.palette.augmentColor({ color: { main: colour, contrastText: '#ffffff' } }),
        secondary: outer.palette.augmentColor({ color: { main: colour, contrastText: '#ffffff' } }),
      },
    };
    byColour.set(colour, theme);
  }
  return theme;
}
