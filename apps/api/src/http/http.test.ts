import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/index.js';

describe('OpenAPI docs, SPA hosting and headers', () => {
  let webRoot: string;
  beforeAll(() => {
    webRoot = mkdtempSync(path.join(tmpdir(), 'balie-web-'));
    mkdirSync(path.join(webRoot, 'assets'));
    writeFileSync(
      path.join(webRoot, 'index.html'),
      '<!doctype html><title>Balie</title><div id="root"></div>',
    );
    writeFileSync(path.join(webRoot, 'assets', 'index-abc123.js'), 'console.log(1)');
    writeFileSync(path.join(webRoot, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  });
  afterAll(() => rmSync(webRoot, { recursive: true, force: true }));
  const t = useTestApp('pglite', () => ({ seed: false, webRoot }));

  const get = (url: string, accept = 'text/html,application/xhtml+xml') =>
    t.app.inject({ method: 'GET', url, headers: { accept } });

  it('publishes the OpenAPI document built from the zod schemas', async () => {
    const res = await get('/api/docs/json', 'application/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    const login = doc.paths['/api/login'].post;
    expect(login.requestBody.content['application/json'].schema.properties).toHaveProperty('username');
    expect(doc.paths).toHaveProperty('/api/user/{id}');
    expect(doc.paths).toHaveProperty('/api/health');
  });

  it('serves Swagger UI with its own CSP that allows no foreign origins', async () => {
    const res = await get('/api/docs');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).not.toMatch(/https?:/);
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("frame-ancestors 'none'");
    const script = await get('/api/docs/static/swagger-initializer.js', '*/*');
    expect(script.statusCode).toBe(200);
  });

  it('serves index.html for deep links, never cached', async () => {
    for (const url of ['/new', '/edit-appointment/abc', '/front-desk/3']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
    }
  });

  it('caches hashed assets for a year, other files not', async () => {
    const asset = await get('/assets/index-abc123.js', '*/*');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await get('/favicon.svg', '*/*');
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('answers JSON 404 for unknown API paths and missing files, even when HTML is accepted', async () => {
    const api = await get('/api/does-not-exist');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 'not_found' });
    const missing = await get('/assets/missing.js', '*/*');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('not_found');
  });
});
