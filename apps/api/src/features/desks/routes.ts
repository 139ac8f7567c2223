import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  appointmentsAffectedErrorSchema,
  createClosureRequestSchema,
  createDeskRequestSchema,
  deleteDeskQuerySchema,
  deskSchema,
  globalClosureSchema,
  idParamsSchema,
  patchDeskRequestSchema,
} from '@balie/shared';
import { actorOf } from '../../audit/actor.js';
import { requireRole } from '../../http/auth.js';
import {
  createDesk,
  createGlobalClosure,
  deleteDesk,
  getDesk,
  listDesks,
  listGlobalClosures,
  patchDesk,
  removeGlobalClosure,
} from './service.js';
import { errorResponses } from '../../http/error-responses.js';

const errors = errorResponses(401, 403);
/** 409: `appointments_affected` with the appointments, or another conflict (`desk_in_use`). */
const conflict = { 409: z.union([appointmentsAffectedErrorSchema, apiErrorSchema]) };
const security = [{ bearerAuth: [] }];
const tags = ['desks'];

/**
 * Desk administration (DESIGN §5): desk documents, closures of every desk, and their changes. Staff read
 * the list (their appointments screen filters by desk, decision 0310); everything else is the admin's.
 */
const deskRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = requireRole('ROLE_ADMIN');

  app.get(
    '/desks',
    {
      preHandler: requireRole('ROLE_STAFF'),
      schema: { tags, security, response: { 200: z.array(deskSchema), ...errors } },
    },
    async () => listDesks(app.db),
  );

  app.post(
    '/desks',
    {
      preHandler: admin,
      schema: {
        tags,
        security,
        body: createDeskRequestSchema,
        response: { 201: deskSchema, 400: apiErrorSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await createDesk(app, actorOf(request), request.body)),
  );

  app.get(
    '/desk/:id',
    {
      preHandler: admin,
      schema: {
        tags,
        security,
        params: idParamsSchema,
        response: { 200: deskSchema, 400: apiErrorSchema, 404: apiErrorSchema, ...errors },
      },
    },
    async (request) => getDesk(app.db, request.params.id),
  );

  app.patch(
    '/desk/:id',
    {
      preHandler: admin,
      schema: {
        tags,
        security,
        params: idParamsSchema,
        body: patchDeskRequestSchema,
        response: { 200: deskSchema, 400: apiErrorSchema, 404: apiErrorSchema, ...conflict, ...errors },
      },
    },
    async (request) => patchDesk(app, actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/desk/:id',
    {
      preHandler: admin,
      schema: {
        tags,
        security,
        params: idParamsSchema,
        querystring: deleteDeskQuerySchema,
        response: { 204: z.undefined(), 400: apiErrorSchema, 404: apiErrorSchema, ...conflict, ...errors },
      },
    },
    async (request, reply) => {
      await deleteDesk(app, actorOf(request), request.params.id, request.query);
      return reply.code(204).send();
    },
  );

  app.get(
    '/closures',
    {
      preHandler: admin,
      schema: { tags, security, response: { 200: z.array(globalClosureSchema), ...errors } },
    },
    async () => listGlobalClosures(app.db),
  );

  app.post(
    '/closures',
    {
      preHandler: admin,
      schema: {
        tags,
        security,
        body: createClosureRequestSchema,
        response: {
          // One day answers its closure; a range or a list of days the closures made (decision 0433).
          201: z.union([globalClosureSchema, z.array(globalClosureSchema)]),
          400: apiErrorSchema,
          ...conflict,
          ...errors,
        },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createGlobalClosure(app, actorOf(request), request.body)),
  );

  app.delete(
    '/closure/:id',
    {
      preHandler: admin,
      schema: {
        tags,
        security,
        params: idParamsSchema,
        response: { 204: z.undefined(), 400: apiErrorSchema, 404: apiErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      await removeGlobalClosure(app, actorOf(request), request.params.id);
      return reply.code(204).send();
    },
  );
};

export default deskRoutes;
