import { and, asc, eq, gt, isNull, like, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { outbox, WEBHOOK_OUTBOX_KIND } from '../db/schema/index.js';
import { getOrganisation } from '../features/organisation/repository.js';
import { describeError } from '../security/logged-errors.js';
import { LeasedOutboxWorker, type OutboxRow } from './leased-worker.js';
import { mailOfStored } from './outbox.js';
import { rendererOf } from './registry.js';
import { senderOf } from './sender.js';
import { SMTP_CONNECTIONS, type MailTransport } from './transport.js';
// The kinds this package itself sends; features register theirs when their routes are loaded.
import './kinds/password-reset.js';

export interface MailWorkerOptions {
  db: Db;
  config: Config;
  transport: MailTransport;
  log?: { info: (msg: string) => void; error: (msg: string) => void };
  /** How often an idle worker looks for due mail; after a full batch it looks again at once. */
  pollMs?: number;
  /** Rows claimed per pass. */
  batchSize?: number;
  /** Mails in flight at once: as many as the SMTP pool has connections. */
  concurrency?: number;
  /** First retry delay; doubles with every failed attempt up to maxBackoffMs. */
  backoffBaseMs?: number;
  maxBackoffMs?: number;
  /** How long a claim lasts unless renewed: rows of a worker that died go to others after this. */
  leaseMs?: number;
  /** How often a worker renews the lease of the rows it is still sending (default a third of leaseMs). */
  renewMs?: number;
  /** The clock for leases, retries and sent times (tests move it; a lease is compared across processes). */
  now?: () => Date;
}

export interface RunResult {
  sent: number;
  failed: number;
  skipped: number;
}

/** How a failure because the server could not be reached starts its `last_error`. */
const UNREACHABLE = 'server unreachable';

/** nodemailer's codes for a server that cannot be reached or dropped the connection, and SMTP 421. */
function isUnreachable(err: unknown): boolean {
  const e = err as { code?: string; responseCode?: number };
  return ['ECONNECTION', 'ESOCKET', 'ETIMEDOUT', 'EDNS'].includes(e.code ?? '') || e.responseCode === 421;
}

/**
 * Sends the outbox (DESIGN §7, decision 0141). Every API process runs one. A pass claims up to
 * `batchSize` due rows in one statement (`FOR UPDATE SKIP LOCKED`, then a lease `locked_until` owned by
 * `locked_by`), sends them `concurrency` at a time over pooled SMTP connections, and renews the lease of
 * the rows still in flight, so a slow send keeps its rows and a dead worker's rows are free after at most
 * one lease. Each row is marked sent the moment the server accepts it; a failure is retried with
 * exponential back-off, forever: no mail is dropped. Delivery is at least once — a crash between the
 * SMTP answer and that update repeats that one mail.
 */
export class MailWorker extends LeasedOutboxWorker<RunResult & { again: boolean }> {
  /**
   * Whether mails may be waiting out a back-off for a server that was unreachable; true at start, as
   * another process (or this one before a restart) may have left such rows.
   */
  private serverWasUnreachable = true;
  private readonly o: Required<Omit<MailWorkerOptions, 'log' | 'renewMs'>> &
    Pick<MailWorkerOptions, 'log' | 'renewMs'>;

  constructor(options: MailWorkerOptions) {
    const o = {
      pollMs: 500,
      batchSize: 50,
      concurrency: SMTP_CONNECTIONS,
      backoffBaseMs: 10_000,
      maxBackoffMs: 15 * 60_000,
      leaseMs: 30_000,
      now: () => new Date(),
      ...options,
    };
    super(o, 'mail');
    this.o = o;
  }

  /** One pass: claim due rows, send them, record each outcome. */
  async runOnce(): Promise<RunResult> {
    const { sent, failed, skipped } = await this.pass();
    return { sent, failed, skipped };
  }

  /** Claims due rows whose lease is free or ran out, in one statement. */
  private async claim(): Promise<OutboxRow[]> {
    const { db, batchSize } = this.o;
    const now = this.o.now();
    const due = db
      .select({ id: outbox.id })
      .from(outbox)
      .where(
        and(
          // Webhook deliveries share the table and are the webhook worker's (decision 0440).
          ne(outbox.kind, WEBHOOK_OUTBOX_KIND),
          isNull(outbox.sentAt),
          // The later of the database's clock and ours: a row enqueued a fraction of a millisecond ago
          // (column default now()) is due, and a test that moves our clock forward moves retries too.
          lte(outbox.nextAttemptAt, sql`greatest(now(), ${now.toISOString()}::timestamptz)`),
          or(isNull(outbox.lockedUntil), lt(outbox.lockedUntil, now)),
        ),
      )
      .orderBy(asc(outbox.id))
      .limit(batchSize)
      .for('update', { skipLocked: true });
    return this.leaseRows(due);
  }

  /** One pass; `again` when more is due at once (a full batch, or mails released by the server's return). */
  protected async claimAndSend(): Promise<RunResult & { again: boolean }> {
    const result = { sent: 0, failed: 0, skipped: 0, again: false };
    const queue = await this.claim();
    result.again = queue.length >= this.o.batchSize;
    if (queue.length === 0) return result;

    await this.sendLeased(
      queue,
      (row) => this.deliver(row),
      (outcome) => result[outcome]++,
      (row) => `mail ${row.id} (${row.kind})`,
    );
    if (result.sent > 0 && this.serverWasUnreachable) {
      this.serverWasUnreachable = false;
      result.again = (await this.releaseWaitingForServer()) > 0 || result.again;
    }
    return result;
  }

  /**
   * The server accepts mail again: mails backing off because it was unreachable are due now instead of
   * up to a back-off step later. Mails it refused (a bad address, a rejected message) keep their back-off.
   */
  private async releaseWaitingForServer(): Promise<number> {
    const now = this.o.now();
    const released = await this.o.db
      .update(outbox)
      .set({ nextAttemptAt: now })
      .where(
        and(isNull(outbox.sentAt), gt(outbox.nextAttemptAt, now), like(outbox.lastError, `${UNREACHABLE}%`)),
      )
      .returning({ id: outbox.id });
    return released.length;
  }

  private async deliver(row: OutboxRow): Promise<keyof RunResult> {
    const { db, config, transport } = this.o;
    let outcome: keyof RunResult;
    try {
      const render = rendererOf(row.kind);
      if (!render && !row.content) throw new Error(`no renderer registered for mail kind '${row.kind}'`);
      // Rendered when queued (its data erased since, decision 0371), or now from the ids in the payload.
      const mail = row.content ? mailOfStored(row.content) : await render!(row.payload, { db, config });
      if (mail) {
        const appointmentId = row.payload.appointmentId;
        const where = await transport.send(mail, {
          messageId: this.messageId(row),
          // Appointment mails carry the id (their payload is ids only): the file transport names it.
          ...(Number.isSafeInteger(appointmentId) ? { appointmentId: appointmentId as number } : {}),
          // Without MAIL_FROM the organisation's name, as it is now (decision 0427).
          ...(config.mailFromSet ? {} : { from: senderOf(config, await getOrganisation(db)) }),
        });
        this.o.log?.info(`mail ${row.id} (${row.kind}) sent: ${where}`);
        outcome = 'sent';
      } else {
        outcome = 'skipped';
      }
    } catch (err) {
      await this.recordFailure(row, err);
      return 'failed';
    }
    // At once after the server's answer, whoever holds the lease now: the mail is out.
    await db
      .update(outbox)
      .set({
        sentAt: this.o.now(),
        lockedUntil: null,
        lockedBy: null,
        attempts: row.attempts + 1,
        lastError: null,
        // A sent mail's content is not kept (DESIGN §4b).
        content: null,
      })
      .where(eq(outbox.id, row.id));
    return outcome;
  }

  private async recordFailure(row: OutboxRow, err: unknown): Promise<void> {
    const attempts = row.attempts + 1;
    const delay = Math.min(this.o.backoffBaseMs * 2 ** (attempts - 1), this.o.maxBackoffMs);
    const unreachable = isUnreachable(err);
    if (unreachable) this.serverWasUnreachable = true;
    const message = describeError(err);
    // Only while the row is still ours: a worker that lost its lease must not undo another's success.
    await this.o.db
      .update(outbox)
      .set({
        attempts,
        lastError: (unreachable ? `${UNREACHABLE}: ${message}` : message).slice(0, 1000),
        nextAttemptAt: new Date(this.o.now().getTime() + delay),
        lockedUntil: null,
        lockedBy: null,
      })
      .where(and(eq(outbox.id, row.id), eq(outbox.lockedBy, this.id), isNull(outbox.sentAt)));
    this.o.log?.error(
      `mail ${row.id} (${row.kind}) failed, attempt ${attempts}, retry in ${delay} ms: ${describeError(err)}`,
    );
  }

  /**
   * The same Message-ID on every attempt of one row: should the at-least-once window deliver a row
   * twice, mail programs that de-duplicate by Message-ID show it once (decision 0141).
   */
  private messageId(row: OutboxRow): string {
    const host = new URL(this.o.config.publicUrl).hostname || 'balie';
    return `<outbox-${row.id}.${row.createdAt.getTime()}@${host}>`;
  }
}
