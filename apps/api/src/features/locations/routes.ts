import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminLocationSchema,
  apiErrorSchema,
  appointmentsAffectedErrorSchema,
  createLocationRequestSchema,
  idParamsSchema,
  locationSchema,
  patchLocationRequestSchema,
} from '@balie/shared';
import { actorOf } from '../../audit/actor.js';
import { accessRefused, isAdmin, requireRole } from '../../http/auth.js';
import { answerLanguage } from '../../http/language.js';
import { createLocation, deleteLocation, getLocation, listLocations, patchLocation } from './service.js';
import { errorResponses } from '../../http/error-responses.js';

const errors = errorResponses(400, 401, 403);
/** 409: `appointments_affected` with the appointments, or `location_in_use`. */
const conflict = { 409: z.union([appointmentsAffectedErrorSchema, apiErrorSchema]) };
const security = [{ bearerAuth: [] }];
const tags = ['locations'];

/**
 * Locations (vestigingen, DESIGN §4b/§5): the active ones for everyone (the booking page, staff filters),
 * every one and their changes for admins.
 */
const locationRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = requireRole('ROLE_ADMIN');

  app.get(
    '/locations',
    {
      schema: {
        tags,
        querystring: z.object({ all: z.enum(['true', 'false']).optional() }),
        // Admins asking for all of them get them as they edit them (translations, position).
        response: { 200: z.union([z.array(adminLocationSchema), z.array(locationSchema)]), ...errors },
      },
    },
    async (request, reply) => {
      if (request.query.all !== 'true')
        return listLocations(app.db, { all: false, language: answerLanguage(request, reply) });
      if (!isAdmin(request.user)) throw accessRefused(request);
      return listLocations(app.db, { all: true, secret: app.config.secret });
    },
  );

  app.get(
    '/location/:id',
    {
      preHandler: admin,
      schema: {
        tags,
        security,
        params: idParamsSchema,
        response: { 200: adminLocationSchema, 404: apiErrorSchema, ...errors },
      },
    },
    async (request) => getLocation(app.db, request.params.id, app.config.secret),
  );

  app.post(
    '/locations',
    {
      preHandler: admin,
      schema: {
        tags,
        security,
        body: createLocationRequestSchema,
        response: { 201: adminLocationSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await createLocation(app, actorOf(request), request.body)),
  );

  app.patch(
    '/location/:id',
    {
      preHandler: admin,
      schema: {
        tags,
        security,
        params: idParamsSchema,
        body: patchLocationRequestSchema,
        response: { 200: adminLocationSchema, 404: apiErrorSchema, ...conflict, ...errors },
      },
    },
    async (request) => patchLocation(app, actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/location/:id',
    {
      preHandler: admin,
      schema: {
        tags,
        security,
        params: idParamsSchema,
        response: { 204: z.undefined(), 404: apiErrorSchema, ...conflict, ...errors },
      },
    },
    async (request, reply) => {
      await deleteLocation(app, actorOf(request), request.params.id);
      return reply.code(204).send();
    },
  );
};

export default locationRoutes;
