import { describe, expect, it } from 'vitest';
import { MAX_ID } from '@balie/shared';
import { createMailTransport } from '../mail/transport.js';
import { MailWorker } from '../mail/worker.js';
import { freshClientAddress, secretsIn, sessionOf, testDatabases, useTestApp } from '../test/index.js';
import { someSlots } from '../features/booking/test-support/helpers.js';
import { bookFor, needlesOf, visitor } from '../features/privacy/test-support.js';
import { truncateIp } from './redact.js';

/**
 * DESIGN §4b: no personal data in the server log at any level. The log is taken at trace level while a
 * visitor books, changes, is searched for, exported and erased, and while every route the app registers
 * is called with the visitor's name, address and phone in its path, query and body; then the log is
 * searched for them.
 */
describe.each(testDatabases)('no personal data in the server log (%s)', (kind) => {
  const t = useTestApp(kind, { sessions: ['admin'], captureLog: 'trace', routes: true });

  it('logs nothing of a visitor after a run of every route', { timeout: 120_000 }, async () => {
    const v = visitor('Logged');
    const address = freshClientAddress();
    const send = (method: string, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: method as 'GET',
        url,
        headers,
        remoteAddress: address,
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
    const admin = t.admin.headers;

    // The visitor's own flows: an account, a profile, a reset link, a booking, changes, their link.
    const reg = await send('POST', '/api/register', {
      email: v.email,
      password: 'Secret123!',
      firstName: 'Quirijn',
      lastName: v.lastName,
    });
    expect(reg.statusCode, reg.body).toBe(201);
    const account = sessionOf(reg.json());
    await send('PATCH', `/api/user/${account.userId}`, { phone: v.phone }, account.headers);
    await send('POST', '/api/login', { username: v.email, password: 'Wrong123!' });
    await send('POST', '/api/forgotpassword', { email: v.email });
    const { date } = await someSlots(t.app, 2);
    const booked = await bookFor(t.app, date, 0, v);
    await send('PATCH', `/api/appointment/${booked.id}`, { token: booked.token, phone: v.phone });
    await send('GET', `/api/appointment/by-token/${booked.token}`);
    // Staff looking for them, and the exports of the day.
    const filter = encodeURIComponent(JSON.stringify({ search: v.lastName }));
    await send('GET', `/api/appointments_paginated?page=1&pageSize=10&filter=${filter}`, undefined, admin);
    await send('GET', `/api/users?search=${encodeURIComponent(v.email)}`, undefined, admin);
    await send('GET', `/api/audit-events?actor=${encodeURIComponent(v.lastName)}`, undefined, admin);
    await send('GET', '/api/appointments/today/csv', undefined, admin);
    await send('GET', '/api/appointments/today/pdf', undefined, admin);
    // The mails go out, as the server's worker sends them, logging to the server log.
    const log = { info: (m: string) => t.app.log.info(m), error: (m: string) => t.app.log.error(m) };
    const worker = new MailWorker({
      db: t.database.db,
      config: t.config,
      transport: createMailTransport(t.config, log.info),
      log,
    });
    expect((await worker.runOnce()).sent).toBeGreaterThan(0);
    // Access and erasure on request.
    expect(
      (await send('GET', `/api/privacy/export?email=${encodeURIComponent(v.email)}`, undefined, admin))
        .statusCode,
    ).toBe(200);
    expect((await send('POST', '/api/privacy/erase', { email: v.email }, admin)).statusCode).toBe(200);

    // Then every route, as a guest and as an admin, with the visitor's values wherever they may go.
    const query = new URLSearchParams({
      email: v.email,
      search: v.lastName,
      actor: v.phone,
      filter: JSON.stringify({ search: v.email }),
    });
    const body = {
      email: v.email,
      username: v.email,
      lastName: v.lastName,
      phone: v.phone,
      initials: v.initials,
    };
    for (const route of t.routes) {
      const path = route.url.replace(/:(\w+)/g, (_m, name: string) =>
        /id$/i.test(name) ? String(MAX_ID) : encodeURIComponent(v.email),
      );
      for (const headers of [{}, admin]) {
        const res = await send(
          route.method,
          `${path}?${query}`,
          ['POST', 'PATCH', 'PUT'].includes(route.method) ? body : undefined,
          headers,
        );
        expect(res.statusCode, `${route.key}: ${res.body}`).toBeLessThan(500);
      }
    }

    // Every level was written: the lowest is on.
    expect(t.app.log.level).toBe('trace');
    expect(secretsIn(t.log, [...needlesOf(v), 'Quirijn'])).toEqual([]);
    expect(t.log).toContain('/api/privacy/export?email=[redacted]');
    expect(t.log).toContain('filter=[redacted]');
    // Client addresses only as their network.
    expect(t.log).not.toContain(address);
    expect(t.log).toContain(truncateIp(address));
  });

  it('keeps a client address to its network', () => {
    expect(truncateIp('203.0.113.77')).toBe('203.0.113.0');
    expect(truncateIp('::ffff:198.51.100.9')).toBe('198.51.100.0');
    expect(truncateIp('2001:db8:85a3:8d3:1319:8a2e:370:7348')).toBe('2001:db8:85a3::');
  });
});
