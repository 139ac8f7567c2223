import { DateTime } from 'luxon';
import { greetingFor, PROVIDER_TIMEZONE, type Greeting } from '@balie/shared';

/** The spec §9 greeting for a moment, judged by the hour in the provider's zone (not the browser's). */
export function greetingAt(moment: DateTime = DateTime.now()): Greeting {
  return greetingFor(moment.setZone(PROVIDER_TIMEZONE).hour);
}
