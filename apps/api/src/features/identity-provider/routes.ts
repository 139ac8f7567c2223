import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  identityProviderSchema,
  loginAnswerSchema,
  oidcSessionRequestSchema,
  putIdentityProviderRequestSchema,
} from '@balie/shared';
import { recordAudit } from '../../audit/audit.js';
import { actorOf } from '../../audit/actor.js';
import { requireRole } from '../../http/auth.js';
import { errorResponses } from '../../http/error-responses.js';
import { landingOf } from './oidc.js';
import * as service from './service.js';

const tags = ['identity-provider'];
const security = [{ bearerAuth: [] }];
/** Binds a sign-in to the browser that started it (login CSRF): only the callback and start see it. */
const COOKIE = 'balie_oidc';
const COOKIE_PATH = '/api/auth/oidc';

function cookieOf(request: FastifyRequest): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === COOKIE) return value.join('=');
  }
  return undefined;
}

/**
 * Staff sign in with the organisation's own accounts (DESIGN §4c, §5 *Identity provider*): the admin's
 * setting, and the browser's way through the provider: start → provider → callback → the page
 * `/login/oidc`, which takes the session with the one-time hand-over in its fragment (decision 0452).
 */
const identityProviderRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = requireRole('ROLE_ADMIN');
  const secure = app.config.publicUrl.startsWith('https:') ? '; Secure' : '';
  const setBrowserCookie = (reply: FastifyReply, value: string, maxAge: number) =>
    reply.header(
      'set-cookie',
      `${COOKIE}=${value}; Path=${COOKIE_PATH}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`,
    );
  const land = (reply: FastifyReply, fragment: string) =>
    reply.header('cache-control', 'no-store').redirect(`${landingOf(app.config)}#${fragment}`, 302);

  app.get(
    '/identity-provider',
    {
      preHandler: admin,
      schema: { tags, security, response: { 200: identityProviderSchema, ...errorResponses(401, 403) } },
    },
    async () => service.readIdentityProvider(app.db, app.config),
  );

  app.put(
    '/identity-provider',
    {
      preHandler: admin,
      schema: {
        tags,
        security,
        body: putIdentityProviderRequestSchema,
        response: { 200: identityProviderSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => service.putIdentityProvider(app.db, app.config, actorOf(request), request.body),
  );

  app.get(
    '/auth/oidc/start',
    { schema: { tags, response: { 302: z.undefined() } } },
    async (_request, reply) => {
      try {
        const { location, browser } = await service.startSignIn(app.db, app.config);
        setBrowserCookie(reply, browser, 600);
        return reply.header('cache-control', 'no-store').redirect(location, 302);
      } catch (err) {
        const reason = err instanceof service.OidcRefusal ? err.reason : 'failed';
        reply.log.warn({ err: err instanceof service.OidcRefusal ? err.cause : err }, 'oidc start failed');
        return land(reply, `error=${reason}`);
      }
    },
  );

  app.get(
    '/auth/oidc/callback',
    {
      schema: {
        tags,
        // What the provider adds (code, state, iss, session_state, error…) is read by openid-client.
        querystring: z.looseObject({ state: z.string().max(1000).optional() }),
        response: { 302: z.undefined() },
      },
    },
    async (request, reply) => {
      const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
      const ctx = { db: app.db, config: app.config, ip: request.ip };
      setBrowserCookie(reply, '', 0);
      try {
        const handoff = await service.completeSignIn(ctx, {
          search,
          state: request.query.state,
          browser: cookieOf(request),
        });
        return land(reply, `handoff=${handoff}`);
      } catch (err) {
        if (!(err instanceof service.OidcRefusal)) throw err;
        if (err.reason !== 'no_role') {
          request.log.warn({ err: err.cause }, `oidc sign-in refused: ${err.reason}`);
          await recordAudit(app.db, {
            actorUserId: null,
            action: 'login_failed',
            ip: request.ip,
            details: { method: 'oidc', reason: err.reason },
          });
        }
        return land(reply, `error=${err.reason}`);
      }
    },
  );

  app.post(
    '/auth/oidc/session',
    {
      schema: {
        tags,
        body: oidcSessionRequestSchema,
        response: { 200: loginAnswerSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) =>
      service.takeSession({ db: app.db, config: app.config, ip: request.ip }, request.body.handoff),
  );

  app.get(
    '/auth/oidc/end-session',
    { schema: { tags, response: { 302: z.undefined() } } },
    async (_request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .redirect(await service.endSessionLocation(app.db, app.config), 302),
  );
};

export default identityProviderRoutes;
