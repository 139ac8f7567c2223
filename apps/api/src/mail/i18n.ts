import { addressOf, type Organisation, type UiLanguage } from '@balie/shared';
import { de } from './locales/de.js';
import { en } from './locales/en.js';
import { nl, type MailTexts } from './locales/nl.js';

const TEXTS: Record<UiLanguage, MailTexts> = { nl, en, de };

/** The mail texts of a language (nl, en, de). */
export function mailTexts(language: UiLanguage): MailTexts {
  return TEXTS[language];
}

/** Fills `{name}` placeholders. */
export function fill(template: string, vars: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => vars[key] ?? whole);
}

/** 'Dear J. de Vries,' or the anonymous greeting when no name is known. */
export function greetingOf(t: MailTexts, name: string): string {
  return name ? fill(t.greeting, { name }) : t.greetingAnonymous;
}

/**
 * The organisation's name, address and contact lines at the foot of every mail (decision 0153); empty
 * ones are left out. The organisation is read at send time, so a queued mail carries the record as it is.
 */
export function organisationFooter(t: MailTexts, o: Organisation): string[] {
  return [
    o.name,
    addressOf(o),
    o.phone && `${t.footer.phone}: ${o.phone}`,
    o.email && `${t.footer.email}: ${o.email}`,
    o.website && `${t.footer.website}: ${o.website}`,
  ].filter((line): line is string => !!line);
}

/**
 * The locales dates are written in, the web's (apps/web `localeOf`): British English writes the day
 * before the month, as the Dutch and the Germans do.
 */
const LOCALES: Record<UiLanguage, string> = { nl: 'nl-NL', en: 'en-GB', de: 'de-DE' };

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(language: UiLanguage, timeZone: string, options: Intl.DateTimeFormatOptions) {
  const key = `${language}|${timeZone}|${JSON.stringify(options)}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(LOCALES[language], { ...options, timeZone });
    formatters.set(key, found);
  }
  return found;
}

/**
 * A day as the language writes it, from the locale's own rules rather than one pattern for all (a
 * German date has a comma after the weekday and a dot after the day): "dinsdag 1 december 2026",
 * "Tuesday 1 December 2026", "Dienstag, 1. Dezember 2026". The year follows the locale's weekday, day
 * and month, as all three languages put it last; British English would otherwise add a comma after the
 * weekday, which it leaves out without the year (decision 0427).
 */
export function longDate(at: Date, language: UiLanguage, timeZone: string): string {
  const day = formatter(language, timeZone, { weekday: 'long', day: 'numeric', month: 'long' }).format(at);
  const year = formatter(language, timeZone, { year: 'numeric' }).format(at);
  return `${day} ${year}`;
}

/** A short day and time: "di 1 december 10:00", "Tue 1 December 10:00", "Di., 1. Dezember 10:00". */
export function shortDateTime(at: Date, language: UiLanguage, timeZone: string): string {
  const day = formatter(language, timeZone, { weekday: 'short', day: 'numeric', month: 'long' }).format(at);
  const time = formatter(language, timeZone, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  return `${day} ${time.format(at)}`;
}
