import { describe, expect, it } from 'vitest';
import { dayPartOf, greetingFor, uiLanguageOf } from './constants.js';

describe('business constants', () => {
  it('greets by time of day (spec §9)', () => {
    expect(greetingFor(0)).toBe('good_morning');
    expect(greetingFor(11)).toBe('good_morning');
    expect(greetingFor(12)).toBe('good_afternoon');
    expect(greetingFor(17)).toBe('good_afternoon');
    expect(greetingFor(18)).toBe('good_evening');
  });
  it('splits the day into parts at 12:00 and 17:00', () => {
    expect(dayPartOf(11 * 60 + 59)).toBe('morning');
    expect(dayPartOf(12 * 60)).toBe('afternoon');
    expect(dayPartOf(17 * 60)).toBe('evening');
  });
  it('falls back to Dutch for unknown languages', () => {
    expect(uiLanguageOf('en-GB')).toBe('en');
    expect(uiLanguageOf('fr-FR')).toBe('nl');
    expect(uiLanguageOf(undefined)).toBe('nl');
  });
});
