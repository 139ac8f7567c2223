import { describe, expect, it } from 'vitest';
import { dutchPublicHolidays, easterSunday } from './holidays.js';

describe('Dutch public holidays', () => {
  it.each([
    [2024, '2024-03-31'],
    [2025, '2025-04-20'],
    [2026, '2026-04-05'],
    [2027, '2027-03-28'],
    [2030, '2030-04-21'],
    [2038, '2038-04-25'],
    [2285, '2285-03-22'],
  ])('Easter Sunday %i is %s (anonymous Gregorian algorithm)', (year, date) => {
    expect(easterSunday(year)).toBe(date);
  });

  it('lists the eleven days of 2026 in date order with their names in three languages', () => {
    expect(dutchPublicHolidays(2026).map((h) => `${h.date} ${h.name.nl}`)).toEqual([
      '2026-01-01 Nieuwjaarsdag',
      '2026-04-03 Goede Vrijdag',
      '2026-04-05 Eerste Paasdag',
      '2026-04-06 Tweede Paasdag',
      '2026-04-27 Koningsdag',
      '2026-05-05 Bevrijdingsdag',
      '2026-05-14 Hemelvaartsdag',
      '2026-05-24 Eerste Pinksterdag',
      '2026-05-25 Tweede Pinksterdag',
      '2026-12-25 Eerste Kerstdag',
      '2026-12-26 Tweede Kerstdag',
    ]);
    expect(dutchPublicHolidays(2026)[4]?.name).toEqual({
      nl: 'Koningsdag',
      en: "King's Day",
      de: 'Königstag',
    });
  });

  it('moves Koningsdag to 26 April when the 27th is a Sunday (2025, 2031)', () => {
    const koningsdag = (year: number) =>
      dutchPublicHolidays(year).find((h) => h.name.nl === 'Koningsdag')?.date;
    expect(koningsdag(2025)).toBe('2025-04-26');
    expect(koningsdag(2031)).toBe('2031-04-26');
    expect(koningsdag(2027)).toBe('2027-04-27');
  });

  it('puts Ascension and Whitsun 39, 49 and 50 days after Easter (2027, 2030)', () => {
    const dates = (year: number) =>
      Object.fromEntries(dutchPublicHolidays(year).map((h) => [h.name.en, h.date]));
    expect(dates(2027)).toMatchObject({
      'Good Friday': '2027-03-26',
      'Easter Monday': '2027-03-29',
      'Ascension Day': '2027-05-06',
      'Whit Sunday': '2027-05-16',
      'Whit Monday': '2027-05-17',
    });
    expect(dates(2030)).toMatchObject({ 'Ascension Day': '2030-05-30', 'Whit Monday': '2030-06-10' });
  });
});
