import type { Organisation } from './schemas.js';

/** 'Street 1, 1234 AB City' from the parts that are filled in (mail footers, the contact block). */
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
