import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { backupListSchema, backupSchema } from '@balie/shared';
import { requireRole } from '../../http/auth.js';
import { errorResponses } from '../../http/error-responses.js';
import { runAtStartAndEvery } from '../../http/periodic.js';
import { backupList, nightlyBackup, presentBackup, requestedBackup } from './service.js';

/** How often the nightly job looks whether a backup is due; the due moment itself is BACKUP_AT. */
const NIGHTLY_CHECK_MS = 60_000;

/** Backups of the embedded database (DESIGN §4c, §5 *Operations*): admins only. */
const backupRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['operations'];
  app.get(
    '/backups',
    {
      preHandler: requireRole('ROLE_ADMIN'),
      schema: {
        tags,
        security: [{ bearerAuth: [] }],
        response: { 200: backupListSchema, ...errorResponses(401, 403) },
      },
    },
    async () => backupList(app),
  );

  app.post(
    '/backups',
    {
      preHandler: requireRole('ROLE_ADMIN'),
      schema: {
        tags,
        security: [{ bearerAuth: [] }],
        response: { 201: backupSchema, ...errorResponses(401, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      const made = await requestedBackup(app, request);
      return reply.code(201).send(presentBackup(made));
    },
  );

  // Only the process that holds the data folder on disk: an in-memory database (tests) has nothing a
  // restart would lose, and PostgreSQL's backups are its own.
  if (app.database.kind === 'pglite' && !app.database.client.dataDir?.startsWith('memory://')) {
    const startedAt = Date.now();
    runAtStartAndEvery(app, 'nightly backup', NIGHTLY_CHECK_MS, (signal) =>
      nightlyBackup(app, Date.now(), signal, startedAt),
    );
  }
};

export default backupRoutes;
