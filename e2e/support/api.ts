import { expect, type APIRequestContext } from '@playwright/test';
import { DEMO_ADMIN } from './fixtures.js';

/** What the booking calls take: products and how many of each (`appointmentItems`). */
export type Items = Array<{ productId: number; amount: number }>;

export interface Slot {
  beginTime: string;
  desk: { id: number; name: string };
}

/** The appointment as the API answers a booking or a move. */
export interface Booked {
  id: number;
  token: string;
  checkInCode: string;
  fromDateTime: string;
  desk: { id: number; name: string };
}

/** Who books: what the visitor types on the booking page (the phone is the same for every test). */
export interface Visitor {
  initials: string;
  lastName: string;
  email: string;
  language?: string;
}

/** The demo admin's `authorization` header for the admin API, from a login through the API. */
export async function adminHeaders(request: APIRequestContext): Promise<{ authorization: string }> {
  const login = await request.post('/api/login', {
    data: { username: DEMO_ADMIN.email, password: DEMO_ADMIN.password },
  });
  expect(login.status(), await login.text()).toBe(200);
  return { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
}

/** The days with a free slot for `items`, as the booking page's calendar gets them. */
export async function availableDays(request: APIRequestContext, items: Items): Promise<string[]> {
  const res = await request.post('/api/available-days', { data: { appointmentItems: items } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as string[];
}

/** The free slots for `items` on `date`. */
export async function slotsOn(request: APIRequestContext, items: Items, date: string): Promise<Slot[]> {
  const res = await request.post('/api/timeslots', { data: { appointmentItems: items, date } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as Slot[];
}

/** Holds the slot starting at `fromDateTime`; with `move`, for that appointment (by its link token). */
async function hold(
  request: APIRequestContext,
  items: Items,
  fromDateTime: string,
  move?: { appointmentId: number; token: string },
): Promise<{ id: string; desk: { id: number } }> {
  const res = await request.post('/api/appointment/make-reservation', {
    data: { appointmentItems: items, fromDateTime, ...move },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string; desk: { id: number } };
}

/** Books the slot starting at `fromDateTime` through the public API as a guest: hold, then confirm. */
export async function bookThroughApi(
  request: APIRequestContext,
  items: Items,
  fromDateTime: string,
  visitor: Visitor,
): Promise<Booked> {
  const reservation = await hold(request, items, fromDateTime);
  const res = await request.post('/api/appointment', {
    data: { reservationId: reservation.id, phone: '0612345678', ...visitor },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Booked;
}

/** Moves `appointment` to the slot starting at `fromDateTime` as the holder of its mailed link. */
export async function moveByLink(
  request: APIRequestContext,
  items: Items,
  appointment: Pick<Booked, 'id' | 'token'>,
  fromDateTime: string,
): Promise<Booked> {
  const { id: appointmentId, token } = appointment;
  const reservation = await hold(request, items, fromDateTime, { appointmentId, token });
  const res = await request.patch(`/api/appointment/${appointmentId}`, {
    data: { reservationId: reservation.id, newStatus: 'confirmed', token },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as Booked;
}
