import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../db/schema/index.js';
import { ITEMS } from '../features/booking/test-support/helpers.js';
import { sendTo, startProcessesFor, type ServerProcess } from '../features/booking/test-support/processes.js';
import { useTestApp } from '../test/index.js';
import { RATE_LIMITS } from './rate-limit.js';

/**
 * DESIGN §6's limits under a burst spread over two real API processes on one PostgreSQL (PGlite runs one
 * transaction at a time and would hide the race): exactly `limit` requests get through, never more.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('rate limits under concurrency, two processes', () => {
  const t = useTestApp('postgres');
  let servers: ServerProcess[] = [];

  beforeAll(async () => {
    servers = await startProcessesFor(t);
  });
  afterAll(() => Promise.all(servers.map((s) => s.stop())));

  const post = (i: number, path: string, body: unknown) => sendTo(servers, i, 'POST', path, body);

  const burst = async (n: number, path: string, body: unknown) =>
    Promise.all(Array.from({ length: n }, (_, i) => post(i, path, body).then((r) => r.status)));

  const tally = (statuses: number[]) =>
    statuses.reduce<Record<number, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {});

  it('checks at most 10 passwords of one account when 40 wrong ones arrive at once', async () => {
    const email = 'burst.target@example.org';
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { email, password: 'Right-Pass1', lastName: 'Doel' },
    });
    expect(registered.statusCode).toBe(201);
    const userId = registered.json<{ user: { id: number } }>().user.id;

    const statuses = await burst(40, '/login', { username: email, password: 'Wrong-Pass1' });
    expect(tally(statuses)).toEqual({
      401: RATE_LIMITS.failedLogin.limit,
      429: 40 - RATE_LIMITS.failedLogin.limit,
    });
    // Every password check that ran ended in a 401 and one audit row: so exactly 10 checks ran.
    const [checks] = await t.database.db
      .select({ n: count() })
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'login_failed'), eq(auditEvents.subjectId, String(userId))));
    expect(checks!.n).toBe(RATE_LIMITS.failedLogin.limit);
    // Locked: even the right password now answers 429.
    expect((await post(0, '/login', { username: email, password: 'Right-Pass1' })).status).toBe(429);
  });

  it('checks at most 10 passwords for an unknown address too', async () => {
    const statuses = await burst(30, '/login', {
      username: 'nobody.here@example.org',
      password: 'Guess-123',
    });
    expect(tally(statuses)).toEqual({ 401: 10, 429: 20 });
  });

  it('admits exactly 120 of 200 simultaneous hold attempts from one address', async () => {
    // A start in the past: each admitted attempt is refused (409) after it has been counted.
    const statuses = await burst(200, '/appointment/make-reservation', {
      appointmentItems: ITEMS,
      fromDateTime: '2020-01-06T09:00:00+01:00',
    });
    const { limit } = RATE_LIMITS.makeReservation;
    expect(tally(statuses)).toEqual({ 409: limit, 429: 200 - limit });
  });
});
