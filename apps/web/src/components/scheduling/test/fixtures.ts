import type { Appointment, AppointmentLocation, Product, Reservation, Timeslot } from '@balie/shared';

const category = { id: 1, name: 'Documents', position: 1 };

/** The location of the desks below (one location, as an installation has until it makes a second). */
export const TOWN_HALL: AppointmentLocation = {
  id: 1,
  name: 'Town hall',
  street: 'Stadhuisplein 1',
  postcode: '1234 AB',
  city: 'Voorbeeld',
};
const townHallRef = { id: TOWN_HALL.id, name: TOWN_HALL.name };

export function product(id: number, over: Partial<Product> = {}): Product {
  return {
    id,
    title: `Product ${id}`,
    description: `About product ${id}`,
    notice: '',
    category,
    timeUnit: 10,
    extraTimeUnit: 5,
    maxAmount: 10,
    active: true,
    files: [],
    ...over,
  };
}

/** A hold as the server answers make-reservation; times are Amsterdam local with their offset. */
export function reservation(over: Partial<Reservation> = {}): Reservation {
  return {
    reservation: true,
    id: '7f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b',
    appointmentItems: [{ product: { id: 1, title: 'Product 1' }, amount: 1 }],
    fromDateTime: '2026-12-01T09:00:00+01:00',
    untilDateTime: '2026-12-01T09:12:00+01:00',
    createdDateTime: '2026-11-30T10:00:00.000Z',
    validTill: '2026-11-30T10:10:00.000Z',
    desk: { id: 1, name: 'Desk 1', location: townHallRef },
    ...over,
  };
}

export function slot(
  beginTime: string,
  endTime: string,
  deskId = 1,
  location: { id: number; name: string } = townHallRef,
): Timeslot {
  return { beginTime, endTime, desk: { id: deskId, name: `Desk ${deskId}`, location } };
}

export function appointment(over: Partial<Appointment> = {}): Appointment {
  return {
    id: 42,
    status: 'confirmed',
    fromDateTime: '2026-12-01T09:00:00+01:00',
    untilDateTime: '2026-12-01T09:24:00+01:00',
    duration: 24,
    desk: { id: 1, name: 'Desk 1' },
    location: TOWN_HALL,
    appointmentItems: [{ product: { id: 1, title: 'Passport' }, amount: 2 }],
    initials: 'J.',
    suffix: 'van',
    lastName: 'Dijk',
    email: 'j.vandijk@example.com',
    phone: '0612345678',
    language: 'en',
    createdAt: '2026-11-20T10:00:00.000Z',
    checkedInAt: null,
    visitorConfirmedAt: null,
    cancelledAt: null,
    canChange: true,
    personalDataErased: false,
    checkInCode: 'K7MX4Q9P',
    ...over,
  };
}
