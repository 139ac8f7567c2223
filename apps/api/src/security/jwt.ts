import { jwtVerify, SignJWT } from 'jose';

export const ACCESS_TOKEN_SECONDS = 15 * 60;
const ISSUER = 'balie';

const keyOf = (secret: string) => new TextEncoder().encode(secret);

/** A 15-minute HS256 access token (DESIGN §6); `sub` is the user id. */
export function signAccessToken(
  secret: string,
  user: { id: number; roles: readonly string[] },
): Promise<string> {
  return new SignJWT({ roles: [...user.roles] })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(user.id))
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_SECONDS}s`)
    .sign(keyOf(secret));
}

/** The user id of a valid token, or null for anything else (expired, forged, malformed). */
export async function verifyAccessToken(secret: string, token: string): Promise<number | null> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), { issuer: ISSUER, algorithms: ['HS256'] });
    const id = Number(payload.sub);
    return Number.isSafeInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}
