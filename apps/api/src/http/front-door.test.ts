import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { DEFAULT_PRIMARY_COLOUR, FRONT_DOOR_NAMESPACES, type FrontDoorState } from '@balie/shared';
import { organisation, productCategories } from '../db/schema/index.js';
import { removeLogo, replaceLogo } from '../features/organisation/repository.js';
import { useTestApp, type UseTestAppOptions } from '../test/index.js';

const INDEX = '<!doctype html><html lang="nl"><head></head><body><div id="root"></div></body></html>';

/**
 * A web build as apps/api finds it: apps/web/dist with index.html and the translation files, and beside
 * it dist-ssr with the server renderer. The renderer here is the stand-in `renderer` (the real one is
 * apps/web's, tested there and in the browser); it shows what the API hands it.
 */
function webBuild(renderer: string, index = INDEX): string {
  const web = mkdtempSync(path.join(tmpdir(), 'balie-front-door-'));
  const dist = path.join(web, 'dist');
  mkdirSync(path.join(dist, 'locales', 'nl'), { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), index);
  for (const ns of FRONT_DOOR_NAMESPACES)
    writeFileSync(path.join(dist, 'locales', 'nl', `${ns}.json`), JSON.stringify({ namespace: ns }));
  mkdirSync(path.join(web, 'dist-ssr'));
  writeFileSync(path.join(web, 'dist-ssr', 'renderFrontDoor.js'), renderer);
  return dist;
}

/** A web build made before the app and removed after it, and a test app serving it. */
function useFrontDoorApp(renderer: string, options: UseTestAppOptions = {}, index = INDEX) {
  let webRoot = '';
  beforeAll(() => {
    webRoot = webBuild(renderer, index);
  });
  afterAll(() => rmSync(path.dirname(webRoot), { recursive: true, force: true }));
  return { t: useTestApp('pglite', () => ({ ...options, webRoot })), build: () => webRoot };
}

const ECHO_STATE = `export function renderFrontDoor(template, state) {
  globalThis.frontDoorRenders = (globalThis.frontDoorRenders ?? 0) + 1;
  return template.replace('<div id="root"></div>', () => '<div id="root">' + JSON.stringify(state) + '</div>');
}`;

const rendered = (html: string): FrontDoorState =>
  JSON.parse(html.slice(html.indexOf('<div id="root">') + 15, html.lastIndexOf('</div>'))) as FrontDoorState;

