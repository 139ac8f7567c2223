import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Reservation, Timeslot } from '@balie/shared';
import { queryRows } from '../../db/client.js';
import { rateLimitHits } from '../../db/schema/index.js';
import { buildWorld, items, type World } from '../locations/test-support/world.js';
import { asVisitor, sendTo, useServerProcesses } from './test-support/processes.js';

/**
 * DESIGN §4b "Who serves what" under real concurrency: PostgreSQL only (PGlite runs one transaction at a
 * time), requests spread over two API server processes. The driving licence is served by one desk
 * (Noord 1); passports by it and two desks at the Stadhuis.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'holds for a product one desk serves, two processes on PostgreSQL',
  () => {
    let w: World;
    const p = useServerProcesses({
      sessions: ['admin'],
      setup: async (t) => {
        w = await buildWorld(t);
      },
    });
    const post = (i: number, path: string, body: unknown) =>
      sendTo(p.servers, i, 'POST', path, body, asVisitor(1000 + i));
    const resetRateLimit = () => p.t.database.db.delete(rateLimitHits).where(sql`true`);

    /** Active bookings (valid holds, confirmed, checked in) with a driving licence, per desk. */
    const licenceBookings = () =>
      queryRows<{ desk_id: number; n: number }>(
        p.t.database.db,
        sql`SELECT a.desk_id, count(*)::int AS n FROM appointments a
              JOIN appointment_items i ON i.appointment_id = a.id
             WHERE i.product_id = ${w.licence.id}
               AND (a.status IN ('confirmed', 'checked_in') OR (a.status = 'reserved' AND a.valid_till > now()))
             GROUP BY a.desk_id`,
      );

    const slotsOf = async (productId: number, date?: string) => {
      const days = (await (
        await post(0, '/available-days', { appointmentItems: items(productId) })
      ).json()) as string[];
      const day = date ?? days[1]!;
      const slots = (await (
        await post(0, '/timeslots', { appointmentItems: items(productId), date: day })
      ).json()) as Timeslot[];
      return { day, slots };
    };

    it('never puts a driving licence on a passport desk, however many ask at once for the same starts', async () => {
      await resetRateLimit();
      const { slots } = await slotsOf(w.licence.id);
      const starts = slots.slice(0, 3).map((s) => s.beginTime);
      // Sixty visitors for three starts, half of them with a passport to fill the other desks meanwhile.
      const answers = await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          post(i, '/appointment/make-reservation', {
            appointmentItems: items(i % 2 === 0 ? w.licence.id : w.passport.id),
            fromDateTime: starts[i % 3],
          }),
        ),
      );
      expect(answers.every((a) => a.status === 201 || a.status === 409)).toBe(true);
      const held = await Promise.all(
        answers.map(async (a, i) => ({
          licence: i % 2 === 0,
          reservation: a.status === 201 ? ((await a.json()) as Reservation) : null,
        })),
      );
      const licences = held.filter((h) => h.licence && h.reservation).map((h) => h.reservation!);
      for (const r of licences) expect(r.desk.id).toBe(w.n1.id);
      expect(await licenceBookings()).toEqual(
        licences.length ? [{ desk_id: w.n1.id, n: licences.length }] : [],
      );
      // Who got the licence desk at a start is the race's to decide: it serves passports too, and passports
      // that come first may take it (test:stress once saw no licence held). The desk was taken by one or
      // the other, and a licence asked for after the race, at a start nobody raced for, gets it.
      expect(held.some((h) => h.reservation?.desk.id === w.n1.id)).toBe(true);
      const after = await post(60, '/appointment/make-reservation', {
        appointmentItems: items(w.licence.id),
        fromDateTime: slots.at(-1)!.beginTime,
      });
      const answer = await after.text();
      expect(after.status, answer).toBe(201);
      expect((JSON.parse(answer) as Reservation).desk.id).toBe(w.n1.id);
      // The passport desks were free for a licence all along: only the rule kept it off them.
      const passports = new Set(
        held.filter((h) => !h.licence && h.reservation).map((h) => h.reservation!.desk.id),
      );
      expect(passports).toContain(w.s1.id);
      expect(passports).toContain(w.s2.id);
    });

    it('keeps no licence hold anywhere once the only desk stops serving it, whatever was racing', async () => {
      await resetRateLimit();
      const { slots } = await slotsOf(w.licence.id);
      const crowd = Array.from({ length: 30 }, (_, i) =>
        post(100 + i, '/appointment/make-reservation', {
          appointmentItems: items(w.licence.id),
          fromDateTime: slots[i % 8]!.beginTime,
        }),
      );
      const change = sendTo(
        p.servers,
        1,
        'PATCH',
        `/desk/${w.n1.id}`,
        { productIds: [w.passport.id], affectedAppointments: 'reassign' },
        p.t.admin.headers,
      );
      const [changed, ...holds] = await Promise.all([change, ...crowd]);
      expect(changed!.status, await changed!.clone().text()).toBe(200);
      for (const h of holds) expect([201, 409]).toContain(h.status);
      // Holds made before the change (a few of the crowd get one) were released by it; none could be
      // made after it.
      expect(await licenceBookings()).toEqual([]);
      // Noord 1 serves licences again, for the tests that run after this one.
      const restored = await sendTo(
        p.servers,
        0,
        'PATCH',
        `/desk/${w.n1.id}`,
        { productIds: [w.passport.id, w.licence.id] },
        p.t.admin.headers,
      );
      expect(restored.status).toBe(200);
    });
  },
);
