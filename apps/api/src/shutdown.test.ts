import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));

/** One request on a connection of its own; resolves with the status once the answer is complete. */
function request(port: number, method: string, url: string, body?: unknown) {
  let connected!: () => void;
  const sent = new Promise<void>((resolve) => (connected = resolve));
  const done = new Promise<number>((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: url,
        agent: false,
        headers: { 'content-type': 'application/json' },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    // Connected and the whole request written: the server has it before the signal.
    let written = false;
    let open = false;
    const check = () => written && open && connected();
    req.on('socket', (socket) =>
      socket.connecting ? socket.once('connect', () => ((open = true), check())) : ((open = true), check()),
    );
    req.end(body === undefined ? undefined : JSON.stringify(body), () => ((written = true), check()));
  });
  return { sent, done };
}

/** SIGTERM under load (DESIGN §5, issue 40 item 4): every request already sent is answered, exit within 10 s. */
describe('shutting down on SIGTERM', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'balie-sigterm-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('answers every request in flight and exits 0 within 10 s', async () => {
    // Node itself with tsx's loader, not the tsx wrapper: the signal must reach the server's own process.
    const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', MAIN], {
      env: { ...process.env, DATA_DIR: dir, PORT: '0', LOG_LEVEL: 'silent', NODE_ENV: 'test' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const port = await new Promise<number>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const m = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
        if (m) resolve(Number(m[1]));
      });
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.on('exit', (code) => reject(new Error(`exited ${code}: ${output}`)));
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    expect(await request(port, 'GET', '/api/ready').done).toBe(200);

    // Thirty requests that each read the schedule, all sent before the signal.
    const days = ['2030-01-07', '2030-01-08', '2030-01-09'];
    const load = Array.from({ length: 30 }, (_, i) =>
      request(port, 'POST', '/api/timeslots', {
        appointmentItems: [{ productId: 1, amount: 1 }],
        date: days[i % days.length],
      }),
    );
    await Promise.all(load.map((r) => r.sent));
    const signalled = performance.now();
    child.kill('SIGTERM');
    const statuses = await Promise.allSettled(load.map((r) => r.done));
    const answers = statuses.map((s) => (s.status === 'fulfilled' ? s.value : String(s.reason)));
    const took = Math.round(performance.now() - signalled);
    expect(
      answers.filter((s) => s !== 200),
      `${output}\nanswered within ${took} ms`,
    ).toEqual([]);
    expect(await exited, output).toBe(0);
    // A patience limit of the process itself (serve.ts), checked here from outside.
    expect(performance.now() - signalled).toBeLessThan(10_000);
    expect(output).toContain('SIGTERM received, shutting down');
  }, 180_000);
});
