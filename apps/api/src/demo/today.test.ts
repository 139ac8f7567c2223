import type { Appointment } from '@balie/shared';
import { describe, expect, it } from 'vitest';
import { loginAs } from '../test/app.js';
import { testDatabases } from '../test/databases.js';
import { useTestApp, type TestAppContext } from '../test/use-test-app.js';
import { seedDemoData } from './seed.js';

/** A first start at the test's moment: the demo seeded with its history, and today's list as the admin sees it. */
async function firstStart(t: TestAppContext) {
  expect(await seedDemoData(t.database.db, { timezone: t.config.providerTimezone })).toBe(true);
  const admin = await loginAs(t.app, 'admin');
  const res = await t.call('GET', '/api/appointments/today', admin);
  expect(res.statusCode, res.body).toBe(200);
  return { admin, today: res.json() as Appointment[] };
}

/** What a first start shows staff (decision 0412): visitors still to come today, none late, none waiting. */
describe.each(testDatabases)('the demo day (%s)', (kind) => {
  describe('on a Tuesday at 10:00', () => {
    // Fixed, not the wall clock: the demo's "today" depends on the hour it is seeded at.
    const t = useTestApp(kind, { seed: false, now: new Date('2030-03-12T10:00:00+01:00') });

    it('fills the rest of today from 11:00 at both desks, confirmed with a check-in code, and leaves the queue empty', async () => {
      const { admin, today } = await firstStart(t);
      expect(today.length).toBeGreaterThan(3);
      expect(new Set(today.map((a) => a.desk.name))).toEqual(new Set(['Balie 1', 'Balie 2']));
      for (const a of today) {
        expect(a.fromDateTime.slice(0, 10)).toBe('2030-03-12');
        // An hour after the start at the earliest: nobody is late, so nobody counts as a no-show yet.
        expect(a.fromDateTime.slice(11, 16) >= '11:00', a.fromDateTime).toBe(true);
        expect(a.status).toBe('confirmed');
        expect(a.checkInCode).toMatch(/^[A-Z0-9]{8}$/);
        expect(a.lastName).toMatch(/^Bezoeker \d+$/);
      }
      const locations = (await t.call('GET', '/api/locations', admin)).json() as Array<{ id: number }>;
      expect(locations).toHaveLength(2);
      for (const { id } of locations) {
        const queue = await t.call('GET', `/api/queue?locationId=${id}`, admin);
        expect(queue.statusCode, queue.body).toBe(200);
        expect(queue.json()).toEqual([]);
      }
      // The booking page still offers most of the day: a visitor can book today at either location.
      const products = (await t.call('GET', '/api/products')).json() as Array<{ id: number }>;
      for (const { id } of locations) {
        const slots = await t.call('POST', '/api/timeslots', null, {
          appointmentItems: [{ productId: products[0]!.id, amount: 1 }],
          date: '2030-03-12',
          locationId: id,
        });
        expect(slots.statusCode, slots.body).toBe(200);
        expect((slots.json() as unknown[]).length).toBeGreaterThan(5);
      }
    });
  });

  describe('on Christmas Day', () => {
    const t = useTestApp(kind, { seed: false, now: new Date('2030-12-25T09:00:00+01:00') });

    it('brings nobody today: the office is closed', async () => {
      expect((await firstStart(t)).today).toEqual([]);
    });
  });
});
