import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases, useTestApp } from '../test/index.js';
import { websiteOriginOf as websiteOrigin } from '@balie/shared';

const INDEX = '<!doctype html><html lang="nl"><head></head><body><div id="root"></div></body></html>';

describe.each(testDatabases)('embedding /new?embed=1 on %s (decision 0394)', (kind) => {
  let webRoot = '';
  beforeAll(() => {
    webRoot = path.join(mkdtempSync(path.join(tmpdir(), 'balie-embed-')), 'dist');
    mkdirSync(webRoot);
    writeFileSync(path.join(webRoot, 'index.html'), INDEX);
  });
  afterAll(() => rmSync(path.dirname(webRoot), { recursive: true, force: true }));
  const t = useTestApp(kind, () => ({ sessions: ['admin'], webRoot }));

  const page = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
  const frameAncestors = (csp: unknown) => /frame-ancestors ([^;]*)/.exec(String(csp))?.[1];

  it('lets the organisation’s website origin alone frame the booking page asked for as an embed', async () => {
    for (const url of ['/new?embed=1', '/new?embed=1&step=time', '/new?items=1x1&embed=1']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(frameAncestors(res.headers['content-security-policy']), url).toBe(
        'https://www.voorbeeldstad.example',
      );
      expect(res.headers['x-frame-options'], url).toBeUndefined();
    }
  });

  it('keeps every other page unframeable', async () => {
    for (const url of [
      '/new',
      '/new?step=time',
      '/new?embed=0',
      '/login?embed=1',
      '/accessibility?embed=1',
    ]) {
      const res = await page(url);
      expect(frameAncestors(res.headers['content-security-policy']), url).toBe("'none'");
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
    const api = await t.app.inject({ method: 'GET', url: '/api/organisation?embed=1' });
    expect(frameAncestors(api.headers['content-security-policy'])).toBe("'none'");
  });

  it('follows a changed website at once, and lets nobody frame it without one', async () => {
    const patch = (website: string) => t.call('PATCH', '/api/organisation', t.admin, { website });
    await patch('https://gemeente.example/afspraak-maken?x=1');
    expect(frameAncestors((await page('/new?embed=1')).headers['content-security-policy'])).toBe(
      'https://gemeente.example',
    );
    await patch('');
    const res = await page('/new?embed=1');
    expect(frameAncestors(res.headers['content-security-policy'])).toBe("'none'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    await patch('https://www.voorbeeldstad.example');
  });

  it('takes the origin of a web address: scheme, host and a port other than the default', () => {
    expect(websiteOrigin('http://www.voorbeeldstad.test:4123/afspraak')).toBe(
      'http://www.voorbeeldstad.test:4123',
    );
    expect(websiteOrigin('https://example.org:443/')).toBe('https://example.org');
    expect(websiteOrigin('')).toBeNull();
    expect(websiteOrigin('not a url')).toBeNull();
  });
});
