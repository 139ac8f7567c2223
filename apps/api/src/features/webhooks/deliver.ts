import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import type { ResolvedAddress } from './target.js';

/** How long one attempt may take, connecting and answering included (issue 36: 10 s). */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** How much of an answer is read: its status is what counts; the rest is dropped (no memory for a flood). */
export const ANSWER_LIMIT_BYTES = 16 * 1024;

export interface Attempt {
  url: string;
  /** The address checked by `checkTarget`: the connection goes there and nowhere else. */
  address: ResolvedAddress;
  headers: Record<string, string>;
  body: string;
  timeoutMs?: number;
}

/** A failure without an HTTP answer (refused, reset, timeout, TLS), with a short reason for the log. */
export class DeliveryError extends Error {}

/**
 * POSTs one attempt and answers the receiver's status. Redirects are not followed (a 3xx is an answer
 * like any other, and not a 2xx); the answer's body is read up to ANSWER_LIMIT_BYTES and dropped.
 */
export function postAttempt(attempt: Attempt): Promise<number> {
  const url = new URL(attempt.url);
  const pinned: LookupFunction = (_host, options, callback) => {
    const { address, family } = attempt.address;
    // Node asks for every address when it may race IPv4 and IPv6 (autoSelectFamily).
    if ((options as { all?: boolean }).all)
      (callback as unknown as (e: null, a: ResolvedAddress[]) => void)(null, [{ address, family }]);
    else callback(null, address, family);
  };
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  const timeoutMs = attempt.timeoutMs ?? DELIVERY_TIMEOUT_MS;
  return new Promise<number>((resolve, reject) => {
    let settled = false;
    const finish = (err: Error | null, status?: number) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (err) reject(err);
      else resolve(status!);
    };
    const req = send(
      url,
      {
        method: 'POST',
        lookup: pinned,
        headers: {
          'content-type': 'application/cloudevents+json; charset=utf-8',
          'content-length': String(Buffer.byteLength(attempt.body)),
          'user-agent': 'Balie-Webhooks/1',
          ...attempt.headers,
        },
        agent: false,
      },
      (res: IncomingMessage) => {
        let read = 0;
        res.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > ANSWER_LIMIT_BYTES) {
            // The status is known: stop reading a long answer.
            finish(null, res.statusCode ?? 0);
            res.destroy();
          }
        });
        res.on('end', () => finish(null, res.statusCode ?? 0));
        // The status came; a connection cut while the rest of the answer streams does not undo it.
        res.on('error', () => finish(null, res.statusCode ?? 0));
      },
    );
    const timer = setTimeout(() => {
      finish(new DeliveryError(`timeout after ${timeoutMs} ms`));
      req.destroy();
    }, timeoutMs);
    timer.unref();
    req.on('error', (err: NodeJS.ErrnoException) =>
      finish(new DeliveryError(err.code ? `${err.code}: ${err.message}` : err.message)),
    );
    req.end(attempt.body);
  });
}
