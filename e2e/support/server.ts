import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(fileURLToPath(import.meta.url), '../../..');

export interface RunningServer {
  url: string;
  dataDir: string;
  /**
   * Stops the process and starts it again on the same port and data (database, mail files), with
   * `changes` on top of the settings it started with: e.g. a later BALIE_TEST_NOW, to be a day further on.
   */
  restart(changes: Record<string, string>): Promise<void>;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => ok(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${log()}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not become healthy:\n${log()}`);
}

/** The built product (apps/api/dist/main.js) on `port`, keeping its data in `dataDir`; resolves when healthy. */
async function spawnProduct(
  port: number,
  dataDir: string,
  env: Record<string, string>,
): Promise<() => Promise<void>> {
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, [join(repoRoot, 'apps/api/dist/main.js')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      DATABASE_URL: '',
      SMTP_URL: '',
      DEMO_DATA: '1',
      // The built server runs as production unless told otherwise, and refuses the test clock there.
      ...(env.BALIE_TEST_NOW ? { NODE_ENV: 'test' } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  await waitForHealth(url, child, () => output);
  return async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGINT');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
  };
}

/** Starts the built product (apps/api/dist/main.js) on a free port with a fresh embedded database. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'balie-e2e-'));
  let stopProcess = await spawnProduct(port, dataDir, env);
  return {
    url: `http://127.0.0.1:${port}`,
    dataDir,
    async restart(changes) {
      await stopProcess();
      stopProcess = await spawnProduct(port, dataDir, { ...env, ...changes });
    },
    async stop() {
      await stopProcess();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
