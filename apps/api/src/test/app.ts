import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { DEMO_ACCOUNTS, seedDemoData } from '../demo/seed.js';
import { createTestDatabase, type TestDatabase, type TestDatabaseKind } from './databases.js';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  /** Closes the app and the database (dropping a PostgreSQL test database) and removes the data dir. */
  close: () => Promise<void>;
}

export const TEST_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';

/** A configuration for tests: a temp DATA_DIR (mail files land there), fixed secret, no demo flag. */
export function testConfig(env: Record<string, string> = {}): Config {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'balie-test-'));
  return loadConfig({ DATA_DIR: dataDir, JWT_SECRET: TEST_SECRET, PUBLIC_URL: 'http://balie.test', ...env });
}

/**
 * Builds the app on a fresh migrated database (PGlite in memory by default) with the demo data seeded.
 * A test file takes one per `describe` through `useTestApp` (use-test-app.ts), which builds and closes
 * it; call this directly only for an app a single test builds and closes itself.
 */
export async function createTestApp(
  options: {
    kind?: TestDatabaseKind;
    seed?: boolean;
    env?: Record<string, string>;
    webRoot?: string | null;
    /** Fastify logger options, for tests that read what the server logs. */
    logger?: BuildAppOptions['logger'];
    onRoute?: BuildAppOptions['onRoute'];
  } = {},
): Promise<TestApp> {
  const config = testConfig(options.env);
  const database = await createTestDatabase(options.kind ?? 'pglite');
  if (options.seed ?? true)
    await seedDemoData(database.db, { timezone: config.providerTimezone, history: false });
  const app = await buildApp({
    config,
    database,
    webRoot: options.webRoot ?? null,
    ...(options.logger ? { logger: options.logger } : {}),
    ...(options.onRoute ? { onRoute: options.onRoute } : {}),
  });
  await app.ready();
  // The start's runs of the periodic jobs (retention, reminders) end before the first test: beside it they
  // deleted and mailed what a test had just made (http/periodic.ts).
  await app.background.settled();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.close();
      rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

export type DemoAccount = keyof typeof DEMO_ACCOUNTS;

export interface Session {
  token: string;
  refreshToken: string;
  userId: number;
  /** `{ authorization: 'Bearer …' }` for inject(). */
  headers: { authorization: string };
}

/** The session of a signed-in answer (`{ token, refresh_token, user }`). */
export function sessionOf(body: { token: string; refresh_token: string; user: { id: number } }): Session {
  return {
    token: body.token,
    refreshToken: body.refresh_token,
    userId: body.user.id,
    headers: { authorization: `Bearer ${body.token}` },
  };
}

/** Signs in through POST /api/login with explicit credentials. */
export async function login(app: FastifyInstance, email: string, password: string): Promise<Session> {
  const res = await app.inject({ method: 'POST', url: '/api/login', payload: { username: email, password } });
  if (res.statusCode !== 200) throw new Error(`login as ${email} failed: ${res.statusCode} ${res.body}`);
  return sessionOf(res.json());
}

/** Signs in as a seeded demo account: 'admin' (ROLE_ADMIN) or 'user' (ROLE_USER). */
export function loginAs(app: FastifyInstance, who: DemoAccount): Promise<Session> {
  return login(app, DEMO_ACCOUNTS[who].email, DEMO_ACCOUNTS[who].password);
}
