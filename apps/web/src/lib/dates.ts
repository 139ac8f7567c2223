import { DateTime } from 'luxon';
import { PROVIDER_TIMEZONE } from '@balie/shared';
import { i18n, localeOf } from './i18n';

type DateInput = string | DateTime | Date;

/**
 * A moment in the provider's zone (Europe/Amsterdam), whatever zone the browser is in (DESIGN §8).
 * Strings with an offset are converted; a plain `YYYY-MM-DD` is read as that day in the provider's zone.
 */
export function inProviderZone(value: DateInput): DateTime {
  if (typeof value === 'string') return DateTime.fromISO(value, { zone: PROVIDER_TIMEZONE });
  return (value instanceof Date ? DateTime.fromJSDate(value) : value).setZone(PROVIDER_TIMEZONE);
}

export function nowInProviderZone(): DateTime {
  return DateTime.now().setZone(PROVIDER_TIMEZONE);
}

/** A date such as "dinsdag 1 december 2026" in the interface language, in the provider's zone. */
export function formatDate(value: DateInput, language: string = i18n.language): string {
  return inProviderZone(value)
    .setLocale(localeOf(language))
    .toLocaleString({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
}

/** A short date such as "01-12-2026" (nl) or "01/12/2026" (en) in the provider's zone. */
export function formatShortDate(value: DateInput, language: string = i18n.language): string {
  return inProviderZone(value).setLocale(localeOf(language)).toLocaleString(DateTime.DATE_SHORT);
}

/** A time as HH:mm in the provider's zone (spec §2: slots appear as HH:mm). */
export function formatTime(value: DateInput): string {
  return inProviderZone(value).toFormat('HH:mm');
}
