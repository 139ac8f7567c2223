import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookWithSecret } from '@balie/shared';
import { appointments, outbox, webhooks } from '../../db/schema/index.js';
import { useTestApp } from '../../test/index.js';
import { insertAppointment } from '../appointments/test-support.js';
import { emitAppointmentEvent } from './events.js';
import { startReceiver, verify, type Receiver } from './test-support/receiver.js';
import { WebhookWorker } from './worker.js';

const WORKER = fileURLToPath(new URL('./test-support/worker-process.ts', import.meta.url));
const TSX = fileURLToPath(new URL('../../../../../node_modules/.bin/tsx', import.meta.url));
const LEASE_MS = 30_000;

/**
 * Nothing committed is lost, on PostgreSQL with real processes (DESIGN §4c): a worker killed between
 * sending and recording leaves its lease, which runs out, and another delivers the event again with the
 * same webhook-id; two workers at once deliver every event once.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('webhook delivery across processes on PostgreSQL', () => {
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(() => receiver.close());
  const t = useTestApp('postgres', { sessions: ['admin'], env: { WEBHOOK_ALLOW_PRIVATE: '1' } });

  async function subscribe(): Promise<WebhookWithSecret> {
    // One subscription at a time in this file.
    await t.database.db.delete(webhooks).where(eq(webhooks.active, true));
    const res = await t.call('POST', '/api/webhooks', t.admin, {
      url: receiver.url,
      events: ['nl.balie.appointment.cancelled'],
    });
    expect(res.statusCode, res.body).toBe(201);
    receiver.clear();
    return res.json();
  }
  let minutes = 0;
  /** A committed change with its event, as the services write them: one transaction. */
  async function cancelledAppointment(): Promise<number> {
    const row = await insertAppointment(
      t.database.db,
      new Date(Date.UTC(2031, 0, 6, 8, 0) + minutes++ * 15 * 60_000),
    );
    await t.database.db.transaction(async (tx) => {
      await tx.update(appointments).set({ status: 'cancelled' }).where(eq(appointments.id, row.id));
      await emitAppointmentEvent(tx, t.config, 'nl.balie.appointment.cancelled', row.id);
    });
    return row.id;
  }

  it('delivers a committed event after the worker that was sending it is killed', async () => {
    const hook = await subscribe();
    receiver.answerWith((r) => (receiver.received.indexOf(r) === 0 ? 'hang' : 200));
    const id = await cancelledAppointment();
    const child = spawn(TSX, ['--conditions=source', WORKER], {
      env: {
        ...process.env,
        DATABASE_URL: t.database.url!,
        JWT_SECRET: t.config.secret,
        DATA_DIR: t.config.dataDir,
        WEBHOOK_ALLOW_PRIVATE: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    // The worker sends; the receiver holds the request open; the process dies before any answer.
    await receiver.waitFor(1);
    child.kill('SIGKILL');
    await exited;
    const [leased] = await t.database.db.select().from(outbox).where(eq(outbox.webhookId, hook.id));
    expect(leased).toMatchObject({ sentAt: null, lockedBy: expect.stringContaining(':webhooks') });
    expect(leased!.lockedUntil!.getTime()).toBeGreaterThan(Date.now());

    // While the dead worker's lease lasts, nobody else sends it; once it ran out, another worker does.
    expect(await new WebhookWorker({ db: t.database.db, config: t.config }).runOnce()).toEqual({
      delivered: 0,
      failed: 0,
    });
    const later = new WebhookWorker({
      db: t.database.db,
      config: t.config,
      now: () => new Date(Date.now() + LEASE_MS + 1_000),
    });
    expect(await later.runOnce()).toEqual({ delivered: 1, failed: 0 });
    expect(receiver.received).toHaveLength(2);
    const [first, second] = receiver.received;
    expect(second!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
    expect(second!.event.subject).toBe(String(id));
    expect(() => verify(hook.secret, second!)).not.toThrow();
  }, 120_000);

  it('has two workers deliver each of many events once', async () => {
    const hook = await subscribe();
    receiver.answerWith(() => 200);
    const ids: number[] = [];
    for (let i = 0; i < 30; i++) ids.push(await cancelledAppointment());
    const workers = [0, 1].map(
      () => new WebhookWorker({ db: t.database.db, config: t.config, batchSize: 5, concurrency: 2 }),
    );
    for (let round = 0; round < 20 && receiver.received.length < ids.length; round++)
      await Promise.all(workers.map((w) => w.runOnce()));
    const seen = receiver.received.map((r) => r.headers['webhook-id']);
    expect(seen).toHaveLength(ids.length);
    expect(new Set(seen).size).toBe(ids.length);
    expect(receiver.received.map((r) => Number(r.event.subject)).sort((a, b) => a - b)).toEqual(ids);
    for (const r of receiver.received) expect(() => verify(hook.secret, r)).not.toThrow();
  });
});
