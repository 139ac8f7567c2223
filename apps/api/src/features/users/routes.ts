import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ACCESS_REVIEW_CSV_FILENAME,
  accessReviewQuerySchema,
  confirmSelfQuerySchema,
  demoteQuerySchema,
  promoteQuerySchema,
  idParamsSchema as userIdParamsSchema,
  updateUserRequestSchema,
  userSchema,
  usersPageQuerySchema,
  usersPageSchema,
} from '@balie/shared';
import { currentUser, DURING_MFA_SETUP, requireAuth, requireRole } from '../../http/auth.js';
import { listOpenInvitations } from '../invitations/repository.js';
import { accessReviewCsv } from './access-review.js';
import { toUser } from './presenter.js';
import * as repo from './repository.js';
import {
  memberCardSchema,
  qualificationSchema,
  relatedSchema,
  sailingTimeSchema,
  serviceBookSchema,
} from './schemas.js';
import { assertSelfOrAdmin, deleteUserAsAdmin, getUser, patchUser, setAccountRole } from './service.js';
import { errorResponses } from '../../http/error-responses.js';

const errors = errorResponses(400, 401, 403, 404, 409);
const security = [{ bearerAuth: [] }];

/** Users (spec §7): the signed-in user's own data, and user administration for admins. */
const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['users'];

  // Also for an admin held to the two-step setup: the app must know who is signed in (decision 0362).
  app.get(
    '/user/current',
    {
      preHandler: requireAuth,
      config: DURING_MFA_SETUP,
      schema: { tags, security, response: { 200: userSchema, ...errors } },
    },
    async (request) => getUser(app.db, currentUser(request).id, currentUser(request)),
  );

  for (const path of ['/user/:id', '/user/:id/generic-info']) {
    app.get(
      path,
      {
        preHandler: requireAuth,
        schema: { tags, security, params: userIdParamsSchema, response: { 200: userSchema, ...errors } },
      },
      async (request) => {
        assertSelfOrAdmin(currentUser(request), request.params.id);
        return getUser(app.db, request.params.id, currentUser(request));
      },
    );
  }

  app.patch(
    '/user/:id',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        security,
        params: userIdParamsSchema,
        body: updateUserRequestSchema,
        response: { 200: userSchema, ...errors },
      },
    },
    async (request) => patchUser(app.db, currentUser(request), request.params.id, request.body),
  );

  const subResources = [
    ['member-cards', memberCardSchema, repo.listMemberCards],
    ['qualifications', qualificationSchema, repo.listQualifications],
    ['service-books', serviceBookSchema, repo.listServiceBooks],
    ['sailing-times', sailingTimeSchema, repo.listSailingTimes],
  ] as const;
  for (const [name, schema, list] of subResources) {
    app.get(
      `/user/:id/${name}`,
      {
        preHandler: requireAuth,
        schema: { tags, security, params: userIdParamsSchema, response: { 200: z.array(schema), ...errors } },
      },
      async (request) => {
        assertSelfOrAdmin(currentUser(request), request.params.id);
        await getUser(app.db, request.params.id);
        return list(app.db, request.params.id);
      },
    );
  }

  app.get(
    '/user/:id/get-related',
    {
      preHandler: requireAuth,
      schema: { tags, security, params: userIdParamsSchema, response: { 200: relatedSchema, ...errors } },
    },
    async (request) => {
      assertSelfOrAdmin(currentUser(request), request.params.id);
      await getUser(app.db, request.params.id);
      return repo.countRelated(app.db, request.params.id);
    },
  );

  app.get(
    '/users',
    {
      preHandler: requireRole('ROLE_ADMIN'),
      schema: { tags, security, response: { 200: z.array(userSchema), ...errors } },
    },
    async () => (await repo.listUsers(app.db)).map((u) => toUser(u, { forAdmin: true })),
  );

  app.get(
    '/users_paginated',
    {
      preHandler: requireRole('ROLE_ADMIN'),
      schema: {
        tags,
        security,
        querystring: usersPageQuerySchema,
        response: { 200: usersPageSchema, ...errors },
      },
    },
    async (request) => {
      const page = await repo.listUsersPage(app.db, request.query);
      return { ...page, items: page.items.map((u) => toUser(u, { forAdmin: true })) };
    },
  );

  // The access review for the yearly check (decision 0363): the list's search and filter, as a CSV, and
  // every open invitation with its sender (decision 0415).
  app.get(
    '/users/access-review.csv',
    {
      preHandler: requireRole('ROLE_ADMIN'),
      schema: { tags, security, querystring: accessReviewQuerySchema },
    },
    async (request, reply) => {
      const rows = await repo.listAccessReview(app.db, request.query);
      const invitations = await listOpenInvitations(app.db);
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${ACCESS_REVIEW_CSV_FILENAME}"`)
        .send(accessReviewCsv(rows, invitations, app.config, request.query.language ?? 'nl'));
    },
  );

  app.delete(
    '/user/:id',
    {
      preHandler: requireRole('ROLE_ADMIN'),
      schema: {
        tags,
        security,
        params: userIdParamsSchema,
        querystring: confirmSelfQuerySchema,
        response: { 204: z.undefined(), ...errors },
      },
    },
    async (request, reply) => {
      const confirmSelf = request.query.confirmSelf === 'true';
      await deleteUserAsAdmin(app.db, currentUser(request), request.params.id, request.ip, confirmSelf);
      return reply.code(204).send();
    },
  );

  // Promote/demote take a role (DESIGN §5): `?role=` of each, defaulting to admin and to a plain user.
  const roleRoutes = [
    ['/user/:id/promote-to-manager', promoteQuerySchema, 'ROLE_ADMIN'],
    ['/user/:id/demote-manager', demoteQuerySchema, 'ROLE_USER'],
  ] as const;
  for (const [path, querystring, byDefault] of roleRoutes) {
    app.get(
      path,
      {
        preHandler: requireRole('ROLE_ADMIN'),
        schema: {
          tags,
          security,
          params: userIdParamsSchema,
          querystring,
          response: { 200: userSchema, ...errors },
        },
      },
      async (request) =>
        setAccountRole(
          app.db,
          currentUser(request),
          request.params.id,
          request.query.role ?? byDefault,
          request.ip,
          request.query.confirmSelf === 'true',
        ),
    );
  }
};

export default userRoutes;
