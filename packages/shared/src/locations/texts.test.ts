import { describe, expect, it } from 'vitest';
import { locationNoticeIn } from './texts.js';

describe('locationNoticeIn', () => {
  const location = {
    notice: 'Ingang naast de bibliotheek; lift aanwezig.',
    translations: { en: { notice: 'Entrance next to the library; lift available.' }, de: { notice: '' } },
  };

  it('gives the translation, and the Dutch notice where a language has none or an empty one', () => {
    expect(locationNoticeIn(location, 'nl')).toBe('Ingang naast de bibliotheek; lift aanwezig.');
    expect(locationNoticeIn(location, 'en')).toBe('Entrance next to the library; lift available.');
    expect(locationNoticeIn(location, 'de')).toBe('Ingang naast de bibliotheek; lift aanwezig.');
    expect(locationNoticeIn({ ...location, translations: {} }, 'en')).toBe(location.notice);
  });
});
