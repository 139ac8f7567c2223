import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acceptInvitationRequestSchema,
  idParamsSchema,
  invitationSchema,
  inviteRequestSchema,
  loginResponseSchema,
  tokenSchema,
} from '@balie/shared';
import { currentUser, requireRole } from '../../http/auth.js';
import * as invitations from './service.js';
import { errorResponses } from '../../http/error-responses.js';

const errors = errorResponses(400, 401, 403, 404, 409);
const security = [{ bearerAuth: [] }];

/**
 * Invitations of colleagues (DESIGN §4b *Staff*, §5): admins invite, list, resend and withdraw; the
 * invited person sets a password with the mailed link and is signed in (decision 0311).
 */
const invitationRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['users'];
  const admin = requireRole('ROLE_ADMIN');
  const ctx = (ip: string) => ({ db: app.db, config: app.config, ip });

  app.post(
    '/users/invite',
    {
      preHandler: admin,
      schema: { tags, security, body: inviteRequestSchema, response: { 201: invitationSchema, ...errors } },
    },
    async (request, reply) =>
      reply.code(201).send(await invitations.invite(ctx(request.ip), currentUser(request), request.body)),
  );

  app.get(
    '/users/invitations',
    {
      preHandler: admin,
      schema: { tags, security, response: { 200: z.array(invitationSchema), ...errors } },
    },
    async () => invitations.listInvitations(app.db, app.config),
  );

  app.post(
    '/users/invitation/:id/resend',
    {
      preHandler: admin,
      schema: { tags, security, params: idParamsSchema, response: { 200: invitationSchema, ...errors } },
    },
    async (request) => invitations.resend(ctx(request.ip), currentUser(request), request.params.id),
  );

  app.delete(
    '/users/invitation/:id',
    {
      preHandler: admin,
      schema: { tags, security, params: idParamsSchema, response: { 204: z.undefined(), ...errors } },
    },
    async (request, reply) => {
      await invitations.withdraw(ctx(request.ip), currentUser(request), request.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    '/invitation/:token',
    {
      schema: {
        tags: ['auth'],
        params: z.object({ token: tokenSchema }),
        body: acceptInvitationRequestSchema,
        response: { 201: loginResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await invitations.accept(ctx(request.ip), request.params.token, request.body)),
  );
};

export default invitationRoutes;
