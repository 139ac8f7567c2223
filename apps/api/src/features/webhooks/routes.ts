import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  createWebhookRequestSchema,
  idParamsSchema,
  patchWebhookRequestSchema,
  webhookDeliverySchema,
  webhookSchema,
  webhookWithSecretSchema,
} from '@balie/shared';
import { actorOf } from '../../audit/actor.js';
import { requireRole } from '../../http/auth.js';
import { errorResponses } from '../../http/error-responses.js';
import {
  createWebhook,
  deleteWebhook,
  listDeliveries,
  listWebhooks,
  patchWebhook,
  renewWebhookSecret,
  testWebhook,
} from './service.js';
// The paused-subscription mail is sent by the mail worker: registered with the routes.
import './mail.js';

const errors = errorResponses(400, 401, 403);
const security = [{ bearerAuth: [] }];
const tags = ['webhooks'];

/** Webhook subscriptions (DESIGN §4c, §5): admins only, every change audited. */
const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = requireRole('ROLE_ADMIN');
  const byId = { params: idParamsSchema };

  app.get(
    '/webhooks',
    { preHandler: admin, schema: { tags, security, response: { 200: z.array(webhookSchema), ...errors } } },
    async () => listWebhooks(app),
  );

  app.post(
    '/webhooks',
    {
      preHandler: admin,
      schema: {
        tags,
        security,
        body: createWebhookRequestSchema,
        response: { 201: webhookWithSecretSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await createWebhook(app, actorOf(request), request.body)),
  );

  app.patch(
    '/webhook/:id',
    {
      preHandler: admin,
      schema: {
        tags,
        security,
        ...byId,
        body: patchWebhookRequestSchema,
        response: { 200: webhookSchema, 404: apiErrorSchema, ...errors },
      },
    },
    async (request) => patchWebhook(app, actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/webhook/:id',
    {
      preHandler: admin,
      schema: { tags, security, ...byId, response: { 204: z.undefined(), 404: apiErrorSchema, ...errors } },
    },
    async (request, reply) => {
      await deleteWebhook(app, actorOf(request), request.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    '/webhook/:id/secret',
    {
      preHandler: admin,
      schema: {
        tags,
        security,
        ...byId,
        response: { 200: webhookWithSecretSchema, 404: apiErrorSchema, ...errors },
      },
    },
    async (request) => renewWebhookSecret(app, actorOf(request), request.params.id),
  );

  app.post(
    '/webhook/:id/test',
    {
      preHandler: admin,
      schema: {
        tags,
        security,
        ...byId,
        response: { 202: z.object({ eventId: z.string() }), 404: apiErrorSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await testWebhook(app, actorOf(request), request.params.id)),
  );

  app.get(
    '/webhook/:id/deliveries',
    {
      preHandler: admin,
      schema: {
        tags,
        security,
        ...byId,
        response: { 200: z.array(webhookDeliverySchema), 404: apiErrorSchema, ...errors },
      },
    },
    async (request) => listDeliveries(app, request.params.id),
  );
};

export default webhookRoutes;
