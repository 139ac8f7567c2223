import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { and, eq, inArray, isNull, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { outbox } from '../db/schema/index.js';
import { describeError } from '../security/logged-errors.js';

export type OutboxRow = typeof outbox.$inferSelect;

/** What every worker on the outbox needs: the database, its clock, its lease and its pace. */
export interface LeaseOptions {
  db: Db;
  log?: { info: (msg: string) => void; error: (msg: string) => void };
  /** How often an idle worker looks for due rows. */
  pollMs: number;
  /** Rows in flight at once. */
  concurrency: number;
  /** How long a claim lasts unless renewed: rows of a worker that died go to others after this. */
  leaseMs: number;
  /** How often the lease of the rows still in flight is renewed (default a third of leaseMs). */
  renewMs?: number | undefined;
  /** The clock for leases, retries and sent times (tests move it; a lease is compared across processes). */
  now: () => Date;
}

/**
 * The outbox's lease design (decision 0141), shared by the mail worker and the webhook worker (decision
 * 0440): a pass claims due rows `FOR UPDATE SKIP LOCKED` and leases them to this worker (`locked_until`,
 * `locked_by`), sends them `concurrency` at a time while renewing the lease of the rows still in flight,
 * and polls again — at once when the pass says more is due. A dead worker's rows are free after one
 * lease. Subclasses say which rows are due and how one is sent.
 */
export abstract class LeasedOutboxWorker<Result extends { again: boolean }> {
  /** Identifies this worker's leases; unique per process and instance. */
  readonly id: string;
  private timer: NodeJS.Timeout | undefined;
  private started = false;
  private running: Promise<Result> | undefined;

  protected constructor(
    private readonly lease: LeaseOptions,
    /** Names the worker in its log lines ("mail worker: …"). */
    private readonly name: string,
    /** Ends its lease id: `host:pid:random` and this, so a row's `locked_by` says which worker holds it. */
    idSuffix = '',
  ) {
    this.id = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}${idSuffix}`;
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    this.schedule(0);
  }

  /** Stops polling and waits for the sends in progress. */
  async stop(): Promise<void> {
    this.started = false;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
  }

  /** One pass: claim due rows, send them, record each outcome; `again` when more is due at once. */
  protected abstract claimAndSend(): Promise<Result>;

  protected pass(): Promise<Result> {
    this.running ??= this.claimAndSend().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private schedule(delayMs: number): void {
    if (!this.started) return;
    this.timer = setTimeout(() => {
      this.pass()
        .then(({ again }) => this.schedule(again ? 0 : this.lease.pollMs))
        .catch((err: unknown) => {
          this.lease.log?.error(`${this.name} worker: ${describeError(err)}`);
          this.schedule(this.lease.pollMs);
        });
    }, delayMs);
    this.timer.unref();
  }

  protected leaseEnd(): Date {
    return new Date(this.lease.now().getTime() + this.lease.leaseMs);
  }

  /** Leases the rows `due` selects (its ids, `FOR UPDATE SKIP LOCKED`) to this worker, oldest first. */
  protected async leaseRows(due: SQLWrapper): Promise<OutboxRow[]> {
    const rows = await this.lease.db
      .update(outbox)
      .set({ lockedUntil: this.leaseEnd(), lockedBy: this.id })
      .where(inArray(outbox.id, due))
      .returning();
    return rows.sort((a, b) => a.id - b.id);
  }

  /**
   * Sends the leased rows `concurrency` at a time, renewing the lease of those still in flight. A row
   * whose outcome could not be recorded counts as `failed`: its lease runs out and it is tried again.
   */
  protected async sendLeased<Outcome extends string>(
    queue: OutboxRow[],
    send: (row: OutboxRow) => Promise<Outcome>,
    count: (outcome: Outcome | 'failed') => void,
    describe: (row: OutboxRow) => string,
  ): Promise<void> {
    const inFlight = new Set(queue.map((r) => r.id));
    const renewal = setInterval(
      () => {
        void this.renew([...inFlight]).catch((err: unknown) =>
          this.lease.log?.error(`${this.name} worker: lease renewal failed: ${describeError(err)}`),
        );
      },
      this.lease.renewMs ?? this.lease.leaseMs / 3,
    );
    renewal.unref();
    try {
      const lane = async () => {
        for (let row = queue.shift(); row; row = queue.shift()) {
          try {
            count(await send(row));
          } catch (err) {
            // The database failed to record an outcome: the lease runs out and the row is tried again.
            this.lease.log?.error(`${describe(row)}: outcome not recorded: ${describeError(err)}`);
            count('failed');
          }
          inFlight.delete(row.id);
        }
      };
      await Promise.all(Array.from({ length: Math.max(1, this.lease.concurrency) }, lane));
    } finally {
      clearInterval(renewal);
    }
  }

  /** Pushes the lease of rows this worker still holds and has not sent. */
  private async renew(ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.lease.db
      .update(outbox)
      .set({ lockedUntil: this.leaseEnd() })
      .where(and(inArray(outbox.id, ids), eq(outbox.lockedBy, this.id), isNull(outbox.sentAt)));
  }
}
