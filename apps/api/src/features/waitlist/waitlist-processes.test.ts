import { sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { describe, expect, it, vi } from 'vitest';
import type { AdminLocation, Appointment, Desk } from '@balie/shared';
import { queryRows } from '../../db/client.js';
import { deriveToken } from '../../security/tokens.js';
import { confirm, holdOk, slotsOn } from '../booking/test-support/helpers.js';
import { sendTo, useServerProcesses } from '../booking/test-support/processes.js';
import { created } from '../locations/test-support/world.js';

const ZONE = 'Europe/Amsterdam';
/** How long a wait for another process's state may take on a loaded machine (a limit, not a speed check). */
const PATIENCE = { timeout: 60_000, interval: 200 };

/**
 * Two API processes on one PostgreSQL free four slots at once (DESIGN §4c): each freed slot is offered
 * once, each waiting place gets one slot at a time, and the slots stay hidden from everyone else. The
 * server processes run on the wall clock, so the day is the next Wednesday at least two days ahead.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('waitlist offers across processes', () => {
  let day = DateTime.now().setZone(ZONE).plus({ days: 2 });
  while (day.weekday !== 3) day = day.plus({ days: 1 });
  const date = day.toISODate()!;
  let location: AdminLocation;
  const booked: Array<Appointment & { token: string }> = [];
  const emails = [0, 1, 2, 3].map((i) => `waiting-${i}@example.org`);

  const p = useServerProcesses({
    sessions: ['admin'],
    setup: async (t) => {
      location = await created<AdminLocation>(t, '/locations', {
        name: 'Racebaan',
        street: 'Racestraat 1',
        postcode: '1234 AB',
        city: 'Voorbeeld',
      });
      await created<Desk>(t, '/desks', {
        name: 'Balie R',
        locationId: location.id,
        openingHours: [{ weekday: 3, opens: '09:00', closes: '09:48' }],
      });
      for (const s of await slotsOn(t.app, date, { locationId: location.id })) {
        const hold = await holdOk(t.app, s.beginTime, { locationId: location.id });
        const res = await confirm(t.app, hold.id, { email: `race-${booked.length}@example.org` });
        booked.push(res.json());
      }
      for (const email of emails) {
        const res = await t.call('POST', '/api/waitlist', null, {
          appointmentItems: [{ productId: 1, amount: 1 }],
          locationId: location.id,
          from: date,
          until: date,
          email,
        });
        if (res.statusCode !== 202) throw new Error(res.body);
        const [row] = await queryRows<{ token_nonce: string }>(
          t.database.db,
          sql`SELECT token_nonce FROM waitlist_places WHERE email = ${email}`,
        );
        await t.call('GET', `/api/waitlist/confirm/${deriveToken(t.config.secret, row!.token_nonce)}`);
      }
    },
  });

  it('offers each freed slot once and one slot per place when two processes free four at once', async () => {
    expect(booked).toHaveLength(4);
    const answers = await Promise.all(
      booked.map((a, i) => sendTo(p.servers, i, 'GET', `/appointment/by-token/${a.token}/cancel`)),
    );
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const offers = async () =>
      queryRows<{ place_id: number; starts_at: string; appointment_id: number }>(
        p.t.database.db,
        sql`SELECT place_id, starts_at::text, appointment_id FROM waitlist_offers WHERE status = 'open'`,
      );
    await vi.waitFor(async () => expect(await offers()).toHaveLength(4), PATIENCE);
    const open = await offers();
    expect(new Set(open.map((o) => o.place_id)).size).toBe(4);
    expect(new Set(open.map((o) => o.starts_at)).size).toBe(4);
    // Every offer ever made: none twice to one place for one start, none with a hold another offer has.
    const all = await queryRows<{ n: number; places: number }>(
      p.t.database.db,
      sql`SELECT count(*)::int AS n, count(DISTINCT place_id)::int AS places FROM waitlist_offers`,
    );
    expect(all[0]).toEqual({ n: 4, places: 4 });
    // Held for the places: nobody else sees a free time that day.
    const slots = await sendTo(p.servers, 0, 'POST', '/timeslots', {
      date,
      appointmentItems: [{ productId: 1, amount: 1 }],
      locationId: location.id,
    });
    expect(await slots.json()).toEqual([]);
  });
});
