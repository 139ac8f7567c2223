import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Webhook secrets (Standard Webhooks): `whsec_` and the base64 of 32 random bytes, the HMAC key being
 * those bytes. The database keeps them AES-256-GCM-encrypted under a key derived from the server secret:
 * signing needs the secret itself, and a copy of the database alone must not let anyone forge events.
 */
export const SECRET_PREFIX = 'whsec_';

export function newWebhookSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString('base64');
}

/** The HMAC key of a `whsec_…` secret: the base64-decoded part after the prefix. */
export function keyOfSecret(secret: string): Buffer {
  return Buffer.from(
    secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret,
    'base64',
  );
}

const keyOf = (serverSecret: string) =>
  Buffer.from(hkdfSync('sha256', serverSecret, 'balie', 'webhook signing secret', 32));

export function encryptWebhookSecret(serverSecret: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(serverSecret), iv);
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64')).join('.');
}

/** The secret, or null when it was encrypted under another server secret (JWT_SECRET changed). */
export function decryptWebhookSecret(serverSecret: string, stored: string): string | null {
  const [iv, tag, body] = stored.split('.').map((p) => Buffer.from(p, 'base64'));
  if (!iv || !tag || !body) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(serverSecret), iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
