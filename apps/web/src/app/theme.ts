import { createTheme, type Theme, type ThemeOptions } from '@mui/material/styles';
import { deDE, nlNL } from '@mui/material/locale';
import { uiLanguageOf, type UiLanguage } from '@balie/shared';
import { HEADER_HEIGHT } from '../lib/layout';

// Dark blue primary (spec §2); both blues keep a contrast above 7:1 against white (WCAG AAA for text).
const options: ThemeOptions = {
  palette: {
    primary: { main: '#0b2d5b', light: '#1a3d7c', dark: '#061b38', contrastText: '#ffffff' },
    secondary: { main: '#1a3d7c' },
    // MUI's default red (#d32f2f) gives white text only 4.0:1; this one reaches 6.5:1 (WCAG 1.4.3).
    error: { main: '#b3261e', contrastText: '#ffffff' },
    background: { default: '#f4f6fa', paper: '#ffffff' },
  },
  typography: {
    fontFamily: 'Roboto, "Helvetica Neue", Arial, sans-serif',
    h4: { fontWeight: 500 },
  },
  shape: { borderRadius: 8 },
  mixins: {
    toolbar: {
      minHeight: HEADER_HEIGHT.mobile,
      '@media (min-width:900px)': { minHeight: HEADER_HEIGHT.desktop },
    },
  },
  components: {
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: { root: { textTransform: 'none' } },
    },
    // A visible focus ring on every focusable element (WCAG 2.4.7), also where MUI shows only a ripple.
    MuiButtonBase: {
      styleOverrides: { root: { '&.Mui-focusVisible': { outline: '3px solid #f2a900', outlineOffset: 2 } } },
    },
    MuiLink: { defaultProps: { underline: 'always' } },
  },
};

/**
 * MUI's own texts (an alert's "Close", the pager's "Go to next page") per interface language. English is
 * MUI's default: no locale to load for it.
 */
const componentTexts: Record<UiLanguage, ThemeOptions> = { nl: nlNL, en: {}, de: deDE };
const themes = new Map<UiLanguage, Theme>();

/** The app's theme with MUI's own texts in `language`; one theme per language, made once. */
export function themeFor(language: string | undefined): Theme {
  const code = uiLanguageOf(language);
  let theme = themes.get(code);
  if (!theme) {
    theme = createTheme(options, componentTexts[code]);
    themes.set(code, theme);
  }
  return theme;
}
