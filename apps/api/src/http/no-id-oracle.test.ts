import { describe, expect, it } from 'vitest';
import { insertAppointment } from '../features/appointments/test-support.js';
import { ROUTE_ACCESS, testDatabases, useTestApp } from '../test/index.js';

/**
 * DESIGN §6: a by-id route answers "not yours" exactly as it answers "does not exist" (404), so walking
 * ids tells a caller nothing about other people's appointments or accounts. The routes are read from the
 * route table, so a new by-id route of an owned resource is walked without editing this test.
 */
const OWNED_BY_ID = Object.entries(ROUTE_ACCESS)
  .filter(([key, access]) => /^\w+ \/api\/(appointment|user)\/:id\b/.test(key) && access !== 'admin')
  .map(([key]) => key.split(' ') as [string, string]);

const MISSING_ID = 2_000_000_000;
// Bodies that pass validation, so that ownership is what answers (two-step confirm takes a code).
const BODY: Record<string, object> = { PATCH: { lastName: 'Probe' }, POST: { code: '123456' } };
/** Routes whose valid body is another (a password change takes both passwords). */
const ROUTE_BODY: Record<string, object> = {
  'POST /api/user/:id/password': { currentPassword: 'Probe-pass1!', password: 'Probe-pass2!' },
};

describe.each(testDatabases)('by-id routes on %s', (kind) => {
  const t = useTestApp(kind, { sessions: ['admin', 'user'] });

  it('walks a real set of routes', () => {
    expect(OWNED_BY_ID.length).toBeGreaterThanOrEqual(12);
  });

  it("answer a user the same 404 for someone else's id and for one that does not exist", async () => {
    // Today, so that check-in is not refused for the day before ownership is looked at.
    const theirs = await insertAppointment(t.database.db, new Date(Date.now() + 60 * 60_000), {
      userId: t.admin.userId,
    });
    const idOf = (path: string) => (path.startsWith('/api/user/') ? t.admin.userId : theirs.id);
    const answers = [];
    for (const [method, path] of OWNED_BY_ID) {
      const call = (id: number) =>
        t
          .call(
            method,
            path.replace(':id', String(id)),
            t.user,
            ROUTE_BODY[`${method} ${path}`] ?? BODY[method],
          )
          .then((r) => r.statusCode);
      answers.push({
        route: `${method} ${path}`,
        theirs: await call(idOf(path)),
        missing: await call(MISSING_ID),
      });
    }
    expect(answers).toEqual(answers.map(({ route }) => ({ route, theirs: 404, missing: 404 })));
  });

  it('answer a link holder the same 404 for a wrong token as for an id that does not exist', async () => {
    const theirs = await insertAppointment(t.database.db, new Date(Date.now() + 2 * 60 * 60_000));
    const patch = (id: number) =>
      t.call('PATCH', `/api/appointment/${id}`, undefined, { token: 'x'.repeat(43), lastName: 'Probe' });
    const [wrong, missing] = [await patch(theirs.id), await patch(MISSING_ID)];
    expect([wrong.statusCode, wrong.json().code]).toEqual([404, 'not_found']);
    expect([missing.statusCode, missing.json().code]).toEqual([404, 'not_found']);
  });

  it('answer a change of a booking the same 404 for a wrong token as for an id that does not exist', async () => {
    const theirs = await insertAppointment(t.database.db, new Date(Date.now() + 3 * 60 * 60_000));
    const move = (appointmentId: number) =>
      t.call('POST', '/api/appointment/make-reservation', undefined, {
        appointmentItems: [{ productId: 1, amount: 1 }],
        fromDateTime: new Date(Date.now() + 4 * 60 * 60_000).toISOString(),
        appointmentId,
        token: 'x'.repeat(43),
      });
    expect((await move(theirs.id)).statusCode).toBe(404);
    expect((await move(MISSING_ID)).statusCode).toBe(404);
  });
});
