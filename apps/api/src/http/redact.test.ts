import { describe, expect, it } from 'vitest';
import { confirm, holdOk, someSlots } from '../features/booking/test-support/helpers.js';
import { jsonSchemaOf } from '../test/hostile-input.js';
import { useTestApp } from '../test/index.js';
import { loggedUrl } from './redact.js';

/** A value no log may show: each test's requests carry it where a secret would go. */
const SECRET = 'Sekr3tValueNoLogShows';

describe('secrets stay out of the logs (DESIGN §6)', () => {
  const t = useTestApp('pglite', { captureLog: true, routes: true });

  it('logs link and reset tokens in request URLs as [redacted]', async () => {
    const { slots } = await someSlots(t.app, 2);
    const held = await holdOk(t.app, slots[0]!.beginTime);
    const { token } = (await confirm(t.app, held.id)).json<{ token: string }>();
    await t.app.inject({ method: 'GET', url: `/api/appointment/by-token/${token}` });
    await t.app.inject({ method: 'GET', url: `/api/appointment/by-token/${token}/cancel` });
    await t.app.inject({
      method: 'PATCH',
      url: '/api/user/updatePassword/not-a-real-reset-token',
      payload: { password: 'Another123!' },
    });
    expect(t.log).toContain('/api/appointment/by-token/[redacted]/cancel');
    expect(t.log).toContain('/api/user/updatePassword/[redacted]');
    expect(t.log).not.toContain(token);
    expect(t.log).not.toContain('not-a-real-reset-token');
  });

  // Issue 34 item 1: the invitation and setup links were logged whole. Every route's path parameters, as
  // Fastify's own route table lists them, so a route added tomorrow is walked too.
  it('redacts every path parameter of every route that is not a number or a uuid', async () => {
    t.clearLog();
    const walked: string[] = [];
    for (const route of t.routes) {
      if (!route.url.includes('/:')) continue;
      const params = jsonSchemaOf(route.schema?.params)?.properties ?? {};
      const url = route.url.replace(/:(\w+)/g, (_m, name: string) => {
        const field = params[name];
        if (field?.type === 'integer' || field?.type === 'number') return '7';
        if (field?.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
        walked.push(route.key);
        return SECRET;
      });
      await t.app.inject({ method: route.method as 'GET', url, payload: undefined });
    }
    // The walk reached the token-bearing routes (a test that walked nothing would pass too).
    expect(walked).toEqual(
      expect.arrayContaining([
        'GET /api/appointment/by-token/:token',
        'POST /api/invitation/:token',
        'PATCH /api/user/updatePassword/:token',
      ]),
    );
    expect(t.log).toContain('/api/invitation/[redacted]');
    expect(t.log).not.toContain(SECRET);
    // Ids stay: a log must still tell which desk a request was about.
    expect(t.log).toContain('/api/desk/7');
  });

  it("redacts the web app's pages that carry a link's secret, and unknown API paths below them", async () => {
    t.clearLog();
    for (const page of [
      'invitation',
      'setup',
      'reset-password',
      'edit-appointment',
      'cancel-appointment',
      'api/invitation',
      'api/appointment/by-token',
    ])
      await t.app.inject({ method: 'GET', url: `/${page}/${SECRET}/more?x=1` });
    expect(t.log).toContain('/invitation/[redacted]/more?x=1');
    expect(t.log).not.toContain(SECRET);
  });

  it('keeps the static segments of a routed path', () => {
    expect(loggedUrl('/api/setup/checklist', '/api/setup/checklist')).toBe('/api/setup/checklist');
    expect(loggedUrl('/api/appointment/12', '/api/appointment/:id')).toBe('/api/appointment/12');
    expect(loggedUrl('/edit-appointment/abc?x=1', '/*')).toBe('/edit-appointment/[redacted]?x=1');
  });

  it("redacts a waiting-room display's key and other secrets of a query", () => {
    expect(loggedUrl('/display/3?key=abc', '/*')).toBe('/display/3?key=[redacted]');
    expect(loggedUrl('/api/display/3/events?x=1&key=abc#y', '/api/display/:locationId/events')).toBe(
      '/api/display/3/events?x=1&key=[redacted]#y',
    );
    expect(loggedUrl('/api/auth/oidc/callback?code=c0de&state=st4te', undefined)).toBe(
      '/api/auth/oidc/callback?code=[redacted]&state=[redacted]',
    );
  });
});
