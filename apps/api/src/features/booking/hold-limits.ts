import { createHmac } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import { isStaff } from '../../http/auth.js';

const MINUTE = 60_000;

/**
 * When a hold made or extended at `now` runs out (DESIGN §6), in SQL of its `createdAt` (a column or a
 * value): a term of RESERVATION_MINUTES from now, but never later than HOLD_MAX_MINUTES after its
 * creation, however often it is extended.
 */
export function holdValidTill(config: Config, createdAt: SQL, now: number): SQL {
  const term = sql`${new Date(now + config.reservationMinutes * MINUTE).toISOString()}::timestamptz`;
  return config.holdMaxMinutes > 0 ? sql`LEAST(${term}, ${holdEnd(config, createdAt)})` : term;
}

/** createdAt + HOLD_MAX_MINUTES in SQL: after this moment the hold cannot be extended. */
export function holdEnd(config: Config, createdAt: SQL): SQL {
  return sql`(${createdAt} + make_interval(secs => ${config.holdMaxMinutes * 60}::float8))`;
}

/** createdAt + HOLD_MAX_MINUTES, or null when the setting is 0 (no cap, for load tests). */
export function latestValidTill(config: Config, createdAt: number): number | null {
  return config.holdMaxMinutes > 0 ? createdAt + config.holdMaxMinutes * MINUTE : null;
}

/**
 * The key the holds of the request's client address are counted under (decision 0321), or null when
 * they are not counted: MAX_HOLDS_PER_CLIENT is 0, or staff book on a visitor's behalf. An HMAC of
 * the address under the server secret: the address cannot be read back from the database (a plain hash
 * of an IPv4 address is undone by trying all 2³² of them), yet every process derives the same key.
 */
export function holdClientKey(config: Config, request: FastifyRequest): string | null {
  if (config.maxHoldsPerClient === 0 || isStaff(request.user)) return null;
  return createHmac('sha256', config.secret)
    .update(`hold-client:${request.ip}`)
    .digest('base64url')
    .slice(0, 32);
}

/**
 * Puts the holds of one client key one after the other until the end of the transaction, across
 * processes; the two-int form with its own namespace keeps it apart from the desk-day locks and the rate
 * limits. A hash collision of two keys only makes them wait for each other.
 */
export function clientLock(clientKey: string): SQL {
  return sql`pg_advisory_xact_lock(hashtext('hold-client'), hashtext(${clientKey}))`;
}

/**
 * True while the client may make one more hold. Must run in a statement after `clientLock` was granted
 * (READ COMMITTED: a later statement's snapshot sees every hold committed by the lock's earlier holders),
 * so that concurrent holds of one address never both take the last place.
 */
export function belowHoldCap(config: Config, clientKey: string | null, now: number): SQL {
  if (clientKey === null) return sql`true`;
  return sql`(SELECT count(*) FROM appointments
               WHERE client_key = ${clientKey} AND status = 'reserved'
                 AND valid_till > ${new Date(now).toISOString()}::timestamptz) < ${config.maxHoldsPerClient}`;
}
