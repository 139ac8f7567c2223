import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { outbox, webhooks, WEBHOOK_OUTBOX_KIND } from '../../db/schema/index.js';
import { LeasedOutboxWorker, type OutboxRow as Row } from '../../mail/leased-worker.js';
import { describeError } from '../../security/logged-errors.js';
import { DeliveryError, postAttempt } from './deliver.js';
import type { WebhookPayload } from './events.js';
import { pauseWebhook } from './pause.js';
import { decryptWebhookSecret } from './secret.js';
import { webhookHeaders } from './signing.js';
import { checkTarget, systemResolve, TargetRefused, type Resolve } from './target.js';

/**
 * When a failed attempt is tried again (DESIGN §4c): 5 s, 30 s, 2 min, 10 min and 30 min after the
 * failures before, then hourly for 24 hours. The attempt after the last delay is the last one: when it
 * fails too, the subscription pauses and its admins are mailed (decision 0444).
 */
export const RETRY_DELAYS_MS: readonly number[] = [
  5_000,
  30_000,
  120_000,
  600_000,
  1_800_000,
  ...Array.from({ length: 24 }, () => 3_600_000),
];
/** Attempts of one delivery before its subscription pauses: the first and one per retry delay. */
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

export interface WebhookWorkerOptions {
  db: Db;
  config: Config;
  log?: { info: (msg: string) => void; error: (msg: string) => void };
  /** Resolves target names (tests give a resolver that never leaves the machine). */
  resolve?: Resolve;
  pollMs?: number;
  batchSize?: number;
  /** Deliveries in flight at once. */
  concurrency?: number;
  /** How long a claim lasts unless renewed (as the mail worker's, decision 0141). */
  leaseMs?: number;
  renewMs?: number;
  timeoutMs?: number;
  now?: () => Date;
}

type Outcome = 'delivered' | 'failed';

/**
 * Delivers the outbox's webhook rows (DESIGN §4c, decision 0440): the mail worker's design on the same
 * table — a pass claims due rows `FOR UPDATE SKIP LOCKED` and leases them to this worker, renews the
 * lease while sending, and a dead worker's rows are free after one lease — with two rules of its own: a
 * row waits while an earlier row of its ordering key (a subscription's events of one appointment) is
 * not yet delivered, and rows of a paused subscription wait for its resumption. Each attempt checks the
 * target again (DNS may have changed), signs anew with the same `webhook-id`, and connects to the
 * address it checked.
 */
