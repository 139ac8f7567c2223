import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { RECOVERY_CODE_COUNT, TOTP_DIGITS, TOTP_PERIOD_SECONDS, TOTP_WINDOW_STEPS } from '@balie/shared';

/**
 * Two-step sign-in's cryptography (decisions 0360–0361): TOTP of RFC 6238 by the `otpauth` library (no
 * hand-written HOTP), the secret encrypted at rest, recovery codes made and hashed. Pure functions: what
 * is stored and when is for features/mfa.
 */

const ALGORITHM = 'SHA1';
/** 160 bits, the size RFC 4226 recommends and every authenticator app takes. */
const SECRET_BYTES = 20;

/** A new TOTP secret, base32 as an authenticator app takes it typed in. */
export function newTotpSecret(): string {
  return new Secret({ size: SECRET_BYTES }).base32;
}

function totpOf(secretBase32: string, issuer = '', label = 'Balie'): TOTP {
  return new TOTP({
    issuer,
    label,
    secret: Secret.fromBase32(secretBase32),
    algorithm: ALGORITHM,
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
  });
}

/** The `otpauth://totp/…` link of the QR code: `issuer` names the organisation, `label` the account. */
export function otpauthUrl(secretBase32: string, issuer: string, label: string): string {
  return totpOf(secretBase32, issuer, label).toString();
}

/** The time step (RFC 6238 `T`) of a moment. */
export function totpStepAt(now: number): number {
  return TOTP.counter({ period: TOTP_PERIOD_SECONDS, timestamp: now });
}

/**
 * The time step whose code `code` is, within one step of `now` (clocks drift), or null for a wrong
 * code. The caller refuses a step at or below the last one it accepted (a replayed code).
 */
export function matchTotp(secretBase32: string, code: string, now: number): number | null {
  if (!/^\d+$/.test(code) || code.length !== TOTP_DIGITS) return null;
  const delta = totpOf(secretBase32).validate({ token: code, timestamp: now, window: TOTP_WINDOW_STEPS });
  return delta === null ? null : totpStepAt(now) + delta;
}

/** The code of a moment; for tests and the demo only — the server never tells a code. */
export function totpCodeAt(secretBase32: string, now: number): string {
  return totpOf(secretBase32).generate({ timestamp: now });
}

/*
 * The secret at rest: AES-256-GCM under a key derived (HKDF) from the server secret, so a copy of the
 * database alone does not hold what makes the codes. `v1:` leaves room for another scheme later.
 */
const keyOf = (serverSecret: string) =>
  Buffer.from(hkdfSync('sha256', serverSecret, 'balie', 'two-step sign-in secret', 32));

export function encryptSecret(serverSecret: string, secretBase32: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(serverSecret), iv);
  const body = Buffer.concat([cipher.update(secretBase32, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join(':');
}

/** The secret, or null when it cannot be read (another server secret, a damaged value). */
export function decryptSecret(serverSecret: string, stored: string): string | null {
  const [version, iv, tag, body] = stored.split(':');
  if (version !== 'v1' || !iv || !tag || body === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(serverSecret), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return null;
  }
}

/*
 * Recovery codes: 12 characters of an alphabet without look-alikes (no 0/O, 1/I), 60 bits each, shown
 * as ABCD-EFGH-JKMN. Stored as a SHA-256 of the account and the code: a code is long and random, so a
 * slow hash buys nothing, and the lookup stays one indexed query.
 */
const RECOVERY_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
const RECOVERY_LENGTH = 12;

export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    let code = '';
    for (let i = 0; i < RECOVERY_LENGTH; i++) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
    return code.match(/.{4}/g)!.join('-');
  });
}

/** A typed code without spaces and dashes, upper case: how codes are compared. */
export function normaliseCode(code: string): string {
  return code.replace(/[\s-]/g, '').toUpperCase();
}

/** Whether a typed code (normalised) has the shape of a recovery code. */
export function isRecoveryCodeShape(normalised: string): boolean {
  return normalised.length === RECOVERY_LENGTH && [...normalised].every((c) => RECOVERY_ALPHABET.includes(c));
}

export function hashRecoveryCode(userId: number, normalised: string): string {
  return createHash('sha256').update(`mfa-recovery:${userId}:${normalised}`).digest('hex');
}
