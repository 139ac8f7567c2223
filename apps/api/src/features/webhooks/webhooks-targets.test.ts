import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outbox } from '../../db/schema/index.js';
import { testDatabases, useTestApp } from '../../test/index.js';
import type { Resolve } from './target.js';
import { WebhookWorker } from './worker.js';

/**
 * Subscribing and delivering without WEBHOOK_ALLOW_PRIVATE: every refused address class is refused at
 * both moments, and nothing is sent anywhere (names resolve from a table here, never over the network).
 */
describe.each(testDatabases)('webhook targets through the API on %s', (kind) => {
  const t = useTestApp(kind, { sessions: ['admin'] });
  let dns: Record<string, string[]> = {};
  const resolve: Resolve = async (host) => {
    const found = dns[host];
    if (!found) throw new Error(`ENOTFOUND ${host}`);
    return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  const subscribe = (url: string) => {
    t.app.webhookNet.resolve = resolve;
    return t.call('POST', '/api/webhooks', t.admin, { url, events: ['nl.balie.appointment.booked'] });
  };

  it.each([
    ['http://hooks.example.nl/in', 'not_https'],
    ['https://127.0.0.1/in', 'loopback'],
    ['https://localhost.example.nl/in', 'loopback'],
    ['https://[::1]/in', 'loopback'],
    ['https://10.0.0.1/in', 'private'],
    ['https://192.168.178.1/in', 'private'],
    ['https://[fd00::1]/in', 'private'],
    ['https://169.254.10.10/in', 'link_local'],
    ['https://169.254.169.254/latest/meta-data/', 'metadata'],
    ['https://0.0.0.0/in', 'reserved'],
    ['https://nowhere.example.nl/in', 'unresolvable'],
  ])('refuses %s (%s) when subscribing', async (url, reason) => {
    dns = { 'hooks.example.nl': ['93.184.215.14'], 'localhost.example.nl': ['127.0.0.1'] };
    const res = await subscribe(url);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'validation_failed',
      errors: [{ property: 'url', message: reason }],
    });
  });

  it('checks again before every delivery: a name that now points inside is refused and nothing is sent', async () => {
    dns = { 'hooks.example.nl': ['93.184.215.14'] };
    const res = await subscribe('https://hooks.example.nl/in');
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json();
    expect((await t.call('POST', `/api/webhook/${id}/test`, t.admin)).statusCode).toBe(202);
    // DNS changed after subscribing (rebinding): the worker resolves again and refuses before connecting.
    dns = { 'hooks.example.nl': ['127.0.0.1'] };
    const worker = new WebhookWorker({ db: t.database.db, config: t.config, resolve });
    expect(await worker.runOnce()).toEqual({ delivered: 0, failed: 1 });
    const [row] = await t.database.db.select().from(outbox).where(eq(outbox.webhookId, id));
    expect(row).toMatchObject({
      attempts: 1,
      lastStatus: null,
      lastError: 'address refused: loopback',
      sentAt: null,
    });
  });
});
