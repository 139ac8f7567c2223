import type { Organisation } from './schemas.js';

/** 'Street 1, 1234 AB City' from the parts that are filled in ('' when none is). */
export function addressOf(o: Pick<Organisation, 'street' | 'postcode' | 'city'>): string {
  return [o.street, [o.postcode, o.city].filter(Boolean).join(' ')].filter(Boolean).join(', ');
}

/**
 * An appointment's `.ics` LOCATION (DESIGN §4): the desk and the organisation's address. The mailed
 * invitation and the success page's download say the same, so calendars that merge them agree.
 */
export function appointmentLocation(deskName: string | undefined, o: Organisation | undefined): string {
  return [deskName, o ? addressOf(o) : ''].filter(Boolean).join(', ');
}

/**
 * A map link for the organisation's address, or null without one. Google's cross-platform search URL
 * (decision 0211): phones open it in their map app, desktops in the browser, and it needs no key.
 */
export function mapUrlOf(o: Pick<Organisation, 'name' | 'street' | 'postcode' | 'city'>): string | null {
  const address = addressOf(o);
  if (!address) return null;
  // The name helps the map find the building (a town hall) rather than just the street number.
  const query = [o.name, address].filter(Boolean).join(', ');
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}
