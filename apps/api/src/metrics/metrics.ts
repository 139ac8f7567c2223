import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client.js';

/**
 * This process's Prometheus registry (DESIGN §5 *Operations*, decision 0472). What one process sees
 * (its requests, its event loop, its pool, the bookings it handled) is counted here and summed across
 * processes by Prometheus; what the database holds (outbox, queues) is read at each scrape by
 * `database-gauges.ts`, and is the same from every process. Label values are route patterns, kinds,
 * states and location names: never an id, a token, an e-mail address or a name of a person.
 */
export class Metrics {
  readonly registry = new Registry();

  readonly requestDuration = new Histogram({
    name: 'balie_http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern (never the path itself) and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  readonly bookings = new Counter({
    name: 'balie_bookings_total',
    help: 'Booking events this process handled: hold, appointment (confirmed), cancellation, no_show',
    labelNames: ['event'] as const,
    registers: [this.registry],
  });

  constructor(readonly database: Database) {
    // process_* and nodejs_* (event-loop lag: nodejs_eventloop_lag_seconds, heap, GC, handles).
    collectDefaultMetrics({ register: this.registry });
    for (const event of BOOKING_EVENT_NAMES) this.bookings.inc({ event }, 0);
    this.poolGauges();
  }

  /** PostgreSQL's pool of this process; PGlite has one connection inside the process and no pool. */
  private poolGauges(): void {
    const database = this.database;
    new Gauge({
      name: 'balie_db_pool_connections',
      help: 'PostgreSQL connections of this process: total, idle, and requests waiting for one',
      labelNames: ['state'] as const,
      registers: [this.registry],
      collect() {
        if (database.kind !== 'postgres') return;
        const pool = database.client;
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
  }
}

export const BOOKING_EVENT_NAMES = ['hold', 'appointment', 'cancellation', 'no_show'] as const;
type BookingEvent = (typeof BOOKING_EVENT_NAMES)[number];

/**
 * The routes whose success is a booking event, by Fastify's `METHOD pattern` key (metrics.test.ts fails
 * when one of them is no longer registered). Counting at the HTTP edge keeps the services untouched.
 */
export const BOOKING_EVENTS: Record<string, (request: FastifyRequest) => BookingEvent | undefined> = {
  'POST /api/appointment/make-reservation': () => 'hold',
  'POST /api/appointment': () => 'appointment',
  'GET /api/appointment/by-token/:token/cancel': () => 'cancellation',
  'GET /api/appointment/:id/cancel': () => 'cancellation',
  'POST /api/queue/:entryId/no-show': () => 'no_show',
  'PATCH /api/appointment/:id': (request) =>
    (request.body as { newStatus?: unknown } | undefined)?.newStatus === 'no_show' ? 'no_show' : undefined,
};

/** Installs `app.metrics` and the hook that times every request by its route pattern. */
export function installMetrics(app: FastifyInstance, metrics: Metrics): void {
  app.decorate('metrics', metrics);
  app.addHook('onResponse', async (request, reply) => {
    // The pattern Fastify matched (`/api/appointment/by-token/:token`); a path that matched no route
    // is 'unmatched', so that a scan of random URLs cannot grow the series without bound.
    const route = request.routeOptions.url ?? 'unmatched';
    const status = reply.statusCode;
    metrics.requestDuration.observe(
      { method: request.method, route, status_code: String(status) },
      reply.elapsedTime / 1000,
    );
    if (status >= 200 && status < 300) {
      const event = BOOKING_EVENTS[`${request.method} ${route}`]?.(request);
      if (event) metrics.bookings.inc({ event });
    }
  });
}
