import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { statisticsQuerySchema, statisticsSchema } from '@balie/shared';
import { requireRole } from '../../http/auth.js';
import { errorResponses } from '../../http/error-responses.js';
import { statistics } from './service.js';

/** Statistics (DESIGN §4b/§5): admins only, staff and visitors get 403/401. */
const statisticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/statistics',
    {
      preHandler: requireRole('ROLE_ADMIN'),
      schema: {
        tags: ['statistics'],
        security: [{ bearerAuth: [] }],
        querystring: statisticsQuerySchema,
        response: { 200: statisticsSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => statistics(app, request.query),
  );
};

export default statisticsRoutes;
