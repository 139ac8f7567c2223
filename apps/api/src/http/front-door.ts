import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_UI_LANGUAGE, FRONT_DOOR_NAMESPACES, type FrontDoorState } from '@balie/shared';
import { frontDoorState } from '../features/booking/front-door-state.js';

/** apps/web's server build (vite build --ssr): renders /new's first step into index.html. */
interface FrontDoorRenderer {
  renderFrontDoor(template: string, state: FrontDoorState): string | null;
}

/** The server build beside a web build: apps/web/dist → apps/web/dist-ssr. */
export const ssrEntryOf = (webRoot: string) =>
  path.join(path.dirname(webRoot), 'dist-ssr', 'renderFrontDoor.js');

/**
 * GET /new answered with its first step already rendered (decision 0280, DESIGN §10 LCP). The server
 * renders what a first visit sees: the interface's default language (a visitor who chose another one has
 * it in the browser's storage, which the server cannot see; that browser renders the page itself), no
 * session, no booking in progress. A query (?step, ?items) gets the plain SPA, as does any failure here:
 * the front door never answers 500 for a render the browser can do itself.
 */
export function installFrontDoor(app: FastifyInstance, webRoot: string): void {
  const entry = ssrEntryOf(webRoot);
  if (!existsSync(entry)) return;
  // Loaded on the first visit, not at start: a server that never serves /new keeps its memory.
  let renderer: Promise<FrontDoorRenderer> | undefined;
  let template: Promise<string> | undefined;
  let translations: Promise<FrontDoorState['translations']> | undefined;
  let last: { key: string; page: RenderedPage | null } | undefined;

  app.get('/new', { schema: { hide: true } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    if (request.url !== '/new') return reply.sendFile('index.html');
    try {
      renderer ??= import(pathToFileURL(entry).href) as Promise<FrontDoorRenderer>;
      template ??= readFile(path.join(webRoot, 'index.html'), 'utf8');
      translations ??= readTranslations(webRoot, DEFAULT_UI_LANGUAGE);
      const [{ renderFrontDoor }, page, texts] = await Promise.all([renderer, template, translations]);
      const state = await frontDoorState(app.db, DEFAULT_UI_LANGUAGE, texts);
      // The page depends on nothing but the state (and the build): while products, categories and the
      // organisation stay as they are, the last page is sent again instead of rendering it anew.
      const key = JSON.stringify(state);
      if (last?.key !== key) last = { key, page: renderedPage(renderFrontDoor(page, state)) };
      if (last.page) {
        reply.type('text/html; charset=utf-8').header('Vary', 'Accept-Encoding');
        if (!acceptsGzip(request.headers['accept-encoding'])) return reply.send(last.page.html);
        return reply.header('Content-Encoding', 'gzip').send(last.page.gzipped);
      }
    } catch (error) {
      request.log.error({ err: error }, 'server render of /new failed: sending the SPA to render it');
      // A file read or an import that failed is tried again on the next visit.
      renderer = template = translations = undefined;
    }
    return reply.sendFile('index.html');
  });
}

/**
 * The page and its gzip, made once per render: the static files come precompressed (apps/web's build),
 * this page cannot, and it is mostly styles and JSON (≈ 63 KB, 11 KB gzipped with the demo data).
 */
interface RenderedPage {
  html: string;
  gzipped: Buffer;
}

function renderedPage(html: string | null): RenderedPage | null {
  return html === null ? null : { html, gzipped: gzipSync(html) };
}

/** Whether an Accept-Encoding allows gzip (named without q=0). */
export function acceptsGzip(header: string | undefined): boolean {
  return (header ?? '').split(',').some((part) => {
    const [coding = '', ...params] = part.trim().split(';');
    return coding.trim().toLowerCase() === 'gzip' && !params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p));
  });
}

/** The first paint's translation files of the web build; they change only with a new build. */
async function readTranslations(webRoot: string, language: string): Promise<FrontDoorState['translations']> {
  const entries = await Promise.all(
    FRONT_DOOR_NAMESPACES.map(async (ns) => {
      const file = path.join(webRoot, 'locales', language, `${ns}.json`);
      return [ns, JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>] as const;
    }),
  );
  return Object.fromEntries(entries);
}
