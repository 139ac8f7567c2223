import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import type { CloudEvent } from '../events.js';

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  event: CloudEvent;
}

/**
 * A real HTTP receiver on the loopback address for the tests: it records every request and answers as
 * `answer` says (200 by default; a number, or a function that may also hold the request open).
 */
export async function startReceiver() {
  const received: Received[] = [];
  let answer: (r: Received, res: ServerResponse) => number | 'hang' = () => 200;
  const waiters: Array<() => void> = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let event = {} as CloudEvent;
      try {
        event = JSON.parse(body) as CloudEvent;
      } catch {
        // Recorded as it came: the test says what was wrong with it.
      }
      const r: Received = { path: req.url ?? '', headers: req.headers, body, event };
      received.push(r);
      for (const w of waiters.splice(0)) w();
      const status = answer(r, res);
      if (status === 'hang') return;
      if (!res.headersSent) res.writeHead(status).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    port,
    received,
    answerWith(f: typeof answer) {
      answer = f;
    },
    /** Resolves once `count` requests have come (no fixed sleep). */
    async waitFor(count: number): Promise<void> {
      while (received.length < count) await new Promise<void>((r) => waiters.push(r));
    },
    clear() {
      received.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/** Verifies a received request with the Standard Webhooks reference library; throws when it is not genuine. */
export function verify(secret: string, r: Received): unknown {
  return new Webhook(secret).verify(r.body, {
    'webhook-id': String(r.headers['webhook-id']),
    'webhook-timestamp': String(r.headers['webhook-timestamp']),
    'webhook-signature': String(r.headers['webhook-signature']),
  });
}
