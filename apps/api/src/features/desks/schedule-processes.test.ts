import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Appointment, Timeslot } from '@balie/shared';
import { queryRows } from '../../db/client.js';
import { rateLimitHits } from '../../db/schema/index.js';
import { availableDays, ITEMS, PERSON } from '../booking/test-support/helpers.js';
import { asVisitor, sendTo, useServerProcesses } from '../booking/test-support/processes.js';
import { appointmentRow } from './test-support/schedule.js';

/**
 * Schedule changes seen by other API processes (DESIGN §1: several processes, one database): PostgreSQL
 * only, with two real server processes beside the test's own app.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('schedule changes across two processes on PostgreSQL', () => {
  const p = useServerProcesses({ sessions: ['admin'] });
  let days: string[] = [];

  beforeAll(async () => {
    days = await availableDays(p.t.app);
  });

  const send = (i: number, method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
    sendTo(p.servers, i, method, path, body, headers);
  const daysOn = async (i: number) =>
    (await (await send(i, 'POST', '/available-days', { appointmentItems: ITEMS })).json()) as string[];
  const slotsOn = async (i: number, date: string) =>
    (await (await send(i, 'POST', '/timeslots', { appointmentItems: ITEMS, date })).json()) as Timeslot[];
  it('a closure made on one process: the other stops offering the day at once', async () => {
    const date = days[3]!;
    // Process 1 has the day in its cached schedule, just read.
    expect(await daysOn(1)).toContain(date);
    expect((await slotsOn(1, date)).length).toBeGreaterThan(0);

    const closed = await send(
      0,
      'POST',
      '/closures',
      { date, type: 'whole_day', reason: 'Test' },
      p.t.admin.headers,
    );
    expect(closed.status).toBe(201);

    // Process 1 reads the schedule version with every request and reloads (decision 0323).
    expect(await daysOn(1)).not.toContain(date);
    expect(await slotsOn(1, date)).toEqual([]);
  });

  it('a closure made on one process: the other refuses a hold in it at once, whatever its cache says', async () => {
    const date = days[4]!;
    expect(await daysOn(1)).toContain(date);
    const slots = await slotsOn(1, date);
    expect(slots.length).toBeGreaterThan(0);

    const closed = await send(0, 'POST', '/closures', { date, type: 'whole_day' }, p.t.admin.headers);
    expect(closed.status).toBe(201);

    // Process 1's cache may still hold the old schedule; the hold checks the schedule version in the database.
    const hold = await send(1, 'POST', '/appointment/make-reservation', {
      appointmentItems: ITEMS,
      fromDateTime: slots[0]!.beginTime,
    });
    expect(hold.status).toBe(409);
    expect(((await hold.json()) as { code: string }).code).toBe('timeslot_unavailable');
  });

  it('reassigning under a crowd of concurrent holds never puts two bookings of one desk on top of each other', async () => {
    await p.t.database.db.delete(rateLimitHits).where(sql`true`);
    const date = days[6]!;
    const slots = await slotsOn(0, date);
    // Alternate bookings spread over both desks (fewest booked minutes first), by twelve visitors (each
    // address and e-mail address has its own limits, DESIGN §6).
    const booked: Appointment[] = [];
    for (let i = 0; i < 12; i++) {
      const hold = await send(
        i,
        'POST',
        '/appointment/make-reservation',
        { appointmentItems: ITEMS, fromDateTime: slots[i]!.beginTime },
        asVisitor(i),
      );
      expect(hold.status).toBe(201);
      const id = ((await hold.json()) as { id: string }).id;
      const made = await send(i, 'POST', '/appointment', {
        reservationId: id,
        ...PERSON,
        email: `guest-${i}@example.org`,
      });
      expect(made.status).toBe(201);
      booked.push((await made.json()) as Appointment);
    }
    const onFirst = booked.filter((a) => a.desk.id === 1);
    expect(onFirst.length).toBeGreaterThan(0);

    const first = (await (await send(0, 'GET', '/desk/1', undefined, p.t.admin.headers)).json()) as {
      closures: unknown[];
    };
    // Visitors keep asking for the slots desk 2 still has free while desk 1 closes.
    const crowd = Array.from({ length: 30 }, (_, i) =>
      send(
        i,
        'POST',
        '/appointment/make-reservation',
        { appointmentItems: ITEMS, fromDateTime: slots[i % 16]!.beginTime },
        asVisitor(100 + i),
      ),
    );
    const change = send(
      1,
      'PATCH',
      '/desk/1',
      // Desk 2 is in another location (demo data): only reassign_anywhere moves there (decision 0422).
      {
        closures: [...first.closures, { date, type: 'whole_day' }],
        affectedAppointments: 'reassign_anywhere',
      },
      p.t.admin.headers,
    );
    const [changed, ...holds] = await Promise.all([change, ...crowd]);
    expect(changed!.status, await changed!.clone().text()).toBe(200);
    for (const hold of holds) expect([201, 409]).toContain(hold.status);

    const overlaps = await queryRows<{ a: number; b: number }>(
      p.t.database.db,
      sql`SELECT x.id AS a, y.id AS b FROM appointments x JOIN appointments y
            ON x.desk_id = y.desk_id AND x.id < y.id AND x.during && y.during AND x.group_key <> y.group_key
           WHERE (x.status IN ('confirmed', 'checked_in') OR (x.status = 'reserved' AND x.valid_till > now()))
             AND (y.status IN ('confirmed', 'checked_in') OR (y.status = 'reserved' AND y.valid_till > now()))`,
    );
    expect(overlaps).toEqual([]);
    for (const appointment of onFirst) {
      const row = await appointmentRow(p.t.database.db, appointment.id);
      // Moved to desk 2 at the same time, or cancelled when the crowd had taken its time there.
      if (row.status === 'confirmed') expect(row.deskId).toBe(2);
      else expect(row.status).toBe('cancelled');
    }
    // Nobody holds desk 1 on the closed day.
    const onClosed = await queryRows<{ n: number }>(
      p.t.database.db,
      sql`SELECT count(*)::int AS n FROM appointments WHERE desk_id = 1 AND status <> 'cancelled'
            AND (status <> 'reserved' OR valid_till > now())
            AND during && tstzrange(${slots[0]!.beginTime}::timestamptz, ${slots.at(-1)!.endTime}::timestamptz)`,
    );
    expect(onClosed[0]!.n).toBe(0);
  }, 60_000);
});
