import { createHmac } from 'node:crypto';

/**
 * Caps on the waiting-room display's open streams (decision 0416). A display is a TV in a waiting room:
 * a location has a handful, an office behind one address a few. Each open stream holds a socket and a
 * little memory for as long as it lasts, and anyone with a location's link may open them, so the caps
 * are far above what a real set-up uses and far below what hurts a process.
 */
export const DISPLAY_STREAM_LIMITS = {
  /**
   * Per location key (counted over every API process): a large waiting room has a few screens, a
   * building with one location and screens on every floor perhaps ten. 20 leaves room for screens that
   * reconnect while their old stream has not yet been noticed as gone.
   */
  perLocation: 20,
  /**
   * Per client address (counted over every API process; `request.ip`, so behind a reverse proxy only
   * with TRUST_PROXY): the screens of one office share its address. Below the per-location cap, so one
   * address cannot take every place of a location.
   */
  perClient: 10,
  /**
   * Per API process (counted in memory: it protects this process's sockets and memory, whoever opens
   * them): about 100 kB each with its socket, 500 streams stay far under DESIGN §10's 200 MB.
   */
  perProcess: 500,
} as const;

/**
 * How often a process tells the database its streams are still open (the `seen_at` of their rows), and
 * after how long without that a stream's row no longer counts: three missed heartbeats, so a process that
 * died holds its places for at most a minute.
 */
export const STREAM_HEARTBEAT_SECONDS = 20;
export const STREAM_STALE_SECONDS = 60;
/** Rows this much older than the stale limit are deleted (a dead process's rows are not left forever). */
export const STREAM_FORGET_SECONDS = 600;

/** A refused stream's Retry-After: by then a dead process's streams no longer count. */
export const STREAM_RETRY_AFTER_SECONDS = STREAM_STALE_SECONDS;

/**
 * The key a client address's streams are counted under: an HMAC of the address under the server secret,
 * as a hold's (decision 0321): every process derives the same key, the database cannot give the address
 * back.
 */
export function streamClientKey(secret: string, ip: string): string {
  return createHmac('sha256', secret).update(`display-client:${ip}`).digest('base64url').slice(0, 32);
}
