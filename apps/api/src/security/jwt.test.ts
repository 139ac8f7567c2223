import { createHmac } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import {
  ACCESS_TOKEN_SECONDS,
  CLIENT_TOKEN_SECONDS,
  signAccessToken,
  signClientToken,
  signMfaToken,
  verifyAccessToken,
  verifyClientToken,
  verifyMfaToken,
} from './jwt.js';

const SECRET = 'a-secret-for-these-tests-that-is-long-enough-0123';
const key = new TextEncoder().encode(SECRET);
/** The clock of these tests: tokens are checked as of this moment, never the machine's. */
const NOW = new Date('2026-11-22T10:00:00Z');
const T = NOW.getTime() / 1000;

const SID = '5b0c56c4-4d0e-4a5c-9f44-0a4b8d1e2f30';

/** A token signed with the real secret and issuer, with only the claims a test gives it. */
function craft(claims: { sub?: string; iat?: number; exp?: number; sid?: string }): Promise<string> {
  const jwt = new SignJWT({ roles: ['ROLE_ADMIN'], ...(claims.sid ? { sid: claims.sid } : {}) })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer('balie');
  if (claims.sub !== undefined) jwt.setSubject(claims.sub);
  if (claims.iat !== undefined) jwt.setIssuedAt(claims.iat);
  if (claims.exp !== undefined) jwt.setExpirationTime(claims.exp);
  return jwt.sign(key);
}

const verify = (token: string) => verifyAccessToken(SECRET, token, NOW);

describe('access tokens', () => {
  it('accepts its own tokens for 15 minutes', async () => {
    const own = await signAccessToken(SECRET, { id: 7, roles: [] }, SID, NOW);
    const seven = { userId: 7, sessionId: SID };
    expect(await verify(own)).toEqual(seven);
    const later = (seconds: number) => new Date(NOW.getTime() + seconds * 1000);
    expect(await verifyAccessToken(SECRET, own, later(ACCESS_TOKEN_SECONDS - 1))).toEqual(seven);
    expect(await verifyAccessToken(SECRET, own, later(ACCESS_TOKEN_SECONDS))).toBeNull();
    expect(await verify(await craft({ sub: '7', iat: T, exp: T + 60, sid: SID }))).toEqual(seven);
  });

  it('refuses a token without exp, iat, sub or a session id even when the signature is right', async () => {
    expect(await verify(await craft({ sub: '1', iat: T, sid: SID }))).toBeNull();
    expect(await verify(await craft({ sub: '1', exp: T + 60, sid: SID }))).toBeNull();
    expect(await verify(await craft({ iat: T, exp: T + 60, sid: SID }))).toBeNull();
    expect(await verify(await craft({ sub: '1', iat: T, exp: T + 60 }))).toBeNull();
    expect(await verify(await craft({ sub: '1', iat: T, exp: T + 60, sid: 'not-a-uuid' }))).toBeNull();
  });

  it('refuses a token that gives itself a longer life than 15 minutes', async () => {
    const iat = T - ACCESS_TOKEN_SECONDS - 60;
    expect(await verify(await craft({ sub: '1', iat, exp: iat + 365 * 86400, sid: SID }))).toBeNull();
  });

  it('refuses expired tokens, other secrets and other subjects than a user id', async () => {
    expect(await verify(await craft({ sub: '1', iat: T - 120, exp: T - 60, sid: SID }))).toBeNull();
    expect(await verify(await signAccessToken(`${SECRET}-other`, { id: 1, roles: [] }, SID, NOW))).toBeNull();
    expect(await verify(await craft({ sub: 'admin', iat: T, exp: T + 60, sid: SID }))).toBeNull();
  });
});

/** A token with every claim right but the payload a test gives it, signed with a derived key of jwt.ts. */
function craftDerived(purpose: string, audience: string, payload: Record<string, unknown>, life: number) {
  return new SignJWT(payload)
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject('7')
    .setIssuer('balie')
    .setAudience(audience)
    .setIssuedAt(T)
    .setExpirationTime(T + life)
    .sign(createHmac('sha256', SECRET).update(purpose).digest());
}

describe('mfaTokens', () => {
  it('carry the account’s count of code-step sign-ins, and are refused without it (decision 0419)', async () => {
    const own = await signMfaToken(SECRET, 7, 3, NOW);
    expect(await verifyMfaToken(SECRET, own, NOW)).toEqual({ userId: 7, signIns: 3, provider: false });
    // After a sign-in through the identity provider, the code step's session is a provider session.
    const afterProvider = await signMfaToken(SECRET, 7, 3, NOW, true);
    expect(await verifyMfaToken(SECRET, afterProvider, NOW)).toEqual({
      userId: 7,
      signIns: 3,
      provider: true,
    });
    // The right key and every other claim, but no count (a token of before the count), or a count as text.
    const mfa = (payload: Record<string, unknown>) =>
      craftDerived('balie mfa token', 'balie-mfa', payload, 300);
    expect(await verifyMfaToken(SECRET, await mfa({}), NOW)).toBeNull();
    expect(await verifyMfaToken(SECRET, await mfa({ n: '3' }), NOW)).toBeNull();
  });
});

describe('client tokens (decision 0437)', () => {
  const claims = { clientRowId: 7, secretVersion: 2, scope: 'warp-api' };

  it('carry the client and its secret version for an hour, and open no user check', async () => {
    const own = await signClientToken(SECRET, claims, NOW);
    expect(await verifyClientToken(SECRET, own, NOW)).toEqual(claims);
    const later = new Date(NOW.getTime() + CLIENT_TOKEN_SECONDS * 1000);
    expect(await verifyClientToken(SECRET, own, later)).toBeNull();
    expect(await verifyAccessToken(SECRET, own, NOW)).toBeNull();
    expect(await verifyMfaToken(SECRET, own, NOW)).toBeNull();
    // Nor does a user's token pass as a client's.
    const userToken = await signAccessToken(SECRET, { id: 7, roles: [] }, SID, NOW);
    expect(await verifyClientToken(SECRET, userToken, NOW)).toBeNull();
  });

  it('refuses one without a secret version, or with another key', async () => {
    const client = (payload: Record<string, unknown>) =>
      craftDerived('balie client token', 'balie-integration', payload, 3600);
    expect(await verifyClientToken(SECRET, await client({ ver: 2 }), NOW)).toMatchObject({ clientRowId: 7 });
    expect(await verifyClientToken(SECRET, await client({}), NOW)).toBeNull();
    expect(await verifyClientToken(SECRET, await client({ ver: '2' }), NOW)).toBeNull();
    const otherKey = await signClientToken(SECRET, claims, NOW);
    expect(await verifyClientToken(`${SECRET}-other`, otherKey, NOW)).toBeNull();
  });
});
