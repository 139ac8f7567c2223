import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminProductCategorySchema,
  adminProductSchema,
  apiErrorSchema,
  createProductCategoryRequestSchema,
  createProductRequestSchema,
  idParamSchema,
  idParamsSchema,
  patchProductCategoryRequestSchema,
  patchProductRequestSchema,
  productFileSchema,
  productSchema,
} from '@balie/shared';
import multipart from '@fastify/multipart';
import { actorOf } from '../../audit/actor.js';
import { isAdmin, requireRole } from '../../http/auth.js';
import { httpError } from '../../http/errors.js';
import { answerLanguage } from '../../http/language.js';
import { findAdminProduct, findProduct } from '../booking/products.repository.js';
import { createCategory, deleteCategory, patchCategory } from './categories.service.js';
import { MAX_FILE_BYTES } from './file-content.js';
import { deleteProductFile, uploadProductFile } from './files.service.js';
import { createProduct, deleteProduct, patchProduct } from './products.service.js';
import { errorResponses } from '../../http/error-responses.js';

const errors = errorResponses(400, 401, 403, 404);
const security = [{ bearerAuth: [] }];
const tags = ['catalogue'];

/** The product catalogue (DESIGN §5): one product to read, and the admin's product changes. */
const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = requireRole('ROLE_ADMIN');
  // One file per request; the limit makes the plugin stop reading and answer 413 past 10 MB.
  await app.register(multipart, { limits: { fileSize: MAX_FILE_BYTES, files: 1, fields: 0, parts: 1 } });

  app.get(
    '/product/:id',
    {
      schema: {
        tags,
        params: idParamsSchema,
        // Admins get the Dutch texts with their translations (also of inactive products); everyone else
        // the active product in the request's language.
        response: { 200: z.union([adminProductSchema, productSchema]), ...errors },
      },
    },
    async (request, reply) => {
      const product = isAdmin(request.user)
        ? await findAdminProduct(app.db, request.params.id)
        : await findProduct(app.db, request.params.id, answerLanguage(request, reply));
      if (!product) throw httpError('not_found');
      return product;
    },
  );

  app.post(
    '/products',
    {
      preHandler: admin,
      schema: {
        tags,
        security,
        body: createProductRequestSchema,
        response: { 201: adminProductSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await createProduct(app, actorOf(request), request.body)),
  );

  app.patch(
    '/product/:id',
    {
      preHandler: admin,
      schema: {
        tags,
        security,
        params: idParamsSchema,
        body: patchProductRequestSchema,
        response: { 200: adminProductSchema, ...errors },
      },
    },
    async (request) => patchProduct(app, actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/product/:id',
    {
      preHandler: admin,
      schema: {
        tags,
        security,
        params: idParamsSchema,
        response: { 204: z.undefined(), ...errors, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await deleteProduct(app, actorOf(request), request.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    '/product/:id/files',
    {
      preHandler: admin,
      schema: {
        tags,
        security,
        consumes: ['multipart/form-data'],
        params: idParamsSchema,
        response: {
          201: productFileSchema,
          ...errors,
          413: apiErrorSchema,
          415: apiErrorSchema,
        },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await uploadProductFile(app, request, actorOf(request), request.params.id)),
  );

  app.delete(
    '/product/:id/file/:fileId',
    {
      preHandler: admin,
      schema: {
        tags,
        security,
        params: z.object({ id: idParamSchema, fileId: idParamSchema }),
        response: { 204: z.undefined(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteProductFile(app, actorOf(request), request.params.id, request.params.fileId);
      return reply.code(204).send();
    },
  );

  app.post(
    '/product-categories',
    {
      preHandler: admin,
      schema: {
        tags,
        security,
        body: createProductCategoryRequestSchema,
        response: { 201: adminProductCategorySchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await createCategory(app, actorOf(request), request.body)),
  );

  app.patch(
    '/product-category/:id',
    {
      preHandler: admin,
      schema: {
        tags,
        security,
        params: idParamsSchema,
        body: patchProductCategoryRequestSchema,
        response: { 200: adminProductCategorySchema, ...errors },
      },
    },
    async (request) => patchCategory(app, actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/product-category/:id',
    {
      preHandler: admin,
      schema: {
        tags,
        security,
        params: idParamsSchema,
        response: { 204: z.undefined(), ...errors, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await deleteCategory(app, actorOf(request), request.params.id);
      return reply.code(204).send();
    },
  );
};

export default catalogueRoutes;
