import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { indexPage, type IndexPage } from './branded-page.js';
import { installFrontDoor } from './front-door.js';

/** apps/web/dist, found relative to this file (same depth in src/ and dist/). */
export const WEB_DIST = fileURLToPath(new URL('../../../web/dist', import.meta.url));

/**
 * Serves the built SPA. Vite names assets by content hash, so they are cached for a year; index.html
 * must always be revalidated so that a new release is picked up. Returns the page every other path gets
 * (in the organisation's colours), or false when there is no build.
 */
export async function installSpa(app: FastifyInstance, root: string): Promise<IndexPage | false> {
  if (!existsSync(path.join(root, 'index.html'))) {
    app.log.warn(`No web build at ${root}: serving the API only (run npm run build -w apps/web)`);
    return false;
  }
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    wildcard: true,
    index: false,
    cacheControl: false,
    // apps/web's build writes .br/.gz beside each asset; send those to browsers that accept them.
    preCompressed: true,
    setHeaders: (res, filePath) => {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const index = indexPage(app, root);
  installFrontDoor(app, root, index);
  // '/' is the booking page (spec §2), as the SPA's router says too: sent there by the server, a first
  // visit to '/' gets the server-rendered /new (decision 0280) instead of a client render and a redirect.
  app.get('/', { schema: { hide: true } }, (_request, reply) =>
    reply.header('Cache-Control', 'no-cache').redirect('/new', 302),
  );
  return index;
}
