import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Db, type DbOrTx } from '../db/client.js';
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
  /** Failed client authentications at the OAuth token endpoint, per client id: as logins (DESIGN §5). */
  failedClientAuth: { bucket: 'failed-client-auth', limit: 10, windowSeconds: 15 * 60 },
  forgotPassword: { bucket: 'forgot-password', limit: 5, windowSeconds: 60 * 60 },
  register: { bucket: 'register', limit: 5, windowSeconds: 60 * 60 },
  /** Accounts one client address registers (§6 limits against abuse), on top of 5 tries per e-mail. */
  registerPerClient: { bucket: 'register-client', limit: 10, windowSeconds: 60 * 60 },
  makeReservation: { bucket: 'make-reservation', limit: 120, windowSeconds: 60 },
  /** Waitlist sign-ups: mail to an address nobody has confirmed yet (DESIGN §6), per address and per client. */
  waitlistPerAddress: { bucket: 'waitlist-address', limit: 5, windowSeconds: 60 * 60 },
  waitlistPerClient: { bucket: 'waitlist-client', limit: 10, windowSeconds: 60 * 60 },
  /**
   * Wrong second-factor codes per account (key: the user id) over a day: the 20th blocks the code step
   * until a reset (decision 0418). The 15-minute failed-login limit alone would allow 960 a day.
   */
  mfaWrongCodes: { bucket: 'mfa-wrong-code', limit: 20, windowSeconds: 24 * 60 * 60 },
  /** The "someone is trying codes" mail at a burst: one per account (key: the user id) a day. */
  mfaGuessingMail: { bucket: 'mfa-guessing-mail', limit: 1, windowSeconds: 24 * 60 * 60 },
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
  const claim = await tryClaimRateLimit(db, rule, key);
  if (!claim) throw httpError('too_many_requests');
  return claim;
}

/** `claimRateLimit`, with null instead of the 429 when the window is full. */
export async function tryClaimRateLimit(
  db: Db,
  rule: RateLimit,
  key: string,
): Promise<RateLimitClaim | null> {
  const [row] = await queryRows<{ id: number | string | null }>(
    db,
    sql`select claim_rate_limit(${rule.bucket}, ${key}, ${rule.limit}::int, ${rule.windowSeconds}::int) as id`,
  );
  const hitId = row?.id ?? null;
  return hitId === null ? null : { hitId: Number(hitId) };
}

/**
 * The place of a claimed hit in its window: how many hits of (bucket, key) inside the window were
 * claimed up to and including it. Claims of one key take their ids one after the other under the
 * advisory lock, so exactly one claim is the `limit`th however many processes claim at once: the one to
 * act on a window that has just filled.
 */
export async function placeInWindow(
  db: Db,
  rule: RateLimit,
  key: string,
  claim: RateLimitClaim,
): Promise<number> {
  const [row] = await queryRows<{ n: number | string }>(
    db,
    sql`select count(*) as n from ${rateLimitHits}
        where ${rateLimitHits.bucket} = ${rule.bucket} and ${rateLimitHits.key} = ${key}
          and ${rateLimitHits.at} >= now() - make_interval(secs => ${rule.windowSeconds}::int)
          and ${rateLimitHits.id} <= ${claim.hitId}`,
  );
  return Number(row?.n ?? 0);
}

/** Forgets every hit of (bucket, key): a reset that ends what the count was for. */
export async function clearRateLimit(db: DbOrTx, rule: RateLimit, key: string): Promise<void> {
  await db
    .delete(rateLimitHits)
    .where(and(eq(rateLimitHits.bucket, rule.bucket), eq(rateLimitHits.key, key)));
}

/**
 * Gives a claimed hit back, for limits that count only some outcomes: a login claims a failure before
 * the (slow) password check and returns it when the password was right.
 */
export async function releaseRateLimit(db: Db, claim: RateLimitClaim): Promise<void> {
  await db.delete(rateLimitHits).where(eq(rateLimitHits.id, claim.hitId));
}
