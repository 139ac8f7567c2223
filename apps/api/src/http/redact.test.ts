import { describe, expect, it } from 'vitest';
import { confirm, holdOk, someSlots } from '../features/booking/test-support/helpers.js';
import { useTestApp } from '../test/index.js';
import { redactUrl } from './redact.js';

describe('secrets stay out of the logs (DESIGN §6)', () => {
  const t = useTestApp('pglite', { captureLog: true });

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

  it('redacts the SPA pages that mails link to', () => {
    expect(redactUrl('/edit-appointment/abc?x=1')).toBe('/edit-appointment/[redacted]?x=1');
    expect(redactUrl('/reset-password/abc')).toBe('/reset-password/[redacted]');
    expect(redactUrl('/api/appointment/12')).toBe('/api/appointment/12');
  });

  it("redacts a waiting-room display's key, on the page and in its API calls", () => {
    expect(redactUrl('/display/3?key=abc')).toBe('/display/3?key=[redacted]');
    expect(redactUrl('/api/display/3/events?x=1&key=abc#y')).toBe(
      '/api/display/3/events?x=1&key=[redacted]#y',
    );
  });
});
