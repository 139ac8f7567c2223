import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { TOTP_PERIOD_SECONDS, type AssignableRole } from '@balie/shared';
import { hashPassword } from '../../security/passwords.js';
import { totpCodeAt } from '../../security/totp.js';
import { login, sessionOf, type Session } from '../../test/index.js';
import { insertUser } from '../users/repository.js';
import type { TestDatabase } from '../../test/index.js';

export const PASSWORD = 'Two-Steps1!';
let passwordHash: Promise<string> | undefined;
let seq = 0;

export interface Account {
  id: number;
  email: string;
}

/** A fresh account with `roles` and the password PASSWORD (each test its own, so replays never meet). */
export async function makeAccount(
  database: TestDatabase,
  roles: AssignableRole[] = ['ROLE_USER'],
): Promise<Account> {
  passwordHash ??= hashPassword(PASSWORD);
  const email = `two-step-${++seq}-${process.pid}@example.org`;
  const user = await insertUser(database.db, {
    email,
    passwordHash: await passwordHash,
    firstName: 'Tess',
    lastName: `Twee ${seq}`,
    roles,
  });
  return { id: user.id, email };
}

/** The code an authenticator app shows for `secret` at `ms`, or `steps` 30-second steps later. */
export const codeAt = (secret: string, ms: number, steps = 0) =>
  totpCodeAt(secret, ms + steps * TOTP_PERIOD_SECONDS * 1000);

/** The time step of a moment (RFC 6238 `T`) and the first millisecond of a step. */
export const stepOf = (ms: number) => Math.floor(ms / (TOTP_PERIOD_SECONDS * 1000));
export const startOfStep = (step: number) => step * TOTP_PERIOD_SECONDS * 1000;

/** A 6-digit code that is none of `secret`'s codes from two steps before `ms` to two steps after. */
export function wrongCodeAt(secret: string, ms: number): string {
  const near = new Set([-2, -1, 0, 1, 2].map((s) => codeAt(secret, ms, s)));
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, '0');
    if (!near.has(code)) return code;
  }
}

/** POST /api/login with the account's password. */
export function passwordStep(app: FastifyInstance, account: Account) {
  return app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username: account.email, password: PASSWORD },
  });
}

/** The mfaToken of a right password for an account with two-step sign-in on. */
export async function mfaTokenOf(app: FastifyInstance, account: Account): Promise<string> {
  const res = await passwordStep(app, account);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<{ mfaRequired?: boolean; mfaToken?: string }>();
  expect(body.mfaRequired).toBe(true);
  return body.mfaToken!;
}

/** POST /api/login/mfa. */
export function codeStep(app: FastifyInstance, mfaToken: string, code: string) {
  return app.inject({ method: 'POST', url: '/api/login/mfa', payload: { mfaToken, code } });
}

/** A session of an account without two-step sign-in (or before it is turned on). */
export const signIn = (app: FastifyInstance, account: Account): Promise<Session> =>
  login(app, account.email, PASSWORD);

/** Both steps, as a session. */
export async function signInWithCode(app: FastifyInstance, account: Account, code: string): Promise<Session> {
  const res = await codeStep(app, await mfaTokenOf(app, account), code);
  expect(res.statusCode, res.body).toBe(200);
  return sessionOf(res.json());
}

/** Turns two-step sign-in on through the API as `session` at the present (faked) time. */
export async function turnOn(
  app: FastifyInstance,
  session: Session,
): Promise<{ secret: string; otpauthUrl: string; recoveryCodes: string[] }> {
  const setup = await app.inject({
    method: 'POST',
    url: `/api/user/${session.userId}/mfa/setup`,
    headers: session.headers,
  });
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret, otpauthUrl } = setup.json<{ secret: string; otpauthUrl: string }>();
  const confirm = await app.inject({
    method: 'POST',
    url: `/api/user/${session.userId}/mfa/confirm`,
    headers: session.headers,
    payload: { code: codeAt(secret, Date.now()) },
  });
  expect(confirm.statusCode, confirm.body).toBe(200);
  return { secret, otpauthUrl, ...confirm.json<{ recoveryCodes: string[] }>() };
}
