import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { rendererOf } from '../../mail/registry.js';
import { RATE_LIMITS } from '../../security/rate-limit.js';
import { deriveToken } from '../../security/tokens.js';
import { MFA_GUESSING_MAIL, MFA_RESET_MAIL } from './mail.js';
import {
  auditEvents,
  languages,
  mfaRecoveryCodes,
  outbox,
  passwordResetTokens,
  rateLimitHits,
  users,
} from '../../db/schema/index.js';
import { loginAs, sessionOf, testDatabases, useTestApp, type Session } from '../../test/index.js';
import {
  codeAt,
  codeStep,
  makeAccount,
  mfaTokenOf,
  PASSWORD,
  passwordStep,
  signIn,
  signInWithCode,
  startOfStep,
  stepOf,
  turnOn,
  wrongCodeAt,
} from './test-support.js';

/** A moment on a 30-second boundary: each test moves the faked clock forward from here. */
const T0 = new Date('2030-03-12T09:00:00Z');
const MINUTE = 60_000;

/**
 * Two-step sign-in (DESIGN §5 *Two-step sign-in*, §6; issue 21): TOTP at the window's edges, replays,
 * recovery codes, the mfaToken, failed codes as failed logins, sessions ending, the admin's reset. The
 * clock is faked (`now`), so every edge is an exact millisecond.
 */
