import { addDays } from '../availability/clock.js';

/** A public holiday: its date and its name in the product's languages. */
export interface PublicHoliday {
  date: string;
  name: { nl: string; en: string; de: string };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Easter Sunday of a Gregorian year as 'YYYY-MM-DD' (the anonymous Gregorian algorithm, Meeus/Jones/Butcher). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/**
 * The Dutch public holidays of a year in date order, as an admin closes the office for them (the
 * closures screen offers them). Bevrijdingsdag is listed every year: whether it is a day off is the
 * organisation's choice, which is why the screen lets the admin pick.
 */
export function dutchPublicHolidays(year: number): PublicHoliday[] {
  const easter = easterSunday(year);
  const april27 = `${year}-04-27`;
  // 27 April on a Sunday: Koningsdag is the Saturday before.
  const koningsdag = new Date(`${april27}T00:00:00Z`).getUTCDay() === 0 ? `${year}-04-26` : april27;
  const holiday = (date: string, nl: string, en: string, de: string): PublicHoliday => ({
    date,
    name: { nl, en, de },
  });
  return [
    holiday(`${year}-01-01`, 'Nieuwjaarsdag', "New Year's Day", 'Neujahr'),
    holiday(addDays(easter, -2), 'Goede Vrijdag', 'Good Friday', 'Karfreitag'),
    holiday(easter, 'Eerste Paasdag', 'Easter Sunday', 'Ostersonntag'),
    holiday(addDays(easter, 1), 'Tweede Paasdag', 'Easter Monday', 'Ostermontag'),
    holiday(koningsdag, 'Koningsdag', "King's Day", 'Königstag'),
    holiday(`${year}-05-05`, 'Bevrijdingsdag', 'Liberation Day', 'Befreiungstag'),
    holiday(addDays(easter, 39), 'Hemelvaartsdag', 'Ascension Day', 'Christi Himmelfahrt'),
    holiday(addDays(easter, 49), 'Eerste Pinksterdag', 'Whit Sunday', 'Pfingstsonntag'),
    holiday(addDays(easter, 50), 'Tweede Pinksterdag', 'Whit Monday', 'Pfingstmontag'),
    holiday(`${year}-12-25`, 'Eerste Kerstdag', 'Christmas Day', '1. Weihnachtstag'),
    holiday(`${year}-12-26`, 'Tweede Kerstdag', 'Boxing Day', '2. Weihnachtstag'),
  ].sort((x, y) => x.date.localeCompare(y.date));
}
