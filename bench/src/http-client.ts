import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { SETTINGS } from './settings.js';

/** Kept-alive connections, pooled per local address (Node's agent keys sockets by localAddress too). */
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

export interface HttpResult {
  status: number;
  body: string;
  /** From sending the request to the last byte of the answer. */
  ms: number;
}

/**
 * One JSON request to an API process on 127.0.0.1. `from` is the local loopback address the request
 * leaves from: the API rate-limits make-reservation per client address (request.ip, the socket's peer
 * address), so the bench plays many visitors from many addresses, as a real crowd does.
 */
export function call(
  port: number,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  from?: string,
): Promise<HttpResult> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent,
        ...(from ? { localAddress: from } : {}),
        headers: payload
          ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
          : {},
        timeout: SETTINGS.requestTimeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            ms: performance.now() - started,
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${method} ${path} timed out`)));
    req.on('error', reject);
    req.end(payload);
  });
}

/** The n-th simulated visitor's address: 127.77.x.y, all on the loopback interface (127.0.0.0/8). */
export function visitorAddress(n: number): string {
  return `127.77.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;
}

export function closeConnections(): void {
  agent.destroy();
}
