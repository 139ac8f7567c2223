import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { runCli } from '../cli.js';
import { loadConfig, type Config } from '../config.js';
import { openDatabase, rawQuery } from '../db/client.js';
import { migrateDatabase, MIGRATIONS_FOLDER } from '../db/migrate.js';
import { makeBackup } from './make-backup.js';
import { writeBackupFile } from './files.js';

const it120 = (name: string, fn: () => Promise<void>) => it(name, fn, 120_000);
const NOW = () => Date.parse('2030-03-12T10:00:00Z');

/** `npm run cli -- restore FILE` (DESIGN §4c, issue 40 item 2), on real data folders on disk. */
describe('restore of a backup of the embedded database', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'balie-restore-'));
  const envOf = (dir: string) => ({ DATA_DIR: dir, JWT_SECRET: 'restore-test-secret-0123456789-0123456789' });
  let source: Config;
  let backupFile: string;
  let errors: string[];
  let lines: string[];

  beforeAll(async () => {
    lines = [];
    errors = [];
    vi.spyOn(console, 'log').mockImplementation((m: string) => void lines.push(String(m)));
    vi.spyOn(console, 'error').mockImplementation((m: string) => void errors.push(String(m)));
    const dir = path.join(root, 'source');
    expect(await runCli(['seed'], envOf(dir))).toBe(0);
    source = loadConfig(envOf(dir));
    const database = await openDatabase(source);
    try {
      const made = await makeBackup(database, { dir: source.backupDir, keep: 7, now: new Date(NOW()) });
      backupFile = path.join(source.backupDir, made.file);
    } finally {
      await database.close();
    }
  }, 180_000);
  afterAll(() => {
    vi.restoreAllMocks();
    rmSync(root, { recursive: true, force: true });
  });

  const counts = async (config: Config) => {
    const database = await openDatabase(config);
    try {
      const q = rawQuery(database);
      const [row] = await q<{ users: number; products: number }>(
        'SELECT (SELECT count(*)::int FROM users) AS users, (SELECT count(*)::int FROM products) AS products',
      );
      return row!;
    } finally {
      await database.close();
    }
  };

  it120('restores into an empty data folder, by path', async () => {
    const dir = path.join(root, 'empty');
    expect(await runCli(['restore', backupFile], envOf(dir), NOW)).toBe(0);
    expect(lines.join('\n')).toContain('There was no database yet');
    expect(await counts(loadConfig(envOf(dir)))).toEqual(await counts(source));
  });

  it120(
    'restores over a damaged database, by name from the backup folder, and keeps the damaged one aside',
    async () => {
      const dir = path.join(root, 'damaged');
      expect(await runCli(['migrate'], envOf(dir))).toBe(0);
      // Its control file overwritten: PostgreSQL will not start on it.
      writeFileSync(path.join(dir, 'db', 'global', 'pg_control'), Buffer.alloc(8192, 7));
      const config = loadConfig({ ...envOf(dir), BACKUP_DIR: source.backupDir });
      expect(
        await runCli(
          ['restore', path.basename(backupFile)],
          { ...envOf(dir), BACKUP_DIR: source.backupDir },
          NOW,
        ),
      ).toBe(0);
      const aside = readdirSync(dir).filter((f) => f.startsWith('db.replaced-'));
      expect(aside).toEqual(['db.replaced-2030-03-12T10-00-00-000Z']);
      expect(readFileSync(path.join(dir, aside[0]!, 'global', 'pg_control'))).toEqual(Buffer.alloc(8192, 7));
      expect(lines.join('\n')).toContain(`kept at ${path.join(dir, aside[0]!)}`);
      expect(await counts(config)).toEqual(await counts(source));
    },
  );

  it120('refuses beside a running server (the data folder’s lock), touching nothing', async () => {
    const dir = path.join(root, 'running');
    cpSync(path.join(source.dataDir, 'db'), path.join(dir, 'db'), { recursive: true });
    const config = loadConfig(envOf(dir));
    const running = await openDatabase(config, {
      lockOwner: { what: 'the Balie server', url: 'http://x.test' },
    });
    try {
      errors.length = 0;
      expect(await runCli(['restore', backupFile], envOf(dir), NOW)).toBe(1);
      // The same process here (the lock refuses a second opener in one process too); another one is named.
      expect(errors.join('\n')).toMatch(/is in use by .*Stop it first/);
      expect(readdirSync(dir).filter((f) => f.startsWith('db.replaced-'))).toEqual([]);
    } finally {
      await running.close();
    }
  });

  it120('refuses a damaged file without touching the current database', async () => {
    const dir = path.join(root, 'kept');
    cpSync(path.join(source.dataDir, 'db'), path.join(dir, 'db'), { recursive: true });
    const truncated = path.join(root, 'truncated.tar.gz');
    const bytes = readFileSync(backupFile);
    writeFileSync(truncated, bytes.subarray(0, bytes.length / 2));
    const notADatabase = path.join(root, 'not-a-database.tar.gz');
    writeFileSync(notADatabase, gzipSync(Buffer.alloc(64 * 1024, 1)));
    const before = readdirSync(path.join(dir, 'db')).sort();
    for (const bad of [truncated, notADatabase, path.join(root, 'missing.tar.gz')]) {
      errors.length = 0;
      expect(await runCli(['restore', bad], envOf(dir), NOW)).toBe(1);
      expect(errors.join('\n')).toMatch(
        bad.includes('missing') ? /No backup file/ : /is damaged .*not touched/,
      );
    }
    expect(readdirSync(dir).filter((f) => f.startsWith('db.replaced-'))).toEqual([]);
    expect(readdirSync(path.join(dir, 'db')).sort()).toEqual(before);
    expect(await counts(loadConfig(envOf(dir)))).toEqual(await counts(source));
  });

  it120('brings a backup of an older version forward with the migrations', async () => {
    // What the previous release's installation had: its migrations, and a user in them.
    const old = migrationsUntil(-3);
    const database = await openDatabase(
      { databaseUrl: undefined, dataDir: '' },
      { pgliteDataDir: 'memory://' },
    );
    let file: string;
    try {
      await migrateDatabase(database, old);
      await rawQuery(database)(
        `INSERT INTO users (email, password_hash, roles) VALUES ('old@example.org', 'x', '{ROLE_USER}')`,
      );
      const dump = await (database.client as PGlite).dumpDataDir('none');
      const name = 'balie-2029-01-01T01-30-00-000Z.tar.gz';
      await writeBackupFile(path.join(root, 'old'), name, new Uint8Array(await dump.arrayBuffer()));
      file = path.join(root, 'old', name);
    } finally {
      await database.close();
      rmSync(old, { recursive: true, force: true });
    }
    const dir = path.join(root, 'newer');
    lines.length = 0;
    expect(await runCli(['restore', file], envOf(dir), NOW)).toBe(0);
    expect(lines.join('\n')).toContain('(3 migrations applied)');
    const restored = await openDatabase(loadConfig(envOf(dir)));
    try {
      const q = rawQuery(restored);
      const [m] = await q<{ n: number }>('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
      expect(m!.n).toBe(journal().entries.length);
      expect(await q('SELECT email FROM users')).toEqual([{ email: 'old@example.org' }]);
    } finally {
      await restored.close();
    }
  });

  it('refuses on PostgreSQL, pointing to its own tools', async () => {
    errors.length = 0;
    const env = { ...envOf(path.join(root, 'pg')), DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' };
    expect(await runCli(['restore', backupFile], env, NOW)).toBe(1);
    expect(errors.join('\n')).toContain('pg_restore');
    expect(existsSync(path.join(root, 'pg', 'db'))).toBe(false);
  });
});

function journal(): { entries: { tag: string }[] } {
  return JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
}

/** A copy of the migrations without the last `-drop` ones: what an installation of an older release applied. */
function migrationsUntil(drop: number): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'balie-migrations-'));
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const j = journal();
  j.entries = j.entries.slice(0, drop);
  writeFileSync(path.join(folder, 'meta', '_journal.json'), JSON.stringify(j));
  return folder;
}
