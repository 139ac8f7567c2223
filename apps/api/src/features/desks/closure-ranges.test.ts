import { beforeAll, describe, expect, it } from 'vitest';
import type { Appointment, GlobalClosure } from '@balie/shared';
import { testDatabases, useTestApp } from '../../test/index.js';
import { availableDays } from '../booking/test-support/helpers.js';
import { appointmentRow, auditOf, book } from './test-support/schedule.js';

/** Calendar days from `from` through `until`. */
function calendar(from: string, until: string): string[] {
  const out: string[] = [];
  for (
    let d = new Date(`${from}T00:00:00Z`);
    d.toISOString().slice(0, 10) <= until;
    d.setUTCDate(d.getUTCDate() + 1)
  )
    out.push(d.toISOString().slice(0, 10));
  return out;
}

describe.each(testDatabases)('closures over several days on %s (decision 0433)', (kind) => {
  const t = useTestApp(kind, { sessions: ['admin'] });
  /** Weekdays with free slots; each test takes its own so closures never meet. */
  let days: string[];
  beforeAll(async () => {
    days = await availableDays(t.app);
  });
  const closuresOn = async (dates: string[]) =>
    (await t.call('GET', '/api/closures', t.admin))
      .json<GlobalClosure[]>()
      .filter((c) => dates.includes(c.date));

  it('date through lastDate closes every calendar day of the range, one audited closure per day', async () => {
    const [from, until] = [days[0]!, days[4]!];
    const res = await t.call('POST', '/api/closures', t.admin, {
      date: from,
      lastDate: until,
      type: 'whole_day',
      reason: 'Verbouwing',
    });
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json<GlobalClosure[]>();
    expect(made.map((c) => c.date)).toEqual(calendar(from, until));
    for (const c of made)
      expect(c).toMatchObject({ type: 'whole_day', reason: 'Verbouwing', locationId: null });
    expect(await closuresOn(calendar(from, until))).toEqual(made);
    const open = await availableDays(t.app);
    expect(open.filter((d) => d >= from && d <= until)).toEqual([]);
    for (const c of made) expect(await auditOf(t.database.db, 'closure_created', c.id)).toHaveLength(1);
  });

  it('one 409 lists the affected appointments of every day of the range, and nothing is closed', async () => {
    const [first, last, after] = [days[6]!, days[8]!, days[9]!];
    const a = await book(t.app, first, 0);
    const b = await book(t.app, last, 0);
    const outside = await book(t.app, after, 0);
    const body = { date: first, lastDate: last, type: 'whole_day', reason: 'Storm' };
    const res = await t.call('POST', '/api/closures', t.admin, body);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().code).toBe('appointments_affected');
    expect(res.json().appointments.map((x: Appointment) => x.id)).toEqual([a.id, b.id]);
    // The first days' closures were written before the check: the 409 took them back with it.
    expect(await closuresOn(calendar(first, last))).toEqual([]);
    expect(await availableDays(t.app)).toContain(first);

    const reassigned = await t.call('POST', '/api/closures', t.admin, {
      ...body,
      affectedAppointments: 'reassign',
    });
    expect(reassigned.statusCode, reassigned.body).toBe(201);
    expect(await appointmentRow(t.database.db, a.id)).toMatchObject({ status: 'cancelled' });
    expect(await appointmentRow(t.database.db, b.id)).toMatchObject({ status: 'cancelled' });
    expect(await appointmentRow(t.database.db, outside.id)).toMatchObject({ status: 'confirmed' });
  });

  it('a list of days (public holidays) closes just those days, each with its own reason, for one location', async () => {
    const [x, y] = [days[12]!, days[15]!];
    const [location] = (await t.call('GET', '/api/locations', t.admin)).json<Array<{ id: number }>>();
    const res = await t.call('POST', '/api/closures', t.admin, {
      type: 'whole_day',
      locationId: location!.id,
      days: [
        { date: y, reason: 'Hemelvaartsdag' },
        { date: x, reason: 'Koningsdag' },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual([
      { id: expect.any(Number), date: x, type: 'whole_day', reason: 'Koningsdag', locationId: location!.id },
      {
        id: expect.any(Number),
        date: y,
        type: 'whole_day',
        reason: 'Hemelvaartsdag',
        locationId: location!.id,
      },
    ]);
    expect(await closuresOn(calendar(x, y))).toHaveLength(2);
  });

  it.each([
    [{ date: '2031-03-02', lastDate: '2031-03-01' }, 'lastDate', 'before_date'],
    [{ date: '2031-01-01', lastDate: '2032-01-02' }, 'lastDate', 'too_many_days'],
    [{ date: '2031-01-01', lastDate: '2031-01-32' }, 'lastDate', 'invalid_date'],
    [{ days: [{ date: '2031-01-01' }], date: '2031-01-01' }, 'days', 'not_with_date'],
    [{ days: [{ date: '2031-01-01' }, { date: '2031-01-01' }] }, 'days.1.date', 'duplicate'],
    [{ days: [] }, 'days', 'too_small'],
  ])('answers 400 for %j naming %s', async (body, property, message) => {
    const res = await t.call('POST', '/api/closures', t.admin, { type: 'whole_day', ...body });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toContainEqual({ property, message });
  });

  it('a range of 366 days is taken (a leap year)', async () => {
    const res = await t.call('POST', '/api/closures', t.admin, {
      date: '2032-01-01',
      lastDate: '2032-12-31',
      type: 'partial',
      from: '07:00',
      until: '07:30',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toHaveLength(366);
  });
});
