import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idParamsSchema,
  mfaConfirmRequestSchema,
  mfaConfirmResponseSchema,
  mfaDisableRequestSchema,
  mfaSetupResponseSchema,
} from '@balie/shared';
import { currentUser, DURING_MFA_SETUP, requireAuth } from '../../http/auth.js';
import * as mfa from './service.js';
import { errorResponses } from '../../http/error-responses.js';

const errors = errorResponses(400, 401, 403, 404, 409, 423, 429);
const security = [{ bearerAuth: [] }];

/**
 * Two-step sign-in of one's own account (DESIGN §5, decisions 0360–0362): set up and confirm (open to an
 * admin held to the setup), and turn off — one's own with a code, someone else's as an admin (a reset).
 * The sign-in's code step is `POST /login/mfa` (features/auth).
 */
const mfaRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['auth'];
  const ctx = (ip: string) => ({ db: app.db, config: app.config, ip });

  app.post(
    '/user/:id/mfa/setup',
    {
      preHandler: requireAuth,
      config: DURING_MFA_SETUP,
      schema: {
        tags,
        security,
        params: idParamsSchema,
        response: { 200: mfaSetupResponseSchema, ...errors },
      },
    },
    async (request) => mfa.startSetup(ctx(request.ip), currentUser(request), request.params.id),
  );

  app.post(
    '/user/:id/mfa/confirm',
    {
      preHandler: requireAuth,
      config: DURING_MFA_SETUP,
      schema: {
        tags,
        security,
        params: idParamsSchema,
        body: mfaConfirmRequestSchema,
        response: { 200: mfaConfirmResponseSchema, ...errors },
      },
    },
    async (request) =>
      mfa.confirmSetup(ctx(request.ip), currentUser(request), request.params.id, request.body.code),
  );

  app.delete(
    '/user/:id/mfa',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        security,
        params: idParamsSchema,
        // No body at all (an admin's reset) arrives as null.
        body: mfaDisableRequestSchema.nullish(),
        response: { 204: z.undefined(), ...errors },
      },
    },
    async (request, reply) => {
      await mfa.disable(ctx(request.ip), currentUser(request), request.params.id, request.body ?? {});
      return reply.code(204).send();
    },
  );
};

export default mfaRoutes;
