import {
  appointmentSchema,
  deskSchema,
  globalClosureSchema,
  type AdminLocation,
  type Appointment,
  type Desk,
  type GlobalClosure,
} from '@balie/shared';
import { ADMIN_LOCATIONS, locationsAnswer } from '../../../components/locations/test/fixtures';
import { product } from '../../../components/scheduling/test/fixtures';
import {
  apiError,
  fakeApi,
  type FakeAnswer,
  type FakeRequest,
} from '../../../components/scheduling/test/fakeApi';

/** Desk documents as GET /api/desks answers them; parsed so a fixture cannot drift from the contract. */
export const DESKS: Desk[] = [
  {
    id: 1,
    name: 'Balie 1',
    label: 'B1',
    active: true,
    locationId: 1,
    productIds: null,
    openingHours: [
      { weekday: 1, opens: '08:30', closes: '12:30' },
      { weekday: 1, opens: '13:00', closes: '17:00' },
      { weekday: 4, opens: '18:00', closes: '20:00' },
    ],
    closures: [
      { id: 7, date: '2031-03-05', type: 'partial', from: '13:00', until: '15:00', reason: 'Teamoverleg' },
      { id: 8, date: '2031-03-06', type: 'whole_day' },
      { id: 9, date: '2020-01-02', type: 'whole_day', reason: 'Nieuwjaar' },
    ],
    overflow: { morning: 0, afternoon: 20, evening: 0 },
    overflowPeriods: [],
  },
  {
    id: 2,
    name: 'Balie 2',
    label: null,
    active: false,
    locationId: 2,
    productIds: [5],
    openingHours: [],
    closures: [],
    overflow: { morning: 10, afternoon: 0, evening: 100 },
    overflowPeriods: [
      { id: 3, from: '2031-01-01', until: '2031-01-31', morning: 50, afternoon: 0, evening: 0 },
    ],
  },
].map((d) => deskSchema.parse(d));

/** Closures of more than one desk as GET /api/closures answers them: of every desk, and of Stadswinkel Noord. */
export const CLOSURES: GlobalClosure[] = [
  { id: 20, date: '2031-12-25', type: 'whole_day', reason: 'Kerst', locationId: null },
  { id: 21, date: '2031-06-02', type: 'whole_day', reason: 'Verbouwing', locationId: 2 },
].map((c) => globalClosureSchema.parse(c));

/** A confirmed appointment as a 409 `appointments_affected` lists it. */
export const AFFECTED: Appointment = appointmentSchema.parse({
  id: 41,
  status: 'confirmed',
  fromDateTime: '2031-03-03T09:00:00+01:00',
  untilDateTime: '2031-03-03T09:24:00+01:00',
  duration: 24,
  desk: { id: 1, name: 'Balie 1' },
  location: { id: 1, name: 'Stadhuis', street: 'Markt 1', postcode: '1234 AB', city: 'Voorbeeld' },
  appointmentItems: [{ product: { id: 5, title: 'Paspoort' }, amount: 2 }],
  initials: 'J.',
  suffix: 'van',
  lastName: 'Dijk',
  email: 'j@example.com',
  phone: '0612345678',
  language: 'nl',
  createdAt: '2031-02-01T10:00:00+01:00',
  checkedInAt: null,
  visitorConfirmedAt: null,
  cancelledAt: null,
  canChange: true,
  personalDataErased: false,
  checkInCode: 'K7MX3PQA',
});

/** Every product as GET /api/products?all=true answers it (Balie 2 serves Paspoort only). */
export const PRODUCTS = [
  product(5, { title: 'Paspoort' }),
  product(6, { title: 'Rijbewijs' }),
  product(7, { title: 'Verhuizing', active: false }),
];

/**
 * The desk endpoints as the server answers them (with the locations and products a desk page offers); `write` answers the writes (PATCH/POST/DELETE), by
 * default with the desk unchanged.
 */
export function serveDesks(
  write?: (request: FakeRequest) => FakeAnswer | undefined,
  { locations = ADMIN_LOCATIONS }: { locations?: AdminLocation[] } = {},
) {
  return fakeApi((request) => {
    const { path, method } = request;
    if (method !== 'GET') {
      const answer = write?.(request);
      if (answer) return answer;
    }
    if (path === '/api/desks') return { status: 200, body: DESKS };
    if (path === '/api/products?all=true') return { status: 200, body: PRODUCTS };
    if (path === '/api/closures') return { status: 200, body: CLOSURES };
    const locationList = locationsAnswer(path, locations);
    if (locationList) return locationList;
    const desk = DESKS.find((d) => path.startsWith(`/api/desk/${d.id}`));
    return desk ? { status: 200, body: desk } : apiError(404, 'not_found');
  });
}
