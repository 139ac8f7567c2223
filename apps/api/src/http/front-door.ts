import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_UI_LANGUAGE, FRONT_DOOR_NAMESPACES, type FrontDoorState } from '@balie/shared';
import { frontDoorState, readFrontDoorData } from '../features/booking/front-door-state.js';
import { brandPage, loadedOnce, type IndexPage } from './branded-page.js';

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
export function installFrontDoor(app: FastifyInstance, webRoot: string, index: IndexPage): void {
  const entry = ssrEntryOf(webRoot);
  if (!existsSync(entry)) return;
  // Loaded on the first visit, not at start: a server that never serves /new keeps its memory.
  const renderer = loadedOnce(() => import(pathToFileURL(entry).href) as Promise<FrontDoorRenderer>);
  const translations = loadedOnce(() => readTranslations(webRoot, DEFAULT_UI_LANGUAGE));
  let last: { key: string; page: RenderedPage | null } | undefined;

  app.get('/new', { schema: { hide: true } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    if (request.url !== '/new') return index.send(request, reply);
    try {
      const [{ renderFrontDoor }, page, texts] = await Promise.all([
        renderer(),
        index.template(),
        translations(),
      ]);
      const data = await readFrontDoorData(app.db, DEFAULT_UI_LANGUAGE);
      // The page depends on nothing but these data (and the build): while products, categories and the
      // organisation stay as they are, the last page is sent again, neither encoded nor rendered anew.
      const key = JSON.stringify(data);
      if (last?.key !== key)
        last = {
          key,
          page: renderedPage(
            brandedOrNull(
              renderFrontDoor(page, frontDoorState(DEFAULT_UI_LANGUAGE, texts, data)),
              data.organisation,
            ),
          ),
        };
      if (last.page) {
        reply.type('text/html; charset=utf-8').header('Vary', 'Accept-Encoding');
        if (!acceptsGzip(request.headers['accept-encoding'])) return reply.send(last.page.html);
        return reply.header('Content-Encoding', 'gzip').send(last.page.gzipped);
      }
    } catch (error) {
      request.log.error({ err: error }, 'server render of /new failed: sending the SPA to render it');
    }
    return index.send(request, reply);
  });
}

/** The rendered page in the organisation's colour and icon (`brandPage`); null stays null. */
function brandedOrNull(html: string | null, organisation: FrontDoorState['organisation']): string | null {
  return html === null ? null : brandPage(html, organisation);
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
