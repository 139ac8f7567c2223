import type { AdminLocation, Location, LocationTranslations, UiLanguage } from '@balie/shared';
import { displayKeyOf } from '../queue/display-key.js';
import type { LocationRow } from './repository.js';

type LocationFields = Omit<Location, 'notice'> & { notice: string; translations: LocationTranslations };

/**
 * A location as everyone sees it: the notice in `language`, or the Dutch one where that language has
 * none (a visitor rather reads Dutch than nothing; decision 0332).
 */
export function toLocation(row: LocationFields, language: UiLanguage): Location {
  const translated = language === 'nl' ? undefined : row.translations[language]?.notice;
  return {
    id: row.id,
    name: row.name,
    street: row.street,
    postcode: row.postcode,
    city: row.city,
    phone: row.phone,
    notice: translated || row.notice,
    active: row.active,
  };
}

/**
 * A location as admins edit it: the Dutch notice, its translations and the position, and the key of its
 * waiting-room display (derived with the server `secret`, decision 0384).
 */
export function toAdminLocation(row: LocationRow, secret: string): AdminLocation {
  return {
    ...toLocation(row, 'nl'),
    translations: row.translations,
    position: row.position,
    displayKey: displayKeyOf(secret, row),
  };
}
