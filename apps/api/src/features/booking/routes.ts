import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminProductCategorySchema,
  apiErrorSchema,
  availableDaysRequestSchema,
  availableDaysResponseSchema,
  availableLocationsRequestSchema,
  availableLocationsResponseSchema,
  extendResponseSchema,
  idParamSchema,
  makeReservationRequestSchema,
  productCategorySchema,
  productSchema,
  reservationSchema,
  timeslotSchema,
  timeslotsRequestSchema,
} from '@balie/shared';
import { accessRefused, isAdmin } from '../../http/auth.js';
import { answerLanguage, requestLanguage } from '../../http/language.js';
import { httpError } from '../../http/errors.js';
import { attachmentDisposition } from '../catalogue/file-content.js';
import { findAvailableDays, findAvailableLocations, findTimeslots } from './availability.service.js';
import {
  fileContentOf,
  findProductFile,
  listAdminCategories,
  listCategories,
  listProducts,
} from './products.repository.js';
import { extendReservation, makeReservation } from './reservations.service.js';
import { errorResponses } from '../../http/error-responses.js';

const errors = errorResponses(400, 401, 403, 404);

/** The guest booking calls of DESIGN §5: products, availability and holds. */
const bookingRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['booking'];

  app.get(
    '/products',
    {
      schema: {
        tags,
        querystring: z.object({ all: z.enum(['true', 'false']).optional() }),
        response: { 200: z.array(productSchema), ...errors },
      },
    },
    async (request, reply) => {
      // Inactive products are for the admin's product list only.
      const includeInactive = request.query.all === 'true';
      if (includeInactive && !isAdmin(request.user)) throw accessRefused(request);
      return listProducts(app.db, { includeInactive, language: answerLanguage(request, reply) });
    },
  );

  app.get(
    '/product-categories',
    {
      schema: {
        tags,
        querystring: z.object({ translations: z.enum(['true', 'false']).optional() }),
        response: {
          200: z.union([z.array(adminProductCategorySchema), z.array(productCategorySchema)]),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      // The admin's categories screen edits the Dutch names and their translations (decision 0432).
      if (request.query.translations === 'true') {
        if (!isAdmin(request.user)) throw accessRefused(request);
        return listAdminCategories(app.db);
      }
      return listCategories(app.db, answerLanguage(request, reply));
    },
  );

  app.get(
    '/product/:id/file/:fileId',
    { schema: { tags, params: z.object({ id: idParamSchema, fileId: idParamSchema }) } },
    async (request, reply) => {
      // Admins may fetch the files of an inactive product they are editing.
      const file = await findProductFile(app.db, request.params.id, request.params.fileId, {
        includeInactive: isAdmin(request.user),
      });
      if (!file) throw httpError('not_found');
      return reply
        .header('Content-Type', file.mimeType)
        .header('Content-Disposition', attachmentDisposition(file.fileName))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Length', file.size)
        .send(fileContentOf(app.db, request.params.fileId));
    },
  );

  app.post(
    '/available-days',
    {
      schema: {
        tags,
        body: availableDaysRequestSchema,
        response: { 200: availableDaysResponseSchema, ...errors, 409: apiErrorSchema },
      },
    },
    async (request) => findAvailableDays(app, request, request.body),
  );

  app.post(
    '/available-locations',
    {
      schema: {
        tags,
        body: availableLocationsRequestSchema,
        response: { 200: availableLocationsResponseSchema, ...errors },
      },
    },
    async (request, reply) => findAvailableLocations(app, request, reply, request.body),
  );

  app.post(
    '/timeslots',
    {
      schema: {
        tags,
        body: timeslotsRequestSchema,
        response: { 200: z.array(timeslotSchema), ...errors, 409: apiErrorSchema },
      },
    },
    async (request) => findTimeslots(app, request, request.body),
  );

  app.post(
    '/appointment/make-reservation',
    {
      schema: {
        tags,
        body: makeReservationRequestSchema,
        response: { 201: reservationSchema, ...errors, 409: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await makeReservation(app, request, request.body)),
  );

  app.get(
    '/appointment/reservation/:id/extend',
    {
      schema: {
        tags,
        params: z.object({ id: z.uuid() }),
        response: { 200: extendResponseSchema, 400: apiErrorSchema },
      },
    },
    async (request) => extendReservation(app, request.params.id, requestLanguage(request)),
  );
};

export default bookingRoutes;
