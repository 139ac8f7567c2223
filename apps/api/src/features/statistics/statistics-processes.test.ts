import { sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { describe, expect, it, vi } from 'vitest';
import { localDateOf, statisticsSchema, type AdminLocation, type Desk, type Statistics } from '@balie/shared';
import { queryRows } from '../../db/client.js';
import { appointments } from '../../db/schema/index.js';
import { insertAppointment } from '../appointments/test-support.js';
import { sendTo, useServerProcesses } from '../booking/test-support/processes.js';
import { created } from '../locations/test-support/world.js';
import { rollUpDays } from './service.js';

const ZONE = 'Europe/Amsterdam';
/** How long a wait for another connection's state may take on a loaded machine. */
const PATIENCE = { timeout: 20_000, interval: 50 };

/** One appointment the test made, as it knows it (the expected figures come from these, not from SQL). */
interface Visit {
  id: number;
  day: string;
  status: 'checked_in' | 'no_show' | 'cancelled';
}

/**
 * The statistics' roll-up with two API processes on one PostgreSQL (decision 0406): the server processes
 * run on the wall clock, so the history lies in the ten weekdays before today. PGlite runs one process.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('the statistics roll-up across processes', () => {
  const today = localDateOf(Date.now(), ZONE);
  const days: string[] = [];
  for (
    let d = DateTime.fromISO(today, { zone: ZONE }).minus({ days: 1 });
    days.length < 10;
    d = d.minus({ days: 1 })
  )
    if (d.weekday <= 5) days.unshift(d.toISODate()!);
  const visits: Visit[] = [];
  let location: AdminLocation;

  const p = useServerProcesses({
    sessions: ['admin'],
    setup: async (t) => {
      location = await created<AdminLocation>(t, '/locations', {
        name: 'Telling',
        street: 'Telstraat 2',
        postcode: '1234 AB',
        city: 'Voorbeeld',
      });
      const desk = await created<Desk>(t, '/desks', {
        name: 'Balie R',
        locationId: location.id,
        openingHours: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, opens: '09:00', closes: '12:00' })),
      });
      let n = 0;
      for (const [i, day] of days.entries())
        for (let k = 0; k < 3 + (i % 4); k++) {
          n += 1;
          const status = n % 7 === 0 ? 'cancelled' : n % 4 === 0 ? 'no_show' : 'checked_in';
          const from = DateTime.fromISO(day, { zone: ZONE })
            .set({ hour: 9, minute: k * 12 })
            .toJSDate();
          const row = await insertAppointment(t.database.db, from, { deskId: desk.id, status });
          visits.push({ id: row.id, day, status });
        }
    },
  });

  const query = () => `/statistics?from=${days[0]}&until=${today}&locationId=${location.id}`;
  /** `count` requests for the same figures at once, round robin over the processes; all must agree. */
  async function readAtOnce(count: number): Promise<Statistics> {
    const answers = await Promise.all(
      Array.from({ length: count }, async (_, i) => {
        const res = await sendTo(p.servers, i, 'GET', query(), undefined, p.t.admin.headers);
        expect(res.status).toBe(200);
        return statisticsSchema.parse(await res.json());
      }),
    );
    for (const a of answers.slice(1)) expect(a.days).toEqual(answers[0]!.days);
    return answers[0]!;
  }
  /** Per day: booked (not cancelled), checked in, no-show, cancelled — as the test made them. */
  const expected = () =>
    days.map((date) => {
      const mine = visits.filter((v) => v.day === date);
      const of = (s: Visit['status']) => mine.filter((v) => v.status === s).length;
      return {
        date,
        booked: mine.length - of('cancelled'),
        checkedIn: of('checked_in'),
        noShow: of('no_show'),
        cancelled: of('cancelled'),
      };
    });
  const counted = (s: Statistics) =>
    s.days
      .filter((d) => d.date < today)
      .map(({ date, booked, checkedIn, noShow, cancelled }) => ({
        date,
        booked,
        checkedIn,
        noShow,
        cancelled,
      }));
  /** Roll-up rows that share a key: a day two processes both rolled up would have them. */
  const doubled = () =>
    queryRows<{ n: number }>(
      p.t.database.db,
      sql`SELECT count(*)::int AS n FROM statistics_parts
           GROUP BY day, location_id, desk_id, day_part HAVING count(*) > 1`,
    );

  it('counts each day once when both processes roll up the same days at once', async () => {
    expect(counted(await readAtOnce(6))).toEqual(expected());
    expect(await doubled()).toEqual([]);

    // Every day dirty again and a few changed: both processes roll them up again at once.
    const db = p.t.database.db;
    await queryRows(db, sql`UPDATE statistics_days SET dirty = true`);
    for (const v of visits.filter((x) => x.status === 'checked_in').slice(0, 5)) {
      await db
        .update(appointments)
        .set({ status: 'no_show' })
        .where(sql`${appointments.id} = ${v.id}`);
      v.status = 'no_show';
    }
    expect(counted(await readAtOnce(6))).toEqual(expected());
    expect(await doubled()).toEqual([]);
  });

  it('counts a change to a past day that commits while that day is being rolled up', async () => {
    const db = p.t.database.db;
    const checkedIn = (d: string) => visits.filter((v) => v.day === d && v.status === 'checked_in');
    const day = days.reduce((a, b) => (checkedIn(b).length > checkedIn(a).length ? b : a));
    const [first, second] = checkedIn(day);
    // A first change leaves the day dirty; a statistics call will roll it up.
    await db
      .update(appointments)
      .set({ status: 'no_show' })
      .where(sql`${appointments.id} = ${first!.id}`);
    first!.status = 'no_show';

    let change: Promise<unknown> | undefined;
    let changed = false;
    await db.transaction(async (tx) => {
      // The roll-up has claimed the day and made its figures, but has not committed yet…
      await rollUpDays(tx, ZONE, [{ first: day, last: day }], today);
      // …when a second change to that day comes in on another connection.
      change = db
        .update(appointments)
        .set({ status: 'no_show' })
        .where(sql`${appointments.id} = ${second!.id}`)
        .then(() => (changed = true));
      // The change is done, or it waits for the roll-up (a lock): either way the roll-up commits next.
      await vi.waitFor(async () => {
        const [waiting] = await queryRows<{ n: number }>(
          db,
          sql`SELECT count(*)::int AS n FROM pg_stat_activity
               WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        );
        expect(changed || waiting!.n > 0).toBe(true);
      }, PATIENCE);
    });
    await change;
    second!.status = 'no_show';

    const s = await readAtOnce(2);
    expect(counted(s).find((d) => d.date === day)).toEqual(expected().find((d) => d.date === day));
  });
});
