import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Timeslot } from '@balie/shared';
import { deskProducts, locations } from '../../db/schema/index.js';
import { sendTo, useServerProcesses } from '../booking/test-support/processes.js';
import { buildWorld, items, type World } from './test-support/world.js';

/**
 * Location and desk-product changes seen by other API processes (DESIGN §1: several processes, one
 * database; decision 0323): PostgreSQL only, with two real server processes beside the test's own app.
 * Through the API (the version raised first thing) and by plain SQL (the triggers of migration 0014).
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('location changes across two processes on PostgreSQL', () => {
  let w: World;
  const p = useServerProcesses({
    sessions: ['admin'],
    setup: async (t) => {
      w = await buildWorld(t);
    },
  });
  let date = '';

  const send = (i: number, method: string, path: string, body?: unknown) =>
    sendTo(p.servers, i, method, path, body, p.t.admin.headers);
  const daysOn = async (i: number, productId: number) =>
    (await (
      await send(i, 'POST', '/available-days', { appointmentItems: items(productId) })
    ).json()) as string[];
  const slotsOn = async (i: number, productId: number) =>
    (await (
      await send(i, 'POST', '/timeslots', { appointmentItems: items(productId), date })
    ).json()) as Timeslot[];

  beforeAll(async () => {
    // A day after today: today's slots may be over by the time a test asks.
    date = (await daysOn(0, w.licence.id))[1]!;
  });

  it('a location deactivated on one process: the other stops offering its desks at once', async () => {
    // Process 1 has the schedule in its cache, just read.
    expect(await daysOn(1, w.licence.id)).toContain(date);
    const off = await send(0, 'PATCH', `/location/${w.noord.id}`, { active: false });
    expect(off.status).toBe(200);
    expect(await daysOn(1, w.licence.id)).toEqual([]);
    const asked = await send(1, 'POST', '/timeslots', {
      appointmentItems: items(w.passport.id),
      date,
      locationId: w.noord.id,
    });
    expect(asked.status).toBe(400);
    expect((await send(0, 'PATCH', `/location/${w.noord.id}`, { active: true })).status).toBe(200);
    expect(await daysOn(1, w.licence.id)).toContain(date);
  });

  it("a desk's products changed on one process: the other offers and holds by the new list at once", async () => {
    expect(await slotsOn(1, w.passport.id)).not.toEqual([]);
    // Noord 1 takes passports off; Stadhuis desks serve passports still.
    expect((await send(0, 'PATCH', `/desk/${w.n1.id}`, { productIds: [w.licence.id] })).status).toBe(200);
    const atNoord = await send(1, 'POST', '/timeslots', {
      appointmentItems: items(w.passport.id),
      date,
      locationId: w.noord.id,
    });
    expect(await atNoord.json()).toEqual([]);
    const licenceSlot = (await slotsOn(1, w.licence.id))[0]!;
    // A passport hold at Noord on process 1 is refused, whatever its cache said a moment ago.
    const held = await send(1, 'POST', '/appointment/make-reservation', {
      appointmentItems: items(w.passport.id),
      fromDateTime: licenceSlot.beginTime,
      locationId: w.noord.id,
    });
    expect(held.status).toBe(409);
    expect(
      (await send(0, 'PATCH', `/desk/${w.n1.id}`, { productIds: [w.passport.id, w.licence.id] })).status,
    ).toBe(200);
  });

  it('a change by plain SQL (no version raised by the code) reaches the other process too', async () => {
    expect(await daysOn(1, w.licence.id)).toContain(date);
    const db = p.t.database.db;
    // The triggers on locations and desk_products raise the schedule version.
    await db.update(locations).set({ active: false }).where(eq(locations.id, w.noord.id));
    expect(await daysOn(1, w.licence.id)).toEqual([]);
    await db.insert(deskProducts).values({ deskId: w.s1.id, productId: w.licence.id });
    const atStadhuis = await slotsOn(1, w.licence.id);
    expect(atStadhuis.length).toBeGreaterThan(0);
    for (const s of atStadhuis) expect(s.desk.id).toBe(w.s1.id);
    await db
      .delete(deskProducts)
      .where(and(eq(deskProducts.deskId, w.s1.id), eq(deskProducts.productId, w.licence.id)));
    expect(await slotsOn(1, w.licence.id)).toEqual([]);
    await db.update(locations).set({ active: true }).where(eq(locations.id, w.noord.id));
    expect(await daysOn(1, w.licence.id)).toContain(date);
  });
});
