import { describe, expect, it } from 'vitest';
import { rawQuery } from '../../db/client.js';
import { testDatabases, useTestApp } from '../../test/index.js';

/** Tuesday 12 March 2030, 10:00 in Amsterdam (CET). */
const NOW = new Date('2030-03-12T09:00:00Z');
const ROWS = 1_001;

/**
 * GET /appointments answers one page at most (DESIGN §6, decision 0327): beyond 1,000 rows it wants a
 * date range, and a range is at most 62 days (the calendar's widest view is six weeks), so one request
 * cannot load a year of appointments.
 */
describe.each(testDatabases)('the bounds of GET /appointments on %s', (kind) => {
  const t = useTestApp(kind, { now: NOW, sessions: ['admin', 'user'] });

  it('wants from and until beyond 1,000 rows, at most 62 days apart, and then answers them all', async () => {
    // 1,001 quarter-hours of desk 1 from 1 April 2030 (about ten and a half days), in one statement.
    await rawQuery(t.database)(
      `insert into appointments (reservation_id, status, desk_id, during, group_key, last_name, email, phone)
       select gen_random_uuid(), 'confirmed', 1,
              tstzrange(timestamptz '2030-04-01T06:00:00Z' + i * interval '15 minutes',
                        timestamptz '2030-04-01T06:12:00Z' + i * interval '15 minutes'),
              gen_random_uuid(), 'Bulk', 'bulk@example.org', '+31 20 1234567'
       from generate_series(0, $1::int - 1) as i`,
      [ROWS],
    );
    const unbounded = await t.call('GET', '/api/appointments', t.admin);
    expect(unbounded.statusCode).toBe(400);
    expect(unbounded.json().errors).toEqual([
      { property: 'from', message: 'required_beyond_1000_rows' },
      { property: 'until', message: 'required_beyond_1000_rows' },
    ]);
    const fromOnly = await t.call('GET', '/api/appointments?from=2030-03-01', t.admin);
    expect(fromOnly.json().errors).toEqual([{ property: 'until', message: 'required_beyond_1000_rows' }]);
    const year = await t.call('GET', '/api/appointments?from=2030-01-01&until=2030-12-31', t.admin);
    expect(year.statusCode).toBe(400);
    expect(year.json().errors).toEqual([{ property: 'until', message: 'range_too_long' }]);
    // The calendar's month view: six weeks, here with every one of the rows in it.
    const sixWeeks = await t.call('GET', '/api/appointments?from=2030-03-30&until=2030-05-10', t.admin);
    expect(sixWeeks.statusCode).toBe(200);
    expect(sixWeeks.json()).toHaveLength(ROWS);
    // A user's own list is small and needs no range.
    expect((await t.call('GET', '/api/appointments', t.user)).statusCode).toBe(200);
  });
});
