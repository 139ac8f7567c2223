import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireIntegrationClient } from '../../http/auth.js';
import { errorResponses } from '../../http/error-responses.js';

const security = [{ clientCredentials: ['warp-api'] }];
const tags = ['JCC-compatible API'];
const errors = errorResponses(400, 401);

/**
 * The JCC-Afspraken REST API ("WARP") as Open Forms' `jcc_rest` plugin calls it (DESIGN §4c, §5), at
 * `/api/compat/jcc-warp/v1/`: an adapter over the services Balie's own booking page uses. Only
 * integration clients' tokens open it.
 */
const jccWarpRoutes: FastifyPluginAsyncZod = async (app) => {
  const prefix = '/compat/jcc-warp/v1';

  // Open Forms' configuration check (`check_config`) asks for the version and needs a 2xx.
  app.get(
    `${prefix}/version`,
    {
      preHandler: requireIntegrationClient,
      schema: {
        tags,
        security,
        response: {
          200: z.object({ warpApiVersion: z.string(), afsprakenVersion: z.string() }),
          ...errors,
        },
      },
    },
    async () => ({ warpApiVersion: '1', afsprakenVersion: 'Balie' }),
  );
};

export default jccWarpRoutes;
