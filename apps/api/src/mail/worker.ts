import { and, asc, eq, inArray, isNull, lte, or, lt, sql } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { outbox } from '../db/schema/index.js';
import { rendererOf } from './registry.js';
import type { MailTransport } from './transport.js';
// The kinds this package itself sends; features register theirs when their routes are loaded.
import './kinds/password-reset.js';

export interface MailWorkerOptions {
  db: Db;
  config: Config;
  transport: MailTransport;
  log?: { info: (msg: string) => void; error: (msg: string) => void };
  /** How often to look for due mail. */
  intervalMs?: number;
  batchSize?: number;
  /** First retry delay; doubles with every failed attempt up to maxBackoffMs. */
  backoffBaseMs?: number;
  maxBackoffMs?: number;
  /** How long a claim lasts: a worker that dies mid-send loses its rows to others after this. */
  claimMs?: number;
}

export interface RunResult {
  sent: number;
  failed: number;
  skipped: number;
}

/**
 * Sends the outbox (DESIGN §7). Every API process runs one; rows are claimed with FOR UPDATE SKIP
 * LOCKED plus a `locked_until` lease, so workers never send the same row at the same time. A failed
 * send is retried with exponential back-off, forever: no mail is dropped. Delivery is at least once —
 * a crash between the SMTP answer and marking the row sent can repeat that one mail.
 */
export class MailWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<RunResult> | undefined;
  private readonly o: Required<Omit<MailWorkerOptions, 'log'>> & Pick<MailWorkerOptions, 'log'>;

  constructor(options: MailWorkerOptions) {
    this.o = {
      intervalMs: 2000,
      batchSize: 10,
      backoffBaseMs: 30_000,
      maxBackoffMs: 60 * 60_000,
      claimMs: 5 * 60_000,
      ...options,
    };
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      if (!this.running)
        void this.runOnce().catch((err: unknown) => this.o.log?.error(`mail worker: ${String(err)}`));
    }, this.o.intervalMs);
    this.timer.unref();
  }

  /** Stops polling and waits for a send in progress. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
  }

  /** One pass: claim due rows, send each, record the outcome. */
  runOnce(): Promise<RunResult> {
    this.running ??= this.pass().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async claim(): Promise<Array<typeof outbox.$inferSelect>> {
    const { db, batchSize, claimMs } = this.o;
    return db.transaction(async (tx) => {
      const now = new Date();
      const due = await tx
        .select({ id: outbox.id })
        .from(outbox)
        .where(
          and(
            isNull(outbox.sentAt),
            // The database's clock, as for the column's default: JavaScript's millisecond `now` can be a
            // fraction of a millisecond before a row enqueued just now, which then waited for the next poll.
            lte(outbox.nextAttemptAt, sql`now()`),
            or(isNull(outbox.lockedUntil), lt(outbox.lockedUntil, now)),
          ),
        )
        .orderBy(asc(outbox.id))
        .limit(batchSize)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      return tx
        .update(outbox)
        .set({ lockedUntil: new Date(now.getTime() + claimMs) })
        .where(
          inArray(
            outbox.id,
            due.map((r) => r.id),
          ),
        )
        .returning();
    });
  }

  private async pass(): Promise<RunResult> {
    const result: RunResult = { sent: 0, failed: 0, skipped: 0 };
    const { db, config, transport } = this.o;
    for (const row of await this.claim()) {
      try {
        const render = rendererOf(row.kind);
        if (!render) throw new Error(`no renderer registered for mail kind '${row.kind}'`);
        const mail = await render(row.payload, { db, config });
        if (mail) {
          const where = await transport.send(mail);
          this.o.log?.info(`mail ${row.id} (${row.kind}) sent: ${where}`);
          result.sent++;
        } else {
          result.skipped++;
        }
        await db
          .update(outbox)
          .set({ sentAt: new Date(), lockedUntil: null, attempts: row.attempts + 1, lastError: null })
          .where(eq(outbox.id, row.id));
      } catch (err) {
        const attempts = row.attempts + 1;
        const delay = Math.min(this.o.backoffBaseMs * 2 ** (attempts - 1), this.o.maxBackoffMs);
        await db
          .update(outbox)
          .set({
            attempts,
            lastError: String(err instanceof Error ? err.message : err).slice(0, 1000),
            nextAttemptAt: new Date(Date.now() + delay),
            lockedUntil: null,
          })
          .where(eq(outbox.id, row.id));
        this.o.log?.error(
          `mail ${row.id} (${row.kind}) failed, attempt ${attempts}, retry in ${delay} ms: ${String(err)}`,
        );
        result.failed++;
      }
    }
    return result;
  }
}
