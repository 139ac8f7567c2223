import { createHmac } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { MFA_TOKEN_SECONDS } from '@balie/shared';

export const ACCESS_TOKEN_SECONDS = 15 * 60;
const ISSUER = 'balie';

const keyOf = (secret: string) => new TextEncoder().encode(secret);
const secondsOf = (date: Date) => Math.floor(date.getTime() / 1000);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Who a valid access token speaks for: the user and the session (refresh-token family) it belongs to. */
export interface AccessClaims {
  userId: number;
  sessionId: string;
}

/**
 * A 15-minute HS256 access token (DESIGN §6); `sub` is the user id, `sid` the session (the login's
 * refresh-token family), so that ending the session ends the token at once (decision 0326). `now` is for
 * tests.
 */
export function signAccessToken(
  secret: string,
  user: { id: number; roles: readonly string[] },
  sessionId: string,
  now = new Date(),
): Promise<string> {
  return new SignJWT({ roles: [...user.roles], sid: sessionId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(user.id))
    .setIssuer(ISSUER)
    .setIssuedAt(secondsOf(now))
    .setExpirationTime(secondsOf(now) + ACCESS_TOKEN_SECONDS)
    .sign(keyOf(secret));
}

/**
 * The user and session of a valid token, or null for anything else (expired, forged, malformed, without
 * a session). Every claim that bounds a token's life is required, and its age is capped too: a token
 * without `exp`, or one that gives itself a year, is refused even when it carries the right signature.
 * Whether the session is still live is for the caller to ask the database. `now` is for tests.
 */
export async function verifyAccessToken(
  secret: string,
  token: string,
  now = new Date(),
): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      issuer: ISSUER,
      algorithms: ['HS256'],
      requiredClaims: ['exp', 'iat', 'sub', 'sid'],
      maxTokenAge: ACCESS_TOKEN_SECONDS,
      currentDate: now,
    });
    const userId = Number(payload.sub);
    const sessionId = payload.sid;
    if (!Number.isSafeInteger(userId) || userId <= 0) return null;
    return typeof sessionId === 'string' && UUID.test(sessionId) ? { userId, sessionId } : null;
  } catch {
    return null;
  }
}

/**
 * The `mfaToken` of the password step (DESIGN §5, decision 0360): the account whose password was right,
 * for 5 minutes, to present with a code at `POST /login/mfa`. It is signed with a key of its own (derived
 * from the server secret), so no check of access tokens can ever take it for one: it opens nothing else.
 */
const mfaKeyOf = (secret: string) => createHmac('sha256', secret).update('balie mfa token').digest();
const MFA_AUDIENCE = 'balie-mfa';

/** What a valid mfaToken names: the account, and its count of completed code steps when it was made. */
export interface MfaClaims {
  userId: number;
  signIns: number;
  /** The password step was a sign-in through the identity provider: the session is a provider session. */
  provider: boolean;
}

/**
 * `signIns` is the account's `mfa_sign_ins` at the password step: the code step takes the token only
 * while the count is unchanged and raises it on success, so the token signs in once (decision 0419).
 */
export function signMfaToken(
  secret: string,
  userId: number,
  signIns: number,
  now = new Date(),
  provider = false,
): Promise<string> {
  return new SignJWT(provider ? { n: signIns, p: 1 } : { n: signIns })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(userId))
    .setIssuer(ISSUER)
    .setAudience(MFA_AUDIENCE)
    .setIssuedAt(secondsOf(now))
    .setExpirationTime(secondsOf(now) + MFA_TOKEN_SECONDS)
    .sign(mfaKeyOf(secret));
}

/** The claims of a valid, unexpired mfaToken; null for anything else. */
export async function verifyMfaToken(
  secret: string,
  token: string,
  now = new Date(),
): Promise<MfaClaims | null> {
  try {
    const { payload } = await jwtVerify(token, mfaKeyOf(secret), {
      issuer: ISSUER,
      audience: MFA_AUDIENCE,
      algorithms: ['HS256'],
      requiredClaims: ['exp', 'iat', 'sub', 'n'],
      maxTokenAge: MFA_TOKEN_SECONDS,
      currentDate: now,
    });
    const userId = Number(payload.sub);
    const signIns = payload.n;
    if (!Number.isSafeInteger(userId) || userId <= 0) return null;
    return typeof signIns === 'number' && Number.isSafeInteger(signIns) && signIns >= 0
      ? { userId, signIns, provider: payload.p === 1 }
      : null;
  } catch {
    return null;
  }
}

/**
 * Access tokens of integration clients (DESIGN §4c, OAuth2 client credentials): signed with a key of
 * their own, so no check of a user's access token ever takes one for it, and the other way round. `sub`
 * is the client's row, `ver` its secret's version (renewing the secret ends the tokens of the old one);
 * whether the client is still live is for the caller to ask the database.
 */
export const CLIENT_TOKEN_SECONDS = 60 * 60;
const clientKeyOf = (secret: string) => createHmac('sha256', secret).update('balie client token').digest();
const CLIENT_AUDIENCE = 'balie-integration';

export interface ClientClaims {
  clientRowId: number;
  secretVersion: number;
  scope: string;
}

export function signClientToken(secret: string, claims: ClientClaims, now = new Date()): Promise<string> {
  return new SignJWT({ ver: claims.secretVersion, scope: claims.scope })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(claims.clientRowId))
    .setIssuer(ISSUER)
    .setAudience(CLIENT_AUDIENCE)
    .setIssuedAt(secondsOf(now))
    .setExpirationTime(secondsOf(now) + CLIENT_TOKEN_SECONDS)
    .sign(clientKeyOf(secret));
}

/** The claims of a valid, unexpired client token; null for anything else (a user's token included). */
export async function verifyClientToken(
  secret: string,
  token: string,
  now = new Date(),
): Promise<ClientClaims | null> {
  try {
    const { payload } = await jwtVerify(token, clientKeyOf(secret), {
      issuer: ISSUER,
      audience: CLIENT_AUDIENCE,
      algorithms: ['HS256'],
      requiredClaims: ['exp', 'iat', 'sub', 'ver'],
      maxTokenAge: CLIENT_TOKEN_SECONDS,
      currentDate: now,
    });
    const clientRowId = Number(payload.sub);
    const { ver, scope } = payload;
    if (!Number.isSafeInteger(clientRowId) || clientRowId <= 0) return null;
    if (typeof ver !== 'number' || !Number.isSafeInteger(ver)) return null;
    return { clientRowId, secretVersion: ver, scope: typeof scope === 'string' ? scope : '' };
  } catch {
    return null;
  }
}
