import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  loginResponseSchema,
  setupChecklistSchema,
  setupRequestSchema,
  setupStatusSchema,
} from '@balie/shared';
import { requireRole } from '../../http/auth.js';
import { requestLanguage } from '../../http/language.js';
import { adminExists } from './repository.js';
import { completeSetup, setupChecklist } from './service.js';

const tags = ['setup'];

/** First run (DESIGN §4b, §5): whether setup is needed, the setup itself, and the admin's checklist. */
const setupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/setup', { schema: { tags, response: { 200: setupStatusSchema } } }, async () => ({
    needed: !(await adminExists(app.db)),
  }));

  app.post(
    '/setup',
    {
      schema: {
        tags,
        body: setupRequestSchema,
        response: {
          201: loginResponseSchema,
          400: apiErrorSchema,
          403: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (request, reply) =>
      reply.code(201).send(
        await completeSetup(
          // The first admin's language is the one the setup page was filled in.
          { db: app.db, config: app.config, ip: request.ip, language: requestLanguage(request) },
          request.body,
        ),
      ),
  );

  app.get(
    '/setup/checklist',
    {
      preHandler: requireRole('ROLE_ADMIN'),
      schema: {
        tags,
        security: [{ bearerAuth: [] }],
        response: { 200: setupChecklistSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async () => setupChecklist(app.db),
  );
};

export default setupRoutes;
