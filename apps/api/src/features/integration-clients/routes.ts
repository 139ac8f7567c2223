import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  createIntegrationClientRequestSchema,
  idParamsSchema,
  integrationClientSchema,
  integrationClientWithSecretSchema,
} from '@balie/shared';
import { z } from 'zod';
import { actorOf } from '../../audit/actor.js';
import { requireRole } from '../../http/auth.js';
import { errorResponses } from '../../http/error-responses.js';
import { createClient, deleteClient, listClients, renewSecret } from './service.js';
import { tokenErrorSchema, tokenHandler, tokenRequestSchema, tokenResponseSchema } from './token.js';

const errors = errorResponses(400, 401, 403);
const security = [{ bearerAuth: [] }];
const tags = ['integration clients'];

/**
 * Integration clients (DESIGN §4c *Form platforms book through Balie*, §5): admins connect systems that
 * book through Balie; those systems get tokens by OAuth2 client credentials.
 */
const integrationClientRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = requireRole('ROLE_ADMIN');

  // OAuth2 clients send their token request form-encoded (RFC 6749 §4.4.2). Only this plugin reads forms.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  const token = {
    attachValidation: true,
    schema: {
      tags,
      description:
        'OAuth2 client credentials (RFC 6749 §4.4): `grant_type=client_credentials`, the client by HTTP Basic or `client_id`/`client_secret` in the form, optional `scope` (`warp-api`).',
      consumes: ['application/x-www-form-urlencoded'],
      body: tokenRequestSchema.optional(),
      response: {
        200: tokenResponseSchema,
        // Fastify's own 400s (a body that is neither JSON nor a form) keep the house's error shape.
        400: z.union([tokenErrorSchema, apiErrorSchema]),
        401: tokenErrorSchema,
        429: tokenErrorSchema,
      },
    },
  };
  app.post('/oauth/token', token, tokenHandler(app));
  // Open Forms' JCC REST plugin asks for its token here, beside the API it calls (the same handler).
  app.post('/compat/jcc-warp/v1/connect/token', token, tokenHandler(app));

  app.get(
    '/integration-clients',
    {
      preHandler: admin,
      schema: { tags, security, response: { 200: z.array(integrationClientSchema), ...errors } },
    },
    async () => listClients(app),
  );

  app.post(
    '/integration-clients',
    {
      preHandler: admin,
      schema: {
        tags,
        security,
        body: createIntegrationClientRequestSchema,
        response: { 201: integrationClientWithSecretSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await createClient(app, actorOf(request), request.body)),
  );

  app.post(
    '/integration-client/:id/secret',
    {
      preHandler: admin,
      schema: {
        tags,
        security,
        params: idParamsSchema,
        response: { 200: integrationClientWithSecretSchema, 404: apiErrorSchema, ...errors },
      },
    },
    async (request) => renewSecret(app, actorOf(request), request.params.id),
  );

  app.delete(
    '/integration-client/:id',
    {
      preHandler: admin,
      schema: {
        tags,
        security,
        params: idParamsSchema,
        response: { 204: z.undefined(), 404: apiErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      await deleteClient(app, actorOf(request), request.params.id);
      return reply.code(204).send();
    },
  );
};

export default integrationClientRoutes;
