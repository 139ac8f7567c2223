import { itemDuration, productTitleIn, UI_LANGUAGES, type UiLanguage } from '@balie/shared';
import type { FastifyRequest } from 'fastify';
import type { BookableLocation, BookableProduct } from '../booking/schedule.repository.js';
import type { z } from 'zod';
import type { Acknowledgement, activitySchema, locationSchema } from './schemas.js';

/** JCC's `language` header (Open Forms sends its own interface language), else Dutch. */
export function jccLanguage(request: FastifyRequest): UiLanguage {
  const header = request.headers.language;
  const wanted = typeof header === 'string' ? header.slice(0, 2).toLowerCase() : '';
  return (UI_LANGUAGES as readonly string[]).includes(wanted) ? (wanted as UiLanguage) : 'nl';
}

/**
 * A local time as JCC writes it: without an offset, meaning PROVIDER_TIMEZONE (Open Forms reads it as
 * Europe/Amsterdam). `zonedIso` is Balie's own `2026-03-12T10:00:00+01:00`.
 */
export const jccLocalTime = (zonedIso: string) => zonedIso.slice(0, 19);

/** A product as a JCC activity: `maxCountForEvent` its maximum amount, durations in seconds. */
export function toActivity(
  product: BookableProduct & { description?: string },
  language: UiLanguage,
): z.infer<typeof activitySchema> {
  return {
    id: String(product.id),
    number: product.id,
    description: productTitleIn(product, language),
    necessities: product.description ?? '',
    appointmentDuration: itemDuration(product, 1) * 60,
    maxCountForEvent: product.maxAmount,
  };
}

/** "Noorderplein 12a" → street, number, suffix: Balie keeps the street and number in one field. */
export function splitStreet(street: string): {
  streetName: string;
  houseNumber: string;
  houseNumberSuffix: string;
} {
  const m = /^(.*?)\s+(\d+)\s*([^\s\d].*)?$/.exec(street.trim());
  if (!m) return { streetName: street.trim(), houseNumber: '', houseNumberSuffix: '' };
  return { streetName: m[1]!, houseNumber: m[2]!, houseNumberSuffix: (m[3] ?? '').replace(/^[-\s]+/, '') };
}

/** A location as JCC's `Location`; the ids JCC gives its parts are derived from the location's id. */
export function toJccLocation(
  location: BookableLocation,
  isDefault: boolean,
): z.infer<typeof locationSchema> {
  const id = String(location.id);
  return {
    id,
    auditId: `location-${id}`,
    description: location.name,
    isActive: true,
    isDefault,
    locationNumber: location.id,
    phoneNumberList: location.phone
      ? [
          {
            auditId: `location-${id}-phone`,
            id: `location-${id}-phone`,
            phoneNumber: {
              auditId: `location-${id}-phone-number`,
              id: `location-${id}-phone-number`,
              value: location.phone,
            },
            phoneNumberType: { auditId: 'work-phone', id: 'work-phone', name: 'WorkPhoneNumber' },
          },
        ]
      : [],
    address: {
      auditId: `location-${id}-address`,
      id: `location-${id}-address`,
      ...splitStreet(location.street),
      postalCode: location.postcode,
      city: location.city,
      country: { id: 'NL', isoCode: 'NL', name: 'Nederland' },
    },
  };
}

/**
 * JCC's failure answer (the plugin logs `code` and `message` and fails the booking): HTTP 200 with
 * `acknowledgeIsSuccess: false` and no id, never a 5xx (decision 0483).
 */
export function failure(code: number, message: string, validateErrors: string[] = []): Acknowledgement {
  return { code, message, validateErrors, acknowledgeIsSuccess: false, logLevel: 3 };
}

export function success(id: string): Acknowledgement {
  return { id, code: 0, acknowledgeIsSuccess: true, logLevel: 0 };
}

/** The failure codes Balie answers (JCC's own are undocumented numbers; these are stable). */
export const FAILURE = {
  timeslotUnavailable: 1,
  invalidCustomer: 2,
  tooManyAppointments: 3,
  notFound: 4,
  notCancellable: 5,
  busy: 6,
  invalidRequest: 7,
} as const;
