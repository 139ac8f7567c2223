import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** 256 random bits, URL-safe (DESIGN §4: tokens in links carry ≥ 256 bits). */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps instead of a token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * A link token derived from a stored nonce: HMAC-SHA256(server secret, nonce). A later mail (change,
 * reminder, reset) can rebuild the link, while a copy of the database alone opens nothing.
 */
export function deriveToken(secret: string, nonce: string): string {
  return createHmac('sha256', secret).update(`link-token:${nonce}`).digest('base64url');
}

/** A fresh link token: store `nonce` and `hash`, mail `token` (rebuilt later with deriveToken). */
export function newLinkToken(secret: string): { nonce: string; token: string; hash: string } {
  const nonce = randomToken();
  const token = deriveToken(secret, nonce);
  return { nonce, token, hash: hashToken(token) };
}

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
