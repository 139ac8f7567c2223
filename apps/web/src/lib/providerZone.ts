import { DateTime } from 'luxon';
import { PROVIDER_TIMEZONE } from '@balie/shared';

/**
 * Date arithmetic in the provider's zone (Europe/Amsterdam), whatever zone the browser is in (DESIGN §8).
 * Luxon lives here, apart from the formatting in ./dates, so /new's first paint does not load it (DESIGN §10).
 * Strings with an offset are converted; a plain `YYYY-MM-DD` is read as that day in the provider's zone.
 */
export function inProviderZone(value: string | DateTime | Date): DateTime {
  if (typeof value === 'string') return DateTime.fromISO(value, { zone: PROVIDER_TIMEZONE });
  return (value instanceof Date ? DateTime.fromJSDate(value) : value).setZone(PROVIDER_TIMEZONE);
}

export function nowInProviderZone(): DateTime {
  return DateTime.now().setZone(PROVIDER_TIMEZONE);
}
