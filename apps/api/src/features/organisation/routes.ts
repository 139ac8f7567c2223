import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, organisationSchema, patchOrganisationRequestSchema } from '@balie/shared';
import { actorOf } from '../../audit/actor.js';
import { currentUser, requireRole } from '../../http/auth.js';
import { getOrganisation } from './repository.js';
import { patchOrganisation } from './service.js';

const tags = ['organisation'];

/** The organisation record (DESIGN §4): public to read, admins change it. */
const organisationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/organisation', { schema: { tags, response: { 200: organisationSchema } } }, async () =>
    getOrganisation(app.db),
  );

  app.patch(
    '/organisation',
    {
      preHandler: requireRole('ROLE_ADMIN'),
      schema: {
        tags,
        security: [{ bearerAuth: [] }],
        body: patchOrganisationRequestSchema,
        response: {
          200: organisationSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (request) =>
      patchOrganisation(app.db, actorOf(request), request.body, {
        actorHasMfa: currentUser(request).mfaEnabled,
      }),
  );
};

export default organisationRoutes;
