import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminWaitlistQuerySchema,
  adminWaitlistSchema,
  idParamsSchema,
  joinWaitlistRequestSchema,
  tokenSchema,
  waitlistOfferSchema,
  waitlistPlaceSchema,
} from '@balie/shared';
import { requireRole } from '../../http/auth.js';
import { errorResponses } from '../../http/error-responses.js';
import { runAtStartAndEvery } from '../../http/periodic.js';
import { matchWaitlist } from './matcher.js';
import {
  adminWaitlist,
  confirmPlace,
  declineOffer,
  joinWaitlist,
  leavePlace,
  removePlace,
  showOffer,
} from './service.js';
import './mail.js';

const tags = ['waitlist'];
const security = [{ bearerAuth: [] }];
const tokenParams = z.object({ token: tokenSchema });
/**
 * How often each process runs a pass of the matcher: what no request announces (a hold that lapsed, new
 * opening hours, a closure removed, a desk added) is offered within this time (decision 0464).
 */
const MATCH_INTERVAL_MS = 60_000;

/** The waitlist (DESIGN §4c, §5 Waitlist). */
const waitlistRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/waitlist',
    {
      schema: {
        tags,
        body: joinWaitlistRequestSchema,
        response: { 202: z.null(), ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      await joinWaitlist(app, request, request.body);
      return reply.code(202).send(null);
    },
  );

  app.get(
    '/waitlist/confirm/:token',
    {
      schema: {
        tags,
        params: tokenParams,
        response: { 200: waitlistPlaceSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => confirmPlace(app, request.params.token),
  );

  app.delete(
    '/waitlist/:token',
    { schema: { tags, params: tokenParams, response: { 204: z.null(), ...errorResponses(400, 404) } } },
    async (request, reply) => {
      await leavePlace(app, request.params.token);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/waitlist/offer/:token',
    {
      schema: {
        tags,
        params: tokenParams,
        response: { 200: waitlistOfferSchema, ...errorResponses(400, 404, 410) },
      },
    },
    async (request) => showOffer(app, request, request.params.token),
  );

  app.post(
    '/waitlist/offer/:token/decline',
    { schema: { tags, params: tokenParams, response: { 204: z.null(), ...errorResponses(400, 404) } } },
    async (request, reply) => {
      await declineOffer(app, request.params.token);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/waitlist',
    {
      preHandler: requireRole('ROLE_ADMIN'),
      schema: {
        tags,
        security,
        querystring: adminWaitlistQuerySchema,
        response: { 200: adminWaitlistSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => adminWaitlist(app, request.query),
  );

  app.delete(
    '/waitlist/place/:id',
    {
      preHandler: requireRole('ROLE_ADMIN'),
      schema: {
        tags,
        security,
        params: idParamsSchema,
        response: { 204: z.null(), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await removePlace(app, request.params.id);
      return reply.code(204).send(null);
    },
  );

  runAtStartAndEvery(app, 'waitlist matcher', MATCH_INTERVAL_MS, () => matchWaitlist(app));
};

export default waitlistRoutes;
