import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/**
 * MUI's `createTheme` and `ThemeProvider` choose at run time between a theme without CSS variables and
 * one with them (dark mode, `cssVariables: true`); both branches are bundled, and every MUI component
 * reaches `createTheme` through its default theme. Balie has one light theme without CSS variables, so
 * the CSS-variables half (createThemeWithVars, CssVarsProvider, the colour-scheme script: 7.9 KB gzipped)
 * was dead weight in the first load of /new (decision 0252). This plugin replaces the two modules by
 * their no-variables branch. Each replacement is taken only while MUI's own file still holds the lines
 * it copies (`fingerprint`); after an MUI upgrade that changes them the build stops here instead of
 * shipping a theme that silently differs.
 */
interface Replacement {
  fingerprint: string[];
  code: string;
}

const NO_VARS_ONLY =
  "throw new Error('apps/web is built with MUI themes without CSS variables only (apps/web/vite/muiWithoutCssVars.ts)')";

export const REPLACEMENTS: Record<string, Replacement> = {
  'createTheme.mjs': {
    fingerprint: [
      'import createThemeNoVars from "./createThemeNoVars.mjs";',
      'cssVariables = false,',
      'if (cssVariables === false) {',
      "if (!('colorSchemes' in options)) {",
      'return createThemeNoVars(options, ...args);',
    ],
    code: `import createThemeNoVars from "./createThemeNoVars.mjs";
export default function createTheme(options = {}, ...args) {
  if (options.cssVariables || 'colorSchemes' in options) ${NO_VARS_ONLY};
  return createThemeNoVars(options, ...args);
}
`,
  },
  'ThemeProvider.mjs': {
    fingerprint: [
      'import ThemeProviderNoVars from "./ThemeProviderNoVars.mjs";',
      "if (typeof theme === 'function') {",
      'const muiTheme = THEME_ID in theme ? theme[THEME_ID] : theme;',
      "if (!('colorSchemes' in muiTheme)) {",
      "if (!('vars' in muiTheme)) {",
      'vars: null',
    ],
    code: `'use client';
import * as React from 'react';
import ThemeProviderNoVars from "./ThemeProviderNoVars.mjs";
import THEME_ID from "./identifier.mjs";
import { jsx as _jsx } from "react/jsx-runtime";
export default function ThemeProvider({ theme, ...props }) {
  const noVarsTheme = React.useMemo(() => {
    if (typeof theme === 'function') return theme;
    const muiTheme = THEME_ID in theme ? theme[THEME_ID] : theme;
    if ('colorSchemes' in muiTheme) ${NO_VARS_ONLY};
    return 'vars' in muiTheme ? theme : { ...theme, vars: null };
  }, [theme]);
  return _jsx(ThemeProviderNoVars, { theme: noVarsTheme, ...props });
}
`,
  },
};

const MUI_STYLES = /[\\/]@mui[\\/]material[\\/]styles[\\/]([\w.]+)$/;

export function muiWithoutCssVars(): Plugin {
  return {
    name: 'balie:mui-without-css-vars',
    enforce: 'pre',
    load(id) {
      const file = id.split('?')[0]!;
      const replacement = REPLACEMENTS[MUI_STYLES.exec(file)?.[1] ?? ''];
      if (!replacement) return null;
      const original = readFileSync(file, 'utf8');
      const missing = replacement.fingerprint.filter((line) => !original.includes(line));
      if (missing.length > 0)
        this.error(
          `${file} changed (no longer holds ${JSON.stringify(missing)}): review apps/web/vite/muiWithoutCssVars.ts`,
        );
      return replacement.code;
    },
  };
}
