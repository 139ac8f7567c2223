import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OFFERED_LANGUAGE_CODES, languageSchema, singleLineText } from '@balie/shared';
import { listLanguages } from '../users/repository.js';
import { toLanguage } from '../users/presenter.js';

/** GET /api/locales (all, or ?language=code) and GET /api/languages (the offered ones: en-GB, de-DE, nl-NL; spec §1, decision 0424). */
const languageRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['languages'];
  app.get(
    '/locales',
    {
      schema: {
        tags,
        querystring: z.object({ language: singleLineText(10).min(1).optional() }),
        response: { 200: z.array(languageSchema) },
      },
    },
    async (request) => {
      const wanted = request.query.language?.toLowerCase();
      const rows = await listLanguages(app.db);
      // 'nl' matches nl-NL, 'nl-NL' matches exactly.
      const matches = wanted
        ? rows.filter((r) => r.code.toLowerCase() === wanted || r.code.toLowerCase().split('-')[0] === wanted)
        : rows;
      return matches.map(toLanguage);
    },
  );
  app.get('/languages', { schema: { tags, response: { 200: z.array(languageSchema) } } }, async () =>
    (await listLanguages(app.db, OFFERED_LANGUAGE_CODES)).map(toLanguage),
  );
};

export default languageRoutes;
