import { and, eq, isNotNull, ne } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { WEBHOOK_EVENT_TYPES, type WebhookWithSecret } from '@balie/shared';
import { appointments, auditEvents, outbox, webhooks } from '../../db/schema/index.js';
import { testDatabases, useTestApp } from '../../test/index.js';
import { confirm, holdOk, PERSON, slotsOn } from '../booking/test-support/helpers.js';
import { newCheckInCode } from '../appointments/check-in-code.js';
import { insertAppointment } from '../appointments/test-support.js';
import { emitAppointmentEvent } from './events.js';
import { WEBHOOK_PAUSED_MAIL } from './mail.js';
import { startReceiver, verify, type Receiver } from './test-support/receiver.js';
import { MAX_ATTEMPTS, RETRY_DELAYS_MS, WebhookWorker } from './worker.js';

/** Tuesday 12 March 2030, 10:00 in Amsterdam: the demo desks are open until 12:30. */
const NOW = new Date('2030-03-12T09:00:00Z');
const TODAY = '2030-03-12';
const MINUTE = 60_000;

describe.each(testDatabases)('webhooks on %s', (kind) => {
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(() => receiver.close());
  const t = useTestApp(kind, {
    now: NOW,
    sessions: ['admin', 'user'],
    env: { WEBHOOK_ALLOW_PRIVATE: '1', PUBLIC_URL: 'https://balie.example.nl' },
  });
  // Tests that move the clock a day on put it back: the sessions' access tokens live 15 minutes.
  afterEach(() => {
    vi.setSystemTime(NOW);
  });
  const worker = () => new WebhookWorker({ db: t.database.db, config: t.config, timeoutMs: 2_000 });

  async function subscribe(
    events: readonly string[] = WEBHOOK_EVENT_TYPES,
    url = receiver.url,
  ): Promise<WebhookWithSecret> {
    const res = await t.call('POST', '/api/webhooks', t.admin, { url, events, description: 'CRM' });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }
  /** Pauses every other subscription, so a test sees only its own deliveries. */
  async function only(hook: WebhookWithSecret) {
    await t.database.db
      .update(webhooks)
      .set({ active: false, pausedReason: 'admin' })
      .where(ne(webhooks.id, hook.id));
    await t.database.db
      .update(webhooks)
      .set({ active: true, pausedReason: null })
      .where(eq(webhooks.id, hook.id));
    receiver.clear();
    receiver.answerWith(() => 200);
  }
  let slot = 0;
  async function bookToday() {
    const slots = await slotsOn(t.app, TODAY);
    const r = await holdOk(t.app, slots[slot++]!.beginTime);
    const res = await confirm(t.app, r.id);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: number; token: string; checkInCode: string; desk: { id: number } }>();
  }
  /** Runs passes until nothing more goes out (each pass delivers one event per appointment). */
  async function drain(w = worker()) {
    for (let i = 0; i < 20; i++) if ((await w.runOnce()).delivered === 0) return;
  }
  const deliveriesOf = (id: number) => t.call('GET', `/api/webhook/${id}/deliveries`, t.admin);

  it('lets only admins subscribe; shows the secret once; audits', async () => {
    const body = { url: receiver.url, events: ['nl.balie.appointment.booked'] };
    expect((await t.call('POST', '/api/webhooks', t.user, body)).statusCode).toBe(403);
    expect((await t.call('POST', '/api/webhooks', undefined, body)).statusCode).toBe(401);
    const hook = await subscribe(['nl.balie.appointment.booked']);
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(hook).toMatchObject({ active: true, pausedReason: null, description: 'CRM' });
    const listed = (await t.call('GET', '/api/webhooks', t.admin)).json();
    expect(listed.find((h: { id: number }) => h.id === hook.id)).not.toHaveProperty('secret');
    expect(JSON.stringify(listed)).not.toContain(hook.secret);
    const bad = await t.call('POST', '/api/webhooks', t.admin, {
      url: receiver.url,
      events: ['nl.balie.other'],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].property).toBe('events.0');
    const [audited] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'webhook_created'), eq(auditEvents.subjectId, String(hook.id))));
    expect(audited?.details).toMatchObject({ changes: { url: { after: receiver.url } } });
    expect(JSON.stringify(audited)).not.toContain(hook.secret.slice(6));
  });

  it('delivers a booking as a signed structured CloudEvent that the reference library verifies', async () => {
    const hook = await subscribe();
    await only(hook);
    const booked = await bookToday();
    await drain();
    expect(receiver.received).toHaveLength(1);
    const [r] = receiver.received;
    expect(r!.headers['content-type']).toBe('application/cloudevents+json; charset=utf-8');
    expect(verify(hook.secret, r!)).toEqual(r!.event);
    expect(r!.headers['webhook-id']).toBe(r!.event.id);
    expect(r!.event).toEqual({
      specversion: '1.0',
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      source: 'https://balie.example.nl',
      type: 'nl.balie.appointment.booked',
      time: NOW.toISOString(),
      subject: String(booked.id),
      datacontenttype: 'application/json',
      dataref: `https://balie.example.nl/api/appointment/${booked.id}`,
      data: {
        appointmentId: booked.id,
        status: 'confirmed',
        fromDateTime: expect.any(String),
        untilDateTime: expect.any(String),
        location: { id: expect.any(Number), name: expect.any(String) },
        desk: { id: booked.desk.id, name: expect.any(String) },
        items: [{ productId: 1, amount: 1 }],
      },
    });
    // A forged or altered body is refused by the receiver's check.
    expect(() => verify(hook.secret, { ...r!, body: r!.body.replace('confirmed', 'cancelled') })).toThrow();
    const log = (await deliveriesOf(hook.id)).json();
    expect(log).toEqual([
      expect.objectContaining({
        eventId: r!.event.id,
        type: 'nl.balie.appointment.booked',
        attempts: 1,
        lastStatus: 200,
        nextAttemptAt: null,
      }),
    ]);
  });

  it('names the organisation by its OIN when it has one', async () => {
    const hook = await subscribe(['nl.balie.appointment.booked']);
    await only(hook);
    const oin = '00000001234567890000';
    expect((await t.call('PATCH', '/api/organisation', t.admin, { oin })).statusCode).toBe(200);
    expect((await t.call('PATCH', '/api/organisation', t.admin, { oin: '123' })).json().errors[0]).toEqual({
      property: 'oin',
      message: 'invalid_oin',
    });
    await bookToday();
    await drain();
    expect(receiver.received[0]!.event.source).toBe(`urn:nld:oin:${oin}:systeem:balie`);
    await t.call('PATCH', '/api/organisation', t.admin, { oin: '' });
  });

  it('sends every transition from every path, in order, and nothing personal anywhere', async () => {
    const hook = await subscribe();
    await only(hook);
    // Booked, changed (by an admin), checked in, called and served at the queue.
    const a = await bookToday();
    expect(
      (await t.call('PATCH', `/api/appointment/${a.id}`, t.admin, { lastName: 'Anders' })).statusCode,
    ).toBe(200);
    expect((await t.call('GET', `/api/appointment/${a.id}/check-in`, t.admin)).statusCode).toBe(200);
    const called = await t.call('POST', '/api/queue/call', t.admin, {
      deskId: a.desk.id,
      appointmentId: a.id,
    });
    expect(called.statusCode, called.body).toBe(200);
    const entryId = called.json().id as number;
    expect((await t.call('POST', `/api/queue/${entryId}/served`, t.admin)).statusCode).toBe(200);
    // Cancelled by the visitor's link.
    const b = await bookToday();
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/appointment/by-token/${b.token}/cancel` })).statusCode,
    ).toBe(200);
    // A no-show marked by staff once it started.
    const started = await insertAppointment(t.database.db, new Date(NOW.getTime() - 5 * MINUTE), {
      deskId: 2,
      checkInCode: newCheckInCode(),
    });
    expect(
      (await t.call('PATCH', `/api/appointment/${started.id}`, t.admin, { newStatus: 'no_show' })).statusCode,
    ).toBe(200);
    // Cancelled by an erasure on request.
    const c = await bookToday();
    const erase = await t.call('POST', '/api/privacy/erase', t.admin, { email: PERSON.email });
    expect(erase.statusCode, erase.body).toBe(200);

    await drain();
    const seen = receiver.received.map((r) => [r.event.subject, r.event.type]);
    const of = (id: number) => seen.filter(([s]) => s === String(id)).map(([, type]) => type);
    expect(of(a.id)).toEqual([
      'nl.balie.appointment.booked',
      'nl.balie.appointment.changed',
      'nl.balie.appointment.checked-in',
      'nl.balie.queue.called',
      'nl.balie.queue.served',
    ]);
    expect(of(b.id)).toEqual(['nl.balie.appointment.booked', 'nl.balie.appointment.cancelled']);
    expect(of(started.id)).toEqual(['nl.balie.appointment.no-show']);
    expect(of(c.id)).toEqual(['nl.balie.appointment.booked', 'nl.balie.appointment.cancelled']);
    for (const r of receiver.received) expect(() => verify(hook.secret, r)).not.toThrow();
    const queueEvent = receiver.received.find((r) => r.event.type === 'nl.balie.queue.called')!;
    expect(queueEvent.event.data).toEqual({
      entryId,
      ticket: null,
      appointmentId: a.id,
      locationId: expect.any(Number),
      deskId: a.desk.id,
    });

    // No value that names or reaches a visitor: not in a delivered body, not in the outbox, not in the log.
    const personal = [
      PERSON.lastName,
      'Anders',
      PERSON.email,
      PERSON.phone,
      PERSON.initials,
      'Direct',
      'direct@example.org',
      a.token,
      b.token,
      c.token,
      a.checkInCode,
      a.checkInCode.slice(0, 4),
      b.checkInCode,
      started.checkInCode!,
    ];
    const rows = await t.database.db.select().from(outbox).where(eq(outbox.kind, 'webhook'));
    const log = (await deliveriesOf(hook.id)).json();
    const everything = [
      ...receiver.received.map((r) => r.body + JSON.stringify(r.headers)),
      ...rows.map((r) => JSON.stringify(r)),
      JSON.stringify(log),
    ];
    expect(log.length).toBe(receiver.received.length);
    for (const value of personal)
      for (const text of everything) expect(text.toLowerCase()).not.toContain(value.toLowerCase());
  });

  it('sends the cancellation of a schedule change that no desk can take', async () => {
    const hook = await subscribe(['nl.balie.appointment.cancelled']);
    await only(hook);
    // Next Tuesday 10:00, then the whole office closes that day: nobody can take it, so it is cancelled.
    const row = await insertAppointment(t.database.db, new Date('2030-03-19T09:00:00Z'), {
      deskId: 1,
      checkInCode: newCheckInCode(),
    });
    const closed = await t.call('POST', '/api/closures', t.admin, {
      date: '2030-03-19',
      type: 'whole_day',
      reason: 'Verbouwing',
      affectedAppointments: 'reassign',
    });
    expect(closed.statusCode, closed.body).toBe(201);
    await drain();
    expect(
      receiver.received.map((r) => [
        r.event.subject,
        r.event.type,
        (r.event.data as { status: string }).status,
      ]),
    ).toEqual([[String(row.id), 'nl.balie.appointment.cancelled', 'cancelled']]);
  });

  it('retries with the same webhook-id and a fresh signature, on the schedule, then delivers', async () => {
    const hook = await subscribe(['nl.balie.appointment.booked']);
    await only(hook);
    const answers = [500, 503];
    receiver.answerWith(() => answers.shift() ?? 204);
    await bookToday();
    const w = worker();
    expect(await w.runOnce()).toEqual({ delivered: 0, failed: 1 });
    let [row] = await t.database.db.select().from(outbox).where(eq(outbox.webhookId, hook.id));
    expect(row).toMatchObject({ attempts: 1, lastStatus: 500, sentAt: null });
    expect(row!.nextAttemptAt.getTime()).toBe(Date.now() + RETRY_DELAYS_MS[0]!);
    // Not due before its time.
    expect(await w.runOnce()).toEqual({ delivered: 0, failed: 0 });
    vi.setSystemTime(Date.now() + 5_000);
    expect(await w.runOnce()).toEqual({ delivered: 0, failed: 1 });
    [row] = await t.database.db.select().from(outbox).where(eq(outbox.webhookId, hook.id));
    expect(row!.nextAttemptAt.getTime()).toBe(Date.now() + 30_000);
    vi.setSystemTime(Date.now() + 30_000);
    expect(await w.runOnce()).toEqual({ delivered: 1, failed: 0 });
    const ids = new Set(receiver.received.map((r) => r.headers['webhook-id']));
    expect(ids.size).toBe(1);
    const signatures = new Set(receiver.received.map((r) => r.headers['webhook-signature']));
    expect(signatures.size).toBe(3);
    expect(() => verify(hook.secret, receiver.received[2]!)).not.toThrow();
    expect((await deliveriesOf(hook.id)).json()[0]).toMatchObject({ attempts: 3, lastStatus: 204 });
  });

  it('keeps the events of one appointment in order behind a failing one', async () => {
    const hook = await subscribe(['nl.balie.appointment.booked', 'nl.balie.appointment.cancelled']);
    await only(hook);
    receiver.answerWith((r) =>
      r.event.type === 'nl.balie.appointment.booked' && receiver.received.length === 1 ? 500 : 200,
    );
    const a = await bookToday();
    const other = await bookToday();
    expect((await t.call('GET', `/api/appointment/${a.id}/cancel`, t.admin)).statusCode).toBe(200);
    const w = worker();
    await w.runOnce();
    // The other appointment's booking went; a's cancellation waits behind a's failed booking.
    expect(receiver.received.map((r) => [r.event.subject, r.event.type])).toEqual([
      [String(a.id), 'nl.balie.appointment.booked'],
      [String(other.id), 'nl.balie.appointment.booked'],
    ]);
    await w.runOnce();
    expect(receiver.received).toHaveLength(2);
    vi.setSystemTime(Date.now() + 5_000);
    await drain(w);
    expect(receiver.received.slice(2).map((r) => r.event.type)).toEqual([
      'nl.balie.appointment.booked',
      'nl.balie.appointment.cancelled',
    ]);
  });

  it('pauses on 410 Gone and after 24 hours of failures, mails the admins, and resumes in order', async () => {
    const hook = await subscribe(['nl.balie.appointment.booked']);
    await only(hook);
    receiver.answerWith(() => 410);
    await bookToday();
    await worker().runOnce();
    let listed = (await t.call('GET', '/api/webhooks', t.admin))
      .json()
      .find((h: { id: number }) => h.id === hook.id);
    expect(listed).toMatchObject({ active: false, pausedReason: 'gone' });
    const mails = await t.database.db.select().from(outbox).where(eq(outbox.kind, WEBHOOK_PAUSED_MAIL));
    expect(mails.filter((m) => m.payload.webhookId === hook.id).length).toBeGreaterThan(0);
    // Paused: nothing goes, not even when due.
    receiver.clear();
    await worker().runOnce();
    expect(receiver.received).toHaveLength(0);

    // Resumed: the waiting event goes; the receiver now fails every attempt for a day.
    receiver.answerWith(() => 500);
    expect(
      (await t.call('PATCH', `/api/webhook/${hook.id}`, t.admin, { active: true })).json(),
    ).toMatchObject({
      active: true,
      pausedReason: null,
    });
    const w = worker();
    const start = Date.now();
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      expect(await w.runOnce()).toEqual({ delivered: 0, failed: 1 });
      if (attempt < MAX_ATTEMPTS) vi.setSystemTime(Date.now() + RETRY_DELAYS_MS[attempt - 1]!);
    }
    expect(receiver.received).toHaveLength(MAX_ATTEMPTS);
    // 5 s + 30 s + 2 min + 10 min + 30 min, then 24 hourly retries.
    expect(Date.now() - start).toBe(42 * MINUTE + 35_000 + 24 * 60 * MINUTE);
    expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(1);
    vi.setSystemTime(NOW);
    listed = (await t.call('GET', '/api/webhooks', t.admin))
      .json()
      .find((h: { id: number }) => h.id === hook.id);
    expect(listed).toMatchObject({ active: false, pausedReason: 'failing' });
    const paused = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'webhook_paused'), eq(auditEvents.subjectId, String(hook.id))));
    expect(paused.map((e) => e.details?.cause)).toEqual(['gone', 'failing']);
    vi.setSystemTime(NOW);
  });

  it('signs with the old secret too for 24 hours after a renewal', async () => {
    const hook = await subscribe(['nl.balie.appointment.booked']);
    await only(hook);
    const renewed = await t.call('POST', `/api/webhook/${hook.id}/secret`, t.admin);
    expect(renewed.statusCode).toBe(200);
    const { secret } = renewed.json<WebhookWithSecret>();
    expect(secret).not.toBe(hook.secret);
    await bookToday();
    await drain();
    const [r] = receiver.received;
    expect(String(r!.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(() => verify(secret, r!)).not.toThrow();
    expect(() => verify(hook.secret, r!)).not.toThrow();
    receiver.clear();
    await t.call('POST', `/api/webhook/${hook.id}/test`, t.admin);
    vi.setSystemTime(Date.now() + 24 * 60 * MINUTE + 1000);
    await drain();
    const last = receiver.received.at(-1)!;
    expect(String(last.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(() => verify(hook.secret, last)).toThrow();
    vi.setSystemTime(NOW);
  });

  it('sends a test event, does not follow redirects, gives up on a silent receiver, and deletes', async () => {
    const hook = await subscribe(['nl.balie.queue.served']);
    await only(hook);
    const test = await t.call('POST', `/api/webhook/${hook.id}/test`, t.admin);
    expect(test.statusCode).toBe(202);
    receiver.answerWith((_r, res) => {
      res.writeHead(302, { location: `http://127.0.0.1:${receiver.port}/elsewhere` }).end();
      return 302;
    });
    await worker().runOnce();
    expect(receiver.received.map((r) => r.path)).toEqual(['/hook']);
    expect(receiver.received[0]!.event).toMatchObject({
      type: 'nl.balie.webhook.test',
      id: test.json().eventId,
    });
    expect((await deliveriesOf(hook.id)).json()[0]).toMatchObject({ lastStatus: 302, attempts: 1 });

    receiver.answerWith(() => 'hang');
    vi.setSystemTime(Date.now() + 5_000);
    const slow = new WebhookWorker({ db: t.database.db, config: t.config, timeoutMs: 200 });
    expect(await slow.runOnce()).toEqual({ delivered: 0, failed: 1 });
    expect((await deliveriesOf(hook.id)).json()[0]).toMatchObject({
      lastStatus: null,
      lastError: 'timeout after 200 ms',
      attempts: 2,
    });
    vi.setSystemTime(NOW);

    expect((await t.call('DELETE', `/api/webhook/${hook.id}`, t.admin)).statusCode).toBe(204);
    expect((await deliveriesOf(hook.id)).statusCode).toBe(404);
    expect(await t.database.db.select().from(outbox).where(eq(outbox.webhookId, hook.id))).toEqual([]);
    const actions = await t.database.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectType, 'webhook'), eq(auditEvents.subjectId, String(hook.id))));
    expect(actions.map((a) => a.action)).toEqual(['webhook_created', 'webhook_tested', 'webhook_deleted']);
  });

  it('writes no event for a change that rolls back', async () => {
    const hook = await subscribe(['nl.balie.appointment.cancelled']);
    await only(hook);
    const a = await bookToday();
    const before = await t.database.db.select().from(outbox).where(eq(outbox.webhookId, hook.id));
    await expect(
      t.database.db.transaction(async (tx) => {
        await tx.update(appointments).set({ status: 'cancelled' }).where(eq(appointments.id, a.id));
        await emitAppointmentEvent(tx, t.config, 'nl.balie.appointment.cancelled', a.id);
        throw new Error('the change fails after its event was written');
      }),
    ).rejects.toThrow('the change fails');
    expect(await t.database.db.select().from(outbox).where(eq(outbox.webhookId, hook.id))).toEqual(before);
    const delivered = await t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.webhookId, hook.id), isNotNull(outbox.sentAt)));
    expect(delivered).toEqual([]);
  });
});
