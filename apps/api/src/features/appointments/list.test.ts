import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Appointment } from '@balie/shared';
import { locations, type appointments } from '../../db/schema/index.js';
import { testDatabases, useTestApp } from '../../test/index.js';
import { insertAppointment } from './test-support.js';

/** Tuesday 12 March 2030, 10:00 in Amsterdam (CET). */
const NOW = new Date('2030-03-12T09:00:00Z');
const HOUR = 3_600_000;

/**
 * GET /appointments_paginated (issue 8 item 5, decision 0230): today's and later appointments first in
 * start order, then the earlier ones newest first; filters by state, dates, desk, name / e-mail / code,
 * hide-expired; users see only their own.
 */
describe.each(testDatabases)('the paginated appointments list on %s', (kind) => {
  const t = useTestApp(kind, { now: NOW, sessions: ['admin', 'user'] });
  /** The rows by a short name, inserted directly: past moments cannot be booked through the API. */
  const rows: Record<string, { id: number; checkInCode: string | null }> = {};

  async function insert(
    name: string,
    hoursFromNow: number,
    values: Partial<typeof appointments.$inferInsert> = {},
  ): Promise<void> {
    rows[name] = await insertAppointment(t.database.db, new Date(NOW.getTime() + hoursFromNow * HOUR), {
      initials: 'A.',
      lastName: name,
      email: `${name.toLowerCase()}@example.org`,
      ...values,
    });
  }

  beforeAll(async () => {
    await insert('Yesterday', -24);
    await insert('LastWeek', -24 * 7, { status: 'checked_in' });
    await insert('EarlyToday', -1.5); // today 08:30, already over
    await insert('Now', 0.25, { deskId: 2, checkInCode: 'ABCD2345' });
    await insert('Tomorrow', 24, { userId: t.user.userId });
    await insert('NextWeek', 24 * 7, { deskId: 2, status: 'cancelled' });
    await insert('Later', 3);
  });

  async function list(filter: object = {}, headers = t.admin.headers, paging = '') {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/appointments_paginated?filter=${encodeURIComponent(JSON.stringify(filter))}${paging}`,
      headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ items: { lastName: string }[]; total: number }>();
    return { names: body.items.map((a) => a.lastName), total: body.total };
  }

  it('lists from the start of today by start time, then the earlier ones newest first', async () => {
    expect((await list()).names).toEqual([
      'EarlyToday',
      'Now',
      'Later',
      'Tomorrow',
      'NextWeek',
      'Yesterday',
      'LastWeek',
    ]);
  });

  it('pages through that order with the total of every page', async () => {
    expect(await list({}, t.admin.headers, '&page=1&pageSize=3')).toEqual({
      names: ['EarlyToday', 'Now', 'Later'],
      total: 7,
    });
    expect(await list({}, t.admin.headers, '&page=3&pageSize=3')).toEqual({ names: ['LastWeek'], total: 7 });
  });

  it('hides the ones that ended before now (the application clock) on request', async () => {
    expect((await list({ hideExpired: true })).names).toEqual(['Now', 'Later', 'Tomorrow', 'NextWeek']);
  });

  it('filters by state, date range and desk', async () => {
    expect((await list({ status: 'checked_in' })).names).toEqual(['LastWeek']);
    expect((await list({ from: '2030-03-11', until: '2030-03-12' })).names).toEqual([
      'EarlyToday',
      'Now',
      'Later',
      'Yesterday',
    ]);
    expect((await list({ deskId: 2 })).names).toEqual(['Now', 'NextWeek']);
  });

  it('searches by name, e-mail and check-in code as a visitor reads it', async () => {
    expect((await list({ search: 'a. tomor' })).names).toEqual(['Tomorrow']);
    expect((await list({ search: 'nextweek@example' })).names).toEqual(['NextWeek']);
    expect((await list({ search: 'abcd-2345' })).names).toEqual(['Now']);
    expect((await list({ search: 'ABCD 2345' })).names).toEqual(['Now']);
    // LIKE wildcards are taken literally.
    expect((await list({ search: '%' })).names).toEqual([]);
  });

  it('shows users only their own, whatever the filter', async () => {
    expect((await list({}, t.user.headers)).names).toEqual(['Tomorrow']);
    expect((await list({ search: 'abcd2345' }, t.user.headers)).names).toEqual([]);
  });

  it('filters by location: the list, today and the calendar feed; an unknown location is a 400', async () => {
    const idOf = async (name: string) =>
      (await t.database.db.select().from(locations).where(eq(locations.name, name)))[0]!.id;
    const [stadhuis, noord] = [await idOf('Stadhuis'), await idOf('Stadswinkel Noord')];
    // Balie 2 is in Stadswinkel Noord, Balie 1 in the town hall.
    expect((await list({ locationId: noord })).names).toEqual(['Now', 'NextWeek']);
    expect((await list({ locationId: stadhuis, status: 'confirmed' })).names).toEqual([
      'EarlyToday',
      'Later',
      'Tomorrow',
      'Yesterday',
    ]);
    const names = async (url: string) => {
      const res = await t.call('GET', url, t.admin);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<Appointment[]>().map((a) => `${a.lastName} @ ${a.location.name}`);
    };
    expect(await names(`/api/appointments/today?locationId=${noord}`)).toEqual(['Now @ Stadswinkel Noord']);
    expect(await names(`/api/appointments/today?locationId=${stadhuis}`)).toEqual([
      'EarlyToday @ Stadhuis',
      'Later @ Stadhuis',
    ]);
    expect(await names('/api/appointments/today')).toEqual([
      'EarlyToday @ Stadhuis',
      'Now @ Stadswinkel Noord',
      'Later @ Stadhuis',
    ]);
    const week = 'from=2030-03-11&until=2030-03-19';
    expect(await names(`/api/appointments?${week}&locationId=${noord}`)).toEqual([
      'Now @ Stadswinkel Noord',
      'NextWeek @ Stadswinkel Noord',
    ]);
    expect(await names(`/api/appointments?${week}&locationId=${stadhuis}`)).toHaveLength(4);
    // Users see their own at a location only.
    const own = await t.call('GET', `/api/appointments?${week}&locationId=${stadhuis}`, t.user);
    expect(own.json().map((a: Appointment) => a.lastName)).toEqual(['Tomorrow']);

    for (const url of [
      '/api/appointments/today?locationId=99999',
      `/api/appointments?${week}&locationId=99999`,
      '/api/appointments/today?locationId=0',
    ]) {
      const res = await t.call('GET', url, t.admin);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().errors[0].property, url).toBe('locationId');
    }
    for (const locationId of [99999, 'noord']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/appointments_paginated?filter=${encodeURIComponent(JSON.stringify({ locationId }))}`,
        headers: t.admin.headers,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].property).toBe('filter.locationId');
    }
  });

  it('names the wrong filter field', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/appointments_paginated?filter=${encodeURIComponent('{"deskId":"one"}')}`,
      headers: t.admin.headers,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].property).toBe('filter.deskId');
  });
});
