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
