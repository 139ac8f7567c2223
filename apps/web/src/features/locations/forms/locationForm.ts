import { z } from 'zod';
import {
  createLocationRequestSchema,
  locationTranslationsSchema,
  type AdminLocation,
  type CreateLocationRequest,
  type LocationTranslations,
} from '@balie/shared';

/** The further languages of a location's notice beside Dutch (like product texts, decision 0180). */
export const NOTICE_LANGUAGES = ['en', 'de'] as const;

const fields = createLocationRequestSchema.shape;
const translatedNotice = locationTranslationsSchema.shape.en.unwrap().shape.notice;

/** The location form, judged by the same rules and error keys as POST /locations and PATCH /location/{id}. */
export const locationFormSchema = z.object({
  name: fields.name,
  street: fields.street.unwrap(),
  postcode: fields.postcode.unwrap(),
  city: fields.city.unwrap(),
  phone: fields.phone.unwrap(),
  notice: fields.notice.unwrap(),
  en: translatedNotice,
  de: translatedNotice,
  position: fields.position.unwrap(),
  active: fields.active.unwrap(),
});
export type LocationFormValues = z.input<typeof locationFormSchema>;

/** The form's fields a server error may name (`translations.en.notice` goes under the English notice). */
export const LOCATION_FIELDS = ['name', 'street', 'postcode', 'city', 'phone', 'notice', 'position'] as const;

/** A new location: open, at the end of the list (`position`, one past the last). */
export const newLocationValues = (position: number): LocationFormValues => ({
  name: '',
  street: '',
  postcode: '',
  city: '',
  phone: '',
  notice: '',
  en: '',
  de: '',
  position,
  active: true,
});

export function locationFormValuesOf(l: AdminLocation): LocationFormValues {
  return {
    name: l.name,
    street: l.street,
    postcode: l.postcode,
    city: l.city,
    phone: l.phone,
    notice: l.notice,
    en: l.translations.en?.notice ?? '',
    de: l.translations.de?.notice ?? '',
    position: l.position,
    active: l.active,
  };
}

/** What the form sends: every field, and the notices it shows (a language left empty has none). */
export function locationRequestOf(values: LocationFormValues): CreateLocationRequest {
  const { en, de, ...rest } = values;
  const translations: LocationTranslations = {};
  const given = { en, de };
  for (const language of NOTICE_LANGUAGES) {
    const notice = given[language].trim();
    if (notice) translations[language] = { notice };
  }
  return { ...rest, translations };
}
