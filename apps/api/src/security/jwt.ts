import { jwtVerify, SignJWT } from 'jose';

export const ACCESS_TOKEN_SECONDS = 15 * 60;
const ISSUER = 'balie';

const keyOf = (secret: string) => new TextEncoder().encode(secret);
const secondsOf = (date: Date) => Math.floor(date.getTime() / 1000);

/** A 15-minute HS256 access token (DESIGN §6); `sub` is the user id. `now` is for tests. */
export function signAccessToken(
  secret: string,
  user: { id: number; roles: readonly string[] },
  now = new Date(),
): Promise<string> {
  return new SignJWT({ roles: [...user.roles] })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(user.id))
    .setIssuer(ISSUER)
    .setIssuedAt(secondsOf(now))
    .setExpirationTime(secondsOf(now) + ACCESS_TOKEN_SECONDS)
    .sign(keyOf(secret));
}

/**
 * The user id of a valid token, or null for anything else (expired, forged, malformed). Every claim
 * that bounds a token's life is required, and its age is capped too: a token without `exp`, or one that
 * gives itself a year, is refused even when it carries the right signature. `now` is for tests.
 */
export async function verifyAccessToken(
  secret: string,
  token: string,
  now = new Date(),
): Promise<number | null> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      issuer: ISSUER,
      algorithms: ['HS256'],
      requiredClaims: ['exp', 'iat', 'sub'],
      maxTokenAge: ACCESS_TOKEN_SECONDS,
      currentDate: now,
    });
    const id = Number(payload.sub);
    return Number.isSafeInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}
