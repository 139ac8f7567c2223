import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from './config.js';
import { startServer } from './server.js';

describe('startServer (what main.ts runs)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'balie-server-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('creates DATA_DIR, migrates, seeds, listens, answers over HTTP, and stops cleanly', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    process.env.LOG_LEVEL = 'silent';
    const dataDir = path.join(dir, 'nested', 'data');
    const config = loadConfig({ DATA_DIR: dataDir, PORT: '0' });
    const server = await startServer(config, { webRoot: null });
    try {
      expect(existsSync(path.join(dataDir, 'secret'))).toBe(true);
      const health = await fetch(`${server.address}/api/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: 'ok', database: 'pglite' });
      expect(console.log).toHaveBeenCalledWith('  admin@example.com / Admin123! (ROLE_ADMIN)');
      // The demo data has an admin: no setup link (DESIGN §4b).
      expect(console.log).not.toHaveBeenCalledWith(expect.stringContaining('/setup/'));
      const login = await fetch(`${server.address}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'user@example.com', password: 'User1234!' }),
      });
      expect(login.status).toBe(200);
    } finally {
      await server.stop();
      vi.restoreAllMocks();
      delete process.env.LOG_LEVEL;
    }
    await expect(fetch(`${server.address}/api/health`)).rejects.toThrow();
  }, 120_000); // a whole process (PGlite start, migrations, argon2): slow on a busy 2-core machine, not a speed test
});
