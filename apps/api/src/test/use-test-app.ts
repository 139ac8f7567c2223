import { Writable } from 'node:stream';
import type { FastifyInstance, HTTPMethods, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, vi } from 'vitest';
import type { Config } from '../config.js';
import { createTestApp, loginAs, type DemoAccount, type Session, type TestApp } from './app.js';
import type { TestDatabase, TestDatabaseKind } from './databases.js';
import type { ApiRoute } from './routes.js';

export interface UseTestAppOptions {
  /** Seed the demo data (default true). */
  seed?: boolean;
  env?: Record<string, string>;
  webRoot?: string | null;
  /** Demo accounts to sign in once the app is up; read them as `ctx.admin` and `ctx.user`. */
  sessions?: DemoAccount[];
  /**
   * Fakes only Date at this moment (timers run as usual) from before the app is built until it is
   * closed: "today" and "already started" are then fixed moments.
   */
  now?: Date;
  /** Collect the server's log in `ctx.log`: level info, or every level with 'trace'. */
  captureLog?: boolean | 'trace';
  /** Collect every route registered under /api in `ctx.routes` (from Fastify's onRoute hook). */
  routes?: boolean;
}

/** What `useTestApp` hands a test file: the app and its parts, valid inside hooks and tests. */
export interface TestAppContext {
  readonly app: FastifyInstance;
  readonly database: TestDatabase;
  readonly config: Config;
  readonly admin: Session;
  readonly user: Session;
  /** The /api routes, with `routes: true`. The HEAD twins Fastify adds for each GET are left out. */
  readonly routes: ApiRoute[];
  /** The server log since the start or the last `clearLog()`, with `captureLog: true`. */
  readonly log: string;
  clearLog(): void;
  /** `method url` as `session` (a guest when absent), with a JSON payload and extra headers if given. */
  call(
    method: HTTPMethods,
    url: string,
    session?: Session | null,
    payload?: InjectOptions['payload'],
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
}

/**
 * One test app for the enclosing `describe` (as fastify/demo's `build()` does): registers the beforeAll
 * that builds it on a fresh database of `kind` and signs in `sessions`, and the afterAll that closes it.
 * Options may be a function when they depend on an earlier beforeAll (an SMTP server's address).
 * Hooks the file registers later run after this beforeAll and before this afterAll.
 */
export function useTestApp(
  kind: TestDatabaseKind,
  options: UseTestAppOptions | (() => UseTestAppOptions) = {},
): TestAppContext {
  let t: TestApp | undefined;
  const sessions: Partial<Record<DemoAccount, Session>> = {};
  let routes: ApiRoute[] | undefined;
  let log: string | undefined;
  let fakedDate = false;

  beforeAll(async () => {
    const o = typeof options === 'function' ? options() : options;
    if (o.now) {
      vi.useFakeTimers({ toFake: ['Date'], now: o.now });
      fakedDate = true;
    }
    if (o.routes) routes = [];
    if (o.captureLog) log = '';
    t = await createTestApp({
      kind,
      ...(o.seed === undefined ? {} : { seed: o.seed }),
      ...(o.env ? { env: o.env } : {}),
      ...(o.webRoot ? { webRoot: o.webRoot } : {}),
      ...(o.captureLog
        ? {
            logger: {
              level: o.captureLog === 'trace' ? 'trace' : 'info',
              stream: logStream((chunk) => (log += chunk)),
            },
          }
        : {}),
      ...(o.routes ? { onRoute: (route) => routes!.push(...apiRoutes(route)) } : {}),
    });
    for (const who of o.sessions ?? []) sessions[who] = await loginAs(t.app, who);
  });
  afterAll(async () => {
    await t?.close();
    if (fakedDate) vi.useRealTimers();
  });

  const built = (): TestApp => {
    if (!t) throw new Error('useTestApp: the app is built in beforeAll; use it inside a hook or a test');
    return t;
  };
  const session = (who: DemoAccount): Session => {
    const s = sessions[who];
    if (!s) throw new Error(`useTestApp: no "${who}" session; pass sessions: ['${who}']`);
    return s;
  };
  const collected = <T>(value: T | undefined, option: string): T => {
    if (value === undefined) throw new Error(`useTestApp: pass ${option}: true`);
    return value;
  };

  return {
    get app() {
      return built().app;
    },
    get database() {
      return built().database;
    },
    get config() {
      return built().config;
    },
    get admin() {
      return session('admin');
    },
    get user() {
      return session('user');
    },
    get routes() {
      return collected(routes, 'routes');
    },
    get log() {
      return collected(log, 'captureLog');
    },
    clearLog() {
      collected(log, 'captureLog');
      log = '';
    },
    call(method, url, s, payload, headers = {}) {
      return built().app.inject({
        method,
        url,
        headers: { ...(s?.headers ?? {}), ...headers },
        ...(payload === undefined ? {} : { payload }),
      });
    },
  };
}

/** The /api routes of one onRoute call, one per method, without the HEAD twins of GET routes. */
function apiRoutes(route: { method: string | string[]; url: string; schema?: ApiRoute['schema'] }) {
  if (!route.url.startsWith('/api')) return [];
  return [route.method]
    .flat()
    .filter((method) => method !== 'HEAD')
    .map((method) => ({ method, url: route.url, key: `${method} ${route.url}`, schema: route.schema }));
}

/** A stream for Fastify's logger that hands each line to `write`. */
function logStream(write: (chunk: string) => void): Writable {
  return new Writable({
    write(chunk: Buffer, _enc, done) {
      write(chunk.toString());
      done();
    },
  });
}
