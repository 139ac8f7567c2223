import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, auditEventsPageSchema, auditEventsQuerySchema } from '@balie/shared';
import { listAuditEvents } from '../../audit/read.js';
import { requireRole } from '../../http/auth.js';

/** The audit trail for admins (DESIGN §4, §5; filters by kind, date and who: decision 0201). */
const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/audit-events',
    {
      preHandler: requireRole('ROLE_ADMIN'),
      schema: {
        tags: ['audit'],
        security: [{ bearerAuth: [] }],
        querystring: auditEventsQuerySchema,
        response: {
          200: auditEventsPageSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
        },
      },
    },
    async (request) => listAuditEvents(app.db, app.config.providerTimezone, request.query),
  );
};

export default auditRoutes;
