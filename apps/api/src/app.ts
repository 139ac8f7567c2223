import { readdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type FastifyPluginAsyncZod,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
import { installAuth } from './http/auth.js';
import { BackgroundWork } from './http/background.js';
import { withRedactedLogs } from './http/redact.js';
import { installErrorHandler, installZodMessageKeys, HttpError } from './http/errors.js';
import { installDocs } from './http/docs.js';
import { installEmbedding } from './http/embedding.js';
import { installSecurityHeaders } from './http/security-headers.js';
import { installSpa, WEB_DIST } from './http/spa.js';
import { systemResolve, type Resolve } from './features/webhooks/target.js';
import { installReadiness, Readiness } from './http/readiness.js';
import { installMetrics, Metrics } from './metrics/metrics.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    database: Database;
    /** Work that runs after the reply (http/background.ts). */
    background: BackgroundWork;
    /** How webhook targets are resolved when subscribing (tests resolve without leaving the machine). */
    webhookNet: { resolve: Resolve };
    /** Whether this process should get traffic (`GET /api/ready`, http/readiness.ts). */
    readiness: Readiness;
    /** This process's Prometheus registry (metrics/metrics.ts). */
    metrics: Metrics;
  }
}

export interface BuildAppOptions {
  config: Config;
  database: Database;
  /** Fastify logger options; false in tests. */
  logger?: FastifyServerOptions['logger'];
  /** The built SPA; null serves the API alone. Default apps/web/dist. */
  webRoot?: string | null;
  /** Called for every route as it is registered: tests that must cover every route read the table here. */
  onRoute?: (route: RouteOptions) => void;
  /** Where the process is in its life; default ready (the start migrates before it says so). */
  readiness?: Readiness;
}

const FEATURES_DIR = fileURLToPath(new URL('./features', import.meta.url));

/**
 * Every feature folder with a routes module (routes.ts in development, routes.js when built) is a
 * Fastify plugin mounted under /api. A new feature only adds its folder; this file stays untouched.
 */
async function featureRoutes(): Promise<Array<{ name: string; plugin: FastifyPluginAsyncZod }>> {
  const entries = await readdir(FEATURES_DIR, { withFileTypes: true });
  const found = [];
  for (const dir of entries.filter((e) => e.isDirectory()).sort((a, b) => a.name.localeCompare(b.name))) {
    const file = ['routes.js', 'routes.ts']
      .map((name) => path.join(FEATURES_DIR, dir.name, name))
      .find((f) => existsSync(f));
    if (!file) continue;
    const mod = (await import(pathToFileURL(file).href)) as { default?: FastifyPluginAsyncZod };
    if (typeof mod.default !== 'function') throw new Error(`${file} has no default-exported Fastify plugin`);
    found.push({ name: dir.name, plugin: mod.default });
  }
  return found;
}

/** The HTTP application: API under /api, OpenAPI at /api/docs, and the built SPA for everything else. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  installZodMessageKeys();
  const app = Fastify({
    logger: withRedactedLogs(options.logger ?? false),
    // request.ip (what rate limits count) is the client behind these proxies, not the proxy (DESIGN §3).
    trustProxy: config.trustProxy,
    // A request that reached the process before its SIGTERM is served, not turned away with Fastify's
    // 503: the listener is closed, so nothing new arrives, and idle keep-alive connections are closed.
    // `/api/ready` says 503 from the start of the close (http/readiness.ts, decision 0474).
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('database', { getter: () => database });
  app.decorate('background', new BackgroundWork(app.log));
  app.decorate('webhookNet', { resolve: systemResolve });
  // Before the database closes: what a reply promised (a queued mail) is still written.
  app.addHook('onClose', () => app.background.settled());
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  installReadiness(app, options.readiness ?? new Readiness());
  installMetrics(app, new Metrics(database));

  installErrorHandler(app);
  await installSecurityHeaders(app);
  installEmbedding(app);
  installAuth(app);
  await installDocs(app);

  for (const { plugin } of await featureRoutes()) {
    await app.register(plugin, { prefix: '/api' });
  }

  const webRoot = options.webRoot === undefined ? WEB_DIST : options.webRoot;
  const spa = webRoot ? await installSpa(app, webRoot) : false;
  app.setNotFoundHandler(async (request, reply) => {
    const wantsPage =
      spa &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/api') &&
      (request.headers.accept ?? '').includes('text/html');
    // History fallback: the SPA's router decides what a deep link like /edit-appointment/… shows.
    if (wantsPage) return spa.send(request, reply);
    return reply.code(404).send(new HttpError('not_found').toJSON());
  });
  return app;
}
