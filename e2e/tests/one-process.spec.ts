import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { DEMO_ADMIN } from '../support/fixtures.js';
import { freePort, launchProduct, runBuiltCli, spawnProduct } from '../support/server.js';

/**
 * DESIGN §4b "One process per embedded database", on the built product: PGlite is one process's
 * database, so a second process on the same DATA_DIR must be refused before it opens anything (it
 * used to run, diverge silently and lose its writes).
 */

const signIn = (url: string, username: string, password: string) =>
  fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  }).then((r) => r.status);

const register = (url: string, email: string, password: string) =>
  fetch(`${url}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, lastName: 'Proces' }),
  }).then((r) => r.status);

let dataDir: string;
test.beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'balie-one-process-'));
});
test.afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

test('a CLI command and a second server on a running server’s DATA_DIR exit 1 and leave it alone', async () => {
  test.slow(); // three processes on a first-start database
  const server = await spawnProduct(await freePort(), dataDir, {});
  try {
    const cli = await runBuiltCli(
      ['create-user', '--email', 'cli@example.org', '--password', 'Second-1234', '--role', 'ROLE_ADMIN'],
      dataDir,
    );
    expect(cli.code, cli.output).toBe(1);
    // It names the process that holds the folder and what to do instead.
    expect(cli.output).toContain(`process ${server.pid}`);
    expect(cli.output).toContain('Stop it');
    expect(cli.output).toContain(`admin screens at ${server.url}`);

    const second = launchProduct(await freePort(), dataDir, {});
    expect(await second.exited, second.output()).toBe(1);
    expect(second.output()).toContain(`process ${server.pid}`);
    expect(second.output()).not.toContain('is listening');

    // The running server and its data are untouched: its accounts work, the refused one was never made.
    expect(await signIn(server.url, DEMO_ADMIN.email, DEMO_ADMIN.password)).toBe(200);
    expect(await signIn(server.url, 'cli@example.org', 'Second-1234')).toBe(401);
    expect(await register(server.url, 'kept@example.org', 'Kept-12345')).toBe(201);
  } finally {
    await server.stop();
  }
  // A clean stop lets go: the same command now runs, and the server's writes are there after it.
  expect((await runBuiltCli(['migrate'], dataDir)).code).toBe(0);
  const again = await spawnProduct(await freePort(), dataDir, {});
  try {
    expect(await signIn(again.url, 'kept@example.org', 'Kept-12345')).toBe(200);
  } finally {
    await again.stop();
  }
});

test('after kill -9 the next start takes the abandoned lock over and keeps the data', async () => {
  test.slow();
  const port = await freePort();
  const killed = await spawnProduct(port, dataDir, {});
  expect(await register(killed.url, 'before@example.org', 'Before-1234')).toBe(201);
  process.kill(killed.pid, 'SIGKILL');
  await killed.exited;

  const next = await spawnProduct(port, dataDir, {});
  try {
    expect(next.output()).toContain(`process ${killed.pid}`);
    expect(await signIn(next.url, 'before@example.org', 'Before-1234')).toBe(200);
  } finally {
    await next.stop();
  }
});
