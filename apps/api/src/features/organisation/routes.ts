import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { idParamsSchema, organisationSchema, patchOrganisationRequestSchema } from '@balie/shared';
import { z } from 'zod';
import { actorOf } from '../../audit/actor.js';
import { currentUser, requireRole } from '../../http/auth.js';
import { errorResponses } from '../../http/error-responses.js';
import { httpError } from '../../http/errors.js';
import { findLogo } from './repository.js';
import { deleteLogo, MAX_LOGO_BYTES, uploadLogo } from './logo.service.js';
import { patchOrganisation, readOrganisation } from './service.js';

const tags = ['organisation'];
const security = [{ bearerAuth: [] }];
const EXTENSIONS: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };

/** The organisation record (DESIGN §4, §5 Branding): public to read, admins change it and its logo. */
const organisationRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = requireRole('ROLE_ADMIN');
  // One file per request; past 1 MB the plugin stops reading and the upload answers 413.
  await app.register(multipart, { limits: { fileSize: MAX_LOGO_BYTES, files: 1, fields: 0, parts: 1 } });

  app.get('/organisation', { schema: { tags, response: { 200: organisationSchema } } }, async () =>
    readOrganisation(app.db),
  );

  app.patch(
    '/organisation',
    {
      preHandler: admin,
      schema: {
        tags,
        security,
        body: patchOrganisationRequestSchema,
        response: { 200: organisationSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) =>
      patchOrganisation(app.db, actorOf(request), request.body, {
        actorHasMfa: currentUser(request).mfaEnabled,
      }),
  );

  app.post(
    '/organisation/logo',
    {
      preHandler: admin,
      schema: {
        tags,
        security,
        consumes: ['multipart/form-data'],
        response: { 200: organisationSchema, ...errorResponses(400, 401, 403, 413, 415) },
      },
    },
    async (request) => uploadLogo(app, request, actorOf(request)),
  );

  app.delete(
    '/organisation/logo',
    {
      preHandler: admin,
      schema: { tags, security, response: { 200: organisationSchema, ...errorResponses(401, 403) } },
    },
    async (request) => deleteLogo(app, actorOf(request)),
  );

  // The logo as the public pages and the mails show it. A new upload gets a new id, so an id's image
  // never changes: cached for a year. Mail programs load it from other origins (no same-origin CORP).
  app.get(
    '/organisation/logo/:id',
    {
      schema: {
        tags,
        params: idParamsSchema,
        response: { 200: z.any(), ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const logo = await findLogo(app.db, request.params.id);
      if (!logo) throw httpError('not_found');
      return reply
        .type(logo.mimeType)
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('Cross-Origin-Resource-Policy', 'cross-origin')
        .header('Content-Disposition', `attachment; filename="logo.${EXTENSIONS[logo.mimeType] ?? 'img'}"`)
        .send(logo.data);
    },
  );
};

export default organisationRoutes;
