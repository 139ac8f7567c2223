import { createHmac } from 'node:crypto';
import { keyOfSecret } from './secret.js';

/**
 * The Standard Webhooks signature of one attempt: `v1,` and the base64 HMAC-SHA256 of
 * `{webhook-id}.{webhook-timestamp}.{body}` under the secret's key. Several secrets (the one before a
 * renewal, for 24 hours) give several signatures, separated by a space, as the standard allows.
 */
export function signatureOf(secret: string, id: string, timestamp: number, body: string): string {
  const mac = createHmac('sha256', keyOfSecret(secret)).update(`${id}.${timestamp}.${body}`).digest('base64');
  return `v1,${mac}`;
}

/** The three headers of an attempt; the timestamp (seconds) is the attempt's, so every retry signs anew. */
export function webhookHeaders(
  secrets: readonly string[],
  id: string,
  at: Date,
  body: string,
): Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string> {
  const timestamp = Math.floor(at.getTime() / 1000);
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': secrets.map((s) => signatureOf(s, id, timestamp, body)).join(' '),
  };
}
