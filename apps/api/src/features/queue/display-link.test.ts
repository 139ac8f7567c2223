import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminLocation, Location } from '@balie/shared';
import { signInPersonas, testDatabases, useTestApp, type Session } from '../../test/index.js';

// Issue 34 item 9 (2): staff open their location's waiting-room display from the queue panel; the key is
// a secret for staff and admins only (decision 0424).
describe.each(testDatabases)('the display key for staff on %s', (kind) => {
  const t = useTestApp(kind, { sessions: ['admin', 'user'] });
  let staff: Session;
  let location: Location;
  beforeAll(async () => {
    staff = (await signInPersonas(t)).staff!;
    location = (await t.call('GET', '/api/locations')).json<Location[]>()[0]!;
  });
  const keyPath = (id: number) => `/api/location/${id}/display-key`;

  it('gives staff the key that opens the location’s display, the same as the admin’s', async () => {
    const res = await t.call('GET', keyPath(location.id), staff);
    expect(res.statusCode).toBe(200);
    const { displayKey } = res.json<{ displayKey: string }>();
    const admins = (await t.call('GET', `/api/location/${location.id}`, t.admin)).json<AdminLocation>();
    expect(displayKey).toBe(admins.displayKey);
    expect(res.headers['cache-control']).toBe('no-store');
    const display = await t.call(
      'GET',
      `/api/display/${location.id}/state?key=${encodeURIComponent(displayKey)}`,
    );
    expect(display.statusCode).toBe(200);
    expect((await t.call('GET', keyPath(location.id), t.admin)).json()).toEqual({ displayKey });
  });

  it('refuses users (403) and guests (401), and answers an unknown location 404', async () => {
    const user = await t.call('GET', keyPath(location.id), t.user);
    expect(user.statusCode).toBe(403);
    expect(user.body).not.toContain('displayKey');
    const guest = await t.call('GET', keyPath(location.id));
    expect(guest.statusCode).toBe(401);
    expect((await t.call('GET', keyPath(999999), staff)).statusCode).toBe(404);
  });
});
