import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
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
  /** What the running process printed so far (the setup link of a first start, say). */
  output(): string;
}

export function freePort(): Promise<number> {
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

async function waitForHealth(product: ProductProcess): Promise<void> {
  let exitCode: number | null | undefined;
  void product.exited.then((code) => (exitCode = code));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (exitCode !== undefined) throw new Error(`server exited early (${exitCode}):\n${product.output()}`);
    try {
      // Ready, not only alive: the server listens before it migrates and answers 503 until done (decision 0474).
      const res = await fetch(`${product.url}/api/ready`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not become healthy:\n${product.output()}`);
}

/** One process of the built product, as spawned: its output so far and how it ended. */
export interface ProductProcess {
  url: string;
  pid: number;
  output: () => string;
  /** Resolves with the exit code (null when a signal ended it). */
  exited: Promise<number | null>;
  /** SIGINT, then SIGKILL after 5 s. */
  stop: () => Promise<void>;
}

/** Spawns the built product (apps/api/dist/main.js) on `port` with its data in `dataDir`, without waiting. */
export function launchProduct(port: number, dataDir: string, env: Record<string, string>): ProductProcess {
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
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  return {
    url,
    pid: child.pid ?? 0,
    output: () => output,
    exited,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGINT');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

/** The built product on `port`, keeping its data in `dataDir`; resolves when healthy. */
export async function spawnProduct(
  port: number,
  dataDir: string,
  env: Record<string, string>,
): Promise<ProductProcess> {
  const product = launchProduct(port, dataDir, env);
  await waitForHealth(product);
  return product;
}

/** Where the global set-up (support/demo-template.ts) leaves a migrated, and a seeded, database. */
export const MIGRATED_TEMPLATE_ENV = 'BALIE_E2E_MIGRATED_TEMPLATE';
export const DEMO_TEMPLATE_ENV = 'BALIE_E2E_DEMO_TEMPLATE';

/**
 * Which of the run's template databases a server with `env` starts from: the seeded one when it would
 * seed the same demo data, else the merely migrated one, on which it seeds by itself (the seed reads the
 * server's clock and zone, so a spec's BALIE_TEST_NOW or PROVIDER_TIMEZONE needs its own) or, with
 * DEMO_DATA=0, waits for its first administrator as an empty database would. None without the global
 * set-up (a spec run by a config without it) or for PostgreSQL.
 */
function templateFor(env: Record<string, string>): string | undefined {
  if (env.DATABASE_URL) return undefined;
  const seedsItsOwn = ['DEMO_DATA', 'BALIE_TEST_NOW', 'PROVIDER_TIMEZONE'].some((key) => key in env);
  return process.env[seedsItsOwn ? MIGRATED_TEMPLATE_ENV : DEMO_TEMPLATE_ENV];
}

/**
 * Starts the built product (apps/api/dist/main.js) on a free port with a fresh embedded database, copied
 * from the run's template (see `templateFor`).
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'balie-e2e-'));
  const template = templateFor(env);
  if (template) cpSync(template, join(dataDir, 'db'), { recursive: true });
  let product = await spawnProduct(port, dataDir, env);
  return {
    url: product.url,
    dataDir,
    async restart(changes) {
      await product.stop();
      product = await spawnProduct(port, dataDir, { ...env, ...changes });
    },
    output: () => product.output(),
    async stop() {
      await product.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs the built operator CLI (apps/api/dist/cli.js) with `args` on `dataDir`; resolves when it exits. */
export function runBuiltCli(
  args: string[],
  dataDir: string,
): Promise<{ code: number | null; output: string }> {
  return new Promise((done) => {
    let output = '';
    const child = spawn(process.execPath, [join(repoRoot, 'apps/api/dist/cli.js'), ...args], {
      cwd: repoRoot,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    child.once('exit', (code) => done({ code, output }));
  });
}
