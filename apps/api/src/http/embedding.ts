import type { FastifyInstance, FastifyRequest } from 'fastify';
import { websiteOriginOf } from '@balie/shared';
import { getOrganisation } from '../features/organisation/repository.js';

/** The booking page as another site frames it: `/new?embed=1` (DESIGN §4b, decision 0394). */
export function isEmbedRequest(request: FastifyRequest): boolean {
  const [path, query = ''] = request.url.split('?') as [string, string | undefined];
  return request.method === 'GET' && path === '/new' && new URLSearchParams(query).get('embed') === '1';
}

/**
 * Every page refuses to be framed (`frame-ancestors 'none'`, X-Frame-Options) except the booking page
 * asked for as an embed, which the organisation's own website (that origin alone) may frame. Without a
 * website nobody may. The organisation is read per embed request: a changed website holds at once on
 * every process.
 */
export function installEmbedding(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!isEmbedRequest(request)) return payload;
    if (!String(reply.getHeader('content-type') ?? '').startsWith('text/html')) return payload;
    const origin = websiteOriginOf((await getOrganisation(app.db)).website);
    if (!origin) return payload;
    const csp = String(reply.getHeader('content-security-policy') ?? '');
    reply.header(
      'content-security-policy',
      csp.replace(/frame-ancestors [^;]*/, `frame-ancestors ${origin}`),
    );
    reply.removeHeader('x-frame-options');
    return payload;
  });
}
