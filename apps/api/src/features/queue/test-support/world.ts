import { expect } from 'vitest';
import type { AdminLocation, AdminProduct, Desk, QueueEntry } from '@balie/shared';
import type { Db } from '../../../db/client.js';
import { appointmentItems, appointments } from '../../../db/schema/index.js';
import { newLinkToken } from '../../../security/tokens.js';
import type { Session, TestAppContext } from '../../../test/index.js';
import { newCheckInCode } from '../../appointments/check-in-code.js';
import { created } from '../../locations/test-support/world.js';

/** Tuesday 12 March 2030, 10:00 in Amsterdam (CET). */
export const NOW = new Date('2030-03-12T09:00:00Z');
export const TODAY = '2030-03-12';
const MINUTE = 60_000;
/** A moment of today at local `hh:mm` (CET, +01:00). */
export const at = (hm: string) => new Date(`${TODAY}T${hm}:00+01:00`);
export const minutesFrom = (d: Date, minutes: number) => new Date(d.getTime() + minutes * MINUTE);

const WEEKDAYS = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, opens: '08:00', closes: '17:00' }));

/**
 * A location of its own with two desks beside the demo data: "Loket 1" serves everything and keeps
 * half of its morning for walk-ins (overflow 50 %), "Loket 2" serves only passports. A second location
 * ("Elders") with one desk, for tickets per location.
 */
export interface QueueWorld {
  here: AdminLocation;
  elsewhere: AdminLocation;
  passport: AdminProduct;
  licence: AdminProduct;
  all: Desk;
  passportsOnly: Desk;
  elsewhereDesk: Desk;
}

let worlds = 0;

export async function buildQueueWorld(t: TestAppContext): Promise<QueueWorld> {
  const n = ++worlds;
  const here = await created<AdminLocation>(t, '/locations', { name: `Wachtkamer ${n}` });
  const elsewhere = await created<AdminLocation>(t, '/locations', { name: `Elders ${n}` });
  const passport = await created<AdminProduct>(t, '/products', { title: `Paspoort ${n}`, timeUnit: 12 });
  const licence = await created<AdminProduct>(t, '/products', { title: `Rijbewijs ${n}`, timeUnit: 24 });
  const desk = (name: string, locationId: number, productIds: number[] | null, morning = 0) =>
    created<Desk>(t, '/desks', {
      name,
      locationId,
      productIds,
      openingHours: WEEKDAYS,
      overflow: { morning, afternoon: 0, evening: 0 },
    });
  const all = await desk(`Loket 1 (${n})`, here.id, null, 50);
  const passportsOnly = await desk(`Loket 2 (${n})`, here.id, [passport.id]);
  const elsewhereDesk = await desk(`Elders 1 (${n})`, elsewhere.id, null);
  return { here, elsewhere, passport, licence, all, passportsOnly, elsewhereDesk };
}

/**
 * A confirmed appointment written straight into the database at `from` on `deskId` for `productIds`
 * (one each), with a check-in code and a link token: the booking rules are another test's.
 */
export async function insertVisit(
  db: Db,
  secret: string,
  options: { deskId: number; from: Date; productIds: number[]; minutes?: number },
) {
  const link = newLinkToken(secret);
  const [row] = await db
    .insert(appointments)
    .values({
      reservationId: crypto.randomUUID(),
      status: 'confirmed',
      deskId: options.deskId,
      during: { from: options.from, until: minutesFrom(options.from, options.minutes ?? 12) },
      groupKey: crypto.randomUUID(),
      lastName: 'Bezoeker',
      email: 'bezoeker@example.org',
      phone: '+31 20 1234567',
      checkInCode: newCheckInCode(),
      tokenHash: link.hash,
      tokenNonce: link.nonce,
    })
    .returning();
  await db
    .insert(appointmentItems)
    .values(options.productIds.map((productId) => ({ appointmentId: row!.id, productId, amount: 1 })));
  return { ...row!, token: link.token };
}

/** Checks a visit in by its code as `who` (staff at the desk) and answers the queue entry it made. */
export async function checkInByCode(t: TestAppContext, code: string, who: Session = t.admin) {
  const res = await t.call('POST', '/api/appointments/check-in', who, { code });
  expect(res.statusCode, res.body).toBe(200);
}

export async function queueOf(t: TestAppContext, locationId: number, who: Session = t.admin) {
  const res = await t.call('GET', `/api/queue?locationId=${locationId}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<QueueEntry[]>();
}

export async function walkIn(
  t: TestAppContext,
  locationId: number,
  productIds: number[],
  who: Session = t.admin,
) {
  const res = await t.call('POST', '/api/walk-ins', who, {
    locationId,
    appointmentItems: productIds.map((productId) => ({ productId, amount: 1 })),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<QueueEntry>();
}

export function call(t: TestAppContext, body: object, who: Session = t.admin) {
  return t.call('POST', '/api/queue/call', who, body);
}
