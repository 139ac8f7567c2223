import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  privacyEraseRequestSchema,
  privacyEraseResultSchema,
  privacyExportQuerySchema,
  privacyExportSchema,
} from '@balie/shared';
import { actorOf } from '../../audit/actor.js';
import { requireRole } from '../../http/auth.js';
import { errorResponses } from '../../http/error-responses.js';
import { runAtStartAndEvery } from '../../http/periodic.js';
import { runRetention } from './retention.js';
import { eraseAddress, exportAddress } from './service.js';

const errors = errorResponses(400, 401, 403, 409);
const security = [{ bearerAuth: [] }];
const tags = ['privacy'];
/** How often each process runs the retention job; the job itself makes sure each row is erased once. */
export const RETENTION_INTERVAL_MS = 60 * 60_000;

/**
 * Privacy by design (DESIGN §4b/§5): erasure and access on request for admins, and the retention job,
 * which every process runs at start and hourly.
 */
const privacyRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = requireRole('ROLE_ADMIN');

  app.post(
    '/privacy/erase',
    {
      preHandler: admin,
      schema: {
        tags,
        security,
        body: privacyEraseRequestSchema,
        response: { 200: privacyEraseResultSchema, ...errors },
      },
    },
    async (request) => eraseAddress(app, request, request.body.email),
  );

  app.get(
    '/privacy/export',
    {
      preHandler: admin,
      schema: {
        tags,
        security,
        querystring: privacyExportQuerySchema,
        response: { 200: privacyExportSchema, ...errors },
      },
    },
    async (request) => exportAddress(app, actorOf(request), request.query.email),
  );

  runAtStartAndEvery(app, 'retention job', RETENTION_INTERVAL_MS, (signal) =>
    runRetention(app.db, app.config, new Date(), signal),
  );
};

export default privacyRoutes;
