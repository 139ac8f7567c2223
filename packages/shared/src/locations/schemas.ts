import { z } from 'zod';
import { appointmentItemsSchema } from '../booking/schemas.js';
import { affectedAppointmentsSchema } from '../desks/requests.js';
import { dateSchema, idSchema as id, multiLineText, plainText } from '../primitives.js';

/** The visitors' notice of a location in one further language (Dutch is the location's own `notice`). */
const noticeText = multiLineText(1000, { tooLong: 'too_long' });

export const locationTranslationsSchema = z
  .object({
    en: z.object({ notice: noticeText }).strict().optional(),
    de: z.object({ notice: noticeText }).strict().optional(),
  })
  .strict();
export type LocationTranslations = z.infer<typeof locationTranslationsSchema>;

/**
 * A location (vestiging, DESIGN §4b/§5) as everyone sees it: `notice` in the request's language (Dutch
 * when that language has none).
 */
export const locationSchema = z.object({
  id,
  name: z.string(),
  street: z.string(),
  postcode: z.string(),
  city: z.string(),
  phone: z.string(),
  notice: z.string(),
  active: z.boolean(),
});
export type Location = z.infer<typeof locationSchema>;

/**
 * What admins see besides (GET /locations?all=true, GET /location/{id}): the Dutch notice with its
 * translations and the order (decision 0332: like product texts).
 */
export const adminLocationSchema = locationSchema.extend({
  translations: locationTranslationsSchema,
  position: z.number().int(),
  /** The key of the location's waiting-room display (`/display/{id}?key=…`), renewable (DESIGN §5). */
  displayKey: z.string(),
});
export type AdminLocation = z.infer<typeof adminLocationSchema>;

/** The longest name a location may have. */
export const LOCATION_NAME_MAX = 100;

const locationFields = {
  name: plainText(LOCATION_NAME_MAX).min(1, 'required'),
  street: plainText(200),
  postcode: plainText(20),
  city: plainText(100),
  phone: plainText(50),
  /** Dutch; '' for none. */
  notice: noticeText,
  /** Replaces every translation: a language left out has none afterwards. */
  translations: locationTranslationsSchema,
  /** Lower comes first; equal positions keep the order they were made in. */
  position: z.number().int('invalid_number').min(0, 'too_small').max(10000, 'too_big'),
  active: z.boolean(),
};

/** POST /locations (admin): a name is required; the rest starts empty, active, at the end. */
export const createLocationRequestSchema = z
  .object({
    ...locationFields,
    street: locationFields.street.default(''),
    postcode: locationFields.postcode.default(''),
    city: locationFields.city.default(''),
    phone: locationFields.phone.default(''),
    notice: locationFields.notice.default(''),
    translations: locationFields.translations.default({}),
    position: locationFields.position.optional(),
    active: locationFields.active.default(true),
  })
  .strict();
export type CreateLocationRequest = z.infer<typeof createLocationRequestSchema>;

/**
 * PATCH /location/{id} (admin): changes the fields it names. Deactivating a location whose desks hold
 * confirmed future appointments needs `affectedAppointments` like every schedule change (DESIGN §4).
 */
export const patchLocationRequestSchema = z
  .object({ ...locationFields, affectedAppointments: affectedAppointmentsSchema })
  .partial()
  .strict();
export type PatchLocationRequest = z.infer<typeof patchLocationRequestSchema>;

/** POST /available-locations (public). */
export const availableLocationsRequestSchema = z.object({ appointmentItems: appointmentItemsSchema });
export type AvailableLocationsRequest = z.infer<typeof availableLocationsRequestSchema>;

/**
 * Every active location where one active desk serves all the items, in location order; the earliest
 * day with a free slot in the booking window, or null.
 */
export const availableLocationsResponseSchema = z.array(
  z.object({ location: locationSchema, firstAvailableDate: dateSchema.nullable() }),
);
export type AvailableLocations = z.infer<typeof availableLocationsResponseSchema>;
