import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * A secret Balie must use again (an identity provider's client secret) at rest: AES-256-GCM under a key
 * derived (HKDF) from the server secret and the purpose, as `security/totp.ts` keeps TOTP secrets, so a
 * copy of the database alone does not hold it. `v1:` leaves room for another scheme later.
 */
const keyOf = (serverSecret: string, purpose: string) =>
  Buffer.from(hkdfSync('sha256', serverSecret, 'balie', purpose, 32));

export function sealSecret(serverSecret: string, purpose: string, value: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(serverSecret, purpose), iv);
  const body = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join(':');
}

/** The secret, or null when it cannot be read (another server secret, a damaged value). */
export function openSecret(serverSecret: string, purpose: string, stored: string): string | null {
  const [version, iv, tag, body] = stored.split(':');
  if (version !== 'v1' || !iv || !tag || body === undefined) return null;
  try {
    const decipher = createDecipheriv(
      'aes-256-gcm',
      keyOf(serverSecret, purpose),
      Buffer.from(iv, 'base64url'),
    );
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return null;
  }
}
