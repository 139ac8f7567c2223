import type { FastifyInstance } from 'fastify';
import type { Reservation, Timeslot } from '@balie/shared';

/** One 12-minute item of the first demo product, unless told otherwise. */
export const ITEMS = [{ productId: 1, amount: 1 }];

export const PERSON = {
  initials: 'J.',
  lastName: 'Jansen',
  email: 'guest@example.org',
  phone: '+31 6 12345678',
};

export async function availableDays(
  app: FastifyInstance,
  body: Record<string, unknown> = {},
): Promise<string[]> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/available-days',
    payload: { appointmentItems: ITEMS, ...body },
  });
  if (res.statusCode !== 200) throw new Error(`available-days: ${res.statusCode} ${res.body}`);
  return res.json();
}

export async function slotsOn(
  app: FastifyInstance,
  date: string,
  body: Record<string, unknown> = {},
): Promise<Timeslot[]> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/timeslots',
    payload: { appointmentItems: ITEMS, date, ...body },
  });
  if (res.statusCode !== 200) throw new Error(`timeslots: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** The slots of an available day at least `skip` available days ahead (later days are free of today's cut-off). */
export async function someSlots(
  app: FastifyInstance,
  skip = 1,
): Promise<{ date: string; slots: Timeslot[] }> {
  const days = await availableDays(app);
  const date = days[Math.min(skip, days.length - 1)]!;
  return { date, slots: await slotsOn(app, date) };
}

export function hold(
  app: FastifyInstance,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/appointment/make-reservation',
    payload: { appointmentItems: ITEMS, ...body },
    headers,
  });
}

export async function holdOk(
  app: FastifyInstance,
  fromDateTime: string,
  extra: Record<string, unknown> = {},
) {
  const res = await hold(app, { fromDateTime, ...extra });
  if (res.statusCode !== 201) throw new Error(`make-reservation: ${res.statusCode} ${res.body}`);
  return res.json<Reservation>();
}

export function confirm(
  app: FastifyInstance,
  reservationId: string,
  extra: Record<string, unknown> = {},
  headers = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/appointment',
    payload: { reservationId, ...PERSON, ...extra },
    headers,
  });
}
