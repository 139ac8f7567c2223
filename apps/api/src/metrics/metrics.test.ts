import { describe, expect, it } from 'vitest';
import { outbox } from '../db/schema/index.js';
import { freshClientAddress, testDatabases, useTestApp } from '../test/index.js';
import { parseMetrics, type ParsedSample } from '../test/prometheus.js';
import { ITEMS, PERSON, someSlots } from '../features/booking/test-support/helpers.js';
import { BOOKING_EVENTS } from './metrics.js';

const TOKEN = 'metrics-token-0123456789abcdef';

/** GET /api/metrics (DESIGN §5 *Operations*, issue 40 item 3). */
describe.each(testDatabases)('metrics (%s)', (kind) => {
  const t = useTestApp(kind, { sessions: ['admin', 'user'], env: { METRICS_TOKEN: TOKEN }, routes: true });
  const scrape = async () => {
    const res = await t.call('GET', '/api/metrics', null, undefined, { authorization: `Bearer ${TOKEN}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return { text: res.body, samples: parseMetrics(res.body) };
  };
  const value = (samples: ParsedSample[], name: string, labels: Record<string, string> = {}) =>
    samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
      ?.value;

  it('answers 404 without the token, with a wrong one, and with a sign-in token', async () => {
    expect((await t.call('GET', '/api/metrics')).statusCode).toBe(404);
    const wrong = await t.call('GET', '/api/metrics', null, undefined, { authorization: `Bearer ${TOKEN}x` });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toMatchObject({ code: 'not_found' });
    expect((await t.call('GET', '/api/metrics', t.admin)).statusCode).toBe(404);
  });

  it('counts a booking by route pattern, with no id, token, e-mail or name in any label', async () => {
    const { slots } = await someSlots(t.app, 3);
    const held = await t.app.inject({
      method: 'POST',
      url: '/api/appointment/make-reservation',
      payload: { appointmentItems: ITEMS, fromDateTime: slots[0]!.beginTime },
      remoteAddress: freshClientAddress(),
    });
    expect(held.statusCode).toBe(201);
    const email = 'metrics.visitor@example.org';
    const made = await t.call('POST', '/api/appointment', null, {
      reservationId: held.json<{ id: string }>().id,
      ...PERSON,
      lastName: 'Verhoevenstraat',
      email,
    });
    expect(made.statusCode).toBe(201);
    const { id, token } = made.json<{ id: number; token: string }>();
    expect((await t.call('GET', `/api/appointment/by-token/${token}`)).statusCode).toBe(200);
    expect((await t.call('GET', `/api/appointment/by-token/${token}/cancel`)).statusCode).toBe(200);
    expect((await t.call('GET', `/api/appointment/${id}`, t.admin)).statusCode).toBe(200);

    const { text, samples } = await scrape();
    const count = (route: string, method = 'GET') =>
      value(samples, 'balie_http_request_duration_seconds_count', { method, route });
    expect(count('/api/appointment/by-token/:token')).toBeGreaterThanOrEqual(1);
    expect(count('/api/appointment/by-token/:token/cancel')).toBeGreaterThanOrEqual(1);
    expect(count('/api/appointment/:id')).toBeGreaterThanOrEqual(1);
    expect(value(samples, 'balie_bookings_total', { event: 'hold' })).toBeGreaterThanOrEqual(1);
    expect(value(samples, 'balie_bookings_total', { event: 'appointment' })).toBeGreaterThanOrEqual(1);
    expect(value(samples, 'balie_bookings_total', { event: 'cancellation' })).toBeGreaterThanOrEqual(1);
    expect(value(samples, 'balie_bookings_total', { event: 'no_show' })).toBe(0);

    // Nothing of the visitor anywhere in the document, and no label value that is or holds an id.
    for (const secret of [token, email, 'Verhoevenstraat', held.json<{ id: string }>().id])
      expect(text).not.toContain(secret);
    const numeric = new Set(['le', 'quantile', 'status_code']);
    const bad = samples.flatMap((s) =>
      Object.entries(s.labels)
        .filter(([k]) => !(s.name === 'nodejs_version_info' && ['major', 'minor', 'patch'].includes(k)))
        .filter(([k, v]) => !numeric.has(k) && (/(^|\/)\d+($|\/)/.test(v) || /@/.test(v)))
        .map(([k, v]) => `${s.name}{${k}="${v}"}`),
    );
    expect(bad, bad.join(', ')).toEqual([]);
  });

  it('shows the outbox per kind as the table holds it, the queues per location, and the process', async () => {
    await t.database.db.insert(outbox).values([
      { kind: 'webhook_delivery', payload: {}, attempts: 2, lastError: 'timeout' },
      { kind: 'webhook_delivery', payload: {}, attempts: 0 },
    ]);
    const { samples } = await scrape();
    expect(value(samples, 'balie_outbox_backlog', { kind: 'webhook_delivery' })).toBe(2);
    expect(value(samples, 'balie_outbox_failing', { kind: 'webhook_delivery' })).toBe(1);
    // The confirmation mail of the booking above waits too (no mail worker in a test app).
    expect(
      samples.some((s) => s.name === 'balie_outbox_backlog' && s.labels.kind !== 'webhook_delivery'),
    ).toBe(true);
    const queues = samples.filter((s) => s.name === 'balie_queue_waiting');
    expect(queues.map((s) => s.labels.location).sort()).toEqual(['Stadhuis', 'Stadswinkel Noord']);
    expect(value(samples, 'balie_database_up')).toBe(1);
    expect(value(samples, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(value(samples, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    if (kind === 'postgres')
      expect(value(samples, 'balie_db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
    else {
      expect(samples.some((s) => s.name === 'balie_db_pool_connections')).toBe(false);
      // No backup yet: infinitely old, so that the alert on the age fires for it too.
      expect(value(samples, 'balie_backup_last_age_seconds')).toBe(Infinity);
      expect((await t.call('POST', '/api/backups', t.admin)).statusCode).toBe(201);
      expect(value((await scrape()).samples, 'balie_backup_last_age_seconds')).toBeGreaterThanOrEqual(0);
    }
  }, 60_000);

  it('counts booking events only on routes that exist', () => {
    const registered = new Set(t.routes.map((r) => r.key));
    expect(Object.keys(BOOKING_EVENTS).filter((key) => !registered.has(key))).toEqual([]);
  });
});
