import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents, passwordResetTokens } from '../../db/schema/index.js';
import { freshClientAddress, login, testDatabases, useTestApp, type Session } from '../../test/index.js';

// Issue 34 item 9: a signed-in user changes their own password on the profile page
// (POST /user/{id}/password, decision 0425).
describe.each(testDatabases)('changing one’s own password on %s', (kind) => {
  const t = useTestApp(kind, { sessions: ['admin'] });

  let seq = 0;
  /** A fresh ROLE_USER account (so the seeded ones keep their passwords), and its first session. */
  async function freshAccount(password = 'Secret123!') {
    const email = `changer${++seq}.${Date.now()}@example.org`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      remoteAddress: freshClientAddress(),
      payload: { email, password },
    });
    expect(res.statusCode).toBe(201);
    return { email, password, session: await login(t.app, email, password) };
  }
  const change = (session: Session, payload: object, id = session.userId) =>
    t.call('POST', `/api/user/${id}/password`, session, payload);
  const signIn = (username: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/login', payload: { username, password } });
  const current = async (s: Session) => (await t.call('GET', '/api/user/current', s)).statusCode;

  it('sets the new password, keeps this session, ends the others and the open reset links, audited', async () => {
    const { email, password, session } = await freshAccount();
    const elsewhere = await login(t.app, email, password);
    await t.app.inject({ method: 'POST', url: '/api/forgotpassword', payload: { email } });
    await t.app.background.settled();
    const links = await t.database.db
      .select()
      .from(passwordResetTokens)
      .where(and(eq(passwordResetTokens.userId, session.userId), isNull(passwordResetTokens.usedAt)));
    expect(links).toHaveLength(1);

    const res = await change(session, { currentPassword: password, password: 'Brand-New1!' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });

    expect((await signIn(email, password)).statusCode).toBe(401);
    expect((await signIn(email, 'Brand-New1!')).statusCode).toBe(200);
    expect(await current(session)).toBe(200);
    expect(await current(elsewhere)).toBe(401);
    const refreshElsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/refresh-token',
      payload: { refresh_token: elsewhere.refreshToken },
    });
    expect(refreshElsewhere.statusCode).toBe(401);
    const open = await t.database.db
      .select()
      .from(passwordResetTokens)
      .where(and(eq(passwordResetTokens.userId, session.userId), isNull(passwordResetTokens.usedAt)));
    expect(open).toEqual([]);
    const audited = await t.database.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, 'password_changed'), eq(auditEvents.subjectId, String(session.userId))),
      );
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({ actorUserId: session.userId, subjectType: 'user' });
  });

  it('answers a wrong current password with 400 on currentPassword, counted as a failed sign-in', async () => {
    const { email, password, session } = await freshAccount();
    const wrong = await change(session, { currentPassword: 'Not-it-1!', password: 'Brand-New1!' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([{ property: 'currentPassword', message: 'current_password_wrong' }]);
    expect((await signIn(email, password)).statusCode).toBe(200);
    const failed = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'login_failed'), eq(auditEvents.subjectId, String(session.userId))));
    expect(failed).toHaveLength(1);
    // Ten failures in the window (this one and nine sign-ins) and the next try is refused.
    for (let i = 0; i < 9; i++) expect((await signIn(email, 'Wrong-pass1!')).statusCode).toBe(401);
    const limited = await change(session, { currentPassword: password, password: 'Brand-New1!' });
    expect(limited.statusCode).toBe(429);
  });

  it('holds the new password to the reset rules and names the field', async () => {
    const { password, session } = await freshAccount();
    const weak = await change(session, { currentPassword: password, password: 'weak' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors[0].property).toBe('password');
    const missing = await change(session, { password: 'Brand-New1!' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0].property).toBe('currentPassword');
  });

  it('is one’s own only: another account’s id is 404, for an admin too; a guest 401', async () => {
    const { password, session } = await freshAccount();
    const other = await freshAccount();
    expect(
      (await change(session, { currentPassword: password, password: 'Brand-New1!' }, other.session.userId))
        .statusCode,
    ).toBe(404);
    expect(
      (await change(t.admin, { currentPassword: 'Admin123!', password: 'Brand-New1!' }, session.userId))
        .statusCode,
    ).toBe(404);
    const guest = await t.app.inject({
      method: 'POST',
      url: `/api/user/${session.userId}/password`,
      payload: { currentPassword: password, password: 'Brand-New1!' },
    });
    expect(guest.statusCode).toBe(401);
    expect((await signIn(other.email, other.password)).statusCode).toBe(200);
    expect((await signIn('admin@example.com', 'Admin123!')).statusCode).toBe(200);
  });
});
