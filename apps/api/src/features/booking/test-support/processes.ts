import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const SERVE = fileURLToPath(new URL('./serve.ts', import.meta.url));
const TSX = fileURLToPath(new URL('../../../../../../node_modules/.bin/tsx', import.meta.url));

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  stop: () => Promise<void>;
}

/** Starts one API server as its own OS process against `env.DATABASE_URL`; resolves once it listens. */
export function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(TSX, ['--conditions=source', SERVE], {
    env: { ...process.env, ...env, DEMO_DATA: 'false' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start: ${stderr}`)), 30_000);
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

/** `count` server processes against a PostgreSQL test app's database, sharing its secret and data dir. */
export function startProcessesFor(
  t: { database: { url?: string }; config: { dataDir: string; secret: string } },
  count = 2,
): Promise<ServerProcess[]> {
  const env = {
    DATABASE_URL: t.database.url!,
    DATA_DIR: t.config.dataDir,
    JWT_SECRET: t.config.secret,
    PUBLIC_URL: 'http://balie.test',
  };
  return Promise.all(Array.from({ length: count }, () => startServerProcess(env)));
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
  return fetch(`${servers[i % servers.length]!.url}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}
