import { and, count, eq, gt, lt, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../db/client.js';
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

const since = (windowSeconds: number) => new Date(Date.now() - windowSeconds * 1000);

/** How many hits (bucket, key) had inside the window. */
export async function countHits(db: DbOrTx, rule: RateLimit, key: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(rateLimitHits)
    .where(
      and(
        eq(rateLimitHits.bucket, rule.bucket),
        eq(rateLimitHits.key, key),
        gt(rateLimitHits.at, since(rule.windowSeconds)),
      ),
    );
  return row?.n ?? 0;
}

/** Counts one hit, dropping this key's hits that fell out of the window. */
export async function recordHit(db: DbOrTx, rule: RateLimit, key: string): Promise<void> {
  await db
    .delete(rateLimitHits)
    .where(
      and(
        eq(rateLimitHits.bucket, rule.bucket),
        eq(rateLimitHits.key, key),
        lt(rateLimitHits.at, since(rule.windowSeconds)),
      ),
    );
  await db.insert(rateLimitHits).values({ bucket: rule.bucket, key });
}

/** Throws 429 when the limit is already reached. */
export async function assertUnderLimit(db: DbOrTx, rule: RateLimit, key: string): Promise<void> {
  if ((await countHits(db, rule, key)) >= rule.limit) throw httpError('too_many_requests');
}

/**
 * Checks the limit and counts this request (for limits on every attempt, not only failures), in one
 * statement: drop this key's hits that left the window, count the rest, add one hit only when under the
 * limit. It runs on every hold, so its round trips count (bench: 200 simultaneous holds).
 */
export async function consumeRateLimit(db: DbOrTx, rule: RateLimit, key: string): Promise<void> {
  const windowStart = since(rule.windowSeconds);
  const [row] = await queryRows<{ n: number | string }>(
    db,
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
        )
        select n from recent`,
  );
  if (Number(row?.n ?? 0) >= rule.limit) throw httpError('too_many_requests');
}
