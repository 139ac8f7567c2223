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
  makeReservation: { bucket: 'make-reservation', limit: 120, windowSeconds: 60 },
} as const satisfies Record<string, RateLimit>;

/** One admitted hit; `releaseRateLimit` gives it back. */
export interface RateLimitClaim {
  hitId: number;
}

/**
 * Claims one hit of (bucket, key) or throws 429 when the window is full (decision 0130).
 *
 * Claims of one key are serialised by a transaction-scoped advisory lock, taken in its own statement so
 * that the counting statement after it starts with a snapshot that already holds every claim committed
 * before the lock was granted. Without it two concurrent claims both count n = limit − 1 under READ
 * COMMITTED and both get in. The two-int form keeps these locks apart from the booking's bigint locks;
 * a hash collision of two keys only makes them wait for each other. The database's clock decides the
 * window, so every process agrees on it.
 */
export async function claimRateLimit(db: Db, rule: RateLimit, key: string): Promise<RateLimitClaim> {
  const hitId = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${rule.bucket}), hashtext(${key}))`);
    const windowStart = sql`now() - make_interval(secs => ${rule.windowSeconds})`;
    const [row] = await queryRows<{ id: number | string | null }>(
      tx,
      sql`with purged as (
            delete from ${rateLimitHits}
            where ${rateLimitHits.bucket} = ${rule.bucket} and ${rateLimitHits.key} = ${key}
              and ${rateLimitHits.at} < ${windowStart}
          ),
          recent as (
            select count(*)::int as n from ${rateLimitHits}
            where ${rateLimitHits.bucket} = ${rule.bucket} and ${rateLimitHits.key} = ${key}
              and ${rateLimitHits.at} >= ${windowStart}
          ),
          hit as (
            insert into ${rateLimitHits} (bucket, key)
            select ${rule.bucket}, ${key} from recent where n < ${rule.limit}
            returning id
          )
          select (select id from hit) as id`,
    );
    return row?.id ?? null;
  });
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
