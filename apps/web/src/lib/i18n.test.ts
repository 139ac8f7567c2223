import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeUiLanguage, i18nOptions, startLanguage } from './i18n';

// Issue 34 item 8: a German browser gets German on its first visit; a stored choice wins (decision 0424).
describe('the language a page starts in', () => {
  const speaks = (...languages: string[]) => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
    vi.spyOn(navigator, 'language', 'get').mockReturnValue(languages[0] ?? '');
  };
  afterEach(() => window.localStorage.clear());

  it('is the browser’s language when no choice was stored: German, English or Dutch', () => {
    speaks('de-DE', 'en-US');
    expect(startLanguage()).toBe('de');
    expect(i18nOptions().lng).toBe('de');
    speaks('de-AT');
    expect(startLanguage()).toBe('de');
    speaks('en-US');
    expect(startLanguage()).toBe('en');
    speaks('nl-BE', 'de');
    expect(startLanguage()).toBe('nl');
  });

  it('takes the first interface language the browser lists, and Dutch when it lists none', () => {
    speaks('fr-FR', 'de-CH', 'en');
    expect(startLanguage()).toBe('de');
    speaks('fr-FR', 'pl');
    expect(startLanguage()).toBe('nl');
    speaks();
    expect(startLanguage()).toBe('nl');
  });

  it('is the stored choice whatever the browser speaks', async () => {
    speaks('de-DE');
    await changeUiLanguage('nl');
    expect(startLanguage()).toBe('nl');
    await changeUiLanguage('en-GB');
    expect(startLanguage()).toBe('en');
  });
});
