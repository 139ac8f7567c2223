import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@balie/shared';
import { httpError } from '../../http/errors.js';

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
};

export default healthRoutes;
