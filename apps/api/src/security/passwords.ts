import { hash, verify } from '@node-rs/argon2';

/** Argon2id (algorithm 2: the package's const enum cannot be imported here) with OWASP's m=19 MiB, t=2, p=1. */
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * The hash of a random password nobody knows, with OPTIONS' cost (the test keeps the two equal). Fixed
 * rather than computed on first use, so that the first unknown address does not cost a hash on top.
 */
export const DUMMY_PASSWORD_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$dqdxt93g8SrLZC3iuoS/mw$Z2DOEkzDgN5xI3oEz7/XMyBi82gzlM6kPaFYsPNYFJE';

/** Spends the same time as a real check, so an unknown address cannot be told apart by timing. */
export async function burnPasswordCheck(password: string): Promise<void> {
  await verifyPassword(DUMMY_PASSWORD_HASH, password);
}
