import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from './app.js';
import { runCli } from './cli.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { login } from './test/index.js';

/** The CLI against an embedded database in a temp DATA_DIR, then the server on the same data. */
describe('operator CLI', () => {
  let dir: string;
  let env: Record<string, string>;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'balie-cli-'));
    env = { DATA_DIR: dir, JWT_SECRET: 'cli-test-secret-0123456789-0123456789' };
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterAll(() => {
    vi.restoreAllMocks();
    rmSync(dir, { recursive: true, force: true });
  });

  it('migrates, seeds once, creates an admin, and refuses bad input', async () => {
    expect(await runCli(['migrate'], env)).toBe(0);
    expect(await runCli(['seed'], env)).toBe(0);
    expect(console.log).toHaveBeenCalledWith('Demo data loaded.');
    expect(await runCli(['seed'], env)).toBe(0);
    expect(console.log).toHaveBeenCalledWith('The database is not empty: demo data not loaded.');

    const create = [
      'create-user',
      '--email',
      'Boss@Example.org',
      '--password',
      'Boss-1234',
      '--role',
      'ROLE_ADMIN',
    ];
    expect(await runCli([...create, '--first-name', 'Bea', '--last-name', 'Baas'], env)).toBe(0);
    expect(await runCli(create, env)).toBe(1);
    expect(await runCli(['create-user', '--email', 'x@example.org', '--password', 'weak'], env)).toBe(1);
    expect(await runCli(['create-user', '--email', 'nope', '--password', 'Good-1234'], env)).toBe(1);
    expect(
      await runCli(
        ['create-user', '--email', 'y@example.org', '--password', 'Good-1234', '--role', 'ROLE_KING'],
        env,
      ),
    ).toBe(1);
    expect(await runCli(['frobnicate'], env)).toBe(1);

    const config = loadConfig(env);
    const database = await openDatabase(config);
    const app = await buildApp({ config, database, webRoot: null });
    try {
      const s = await login(app, 'boss@example.org', 'Boss-1234');
      const me = await app.inject({ url: '/api/user/current', headers: s.headers });
      expect(me.json()).toMatchObject({ roles: ['ROLE_USER', 'ROLE_ADMIN'], fullName: 'Bea Baas' });
      expect((await app.inject({ url: '/api/users', headers: s.headers })).statusCode).toBe(200);
    } finally {
      await app.close();
      await database.close();
    }
  }, 120_000); // a whole process (PGlite start, migrations, argon2): slow on a busy 2-core machine, not a speed test
});
