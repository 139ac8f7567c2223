import { eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.js';
import { rateLimitHits } from '../db/schema/index.js';
import { httpError } from '../http/errors.js';

export interface RateLimit {
  bucket: string;
  limit: number;
  windowSeconds: number;
}

/** DESIGN §6's limits; kept in the database so that several API processes share them. */
export const RATE_LIMITS = {
  failedLogin: { bucket: 'failed-login', limit: 10, windowSeconds: 15 * 60 },
  forgotPassword: { bucket: 'forgot-password', limit: 5, windowSeconds: 60 * 60 },
  register: { bucket: 'register', limit: 5, windowSeconds: 60 * 60 },
  /** Accounts one client address registers (§6 limits against abuse), on top of 5 tries per e-mail. */
  registerPerClient: { bucket: 'register-client', limit: 10, windowSeconds: 60 * 60 },
  makeReservation: { bucket: 'make-reservation', limit: 120, windowSeconds: 60 },
} as const satisfies Record<string, RateLimit>;

/** One admitted hit; `releaseRateLimit` gives it back. */
export interface RateLimitClaim {
  hitId: number;
}

/**
 * Claims one hit of (bucket, key) or throws 429 when the window is full (decision 0130), in one round
 * trip: the database function `claim_rate_limit` (migration 0008, decision 0271) takes a per-key
 * advisory lock and counts in a statement of its own after it, so two concurrent claims never both take
 * the last place. The two-int lock form keeps these locks apart from the booking's bigint locks; a hash
 * collision of two keys only makes them wait for each other. The database's clock decides the window, so
 * every process agrees on it.
 */
export async function claimRateLimit(db: Db, rule: RateLimit, key: string): Promise<RateLimitClaim> {
  const [row] = await queryRows<{ id: number | string | null }>(
    db,
    sql`select claim_rate_limit(${rule.bucket}, ${key}, ${rule.limit}::int, ${rule.windowSeconds}::int) as id`,
  );
  const hitId = row?.id ?? null;
  if (hitId === null) throw httpError('too_many_requests');
  return { hitId: Number(hitId) };
}

/**
 * Gives a claimed hit back, for limits that count only some outcomes: a login claims a failure before
 * the (slow) password check and returns it when the password was right.
 */
export async function releaseRateLimit(db: Db, claim: RateLimitClaim): Promise<void> {
  await db.delete(rateLimitHits).where(eq(rateLimitHits.id, claim.hitId));
}
