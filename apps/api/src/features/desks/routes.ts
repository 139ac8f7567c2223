import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, deskSchema, globalClosureSchema } from '@balie/shared';
import { requireRole } from '../../http/auth.js';
import { getDesk, listDesks, listGlobalClosures } from './service.js';

const errors = { 401: apiErrorSchema, 403: apiErrorSchema };
const security = [{ bearerAuth: [] }];
const tags = ['desks'];

/** The path id; bounded to PostgreSQL's integer so a huge number is a 400, not a database error. */
const deskIdParamsSchema = z.object({
  id: z.coerce.number().int('invalid_id').positive('invalid_id').max(2147483647, 'invalid_id'),
});

/** Desk administration (DESIGN §5), read side: the desk documents and the closures of every desk. */
const deskRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = requireRole('ROLE_ADMIN');

  app.get(
    '/desks',
    { preHandler: admin, schema: { tags, security, response: { 200: z.array(deskSchema), ...errors } } },
    async () => listDesks(app.db),
  );

  app.get(
    '/desk/:id',
    {
      preHandler: admin,
      schema: {
        tags,
        security,
        params: deskIdParamsSchema,
        response: { 200: deskSchema, 400: apiErrorSchema, 404: apiErrorSchema, ...errors },
      },
    },
    async (request) => getDesk(app.db, request.params.id),
  );

  app.get(
    '/closures',
    {
      preHandler: admin,
      schema: { tags, security, response: { 200: z.array(globalClosureSchema), ...errors } },
    },
    async () => listGlobalClosures(app.db),
  );
};

export default deskRoutes;
