import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { Gauge } from 'prom-client';
import { localDateOf } from '@balie/shared';
import { queryRows } from '../db/client.js';
import { listBackups } from '../backups/files.js';

/**
 * Gauges read at each scrape from what every process shares (decision 0472): the outbox (mail today,
 * webhook deliveries and whatever kind comes next, counted per `kind` as the table holds them), the
 * queues, the newest backup. Every process answers the same; dashboards take `max` across processes.
 * A database that does not answer sets `balie_database_up` to 0 instead of failing the scrape.
 */
export function registerDatabaseGauges(app: FastifyInstance): void {
  const registers = [app.metrics.registry];
  const up = new Gauge({
    name: 'balie_database_up',
    help: 'Whether the database answered this scrape (1) or not (0)',
    registers,
  });
  const backlog = new Gauge({
    name: 'balie_outbox_backlog',
    help: 'Outbox messages not yet sent, per kind (mail kinds, webhook deliveries)',
    labelNames: ['kind'] as const,
    registers,
  });
  const failing = new Gauge({
    name: 'balie_outbox_failing',
    help: 'Unsent outbox messages whose last attempt failed, per kind',
    labelNames: ['kind'] as const,
    registers,
  });
  const oldest = new Gauge({
    name: 'balie_outbox_oldest_pending_seconds',
    help: 'Age of the oldest unsent outbox message, per kind',
    labelNames: ['kind'] as const,
    registers,
  });
  const waiting = new Gauge({
    name: 'balie_queue_waiting',
    help: "Visitors waiting in today's queue, per location (by its name)",
    labelNames: ['location'] as const,
    registers,
  });

  // One query round per scrape for all of them: prom-client calls each gauge's collect; the first
  // starts the read and the others wait for the same result.
  let reading: Promise<void> | undefined;
  const read = () =>
    (reading ??= readAll().finally(() => {
      reading = undefined;
    }));
  const readAll = async () => {
    backlog.reset();
    failing.reset();
    oldest.reset();
    waiting.reset();
    try {
      const now = Date.now();
      const outbox = await queryRows<{ kind: string; pending: number; failing: number; oldest: string }>(
        app.db,
        sqlOutbox,
      );
      for (const row of outbox) {
        backlog.set({ kind: row.kind }, Number(row.pending));
        failing.set({ kind: row.kind }, Number(row.failing));
        oldest.set({ kind: row.kind }, Math.max(0, (now - new Date(row.oldest).getTime()) / 1000));
      }
      const today = localDateOf(now, app.config.providerTimezone);
      const queues = await queryRows<{ location: string; waiting: number }>(app.db, sqlQueue(today));
      for (const row of queues) waiting.set({ location: row.location }, Number(row.waiting));
      up.set(1);
    } catch (err) {
      app.log.error({ err }, 'metrics: database unreachable');
      up.set(0);
    }
  };
  for (const gauge of [up, backlog, failing, oldest, waiting]) {
    (gauge as unknown as { collect: () => Promise<void> }).collect = read;
  }

  if (app.database.kind === 'pglite') {
    const dir = app.config.backupDir;
    const newest = async () => (await listBackups(dir))[0];
    new Gauge({
      name: 'balie_backup_last_age_seconds',
      help: 'Seconds since the newest backup of the embedded database was made (+Inf: none yet)',
      registers,
      async collect() {
        // No backup at all is the oldest backup there is: an alert on the age fires for it too.
        const b = await newest();
        this.set(b ? Math.max(0, (Date.now() - Date.parse(b.createdAt)) / 1000) : Infinity);
      },
    });
    new Gauge({
      name: 'balie_backup_last_size_bytes',
      help: 'Size of the newest backup of the embedded database (0: none yet)',
      registers,
      async collect() {
        this.set((await newest())?.size ?? 0);
      },
    });
  }
}

const sqlOutbox = sql`
  SELECT kind,
         count(*)::int AS pending,
         count(*) FILTER (WHERE attempts > 0)::int AS failing,
         min(created_at) AS oldest
    FROM outbox
   WHERE sent_at IS NULL
   GROUP BY kind`;

/** Every active location (two of one name count as one), so a location with nobody waiting shows 0 rather than vanishing from the graph. */
const sqlQueue = (today: string) => sql`
  SELECT l.name AS location, count(q.id)::int AS waiting
    FROM locations l
    LEFT JOIN queue_entries q ON q.location_id = l.id AND q.day = ${today} AND q.state = 'waiting'
   WHERE l.active
   GROUP BY l.name`;
