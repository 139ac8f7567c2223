import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changePasswordRequestSchema,
  forgotPasswordRequestSchema,
  idParamsSchema,
  loginAnswerSchema,
  loginMfaRequestSchema,
  loginRequestSchema,
  loginResponseSchema,
  refreshRequestSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
  tokenPairSchema,
  tokenSchema,
} from '@balie/shared';
import * as auth from './service.js';
import { currentUser, requireAuth } from '../../http/auth.js';
import { errorResponses } from '../../http/error-responses.js';

const successSchema = z.object({ success: z.literal(true) });
const errors = errorResponses(400, 401, 403, 404, 409, 423, 429);

/** Sign in, token refresh, sign out, registration and password reset (spec §7, DESIGN §5–6). */
const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['auth'];
  const ctx = (ip: string) => ({ db: app.db, config: app.config, ip });

  app.post(
    '/login',
    { schema: { tags, body: loginRequestSchema, response: { 200: loginAnswerSchema, ...errors } } },
    async (request) => auth.login(ctx(request.ip), request.body.username, request.body.password),
  );

  app.post(
    '/login/mfa',
    { schema: { tags, body: loginMfaRequestSchema, response: { 200: loginResponseSchema, ...errors } } },
    async (request) => auth.loginMfa(ctx(request.ip), request.body),
  );

  app.post(
    '/refresh-token',
    { schema: { tags, body: refreshRequestSchema, response: { 200: tokenPairSchema, ...errors } } },
    async (request) => auth.refresh(ctx(request.ip), request.body.refresh_token),
  );

  app.post(
    '/logout',
    { schema: { tags, body: refreshRequestSchema, response: { 204: z.undefined(), ...errors } } },
    async (request, reply) => {
      await auth.logout(ctx(request.ip), request.body.refresh_token);
      return reply.code(204).send();
    },
  );

  app.post(
    '/register',
    { schema: { tags, body: registerRequestSchema, response: { 201: loginResponseSchema, ...errors } } },
    async (request, reply) => reply.code(201).send(await auth.register(ctx(request.ip), request.body)),
  );

  app.post(
    '/forgotpassword',
    { schema: { tags, body: forgotPasswordRequestSchema, response: { 200: successSchema, ...errors } } },
    async (request) => {
      await auth.forgotPassword(ctx(request.ip), app.background, request.body);
      return { success: true as const };
    },
  );

  app.patch(
    '/user/updatePassword/:token',
    {
      schema: {
        tags,
        params: z.object({ token: tokenSchema }),
        body: resetPasswordRequestSchema,
        response: { 200: successSchema, ...errors },
      },
    },
    async (request) => {
      await auth.resetPassword(ctx(request.ip), request.params.token, request.body.password, request.user);
      return { success: true as const };
    },
  );

  app.post(
    '/user/:id/password',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        security: [{ bearerAuth: [] }],
        params: idParamsSchema,
        body: changePasswordRequestSchema,
        response: { 200: successSchema, ...errors },
      },
    },
    async (request) => {
      await auth.changePassword(ctx(request.ip), currentUser(request), request.params.id, request.body);
      return { success: true as const };
    },
  );
};

export default authRoutes;
