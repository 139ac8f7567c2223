import type { Organisation } from './schemas.js';

/** The parts of an address: the organisation's and every location's (DESIGN §4b). */
export type AddressParts = Pick<Organisation, 'street' | 'postcode' | 'city'>;

/** 'Street 1, 1234 AB City' from the parts that are filled in ('' when none is). */
export function addressOf(o: AddressParts): string {
  return [o.street, [o.postcode, o.city].filter(Boolean).join(' ')].filter(Boolean).join(', ');
}

/**
 * An appointment's `.ics` LOCATION (DESIGN §4b): the desk and the address of the place the visitor goes
 * to, the appointment's location. The mailed invitation and the success page's download say the same,
 * so calendars that merge them agree.
 */
export function appointmentLocation(deskName: string | undefined, place: AddressParts | undefined): string {
  return [deskName, place ? addressOf(place) : ''].filter(Boolean).join(', ');
}

/**
 * A map link for a named address (the organisation, a location), or null without one. Google's
 * cross-platform search URL (decision 0211): phones open it in their map app, desktops in the browser,
 * and it needs no key.
 */
export function mapUrlOf(o: AddressParts & { name: string }): string | null {
  const address = addressOf(o);
  if (!address) return null;
  // The name helps the map find the building (a town hall) rather than just the street number.
  const query = [o.name, address].filter(Boolean).join(', ');
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}

/** WHATWG URL, global in browsers and Node; this package is built without either's types. */
declare const URL: new (url: string) => { protocol: string; origin: string };

/**
 * The origin of the organisation's website (`https://www.voorbeeldstad.nl`), or null without a usable
 * one: the one origin that may frame the booking page and that the framed page tells its height to.
 */
export function websiteOriginOf(website: string): string | null {
  if (!website) return null;
  try {
    const { protocol, origin } = new URL(website);
    return protocol === 'https:' || protocol === 'http:' ? origin : null;
  } catch {
    return null;
  }
}