describe('GET /new rendered on the server (decision 0280)', () => {
  const { t } = useFrontDoorApp(ECHO_STATE);

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });

  it("renders from exactly what the browser would fetch in Dutch, and the first paint's texts", async () => {
    const res = await get('/new', { 'accept-language': 'en' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    const state = rendered(res.body);
    // A visitor who never chose a language sees Dutch, whatever the browser asks for (spec §1).
    expect(state.language).toBe('nl');
    const api = (url: string) =>
      t.app.inject({ url, headers: { 'accept-language': 'nl' } }).then((r) => r.json());
    expect(state.products).toEqual(await api('/api/products'));
    expect(state.products.length).toBeGreaterThan(0);
    expect(state.categories).toEqual(await api('/api/product-categories'));
    expect(state.organisation).toEqual(await api('/api/organisation'));
    expect(state.translations).toEqual({
      common: { namespace: 'common' },
      validation: { namespace: 'validation' },
      booking: { namespace: 'booking' },
    });
  });

  it('renders again only when the data changed', async () => {
    const renders = () => (globalThis as { frontDoorRenders?: number }).frontDoorRenders ?? 0;
    await get('/new');
    const before = renders();
    await get('/new');
    expect(renders()).toBe(before);
    const [first] = rendered((await get('/new')).body).categories;
    await t.database.db
      .update(productCategories)
      .set({ name: 'Anders' })
      .where(eq(productCategories.id, first!.id));
    const res = await get('/new');
    expect(renders()).toBe(before + 1);
    expect(rendered(res.body).categories.map((c) => c.name)).toContain('Anders');
  });

  it('sends the page gzipped to a browser that accepts it', async () => {
    const plain = await get('/new');
    const zipped = await get('/new', { 'accept-encoding': 'gzip, deflate, br' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toContain('Accept-Encoding');
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(
      (await get('/new', { 'accept-encoding': 'br, gzip;q=0' })).headers['content-encoding'],
    ).toBeUndefined();
  });

  it("sends / to /new, as the browser's router did, so a first visit to / gets the rendered page too", async () => {
    for (const url of ['/', '/?utm_source=site']) {
      const res = await get(url);
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/new');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('sends the plain page for /new with a query: a step or a link with items renders in the browser', async () => {
    for (const url of ['/new?step=time', '/new?items=1x1']) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(INDEX);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });
});

describe('GET /new when the server render fails', () => {
  const { t } = useFrontDoorApp(`export function renderFrontDoor() { throw new Error('render broke'); }`, {
    captureLog: true,
  });

  it('logs the error and sends the plain page, never a 500', async () => {
    const res = await t.app.inject({ url: '/new', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(t.log).toContain('render broke');
    expect(t.log).toContain('server render of /new failed');
  });
});

/**
 * What the front door loaded (renderer, index.html, translation files) stays loaded; only what failed
 * to load is tried again. The files on disk are changed between the requests: a page that shows the
 * change would have been made from a second read.
 */
// A story in two steps, in this order: the first needs a front door that has loaded nothing yet (a
// missing translation file is its first read), the second one that has loaded everything.
describe('GET /new after a failure', { shuffle: false }, () => {
  const { t, build } = useFrontDoorApp(ECHO_STATE);

  const get = () => t.app.inject({ url: '/new', headers: { accept: 'text/html' } });
  const common = () => path.join(build(), 'locales', 'nl', 'common.json');
  const isRendered = (html: string) => html.includes('<div id="root">{');
  const renameCategory = (name: string) =>
    t.database.db.update(productCategories).set({ name }).where(eq(productCategories.id, 1));

  it('reads a translation file that was missing again on the next visit, and keeps the page it had read', async () => {
    renameSync(common(), `${common()}.away`);
    const plain = await get();
    expect(plain.statusCode).toBe(200);
    expect(isRendered(plain.body)).toBe(false);

    renameSync(`${common()}.away`, common());
    writeFileSync(
      path.join(build(), 'index.html'),
      INDEX.replace('<head>', '<head><meta name="second-read">'),
    );
    const res = await get();
    expect(isRendered(res.body)).toBe(true);
    expect(rendered(res.body).translations.common).toEqual({ namespace: 'common' });
    expect(res.body).not.toContain('second-read');
  });

  it('keeps the renderer, page and translations it loaded when the database fails', async () => {
    expect(isRendered((await get()).body)).toBe(true);
    await t.database.db.execute(sql`ALTER TABLE organisation RENAME TO organisation_away`);
    try {
      const failed = await get();
      expect(failed.statusCode).toBe(200);
      expect(isRendered(failed.body)).toBe(false);
    } finally {
      await t.database.db.execute(sql`ALTER TABLE organisation_away RENAME TO organisation`);
    }

    writeFileSync(
      path.join(build(), 'index.html'),
      INDEX.replace('<head>', '<head><meta name="third-read">'),
    );
    writeFileSync(common(), JSON.stringify({ namespace: 'read again' }));
    // Changed data, so the page is rendered anew rather than sent from the last render.
    await renameCategory('Na de storing');
    const res = await get();
    expect(isRendered(res.body)).toBe(true);
    expect(rendered(res.body).categories.map((c) => c.name)).toContain('Na de storing');
    expect(rendered(res.body).translations.common).toEqual({ namespace: 'common' });
    expect(res.body).not.toContain('third-read');
  });
});

/** apps/web/index.html's head: the product's icon and colour until the organisation's replace them. */
const PRODUCT_INDEX =
  '<!doctype html><html lang="nl"><head><meta charset="UTF-8" />' +
  '<link rel="icon" type="image/svg+xml" href="/favicon.svg" />' +
  '<meta name="theme-color" content="#0b2d5b" /><title>Balie</title></head>' +
  '<body><div id="root"></div></body></html>';

describe('the served page in the organisation’s colours (issue 34 item 14)', () => {
  const { t } = useFrontDoorApp(ECHO_STATE, {}, PRODUCT_INDEX);
  // The server-rendered front door, its plain fallback, and the history fallback of any other page.
  const PAGES = ['/new', '/new?step=time', '/edit-appointment/abc', '/login'];
  const head = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    expect(res.statusCode, url).toBe(200);
    return res.body.slice(0, res.body.indexOf('</head>'));
  };

  it('carries its primary colour as theme-color and its logo as the icon on every page', async () => {
    await t.database.db.update(organisation).set({ primaryColour: '#7a1f5c' }).where(eq(organisation.id, 1));
    const logoId = await t.database.db.transaction((tx) =>
      replaceLogo(tx, 'image/png', Buffer.from('89504e470d0a1a0a', 'hex')),
    );
    try {
      for (const url of PAGES) {
        const html = await head(url);
        expect(html, url).toContain('<meta name="theme-color" content="#7a1f5c" />');
        expect(html, url).not.toContain('#0b2d5b');
        expect(html, url).toContain(`<link rel="icon" href="/api/organisation/logo/${logoId}" />`);
        expect(html, url).not.toContain('favicon.svg');
      }
      // Without a logo the product's icon stays, the colour is still the organisation's.
      await t.database.db.transaction((tx) => removeLogo(tx));
      for (const url of PAGES) {
        const html = await head(url);
        expect(html, url).toContain('<link rel="icon" type="image/svg+xml" href="/favicon.svg" />');
        expect(html, url).toContain('<meta name="theme-color" content="#7a1f5c" />');
      }
    } finally {
      await t.database.db.transaction((tx) => removeLogo(tx));
      await t.database.db
        .update(organisation)
        .set({ primaryColour: DEFAULT_PRIMARY_COLOUR })
        .where(eq(organisation.id, 1));
    }
  });
});
