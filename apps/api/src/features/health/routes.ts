import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@balie/shared';
import { httpError } from '../../http/errors.js';

const readySchema = z.object({ status: z.literal('ready'), database: z.enum(['pglite', 'postgres']) });
const healthSchema = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });

/** GET /api/health: 200 while the database answers, 503 otherwise (for load balancers and monitors). */
const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    { schema: { tags: ['service'], response: { 200: healthSchema, 503: apiErrorSchema } } },
    async (request) => {
      try {
        await app.db.execute(sql`SELECT 1`);
      } catch (err) {
        request.log.error({ err }, 'health check: database unreachable');
        throw httpError('service_unavailable', 'Database unreachable');
      }
      return { status: 'ok' as const, database: app.database.kind };
    },
  );

  /**
   * GET /api/ready: whether a load balancer should send this process traffic (DESIGN §5). 503 while its
   * migrations run, once it is shutting down, or when its database does not answer; the reason is in
   * the message, for the operator reading the probe's log (decision 0474).
   */
  app.get(
    '/ready',
    { schema: { tags: ['service'], response: { 200: readySchema, 503: apiErrorSchema } } },
    async (request, reply) => {
      const state = app.readiness.state;
      reply.header('Cache-Control', 'no-store');
      if (state === 'migrating') throw httpError('service_unavailable', 'Migrating the database');
      if (state === 'stopping') throw httpError('service_unavailable', 'Shutting down');
      try {
        await app.db.execute(sql`SELECT 1`);
      } catch (err) {
        request.log.error({ err }, 'readiness check: database unreachable');
        throw httpError('service_unavailable', 'Database unreachable');
      }
      return { status: 'ready' as const, database: app.database.kind };
    },
  );
};

export default healthRoutes;
