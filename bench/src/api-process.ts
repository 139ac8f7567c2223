import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import type { BenchDatabase } from './databases.js';
import type { MemoryDetail } from './memory-probe.js';
import { SETTINGS } from './settings.js';

/** The built product; BENCH_API_MAIN points at another build (to compare before/after on one machine state). */
const MAIN =
  process.env.BENCH_API_MAIN ?? fileURLToPath(new URL('../../apps/api/dist/main.js', import.meta.url));
const START_TIMEOUT_MS = 60_000;
/** BENCH_MEMORY_DETAIL=1 loads this into each server: where its memory is, on request (decision 0255). */
const MEMORY_PROBE = fileURLToPath(new URL('./memory-probe.js', import.meta.url));
const STOP_TIMEOUT_MS = 10_000;

export interface ApiProcess {
  name: string;
  port: number;
  pid: number;
  /** Resident memory now and its peak so far (kB), from /proc/<pid>/status. */
  memory: () => { rssKb: number; hwmKb: number };
  /** With BENCH_MEMORY_DETAIL=1: VmRSS split into the V8 heap, WebAssembly memory and the rest. */
  memoryDetail: () => Promise<MemoryDetail | undefined>;
  stop: () => Promise<void>;
  /** SIGKILL, as a crash would end it; resolves once it is gone. */
  kill: () => Promise<void>;
}

/**
 * The built product (`node apps/api/dist/main.js`) on a free port against `target`, without demo data.
 * Request logging is at `warn` (BENCH_LOG_LEVEL to change): the bench measures the server, not a log pipe.
 * BENCH_API_NODE_ARGS adds Node options to the servers' command line (profiling).
 */
export function startApi(
  name: string,
  target: BenchDatabase,
  secret: string,
  /** More settings (the fault run gives SMTP_URL and DEMO_DATA). */
  extraEnv: NodeJS.ProcessEnv = {},
): Promise<ApiProcess> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: target.dataDir,
    DEMO_DATA: '0',
    JWT_SECRET: secret,
    PROVIDER_TIMEZONE: SETTINGS.timezone,
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
  };
  delete env.DATABASE_URL;
  delete env.SMTP_URL;
  if (target.databaseUrl) env.DATABASE_URL = target.databaseUrl;
  Object.assign(env, extraEnv);
  // BENCH_API_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof") profiles the servers, not the bench.
  const nodeArgs = process.env.BENCH_API_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const probeDir = process.env.BENCH_MEMORY_DETAIL
    ? mkdtempSync(path.join(os.tmpdir(), 'balie-bench-memory-'))
    : undefined;
  const probeOut = probeDir && path.join(probeDir, `${name}.jsonl`);
  if (probeOut) {
    nodeArgs.unshift('--import', MEMORY_PROBE);
    env.MEMORY_PROBE_OUT = probeOut;
  }
  const child = spawn(process.execPath, [...nodeArgs, MAIN], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  if (probeDir) child.once('exit', () => rmSync(probeDir, { recursive: true, force: true }));
  let output = '';
  // Always drain both pipes: a full pipe would block the server's writes and skew every number.
  const keep = (d: Buffer) => (output = (output + d.toString()).slice(-8000));
  child.stderr!.on('data', keep);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${name} did not start within ${START_TIMEOUT_MS} ms:\n${output}`));
    }, START_TIMEOUT_MS);
    const onExit = (code: number | null) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited with ${code}:\n${output}`));
    };
    child.once('exit', onExit);
    child.stdout!.on('data', (d: Buffer) => {
      keep(d);
      const m = /listening on http:\/\/[^:\s]+:(\d+)/.exec(output);
      if (!m || child.pid === undefined) return;
      clearTimeout(timer);
      child.off('exit', onExit);
      child.stdout!.removeAllListeners('data');
      child.stdout!.on('data', keep);
      // A server that dies mid-run must say why, not leave the bench reading a missing /proc entry.
      child.once('exit', (code, signal) => {
        if (!stopping.has(child))
          console.error(`${name} exited (${code ?? signal}) during the run:\n${output}`);
      });
      resolve({
        name,
        port: Number(m[1]),
        pid: child.pid,
        memory: () => memoryOf(child),
        memoryDetail: () => (probeOut ? askDetail(child, probeOut) : Promise.resolve(undefined)),
        stop: () => stop(child),
        kill: () => stop(child, 'SIGKILL'),
      });
    });
  });
}

function memoryOf(child: ChildProcess): { rssKb: number; hwmKb: number } {
  if (child.exitCode !== null || child.signalCode !== null) return { rssKb: NaN, hwmKb: NaN };
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rssKb: kb('VmRSS'), hwmKb: kb('VmHWM') };
}

/** Signals the probe and waits (up to 10 s: the server may be busy) for its next line. */
async function askDetail(child: ChildProcess, file: string): Promise<MemoryDetail> {
  const lines = () => (existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean) : []);
  const before = lines().length;
  child.kill('SIGUSR2');
  for (let waited = 0; waited < 10_000; waited += 20) {
    await sleep(20);
    const now = lines();
    if (now.length > before) return JSON.parse(now.at(-1)!) as MemoryDetail;
  }
  throw new Error(`no memory detail from ${child.pid} within 10 s`);
}

/** Children the bench itself is stopping: their exit is expected. */
const stopping = new WeakSet<ChildProcess>();

function stop(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  stopping.add(child);
  return new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done();
    const force = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    child.once('exit', () => {
      clearTimeout(force);
      done();
    });
    child.kill(signal);
  });
}

export const newSecret = () => randomBytes(36).toString('base64url');
