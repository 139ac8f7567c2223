import autocannon from 'autocannon';
import { countBy, latency, type Latency } from './stats.js';

export interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  /** More request headers (an admin's Authorization for the statistics). */
  headers?: Record<string, string>;
}

export interface LoadResult extends Latency {
  clients: number;
  statuses: Record<string, number>;
  perSecond: number;
  elapsedMs: number;
}

/**
 * `clients` kept-alive connections (autocannon, one request in flight each) send `requests` in turn to
 * an API process until `total` answers came back or `maxMs` passed, whichever comes first. Latency per
 * answer from autocannon's own timing; `check` sees every 200 answer's body and throws when it is wrong
 * (a fast wrong answer must never count as a result).
 */
export async function load(opts: {
  port: number;
  clients: number;
  total: number;
  maxMs: number;
  requests: LoadRequest[];
  check?: (body: string) => void;
}): Promise<LoadResult> {
  const samples: number[] = [];
  const statuses: number[] = [];
  let wrong: unknown;
  const started = Date.now();
  let finished: () => void = () => undefined;
  let crashed: (err: unknown) => void = () => undefined;
  const done = new Promise<void>((resolve, reject) => {
    finished = resolve;
    crashed = reject;
  });
  const instance = autocannon(
    {
      url: `http://127.0.0.1:${opts.port}`,
      connections: opts.clients,
      amount: opts.total,
      // autocannon's own clock would stop at `duration`; `amount` decides, the timer below bounds the time.
      timeout: 15,
      requests: opts.requests.map((r) => ({
        method: r.method,
        path: r.path,
        ...(r.body === undefined ? {} : { body: JSON.stringify(r.body) }),
        headers: { ...(r.body === undefined ? {} : { 'content-type': 'application/json' }), ...r.headers },
        onResponse: (status: number, body: string) => {
          if (status !== 200 || !opts.check) return;
          try {
            opts.check(body);
          } catch (err) {
            wrong ??= err;
          }
        },
      })),
    },
    (err) => (err ? crashed(err) : finished()),
  );
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    statuses.push(statusCode);
    if (statusCode === 200) samples.push(responseTime);
  });
  instance.on('reqError', () => statuses.push(0));
  const timer = setTimeout(() => instance.stop(), opts.maxMs);
  await done;
  clearTimeout(timer);
  const elapsedMs = Date.now() - started;
  if (wrong) throw wrong;
  // Status 0: no answer (timeout, reset). The bench measures a server that answers every request.
  const failed = statuses.filter((s) => s !== 200).length;
  if (failed > 0)
    throw new Error(`${opts.requests[0]!.path}: ${failed} of ${statuses.length} answers were not 200`);
  return {
    ...latency(samples),
    clients: opts.clients,
    statuses: countBy(statuses, String),
    perSecond: Math.round((statuses.length / elapsedMs) * 1000),
    elapsedMs,
  };
}

/** `measured / ceiling`, rounded to two decimals: how many trivial requests one request costs. */
export const ratio = (measured: number, ceiling: number) => Math.round((measured / ceiling) * 100) / 100;
