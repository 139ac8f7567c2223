import { mkdtempSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { muiWithoutCssVars, REPLACEMENTS } from './muiWithoutCssVars';

// The installed MUI's styles folder, found from its package.json (the package exports no such path).
const stylesDir = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@mui/material/package.json')),
  'styles',
);

/** Calls the plugin's load hook as the bundler does; `error` throws like Rollup's this.error. */
function load(id: string) {
  const hook = muiWithoutCssVars().load as (this: unknown, id: string) => string | null;
  return hook.call(
    {
      error: (message: string) => {
        throw new Error(message);
      },
    },
    id,
  );
}

describe('muiWithoutCssVars (decision 0252)', () => {
  it('replaces both modules of the installed MUI, whose files still hold every line the copies rely on', () => {
    for (const name of Object.keys(REPLACEMENTS)) {
      expect(load(path.join(stylesDir, name))).toBe(REPLACEMENTS[name]!.code);
    }
  });

  it('leaves every other module alone', () => {
    expect(load(path.join(stylesDir, 'createThemeNoVars.mjs'))).toBeNull();
    expect(load('/app/src/createTheme.mjs')).toBeNull();
  });

  it('stops the build when MUI changed a replaced module', () => {
    const fakeStyles = path.join(mkdtempSync(path.join(tmpdir(), 'mui-')), '@mui', 'material', 'styles');
    mkdirSync(fakeStyles, { recursive: true });
    const changed = readFileSync(path.join(stylesDir, 'createTheme.mjs'), 'utf8').replace(
      'return createThemeNoVars(options, ...args);',
      'return createThemeNoVars({ ...options, extra: true }, ...args);',
    );
    writeFileSync(path.join(fakeStyles, 'createTheme.mjs'), changed);
    expect(() => load(path.join(fakeStyles, 'createTheme.mjs'))).toThrow(/createTheme\.mjs changed/);
  });
});
