import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Organisation } from '@balie/shared';
import { getOrganisation } from '../features/organisation/repository.js';

/** Text inside an attribute value. */
function escapeAttribute(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * index.html as the organisation's page (DESIGN §4b branding; issue 34 item 14): its primary colour as
 * the browser's theme colour and, when it has a logo, the logo as the tab's icon, instead of the
 * product's. The web client does the same when the organisation record loads (`useOrganisationLook`),
 * for a colour or logo changed while the page is open.
 */
export function brandPage(html: string, o: Pick<Organisation, 'primaryColour' | 'logoFileId'>): string {
  const page = html.replace(
    /<meta name="theme-color" content="[^"]*"/,
    () => `<meta name="theme-color" content="${escapeAttribute(o.primaryColour)}"`,
  );
  if (o.logoFileId === null) return page;
  return page.replace(
    /<link rel="icon"[^>]*>/,
    () => `<link rel="icon" href="/api/organisation/logo/${o.logoFileId}" />`,
  );
}

/**
 * `load()` on the first call, its promise kept after: a file read or an import that failed is tried
 * again on the next call, and only that one — a failed render or database read reloads nothing (0297).
 */
export function loadedOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () =>
    (loaded ??= load().catch((error: unknown) => {
      loaded = undefined;
      throw error;
    }));
}

export interface IndexPage {
  /** index.html as built, read once. */
  template: () => Promise<string>;
  /** Answers with index.html in the organisation's colours; the file as it is when that fails. */
  send: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;
}

/** The SPA's page for every path the browser's router decides (and /new when not rendered on the server). */
export function indexPage(app: FastifyInstance, root: string): IndexPage {
  const template = loadedOnce(() => readFile(path.join(root, 'index.html'), 'utf8'));
  return {
    template,
    send: async (request, reply) => {
      reply.header('Cache-Control', 'no-cache');
      try {
        const html = brandPage(await template(), await getOrganisation(app.db));
        return await reply.type('text/html; charset=utf-8').send(html);
      } catch (error) {
        // The page works without the organisation's colours: never a 500 for them.
        request.log.error({ err: error }, 'index.html without the organisation’s colours');
        return reply.sendFile('index.html');
      }
    },
  };
}
