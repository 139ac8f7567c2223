import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import { useTestApp, type DemoAccount, type TestAppContext } from '../../../test/index.js';

const SERVE = fileURLToPath(new URL('./serve.ts', import.meta.url));
const TSX = fileURLToPath(new URL('../../../../../../node_modules/.bin/tsx', import.meta.url));

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  stop: () => Promise<void>;
}

/** How long a server process may take to listen; the hook that starts them waits a little longer. */
export const START_PATIENCE_MS = 90_000;

/** Starts one API server as its own OS process against `env.DATABASE_URL`; resolves once it listens. */
export function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(TSX, ['--conditions=source', SERVE], {
    env: { ...process.env, ...env, DEMO_DATA: 'false' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve, reject) => {
    // A patience limit, not a speed check: tsx compiles the server from source first, and under
    // `npm run test:stress` with a browser run beside it that took over 30 s. Given up on, the process is
    // stopped, so it does not go on starting against the next file's database.
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start in ${START_PATIENCE_MS / 1000} s: ${stderr}`));
    }, START_PATIENCE_MS);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${stderr}`)));
    child.stdout!.on('data', (d: Buffer) => {
      const m = /LISTENING (\d+)/.exec(d.toString());
      if (!m) return;
      clearTimeout(timer);
      resolve({
        url: `http://127.0.0.1:${m[1]}`,
        child,
        stop: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    });
  });
}

/**
 * `count` server processes against a PostgreSQL test app's database, sharing its secret and data dir.
 * They trust the loopback address as their reverse proxy, so a test can give each visitor it simulates an
 * address of its own (`asVisitor`); without that header every request comes from 127.0.0.1.
 */
export function startProcessesFor(
  t: { database: { url?: string }; config: { dataDir: string; secret: string } },
  count = 2,
): Promise<ServerProcess[]> {
  const env = {
    DATABASE_URL: t.database.url!,
    DATA_DIR: t.config.dataDir,
    JWT_SECRET: t.config.secret,
    PUBLIC_URL: 'http://balie.test',
    TRUST_PROXY: 'loopback',
  };
  return Promise.all(Array.from({ length: count }, () => startServerProcess(env)));
}

/** The PostgreSQL test app and the server processes on its database, set by `useServerProcesses`. */
export interface ServerProcesses {
  t: TestAppContext;
  servers: ServerProcess[];
}

/**
 * For a describe block of multi-process tests: the PostgreSQL test app of `useTestApp` (demo data seeded,
 * `sessions` signed in, `setup` run on it) and `count` server processes on its database, started after it
 * and stopped before it closes. `servers` is filled in by the time the tests run.
 */
export function useServerProcesses(
  options: { count?: number; sessions?: DemoAccount[]; setup?: (t: TestAppContext) => Promise<void> } = {},
): ServerProcesses {
  const t = useTestApp('postgres', { sessions: options.sessions ?? [] });
  const shared: ServerProcesses = { t, servers: [] };
  beforeAll(async () => {
    await options.setup?.(t);
    // Filled in place, so a test file may keep `servers` from the start.
    shared.servers.push(...(await startProcessesFor(t, options.count)));
  }, START_PATIENCE_MS + 30_000);
  afterAll(() => Promise.all(shared.servers.map((s) => s.stop())));
  return shared;
}

/** A JSON request to `/api{path}` on the `i`-th process (round robin), as a client over HTTP sends it. */
export function sendTo(
  servers: ServerProcess[],
  i: number,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  // No content type without a body: Fastify refuses an empty JSON body (a DELETE, say) with 400.
  return fetch(`${servers[i % servers.length]!.url}/api${path}`, {
    method,
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/**
 * The header a reverse proxy adds for visitor `i`: the limits of DESIGN §6 count per client address, and
 * a crowd of visitors comes from many addresses, not from one.
 */
export function asVisitor(i: number): Record<string, string> {
  return { 'x-forwarded-for': `10.88.${Math.floor(i / 250) % 250}.${(i % 250) + 1}` };
}
