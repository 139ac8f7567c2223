import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/index.js';
import { RATE_LIMITS } from '../../security/rate-limit.js';
import { sendTo, useServerProcesses } from '../booking/test-support/processes.js';
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
    const { secret } = await turnOn(p.t.app, await signIn(p.t.app, account));
    return { account, secret };
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
});