export class WebhookWorker extends LeasedOutboxWorker<{
  delivered: number;
  failed: number;
  again: boolean;
}> {
  private readonly o: Required<Omit<WebhookWorkerOptions, 'log' | 'renewMs'>> &
    Pick<WebhookWorkerOptions, 'log' | 'renewMs'>;

  constructor(options: WebhookWorkerOptions) {
    const o = {
      pollMs: 1000,
      batchSize: 50,
      concurrency: 8,
      leaseMs: 30_000,
      timeoutMs: 10_000,
      resolve: systemResolve,
      now: () => new Date(),
      ...options,
    };
    super(o, 'webhook', ':webhooks');
    this.o = o;
  }

  /** One pass: claim due deliveries, send them, record each outcome. */
  async runOnce(): Promise<{ delivered: number; failed: number }> {
    const { delivered, failed } = await this.pass();
    return { delivered, failed };
  }

  private async claim(): Promise<Row[]> {
    const { db, batchSize } = this.o;
    const now = this.o.now();
    const due = db
      .select({ id: outbox.id })
      .from(outbox)
      .innerJoin(webhooks, and(eq(webhooks.id, outbox.webhookId), eq(webhooks.active, true)))
      .where(
        and(
          eq(outbox.kind, WEBHOOK_OUTBOX_KIND),
          isNull(outbox.sentAt),
          lte(outbox.nextAttemptAt, sql`greatest(now(), ${now.toISOString()}::timestamptz)`),
          or(isNull(outbox.lockedUntil), lt(outbox.lockedUntil, now)),
          // In order per key: only the oldest undelivered row of a key may go.
          sql`NOT EXISTS (SELECT 1 FROM outbox AS earlier WHERE earlier.ordering_key = ${outbox.orderingKey}
                AND earlier.id < ${outbox.id} AND earlier.sent_at IS NULL)`,
        ),
      )
      .orderBy(asc(outbox.id))
      .limit(batchSize)
      .for('update', { of: outbox, skipLocked: true });
    return this.leaseRows(due);
  }

  protected async claimAndSend() {
    const result = { delivered: 0, failed: 0, again: false };
    const queue = await this.claim();
    // A full batch, or rows that were waiting behind the ones just delivered: look again at once.
    if (queue.length === 0) return result;
    const hooks = await this.o.db
      .select()
      .from(webhooks)
      .where(
        inArray(
          webhooks.id,
          queue.map((r) => r.webhookId!),
        ),
      );
    const hookOf = new Map(hooks.map((h) => [h.id, h]));
    await this.sendLeased(
      queue,
      (row) => this.deliver(row, hookOf.get(row.webhookId!)),
      (outcome) => result[outcome]++,
      (row) => `webhook delivery ${row.id}`,
    );
    result.again = result.delivered > 0;
    return result;
  }

  private secretsOf(hook: typeof webhooks.$inferSelect, now: Date): string[] {
    const secret = this.o.config.secret;
    const current = decryptWebhookSecret(secret, hook.secretCipher);
    if (!current) throw new DeliveryError('the signing secret cannot be read (JWT_SECRET changed?)');
    const previous =
      hook.previousSecretCipher && hook.previousSecretUntil && hook.previousSecretUntil > now
        ? decryptWebhookSecret(secret, hook.previousSecretCipher)
        : null;
    return previous ? [current, previous] : [current];
  }

  private async deliver(row: Row, hook: typeof webhooks.$inferSelect | undefined): Promise<Outcome> {
    // Deleted between the claim and now: its rows went with it.
    if (!hook) return 'failed';
    const { event } = row.payload as unknown as WebhookPayload;
    try {
      const address = await checkTarget(hook.url, {
        allowPrivate: this.o.config.webhookAllowPrivate,
        resolve: this.o.resolve,
      });
      const at = this.o.now();
      const body = JSON.stringify(event);
      const status = await postAttempt({
        url: hook.url,
        address,
        body,
        headers: webhookHeaders(this.secretsOf(hook, at), event.id, at, body),
        timeoutMs: this.o.timeoutMs,
      });
      if (status >= 200 && status < 300) {
        await this.o.db
          .update(outbox)
          .set({
            sentAt: this.o.now(),
            lockedUntil: null,
            lockedBy: null,
            attempts: row.attempts + 1,
            lastStatus: status,
            lastError: null,
          })
          .where(eq(outbox.id, row.id));
        return 'delivered';
      }
      await this.recordFailure(row, status, `HTTP ${status}`);
    } catch (err) {
      const message =
        err instanceof TargetRefused
          ? `address refused: ${err.reason}`
          : err instanceof DeliveryError
            ? err.message
            : describeError(err);
      await this.recordFailure(row, null, message);
    }
    return 'failed';
  }

  private async recordFailure(row: Row, status: number | null, message: string): Promise<void> {
    const attempts = row.attempts + 1;
    const now = this.o.now();
    const gone = status === 410;
    const last = attempts >= MAX_ATTEMPTS;
    const delay = RETRY_DELAYS_MS[Math.min(attempts, RETRY_DELAYS_MS.length) - 1]!;
    await this.o.db.transaction(async (tx) => {
      const [mine] = await tx
        .update(outbox)
        .set({
          attempts,
          lastStatus: status,
          lastError: message.slice(0, 500),
          // A paused subscription's row is due the moment it resumes.
          nextAttemptAt: gone || last ? now : new Date(now.getTime() + delay),
          lockedUntil: null,
          lockedBy: null,
        })
        // Only while the row is still ours: a worker that lost its lease must not undo another's success.
        .where(and(eq(outbox.id, row.id), eq(outbox.lockedBy, this.id), isNull(outbox.sentAt)))
        .returning({ id: outbox.id });
      if (mine && (gone || last)) await pauseWebhook(tx, row.webhookId!, gone ? 'gone' : 'failing');
    });
    this.o.log?.error(
      `webhook delivery ${row.id} (${(row.payload as unknown as WebhookPayload).event.type}) failed, attempt ${attempts}: ${message}`,
    );
  }
}
