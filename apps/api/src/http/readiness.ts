import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors.js';

/**
 * Whether this process should get traffic (DESIGN §5 `GET /ready`): not while its migrations run, not
 * once it is shutting down. `/health` stays liveness; the database's reachability is asked per request
 * by the route, since only a query tells (decision 0474).
 */
export type ReadinessState = 'migrating' | 'ready' | 'stopping';

export class Readiness {
  private current: ReadinessState;
  private readonly waiters: Array<(serving: boolean) => void> = [];
  /** Requests received and not yet answered or abandoned. */
  inFlight = 0;

  constructor(initial: ReadinessState = 'ready') {
    this.current = initial;
  }

  get state(): ReadinessState {
    return this.current;
  }

  markReady(): void {
    if (this.current !== 'migrating') return;
    this.current = 'ready';
    this.settle(true);
  }

  markStopping(): void {
    this.current = 'stopping';
    this.settle(false);
  }

  /** Resolves true once the process serves, false when it stops first: jobs wait for it before their first run. */
  serving(): Promise<boolean> {
    if (this.current !== 'migrating') return Promise.resolve(this.current === 'ready');
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /**
   * Resolves once no request has been in flight for `quietMs` (or after `limitMs`). Node's close ends
   * every connection without a request it has parsed, and a busy process (PGlite's queries run on this
   * thread) has requests in its sockets it has not read yet: closing at once reset them (seen in
   * shutdown.test.ts). Waiting for a quiet moment lets the event loop read and answer them first.
   */
  async drained(quietMs = 100, limitMs = 8000): Promise<void> {
    const until = Date.now() + limitMs;
    let quietSince = Date.now();
    while (Date.now() < until) {
      if (this.inFlight > 0) quietSince = Date.now();
      else if (Date.now() - quietSince >= quietMs) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  private settle(serving: boolean): void {
    for (const resolve of this.waiters.splice(0)) resolve(serving);
  }
}

/** Paths that answer while the process migrates: the probes themselves. */
const PROBES = new Set(['/api/health', '/api/ready']);

/**
 * Installs `app.readiness`. While migrating, every request but the probes gets 503: the listener is
 * already open (so that `/ready` can say why not), but the tables are not yet what the code expects.
 * On close the state turns to stopping before Fastify stops accepting connections.
 */
export function installReadiness(app: FastifyInstance, readiness: Readiness): void {
  app.decorate('readiness', readiness);
  app.addHook('preClose', async () => readiness.markStopping());
  app.addHook('onRequest', async (request, reply) => {
    readiness.inFlight += 1;
    // 'close' comes after the answer and also when the client goes away first (no onResponse then):
    // a request a closed browser tab left behind must not hold the shutdown to its limit.
    reply.raw.once('close', () => {
      readiness.inFlight -= 1;
    });
    if (readiness.state !== 'migrating') return;
    if (PROBES.has(request.url.split('?')[0]!)) return;
    reply.header('Retry-After', '5');
    throw new HttpError('service_unavailable', 'The server is starting: its database is being migrated');
  });
}
