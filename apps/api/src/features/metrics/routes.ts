import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { httpError } from '../../http/errors.js';
import { registerDatabaseGauges } from '../../metrics/database-gauges.js';

/** Compares as hashes, so neither the length nor the content of the token leaks through timing. */
function sameToken(given: string, expected: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * GET /api/metrics in Prometheus text format (DESIGN §5 *Operations*). Only with
 * `Authorization: Bearer $METRICS_TOKEN`; without METRICS_TOKEN, or with a missing or wrong token, 404
 * as for a path that does not exist: a scanner learns nothing, and Prometheus shows the target down
 * either way (decision 0475).
 */
const metricsRoutes: FastifyPluginAsyncZod = async (app) => {
  registerDatabaseGauges(app);
  app.get('/metrics', { schema: { tags: ['operations'], hide: true } }, async (request, reply) => {
    const token = app.config.metricsToken;
    const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!token || !given || !sameToken(given, token)) throw httpError('not_found');
    reply.header('Content-Type', app.metrics.registry.contentType);
    reply.header('Cache-Control', 'no-store');
    return app.metrics.registry.metrics();
  });
};

export default metricsRoutes;
