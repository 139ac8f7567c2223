import { DateTime } from 'luxon';
import { PROVIDER_TIMEZONE, type LocationRef, type Product } from '@balie/shared';
import { LOCATIONS } from '../../../components/locations/test/fixtures';
import {
  apiError,
  fakeApi,
  type FakeAnswer,
  type FakeRequest,
} from '../../../components/scheduling/test/fakeApi';
import { product, slot, TOWN_HALL } from '../../../components/scheduling/test/fixtures';

export const categories = [
  { id: 1, name: 'Documents', position: 1 },
  { id: 2, name: 'Driving', position: 2 },
];
export const products: Product[] = [
  product(1, {
    title: 'Passport',
    notice: 'Bring a passport photo.',
    files: [{ id: 9, fileName: 'checklist.pdf', mimeType: 'application/pdf', size: 10, createdAt: '' }],
  }),
  product(2, { title: 'ID card' }),
  product(3, { title: 'Driving licence', category: categories[1] ?? null }),
  product(4, { title: 'Moving house' }),
  product(5, { title: 'Parking permit', category: null }),
];

/** A bookable day two days from now (Amsterdam), and slots on it at Amsterdam wall-clock times. */
export const day = DateTime.now().setZone(PROVIDER_TIMEZONE).plus({ days: 2 }).startOf('day');
export const at = (hhmm: string) =>
  DateTime.fromISO(`${day.toISODate()}T${hhmm}`, { zone: PROVIDER_TIMEZONE });
export const slotAt = (hhmm: string, place: LocationRef = { id: TOWN_HALL.id, name: TOWN_HALL.name }) =>
  slot(at(hhmm).toISO() ?? '', at(hhmm).plus({ minutes: 12 }).toISO() ?? '', place.id, place);

/** One location serves everything (an installation before its second location): no location step. */
export const ONE_LOCATION = [{ location: LOCATIONS[0]!, firstAvailableDate: day.toISODate() }];

export type Routes = Partial<Record<string, (r: FakeRequest) => FakeAnswer>>;

/** The booking calls as the server answers them; `routes` ('METHOD /api/path') answer first. */
export function server(routes: Routes = {}) {
  return fakeApi((request) => {
    const key = `${request.method} ${request.path.replace(/\?.*/, '')}`;
    const own = routes[key];
    if (own) return own(request);
    if (key === 'GET /api/products') return { status: 200, body: products };
    if (key === 'GET /api/product-categories') return { status: 200, body: categories };
    if (key === 'GET /api/locations') return { status: 200, body: LOCATIONS };
    if (key === 'POST /api/available-locations') return { status: 200, body: ONE_LOCATION };
    if (key === 'POST /api/available-days') return { status: 200, body: [day.toISODate()] };
    if (key === 'POST /api/timeslots')
      return { status: 200, body: [slotAt('09:00'), slotAt('09:12'), slotAt('13:00')] };
    return apiError(404, 'not_found');
  });
}
