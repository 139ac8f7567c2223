import { describe, expect, it } from 'vitest';

// Every text exists in every language (nl, en, de): a key missing in one shows its raw name there.
const files = import.meta.glob<Record<string, unknown>>('../../public/locales/*/*.json', {
  eager: true,
  import: 'default',
});

const keysOf = (value: unknown, prefix = ''): string[] =>
  typeof value === 'object' && value !== null
    ? Object.entries(value).flatMap(([k, v]) => keysOf(v, prefix ? `${prefix}.${k}` : k))
    : [prefix];

const byLanguage = (language: string) =>
  Object.entries(files)
    .filter(([path]) => path.includes(`/locales/${language}/`))
    .flatMap(([path, data]) => keysOf(data).map((k) => `${path.slice(path.lastIndexOf('/') + 1)}:${k}`))
    .sort();

describe('translation files', () => {
  it('have the same keys in nl, en and de', () => {
    const en = byLanguage('en');
    expect(en.length).toBeGreaterThan(100);
    expect(byLanguage('nl')).toEqual(en);
    expect(byLanguage('de')).toEqual(en);
  });
});
