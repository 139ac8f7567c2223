import { adminLocationSchema, locationSchema, type AdminLocation, type Location } from '@balie/shared';

/**
 * Locations as GET /api/locations?all=true answers admins: a town hall, a district office, and a closed
 * one; parsed so a fixture cannot drift from the contract.
 */
export const ADMIN_LOCATIONS: AdminLocation[] = [
  {
    id: 1,
    name: 'Stadhuis',
    street: 'Markt 1',
    postcode: '1234 AB',
    city: 'Voorbeeld',
    phone: '14 020',
    notice: 'Ingang aan de Marktzijde.',
    active: true,
    translations: { en: { notice: 'Entrance on the market side.' } },
    position: 0,
    displayKey: 'display-key-1',
  },
  {
    id: 2,
    name: 'Stadswinkel Noord',
    street: 'Noordplein 5',
    postcode: '1235 CD',
    city: 'Voorbeeld',
    phone: '',
    notice: '',
    active: true,
    translations: {},
    position: 1,
    displayKey: 'display-key-2',
  },
  {
    id: 3,
    name: 'Wijkpost Zuid',
    street: '',
    postcode: '',
    city: '',
    phone: '',
    notice: '',
    active: false,
    translations: {},
    position: 2,
    displayKey: 'display-key-3',
  },
].map((l) => adminLocationSchema.parse(l));

/** What GET /api/locations answers anyone: the active ones, the notice in English (the tests' language). */
const publicOf = (locations: AdminLocation[]): Location[] =>
  locations
    .filter((l) => l.active)
    .map((l) => locationSchema.parse({ ...l, notice: l.translations.en?.notice ?? l.notice }));

export const LOCATIONS = publicOf(ADMIN_LOCATIONS);

/** The answer to a locations request, or undefined for any other path. */
export function locationsAnswer(path: string, locations: AdminLocation[] = ADMIN_LOCATIONS) {
  if (path === '/api/locations?all=true') return { status: 200, body: locations };
  if (path === '/api/locations') return { status: 200, body: publicOf(locations) };
  return undefined;
}
