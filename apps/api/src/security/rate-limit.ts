import { and, count, eq, gt, lt } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
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

/** Checks the limit and counts this request (for limits on every attempt, not only failures). */
export async function consumeRateLimit(db: DbOrTx, rule: RateLimit, key: string): Promise<void> {
  await assertUnderLimit(db, rule, key);
  await recordHit(db, rule, key);
}
