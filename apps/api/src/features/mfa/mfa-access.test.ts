import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { organisation } from '../../db/schema/index.js';
import { routeRequest } from '../../test/route-requests.js';
import { ROUTE_ACCESS, testDatabases, useTestApp, type Session } from '../../test/index.js';
import { makeAccount, mfaTokenOf, signIn, turnOn } from './test-support.js';

/** What an admin held to the two-step setup may still call (decision 0362). */
const DURING_SETUP = new Set([
  'GET /api/user/current',
  'POST /api/user/:id/mfa/setup',
  'POST /api/user/:id/mfa/confirm',
]);

/**
 * Generated from the route table, as the RBAC test is (http/rbac.test.ts): a route added tomorrow is
 * covered without anyone listing it here. The mfaToken of the password step opens nothing a guest
 * cannot open; an admin whom the organisation requires to use two-step sign-in opens the setup and
 * nothing else until it is done.
 */
describe.each(testDatabases)('what the mfaToken and an admin held to the setup open (%s)', (kind) => {
  const t = useTestApp(kind, { routes: true });
  const tableRoutes = () =>
    Object.entries(ROUTE_ACCESS).filter(([key]) => t.routes.some((r) => r.key === key.split('?')[0]));

  /** The status of `key` as a guest, with the path values `session` would use. */
  const asGuest = async (key: string, access: (typeof ROUTE_ACCESS)[string], session: Session) =>
    (await t.app.inject(routeRequest(t.routes, key, access, session, {}))).statusCode;

  it('answers the mfaToken on every route as it answers a guest: 401 wherever signing in is needed', async () => {
    const account = await makeAccount(t.database);
    const session = await signIn(t.app, account);
    await turnOn(t.app, session);
    const mfaToken = await mfaTokenOf(t.app, account);
    const bearer = { authorization: `Bearer ${mfaToken}` };
    const wrong: string[] = [];
    for (const [key, access] of tableRoutes()) {
      const res = await t.app.inject(routeRequest(t.routes, key, access, session, bearer));
      const guest = await asGuest(key, access, session);
      const expected = access === 'open' ? guest : 401;
      if (res.statusCode !== expected)
        wrong.push(`${key} (${access}): ${res.statusCode}, expected ${expected}`);
    }
    expect(wrong).toEqual([]);
    // Nor is it a refresh token.
    const refresh = await t.call('POST', '/api/refresh-token', null, { refresh_token: mfaToken });
    expect(refresh.statusCode).toBe(401);
  });

  it('holds an admin without two-step sign-in to the setup: 403 mfa_setup_required on every other route', async () => {
    await t.database.db.update(organisation).set({ requireMfaForAdmins: true }).where(eq(organisation.id, 1));
    const admin = await makeAccount(t.database, ['ROLE_USER', 'ROLE_ADMIN']);
    const session = await signIn(t.app, admin);
    const wrong: string[] = [];
    for (const [key, access] of tableRoutes()) {
      const res = await t.app.inject(routeRequest(t.routes, key, access, session));
      if (access === 'open') {
        // Open routes answer as they answer a guest: the session counts for nothing there.
        const guest = await asGuest(key, access, session);
        if (res.statusCode !== guest) wrong.push(`${key} (open): ${res.statusCode}, expected ${guest}`);
      } else if (access === 'integration') {
        // A system's routes: a person, held or not, is never a client (decision 0437).
        if (res.statusCode !== 401) wrong.push(`${key} (integration): ${res.statusCode}, expected 401`);
      } else if (DURING_SETUP.has(key)) {
        if ([401, 403].includes(res.statusCode)) wrong.push(`${key}: ${res.statusCode}, expected it open`);
      } else if (res.statusCode !== 403 || res.json<{ code: string }>().code !== 'mfa_setup_required') {
        wrong.push(
          `${key} (${access}): ${res.statusCode} ${res.body.slice(0, 60)}, expected 403 mfa_setup_required`,
        );
      }
    }
    expect(wrong).toEqual([]);

    // Done: the same session is an admin's again.
    await turnOn(t.app, session);
    expect((await t.call('GET', '/api/users_paginated', session)).statusCode).toBe(200);
    expect((await t.call('GET', '/api/audit-events', session)).statusCode).toBe(200);
  });
});
