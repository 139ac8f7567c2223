import { expect } from 'vitest';
import type { AdminLocation, AdminProduct, Appointment, Desk, Reservation, Timeslot } from '@balie/shared';
import { freshClientAddress, type TestAppContext } from '../../../test/index.js';
import { PERSON } from '../../booking/test-support/helpers.js';

/** Monday 11 March 2030, 10:00 in Amsterdam: every test day lies after it. */
export const NOW = new Date('2030-03-11T09:00:00Z');
/** Tuesday 12 March 2030 and the weekdays after it. */
export const WEEKDAYS = [
  '2030-03-12',
  '2030-03-13',
  '2030-03-14',
  '2030-03-15',
  '2030-03-18',
  '2030-03-19',
  '2030-03-20',
  '2030-03-21',
  '2030-03-22',
  '2030-03-25',
  '2030-03-26',
  '2030-03-27',
  '2030-03-28',
  '2030-03-29',
];
export const MORNINGS = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, opens: '09:00', closes: '12:00' }));

/**
 * Two locations of one town and three desks that serve only some products, made through the API
 * beside the demo data, whose locations are deactivated first (so only this world is bookable):
 *
 * - Noord (position 1): desk N1 serves passports and driving licences;
 * - Stadhuis (position 5): desks S1 and S2 serve passports only;
 * - a product no desk serves ("Trouwen").
 */
export interface World {
  stadhuis: AdminLocation;
  noord: AdminLocation;
  passport: AdminProduct;
  licence: AdminProduct;
  wedding: AdminProduct;
  s1: Desk;
  s2: Desk;
  n1: Desk;
}

export async function created<T>(t: TestAppContext, path: string, body: object): Promise<T> {
  const res = await t.call('POST', `/api${path}`, t.admin, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<T>();
}

export async function patched<T>(t: TestAppContext, path: string, body: object): Promise<T> {
  const res = await t.call('PATCH', `/api${path}`, t.admin, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
}

export async function buildWorld(t: TestAppContext): Promise<World> {
  const existing = (await t.call('GET', '/api/locations?all=true', t.admin)).json<AdminLocation[]>();
  for (const l of existing) await patched(t, `/location/${l.id}`, { active: false });
  const stadhuis = await created<AdminLocation>(t, '/locations', {
    name: 'Stadhuis',
    street: 'Markt 1',
    postcode: '1234 AB',
    city: 'Voorbeeld',
    notice: 'Ingang aan de Marktzijde',
    translations: { en: { notice: 'Entrance on the market side' } },
    position: 5,
  });
  const noord = await created<AdminLocation>(t, '/locations', {
    name: 'Stadswinkel Noord',
    street: 'Noordplein 3',
    postcode: '1235 CD',
    city: 'Voorbeeld',
    position: 1,
  });
  const product = (title: string, timeUnit: number) =>
    created<AdminProduct>(t, '/products', { title, timeUnit, extraTimeUnit: 0 });
  const passport = await product('Paspoort (wereld)', 12);
  const licence = await product('Rijbewijs (wereld)', 24);
  const wedding = await product('Trouwen (wereld)', 12);
  const desk = (name: string, locationId: number, productIds: number[]) =>
    created<Desk>(t, '/desks', { name, locationId, productIds, openingHours: MORNINGS });
  const s1 = await desk('Stadhuis 1', stadhuis.id, [passport.id]);
  const s2 = await desk('Stadhuis 2', stadhuis.id, [passport.id]);
  const n1 = await desk('Noord 1', noord.id, [passport.id, licence.id]);
  return { stadhuis, noord, passport, licence, wedding, s1, s2, n1 };
}

export const items = (...productIds: number[]) => productIds.map((productId) => ({ productId, amount: 1 }));

export async function daysFor(t: TestAppContext, body: object): Promise<string[]> {
  const res = await t.call('POST', '/api/available-days', null, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

export async function slotsFor(t: TestAppContext, body: object): Promise<Timeslot[]> {
  const res = await t.call('POST', '/api/timeslots', null, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** A hold from a client address of its own (the holds per address limit is another test's). */
export function hold(t: TestAppContext, body: object) {
  return t.app.inject({
    method: 'POST',
    url: '/api/appointment/make-reservation',
    payload: body,
    remoteAddress: freshClientAddress(),
  });
}

let guests = 0;

/** Holds `fromDateTime` for `body`'s items and confirms it for a guest of its own. */
export async function bookAt(t: TestAppContext, body: object): Promise<Appointment> {
  const held = await hold(t, body);
  expect(held.statusCode, held.body).toBe(201);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/appointment',
    payload: {
      reservationId: held.json<Reservation>().id,
      ...PERSON,
      email: `world-${++guests}@example.org`,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Appointment>();
}
