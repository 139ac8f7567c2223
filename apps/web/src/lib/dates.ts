import { PROVIDER_TIMEZONE } from '@balie/shared';
import { i18n, localeOf } from './i18n';

/**
 * Dates and times shown in the provider's zone (Europe/Amsterdam), whatever zone the browser is in
 * (DESIGN §8). Plain Intl rather than Luxon: the reservation banner of /new formats dates, and Luxon
 * would weigh ~21 KB gzipped on its first paint (DESIGN §10). Date arithmetic: ./providerZone.
 */
type DateInput = string | Date;

const PLAIN_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** What Luxon printed for an unreadable value; kept so a bad value never throws while rendering. */
const INVALID = 'Invalid DateTime';

/**
 * The instant to format and the zone to format it in. A plain `YYYY-MM-DD` is that calendar day in the
 * provider's zone: its midnight in UTC, shown in UTC, names that day (and 00:00) whatever the zone rules are.
 */
function moment(value: DateInput): { at: Date; timeZone: string } {
  if (value instanceof Date) return { at: value, timeZone: PROVIDER_TIMEZONE };
  if (PLAIN_DAY.test(value)) return { at: new Date(`${value}T00:00:00Z`), timeZone: 'UTC' };
  return { at: new Date(value), timeZone: PROVIDER_TIMEZONE };
}

// Building an Intl.DateTimeFormat is costly and slot lists format many times: keep one per locale, zone and style.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: string, timeZone: string, options: Intl.DateTimeFormatOptions) {
  const key = `${locale}|${timeZone}|${JSON.stringify(options)}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    formatters.set(key, found);
  }
  return found;
}

function format(value: DateInput, locale: string, options: Intl.DateTimeFormatOptions): string {
  const { at, timeZone } = moment(value);
  if (Number.isNaN(at.getTime())) return INVALID;
  return formatter(locale, timeZone, options).format(at);
}

/** A date such as "dinsdag 1 december 2026" in the interface language, in the provider's zone. */
export function formatDate(value: DateInput, language: string = i18n.language): string {
  return format(value, localeOf(language), {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
}

/** A short date such as "1-12-2026" (nl) or "01/12/2026" (en) in the provider's zone. */
export function formatShortDate(value: DateInput, language: string = i18n.language): string {
  return format(value, localeOf(language), { year: 'numeric', month: 'numeric', day: 'numeric' });
}

/** A time as HH:mm in the provider's zone (spec §2: slots appear as HH:mm), whatever the locale's habits. */
export function formatTime(value: DateInput): string {
  const { at, timeZone } = moment(value);
  if (Number.isNaN(at.getTime())) return INVALID;
  const parts = formatter('en-GB', timeZone, {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('hour')}:${part('minute')}`;
}
