import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents, outbox, rateLimitHits } from '../../db/schema/index.js';
import { RATE_LIMITS } from '../../security/rate-limit.js';
import { sendTo, useServerProcesses } from '../booking/test-support/processes.js';
import { MFA_GUESSING_MAIL } from './mail.js';
import { codeAt, makeAccount, mfaTokenOf, signIn, turnOn, wrongCodeAt } from './test-support.js';

/**
 * The code step under a burst spread over two real API processes on one PostgreSQL (PGlite runs one
 * transaction at a time and would hide the race): wrong codes share the failed-login limit of DESIGN §6
 * across processes, and one right code is taken once even when both processes get it at the same moment.
 * The processes run on the real clock, so the codes here are computed at the real time (the ±1 step
 * window covers the moment between computing and checking).
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('the code step across two processes on PostgreSQL', () => {
  const p = useServerProcesses();
  const codeStepOn = (i: number, mfaToken: string, code: string) =>
    sendTo(p.servers, i, 'POST', '/login/mfa', { mfaToken, code });
  const tally = (statuses: number[]) =>
    statuses.reduce<Record<number, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {});

  async function accountWithMfa() {
    const account = await makeAccount(p.t.database);
    const { secret, recoveryCodes } = await turnOn(p.t.app, await signIn(p.t.app, account));
    return { account, secret, recoveryCodes };
  }

  it('checks at most 10 codes of one account when 40 wrong ones arrive at once, then refuses the right one', async () => {
    const { account, secret } = await accountWithMfa();
    const mfaToken = await mfaTokenOf(p.t.app, account);
    const wrong = wrongCodeAt(secret, Date.now());
    const statuses = await Promise.all(
      Array.from({ length: 40 }, (_, i) => codeStepOn(i, mfaToken, wrong).then((r) => r.status)),
    );
    expect(tally(statuses)).toEqual({
      401: RATE_LIMITS.failedLogin.limit,
      429: 40 - RATE_LIMITS.failedLogin.limit,
    });
    const checked = await p.t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'login_failed'), eq(auditEvents.subjectId, String(account.id))));
    expect(checked).toHaveLength(RATE_LIMITS.failedLogin.limit);
    // Locked on both processes, the right code too.
    for (const i of [0, 1])
      expect((await codeStepOn(i, mfaToken, codeAt(secret, Date.now(), 1))).status).toBe(429);
  });

  it('takes one right code once when both processes are given it at the same moment', async () => {
    const { account, secret } = await accountWithMfa();
    const tokens = [await mfaTokenOf(p.t.app, account), await mfaTokenOf(p.t.app, account)];
    // The next step's code: the one that confirmed the setup (this step's) is used already.
    const code = codeAt(secret, Date.now(), 1);
    const statuses = await Promise.all(
      tokens.map((token, i) => codeStepOn(i, token, code).then((r) => r.status)),
    );
    expect(statuses.sort()).toEqual([200, 401]);
  });

  it('takes one mfaToken once when both processes are given it with two right codes at the same moment', async () => {
    const { account, secret, recoveryCodes } = await accountWithMfa();
    const mfaToken = await mfaTokenOf(p.t.app, account);
    const codes = [codeAt(secret, Date.now(), 1), recoveryCodes[0]!];
    const answers = await Promise.all(codes.map((code, i) => codeStepOn(i, mfaToken, code)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 401]);
    // Used on one process, refused on the other too.
    for (const i of [0, 1]) expect((await codeStepOn(i, mfaToken, recoveryCodes[1 + i]!)).status).toBe(401);
  });

  it('blocks once, mails once, when the day’s 20th wrong code comes in a burst over both processes', async () => {
    const { account, secret } = await accountWithMfa();
    const wrong = wrongCodeAt(secret, Date.now());
    const burst = async () => {
      const mfaToken = await mfaTokenOf(p.t.app, account);
      return tally(
        await Promise.all(
          Array.from({ length: 10 }, (_, i) => codeStepOn(i, mfaToken, wrong).then((r) => r.status)),
        ),
      );
    };
    /** An hour passes for the limits (the database's clock): the 15-minute window is empty again. */
    const ageHits = () =>
      p.t.database.db
        .update(rateLimitHits)
        .set({ at: sql`${rateLimitHits.at} - interval '1 hour'` })
        .where(inArray(rateLimitHits.key, [account.email, String(account.id)]));
    expect(await burst()).toEqual({ 401: 10 });
    await ageHits();
    expect(await burst()).toEqual({ 401: 9, 423: 1 });
    const blocked = await p.t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'mfa_blocked'), eq(auditEvents.subjectId, String(account.id))));
    expect(blocked).toHaveLength(1);
    const mails = (await p.t.database.db.select().from(outbox).where(eq(outbox.kind, MFA_GUESSING_MAIL)))
      .filter((m) => m.payload.userId === account.id)
      .map((m) => m.payload.blocked);
    expect(mails).toEqual([false, true]);
    // Past the 15-minute window, a right code is refused on both processes.
    await ageHits();
    const mfaToken = await mfaTokenOf(p.t.app, account);
    for (const i of [0, 1])
      expect((await codeStepOn(i, mfaToken, codeAt(secret, Date.now(), i))).status).toBe(423);
  });
});
