import { describe, expect, it } from 'vitest';
import { createTestApp, testDatabases, useTestApp } from './test/index.js';

describe.each(testDatabases)('app basics on %s', (kind) => {
  const t = useTestApp(kind, { seed: false });

  it('answers /api/health while the database is reachable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: kind });
  });

  it('answers unknown /api routes with 404 not_found in the error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found', message: expect.any(String) });
    const post = await t.app.inject({ method: 'POST', url: '/api/nope', payload: {} });
    expect(post.statusCode).toBe(404);
    expect(post.json().code).toBe('not_found');
  });

  it('answers malformed JSON with 400 validation_failed, not 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'validation_failed',
      errors: [{ property: 'body', message: 'invalid_json' }],
    });
  });

  it('sends strict security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('health when the database is gone', () => {
  it('answers 503 service_unavailable', async () => {
    const t = await createTestApp({ seed: false });
    try {
      await t.database.close();
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 'service_unavailable' });
    } finally {
      await t.close();
    }
  });
});