describe.each(testDatabases)('two-step sign-in on %s', (kind) => {
  const t = useTestApp(kind, { now: T0 });
  /** Moves the clock forward (never back: tokens signed earlier must stay in their past). */
  const advance = (ms: number) => vi.setSystemTime(Date.now() + ms);
  const setClock = (ms: number) => {
    expect(ms).toBeGreaterThanOrEqual(Date.now());
    vi.setSystemTime(ms);
  };

  /** A fresh account with two-step sign-in on, turned on now. */
  async function accountWithMfa(roles?: Parameters<typeof makeAccount>[1]) {
    const account = await makeAccount(t.database, roles);
    const session = await signIn(t.app, account);
    const on = await turnOn(t.app, session);
    return { account, session, ...on };
  }

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    session: Session | null,
    payload?: object,
  ) => t.call(method, url, session, payload);
  /** The demo admin, signed in now (a session signed in at the start runs out as the clock moves). */
  const admin = () => loginAs(t.app, 'admin');

  describe('turning it on', () => {
    it('gives a base32 secret and an otpauth link naming the organisation and the account, then hides it', async () => {
      const account = await makeAccount(t.database);
      const session = await signIn(t.app, account);
      const res = await call('POST', `/api/user/${account.id}/mfa/setup`, session);
      expect(res.statusCode).toBe(200);
      const { secret, otpauthUrl } = res.json<{ secret: string; otpauthUrl: string }>();
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      const url = new URL(otpauthUrl);
      expect(url.protocol).toBe('otpauth:');
      expect(url.host).toBe('totp');
      expect(decodeURIComponent(url.pathname)).toBe(`/Gemeente Voorbeeldstad:${account.email}`);
      expect(Object.fromEntries(url.searchParams)).toEqual({
        issuer: 'Gemeente Voorbeeldstad',
        secret,
        algorithm: 'SHA1',
        digits: '6',
        period: '30',
      });
      // Not on until a code confirms it; the secret is never stored as it was shown, nor shown again.
      const current = await call('GET', '/api/user/current', session);
      expect(current.json()).toMatchObject({ mfaEnabled: false });
      expect(current.body).not.toContain(secret);
      const [row] = await t.database.db.select().from(users).where(eq(users.id, account.id));
      expect(row!.mfaPendingSecret).not.toContain(secret);
      expect(row!.mfaSecret).toBeNull();
    });

    it('turns on with a right code, hands out ten different recovery codes once, keeps only their hashes', async () => {
      const account = await makeAccount(t.database);
      const session = await signIn(t.app, account);
      const { secret } = (await call('POST', `/api/user/${account.id}/mfa/setup`, session)).json<{
        secret: string;
      }>();
      const wrong = await call('POST', `/api/user/${account.id}/mfa/confirm`, session, {
        code: wrongCodeAt(secret, Date.now()),
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().errors).toEqual([{ property: 'code', message: 'wrong_code' }]);
      const notDigits = await call('POST', `/api/user/${account.id}/mfa/confirm`, session, {
        code: '12ab56',
      });
      expect(notDigits.json().errors).toEqual([{ property: 'code', message: 'invalid_code' }]);

      const res = await call('POST', `/api/user/${account.id}/mfa/confirm`, session, {
        code: codeAt(secret, Date.now()),
      });
      expect(res.statusCode).toBe(200);
      const { recoveryCodes } = res.json<{ recoveryCodes: string[] }>();
      expect(recoveryCodes).toHaveLength(10);
      expect(new Set(recoveryCodes).size).toBe(10);
      for (const code of recoveryCodes)
        expect(code).toMatch(/^[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/);
      const stored = await t.database.db
        .select()
        .from(mfaRecoveryCodes)
        .where(eq(mfaRecoveryCodes.userId, account.id));
      expect(stored).toHaveLength(10);
      for (const row of stored) for (const code of recoveryCodes) expect(row.codeHash).not.toContain(code);
      const [row] = await t.database.db.select().from(users).where(eq(users.id, account.id));
      expect(row!.mfaSecret).not.toContain(secret);
      expect((await call('GET', '/api/user/current', session)).json()).toMatchObject({ mfaEnabled: true });
      // Set up again while it is on: first turn it off.
      const again = await call('POST', `/api/user/${account.id}/mfa/setup`, session);
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('mfa_already_enabled');
    });

    it('refuses a confirm without a setup, and anyone else’s account as one that does not exist', async () => {
      const account = await makeAccount(t.database);
      const session = await signIn(t.app, account);
      const res = await call('POST', `/api/user/${account.id}/mfa/confirm`, session, { code: '123456' });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ property: 'code', message: 'setup_not_started' }]);
      const adminId = (await admin()).userId;
      for (const path of ['setup', 'confirm']) {
        const other = await call('POST', `/api/user/${adminId}/mfa/${path}`, session, { code: '123456' });
        expect(other.statusCode).toBe(404);
      }
      const reset = await call('DELETE', `/api/user/${adminId}/mfa`, session, {});
      expect(reset.statusCode).toBe(404);
    });

    it('ends the account’s other sessions and keeps the one that turned it on', async () => {
      const account = await makeAccount(t.database);
      const other = await signIn(t.app, account);
      const session = await signIn(t.app, account);
      await turnOn(t.app, session);
      expect((await call('GET', '/api/user/current', other)).statusCode).toBe(401);
      const refresh = await call('POST', '/api/refresh-token', null, { refresh_token: other.refreshToken });
      expect(refresh.statusCode).toBe(401);
      expect((await call('GET', '/api/user/current', session)).statusCode).toBe(200);
      const [event] = await t.database.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'mfa_enabled'), eq(auditEvents.subjectId, String(account.id))));
      expect(event).toMatchObject({ actorUserId: account.id, subjectType: 'user' });
    });
  });

  describe('signing in', () => {
    it('answers a right password with mfaRequired and an mfaToken, and a right code with the session', async () => {
      const { account, secret } = await accountWithMfa();
      advance(MINUTE);
      const res = await passwordStep(t.app, account);
      expect(res.statusCode).toBe(200);
      expect(Object.keys(res.json()).sort()).toEqual(['mfaRequired', 'mfaToken']);
      const signedIn = await codeStep(t.app, res.json().mfaToken, codeAt(secret, Date.now()));
      expect(signedIn.statusCode).toBe(200);
      expect(signedIn.json()).toMatchObject({ user: { id: account.id, mfaEnabled: true } });
      const session = sessionOf(signedIn.json());
      expect((await call('GET', '/api/user/current', session)).statusCode).toBe(200);
      const refreshed = await call('POST', '/api/refresh-token', null, {
        refresh_token: signedIn.json().refresh_token,
      });
      expect(refreshed.statusCode).toBe(200);
    });

    it('a wrong password still answers 401 and gives no mfaToken', async () => {
      const { account } = await accountWithMfa();
      const res = await t.call('POST', '/api/login', null, {
        username: account.email,
        password: 'Wrong-1234',
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).not.toHaveProperty('mfaToken');
    });

    /*
     * The window's edges: at any moment the codes of the step before, this step and the step after are
     * right (±30 s for clocks that drift), two steps away is wrong — tried at the first and the last
     * millisecond of a step. Each case is a fresh account, so no earlier acceptance makes it a replay.
     */
    const cases = [
      { edge: 'first', offset: -1, accepted: true },
      { edge: 'last', offset: -1, accepted: true },
      { edge: 'first', offset: -2, accepted: false },
      { edge: 'last', offset: -2, accepted: false },
      { edge: 'first', offset: +1, accepted: true },
      { edge: 'last', offset: +1, accepted: true },
      { edge: 'first', offset: +2, accepted: false },
      { edge: 'last', offset: +2, accepted: false },
    ] as const;
    it.each(cases)('a code $offset step(s) away at the $edge ms of a step: accepted $accepted', async (c) => {
      const { account, secret } = await accountWithMfa();
      const step = stepOf(Date.now()) + 10;
      setClock(startOfStep(step) + (c.edge === 'last' ? 29_999 : 0));
      const token = await mfaTokenOf(t.app, account);
      const res = await codeStep(t.app, token, codeAt(secret, startOfStep(step + c.offset)));
      expect(res.statusCode).toBe(c.accepted ? 200 : 401);
      if (!c.accepted) expect(res.json().code).toBe('invalid_credentials');
    });

    it('does not take a code twice, nor an older one once a later one was used', async () => {
      const { account, secret } = await accountWithMfa();
      advance(5 * MINUTE);
      const now = Date.now();
      await signInWithCode(t.app, account, codeAt(secret, now));
      const replay = await codeStep(t.app, await mfaTokenOf(t.app, account), codeAt(secret, now));
      expect(replay.statusCode).toBe(401);
      const older = await codeStep(t.app, await mfaTokenOf(t.app, account), codeAt(secret, now, -1));
      expect(older.statusCode).toBe(401);
      // The next step's code (still within the window) is new: accepted once.
      await signInWithCode(t.app, account, codeAt(secret, now, +1));
      // Thirty seconds on, the code just used is still in the window, and still refused.
      advance(30_000);
      const later = await codeStep(t.app, await mfaTokenOf(t.app, account), codeAt(secret, now, +1));
      expect(later.statusCode).toBe(401);
      // The code that confirmed the setup was used too.
    });

    it('takes each recovery code once, typed in any case and with spaces, and only for its account', async () => {
      const { account, recoveryCodes } = await accountWithMfa();
      const [first, second] = recoveryCodes as [string, string];
      const other = await accountWithMfa();
      const foreign = await codeStep(t.app, await mfaTokenOf(t.app, other.account), first);
      expect(foreign.statusCode).toBe(401);

      await signInWithCode(t.app, account, first);
      const again = await codeStep(t.app, await mfaTokenOf(t.app, account), first);
      expect(again.statusCode).toBe(401);
      await signInWithCode(t.app, account, ` ${second.toLowerCase().replace(/-/g, ' ')} `);
      const used = await t.database.db
        .select()
        .from(mfaRecoveryCodes)
        .where(eq(mfaRecoveryCodes.userId, account.id));
      expect(used.filter((r) => r.usedAt !== null)).toHaveLength(2);
      const audited = await t.database.db
        .select()
        .from(auditEvents)
        .where(
          and(
            eq(auditEvents.action, 'mfa_recovery_code_used'),
            eq(auditEvents.subjectId, String(account.id)),
          ),
        );
      expect(audited).toHaveLength(2);
    });

    it('refuses the mfaToken after 5 minutes, a forged one, and one of an account whose MFA was reset', async () => {
      const { account, secret } = await accountWithMfa();
      const token = await mfaTokenOf(t.app, account);
      advance(5 * MINUTE + 1000);
      const late = await codeStep(t.app, token, codeAt(secret, Date.now()));
      expect(late.statusCode).toBe(401);
      expect(late.json().code).toBe('unauthorized');
      const forged = await codeStep(t.app, `${token.slice(0, -4)}AAAA`, codeAt(secret, Date.now()));
      expect(forged.json().code).toBe('unauthorized');

      const fresh = await mfaTokenOf(t.app, account);
      const reset = await call('DELETE', `/api/user/${account.id}/mfa`, await admin(), {});
      expect(reset.statusCode).toBe(204);
      expect((await codeStep(t.app, fresh, codeAt(secret, Date.now()))).statusCode).toBe(401);
    });

    it('counts wrong codes as failed logins: after 10 in 15 minutes even a right code answers 429', async () => {
      const { account, secret } = await accountWithMfa();
      advance(MINUTE);
      const token = await mfaTokenOf(t.app, account);
      for (let i = 0; i < RATE_LIMITS.failedLogin.limit; i++) {
        const res = await codeStep(t.app, token, wrongCodeAt(secret, Date.now()));
        expect(res.statusCode).toBe(401);
      }
      const locked = await codeStep(t.app, token, codeAt(secret, Date.now()));
      expect(locked.statusCode).toBe(429);
      // The same window as the password's: a right password is refused too.
      expect((await passwordStep(t.app, account)).statusCode).toBe(429);
      const failed = await t.database.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'login_failed'), eq(auditEvents.subjectId, String(account.id))));
      expect(failed.map((e) => e.details)).toEqual(
        Array.from({ length: RATE_LIMITS.failedLogin.limit }, () => ({ step: 'code' })),
      );
    });

    it('records the sign-in for the access review', async () => {
      const { account, secret } = await accountWithMfa();
      advance(MINUTE);
      await signInWithCode(t.app, account, codeAt(secret, Date.now()));
      const [row] = await t.database.db.select().from(users).where(eq(users.id, account.id));
      expect(row!.lastLoginAt!.getTime()).toBe(Date.now());
    });
  });

  /*
   * Issue 34 item 4: the 15-minute limit alone lets someone with the password try 960 codes a day. Wrong
   * codes also count per account over 24 hours; the 20th blocks the code step until the password is
   * reset or an admin resets the two-step sign-in. The rate limits' windows run on the database's clock,
   * so time passes for them by moving the account's counted failures into the past (as the rate-limit
   * tests do); the faked clock moves on too, for the mfaToken and the codes.
   */
  describe('codes guessed slowly', () => {
    const BUCKETS = [
      RATE_LIMITS.failedLogin.bucket,
      RATE_LIMITS.mfaWrongCodes.bucket,
      RATE_LIMITS.mfaGuessingMail.bucket,
    ];
    /** The account's counted failures (and mails) `minutes` further in the past. */
    async function ageHits(account: { id: number; email: string }, minutes: number) {
      advance(minutes * MINUTE);
      await t.database.db
        .update(rateLimitHits)
        .set({ at: sql`${rateLimitHits.at} - make_interval(mins => ${minutes})` })
        .where(
          and(
            inArray(rateLimitHits.bucket, BUCKETS),
            inArray(rateLimitHits.key, [account.email, String(account.id)]),
          ),
        );
    }
    /** `n` wrong codes with one fresh mfaToken; the statuses answered. */
    async function wrongCodes(account: { id: number; email: string }, secret: string, n: number) {
      const token = await mfaTokenOf(t.app, account);
      const statuses: number[] = [];
      for (let i = 0; i < n; i++)
        statuses.push((await codeStep(t.app, token, wrongCodeAt(secret, Date.now()))).statusCode);
      return statuses;
    }
    /** 20 wrong codes in two bursts two hours apart: the 20th blocks. */
    async function block(account: { id: number; email: string }, secret: string) {
      expect(await wrongCodes(account, secret, 10)).toEqual(Array(10).fill(401));
      await ageHits(account, 120);
      expect(await wrongCodes(account, secret, 10)).toEqual([...Array(9).fill(401), 423]);
    }
    const guessingMails = async (userId: number) =>
      (await t.database.db.select().from(outbox).where(eq(outbox.kind, MFA_GUESSING_MAIL)))
        .filter((m) => m.payload.userId === userId)
        .map((m) => m.payload);
    const blockedEvents = (userId: number) =>
      t.database.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'mfa_blocked'), eq(auditEvents.subjectId, String(userId))));

    it('blocks the code step after 20 wrong codes in 24 hours, spread beyond the 15-minute limit, even for a right code', async () => {
      const { account, secret, recoveryCodes } = await accountWithMfa();
      advance(MINUTE);
      await block(account, secret);
      await ageHits(account, 60);
      const token = await mfaTokenOf(t.app, account);
      for (const code of [codeAt(secret, Date.now()), recoveryCodes[0]!]) {
        const res = await codeStep(t.app, token, code);
        expect(res.statusCode).toBe(423);
        expect(res.json()).toEqual({
          code: 'mfa_blocked',
          message:
            'Too many wrong codes: signing in with a code is blocked. Reset your password, or ask an administrator to reset your two-step sign-in',
        });
      }
      // Still blocked a day later: only a reset ends it.
      await ageHits(account, 25 * 60);
      expect(
        (await codeStep(t.app, await mfaTokenOf(t.app, account), codeAt(secret, Date.now()))).statusCode,
      ).toBe(423);
      const events = await blockedEvents(account.id);
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({ actorUserId: account.id, subjectType: 'user' });
      // The recovery code tried while blocked was not used up.
      const used = await t.database.db
        .select()
        .from(mfaRecoveryCodes)
        .where(and(eq(mfaRecoveryCodes.userId, account.id), sql`${mfaRecoveryCodes.usedAt} is not null`));
      expect(used).toEqual([]);
    });

    it('forgets wrong codes older than 24 hours', async () => {
      const { account, secret } = await accountWithMfa();
      advance(MINUTE);
      await wrongCodes(account, secret, 10);
      await ageHits(account, 24 * 60 + 1);
      expect(await wrongCodes(account, secret, 10)).toEqual(Array(10).fill(401));
      await ageHits(account, 16);
      await signInWithCode(t.app, account, codeAt(secret, Date.now()));
      expect(await blockedEvents(account.id)).toEqual([]);
    });

    it('counts the wrong codes of turning it off the same way', async () => {
      const { account, secret, session } = await accountWithMfa();
      const turnOff = (code: string) => call('DELETE', `/api/user/${account.id}/mfa`, session, { code });
      for (let i = 0; i < 10; i++)
        expect((await turnOff(wrongCodeAt(secret, Date.now()))).statusCode).toBe(400);
      expect((await turnOff(wrongCodeAt(secret, Date.now()))).statusCode).toBe(429);
      await ageHits(account, 30);
      // The session is 15 minutes old at most: sign in again for the next ten.
      const again = await signInWithCode(t.app, account, codeAt(secret, Date.now()));
      const turnOffAgain = (code: string) => call('DELETE', `/api/user/${account.id}/mfa`, again, { code });
      const statuses = [];
      for (let i = 0; i < 10; i++)
        statuses.push((await turnOffAgain(wrongCodeAt(secret, Date.now()))).statusCode);
      expect(statuses).toEqual([...Array(9).fill(400), 423]);
      const right = await turnOffAgain(codeAt(secret, Date.now(), 1));
      expect(right.statusCode).toBe(423);
      expect(right.json().code).toBe('mfa_blocked');
      await ageHits(account, 16);
      expect(
        (await codeStep(t.app, await mfaTokenOf(t.app, account), codeAt(secret, Date.now(), 1))).statusCode,
      ).toBe(423);
      expect(await blockedEvents(account.id)).toHaveLength(1);
    });

    it('a password reset ends the block (and the mfaTokens of before it)', async () => {
      const { account, secret } = await accountWithMfa();
      advance(MINUTE);
      await block(account, secret);
      await ageHits(account, 16);
      const before = await mfaTokenOf(t.app, account);
      await t.call('POST', '/api/forgotpassword', null, { email: account.email });
      await t.app.background.settled();
      const [row] = await t.database.db
        .select()
        .from(passwordResetTokens)
        .where(eq(passwordResetTokens.userId, account.id))
        .orderBy(desc(passwordResetTokens.id));
      const reset = await t.call(
        'PATCH',
        `/api/user/updatePassword/${deriveToken(t.config.secret, row!.nonce)}`,
        null,
        {
          password: PASSWORD,
        },
      );
      expect(reset.statusCode, reset.body).toBe(200);
      expect((await codeStep(t.app, before, codeAt(secret, Date.now()))).json().code).toBe('unauthorized');
      // The count starts again: one wrong code does not block anew.
      expect(await wrongCodes(account, secret, 1)).toEqual([401]);
      await signInWithCode(t.app, account, codeAt(secret, Date.now()));
    });

    it('an admin’s reset of the two-step sign-in ends the block', async () => {
      const { account, secret } = await accountWithMfa();
      advance(MINUTE);
      await block(account, secret);
      const res = await call('DELETE', `/api/user/${account.id}/mfa`, await admin());
      expect(res.statusCode).toBe(204);
      await ageHits(account, 16);
      expect((await passwordStep(t.app, account)).json()).toHaveProperty('token');
      const on = await turnOn(t.app, await signIn(t.app, account));
      advance(MINUTE);
      expect(await wrongCodes(account, on.secret, 1)).toEqual([401]);
      await signInWithCode(t.app, account, codeAt(on.secret, Date.now()));
    });

    it('mails the holder once at the first burst and again when blocked, in their language', async () => {
      const { account, secret } = await accountWithMfa();
      advance(MINUTE);
      expect(await wrongCodes(account, secret, 9)).toEqual(Array(9).fill(401));
      expect(await guessingMails(account.id)).toEqual([]);
      await wrongCodes(account, secret, 1);
      expect(await guessingMails(account.id)).toEqual([{ userId: account.id, blocked: false }]);
      // A second burst within the day (wrong passwords filling the window first) mails nothing more.
      await ageHits(account, 20);
      for (let i = 0; i < 5; i++)
        await t.call('POST', '/api/login', null, { username: account.email, password: 'Wrong-1234' });
      expect(await wrongCodes(account, secret, 5)).toEqual(Array(5).fill(401));
      expect(await guessingMails(account.id)).toHaveLength(1);
      await ageHits(account, 20);
      expect(await wrongCodes(account, secret, 5)).toEqual([401, 401, 401, 401, 423]);
      expect(await guessingMails(account.id)).toEqual([
        { userId: account.id, blocked: false },
        { userId: account.id, blocked: true },
      ]);

      const render = rendererOf(MFA_GUESSING_MAIL)!;
      const nl = await render(
        { userId: account.id, blocked: false },
        { db: t.database.db, config: t.config },
      );
      expect(nl).toMatchObject({ to: account.email, language: 'nl' });
      expect(nl!.subject).toBe('Iemand probeert codes op uw account');
      expect(nl!.text).toContain('Iemand die uw wachtwoord kent');
      expect(nl!.text).toContain('http://balie.test/forgot-password');
      const [english] = await t.database.db.select().from(languages).where(eq(languages.code, 'en-GB'));
      await t.database.db.update(users).set({ languageId: english!.id }).where(eq(users.id, account.id));
      const en = await render({ userId: account.id, blocked: true }, { db: t.database.db, config: t.config });
      expect(en).toMatchObject({ language: 'en', subject: 'Signing in with a code is blocked' });
      expect(en!.text).toContain('Someone who knows your password');
      expect(en!.text).toContain('change your password');
    });

    it('takes an mfaToken for one sign-in only', async () => {
      const { account, secret } = await accountWithMfa();
      advance(MINUTE);
      const token = await mfaTokenOf(t.app, account);
      // Wrong codes do not use it up.
      expect((await codeStep(t.app, token, wrongCodeAt(secret, Date.now()))).statusCode).toBe(401);
      expect((await codeStep(t.app, token, codeAt(secret, Date.now()))).statusCode).toBe(200);
      const again = await codeStep(t.app, token, codeAt(secret, Date.now(), 1));
      expect(again.statusCode).toBe(401);
      expect(again.json().code).toBe('unauthorized');
      // A token of a new password step works.
      await signInWithCode(t.app, account, codeAt(secret, Date.now(), 1));
    });
  });

  describe('turning it off', () => {
    it('needs a current code (or a recovery code) for one’s own, ends the other sessions, audited', async () => {
      const { account, secret, session, recoveryCodes } = await accountWithMfa();
      advance(MINUTE);
      const other = await signInWithCode(t.app, account, recoveryCodes[0]!);
      const none = await call('DELETE', `/api/user/${account.id}/mfa`, session, {});
      expect(none.statusCode).toBe(400);
      expect(none.json().errors).toEqual([{ property: 'code', message: 'code_required' }]);
      const wrong = await call('DELETE', `/api/user/${account.id}/mfa`, session, {
        code: wrongCodeAt(secret, Date.now()),
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().errors).toEqual([{ property: 'code', message: 'wrong_code' }]);

      const res = await call('DELETE', `/api/user/${account.id}/mfa`, session, {
        code: codeAt(secret, Date.now()),
      });
      expect(res.statusCode).toBe(204);
      expect((await call('GET', '/api/user/current', other)).statusCode).toBe(401);
      expect((await call('GET', '/api/user/current', session)).json()).toMatchObject({ mfaEnabled: false });
      // The password alone signs in again; the old recovery codes are gone.
      expect((await passwordStep(t.app, account)).json()).toHaveProperty('token');
      expect(
        await t.database.db.select().from(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, account.id)),
      ).toEqual([]);
      const [event] = await t.database.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'mfa_disabled'), eq(auditEvents.subjectId, String(account.id))));
      expect(event).toMatchObject({ actorUserId: account.id });
    });

    it('lets an admin reset someone else’s: every session ends, the holder is mailed, the trail says who', async () => {
      const { account, session } = await accountWithMfa();
      const resetter = await admin();
      const res = await call('DELETE', `/api/user/${account.id}/mfa`, resetter);
      expect(res.statusCode, res.body).toBe(204);
      expect((await call('GET', '/api/user/current', session)).statusCode).toBe(401);
      const [row] = await t.database.db.select().from(users).where(eq(users.id, account.id));
      expect(row).toMatchObject({ mfaSecret: null, mfaEnabledAt: null });
      const [event] = await t.database.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'mfa_reset'), eq(auditEvents.subjectId, String(account.id))));
      expect(event).toMatchObject({ actorUserId: resetter.userId, subjectType: 'user' });
      const mails = await t.database.db.select().from(outbox).where(eq(outbox.kind, MFA_RESET_MAIL));
      const queued = mails.find((m) => m.payload.userId === account.id);
      expect(queued).toBeDefined();
      const mail = await rendererOf(MFA_RESET_MAIL)!(queued!.payload, {
        db: t.database.db,
        config: t.config,
      });
      expect(mail).toMatchObject({ to: account.email, language: 'nl' });
      expect(mail!.subject).toBe('Uw inloggen in twee stappen is uitgezet');
      expect(mail!.text).toContain(
        'Een beheerder van Gemeente Voorbeeldstad heeft het inloggen in twee stappen',
      );
      expect(mail!.text).toContain('U bent overal uitgelogd.');
      expect(mail!.text).toContain('http://balie.test/login');
      // The admin list shows it off.
      const listed = await call('GET', `/api/user/${account.id}`, resetter);
      expect(listed.json()).toMatchObject({ mfaEnabled: false });
    });
  });

  describe('required for admins', () => {
    it('cannot be turned on by an admin without two-step sign-in; an admin with it can', async () => {
      const demoAdmin = await admin();
      const refused = await call('PATCH', '/api/organisation', demoAdmin, { requireMfaForAdmins: true });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        code: 'mfa_not_enabled',
        errors: [{ property: 'requireMfaForAdmins', message: 'mfa_not_enabled' }],
      });
      const mfaAdmin = await accountWithMfa(['ROLE_USER', 'ROLE_ADMIN']);
      const res = await call('PATCH', '/api/organisation', mfaAdmin.session, { requireMfaForAdmins: true });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ requireMfaForAdmins: true });

      // From now on an admin without it is held to the setup until it is done, in an open session too.
      const held = await call('GET', '/api/users_paginated', demoAdmin);
      expect(held.statusCode).toBe(403);
      expect(held.json().code).toBe('mfa_setup_required');
      expect((await call('GET', '/api/user/current', demoAdmin)).json()).toMatchObject({ mfaEnabled: false });
      // Staff and users are not held.
      const staff = await makeAccount(t.database, ['ROLE_USER', 'ROLE_STAFF']);
      expect((await call('GET', '/api/appointments/today', await signIn(t.app, staff))).statusCode).toBe(200);

      const newcomer = await makeAccount(t.database, ['ROLE_USER', 'ROLE_ADMIN']);
      const session = await signIn(t.app, newcomer);
      expect((await call('GET', '/api/desks', session)).json().code).toBe('mfa_setup_required');
      await turnOn(t.app, session);
      // Done: the same session opens the rest.
      expect((await call('GET', '/api/desks', session)).statusCode).toBe(200);

      const off = await call('PATCH', '/api/organisation', mfaAdmin.session, { requireMfaForAdmins: false });
      expect(off.statusCode).toBe(200);
      expect((await call('GET', '/api/users_paginated', demoAdmin)).statusCode).toBe(200);
    });
  });

  describe('the access review', () => {
    it('shows admins roles, two-step sign-in, last sign-in and creation; filters; a CSV of it', async () => {
      const fresh = await makeAccount(t.database, ['ROLE_USER', 'ROLE_ADMIN']);
      await signIn(t.app, fresh);
      const withMfa = await accountWithMfa(['ROLE_USER', 'ROLE_ADMIN']);
      let reviewer = await admin();
      const list = async (filter?: string) =>
        (
          await call('GET', `/api/users_paginated?pageSize=100${filter ? `&filter=${filter}` : ''}`, reviewer)
        ).json<{ items: Array<{ email: string; mfaEnabled: boolean; lastLoginAt: string | null }> }>().items;

      const all = await list();
      expect(all.find((u) => u.email === fresh.email)).toMatchObject({
        mfaEnabled: false,
        lastLoginAt: new Date(Date.now()).toISOString(),
        createdAt: expect.any(String),
      });
      const withoutMfa = (await list('admins_without_mfa')).map((u) => u.email);
      expect(withoutMfa).toContain(fresh.email);
      expect(withoutMfa).toContain('admin@example.com');
      expect(withoutMfa).not.toContain(withMfa.account.email);
      expect(withoutMfa).not.toContain('user@example.com');

      // 90 days on, nobody of today has signed in since; a sign-in then takes one off the list.
      advance(91 * 24 * 60 * MINUTE);
      reviewer = await signIn(t.app, fresh);
      const stale = (await list('not_signed_in_90_days')).map((u) => u.email);
      expect(stale).toContain(withMfa.account.email);
      expect(stale).not.toContain(fresh.email);
      expect(stale).toContain('user@example.com');

      const csv = await call(
        'GET',
        '/api/users/access-review.csv?filter=admins_without_mfa&language=en',
        reviewer,
      );
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(csv.headers['content-disposition']).toBe('attachment; filename="toegangsrechten.csv"');
      expect(
        csv.body.startsWith('\uFEFFE-mail address;Name;Role;Two-step sign-in;Last signed in;Created\n'),
      ).toBe(true);
      expect(csv.body).toContain(`${fresh.email};Tess Twee`);
      expect(csv.body).toMatch(
        new RegExp(
          `${fresh.email.replace(/\./g, '\\.')};[^;]*;Admin;off;\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d;`,
        ),
      );
      expect(csv.body).not.toContain(withMfa.account.email);
    });

    it('neutralises a name a spreadsheet would run as a formula', async () => {
      const account = await makeAccount(t.database);
      await t.database.db.update(users).set({ firstName: '=HYPERLINK("x")' }).where(eq(users.id, account.id));
      const csv = await call('GET', '/api/users/access-review.csv', await admin());
      expect(csv.body).toContain(`${account.email};"'=HYPERLINK(""x"") Twee`);
      expect(csv.body.split('\n')[0]).toBe(
        '\uFEFFE-mailadres;Naam;Rol;Inloggen in twee stappen;Laatst ingelogd;Aangemaakt',
      );
    });
  });
});
