import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase, type Database } from '../db/client.js';
import { migrateDatabase, MIGRATIONS_FOLDER } from '../db/migrate.js';

export type TestDatabaseKind = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set. Use with `describe.each(testDatabases)`. */
export const testDatabases: TestDatabaseKind[] = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

export type TestDatabase = Database & { url?: string };

/**
 * A fresh, migrated database: in-memory PGlite, or a uniquely named PostgreSQL database created next to
 * TEST_DATABASE_URL that `close()` drops again.
 */
export async function createTestDatabase(kind: TestDatabaseKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const database = await openDatabase(
      { databaseUrl: undefined, dataDir: '' },
      { pgliteDataDir: 'memory://', pgliteLoadDataDir: await migratedTemplate() },
    );
    // A no-op on the template; keeps this honest if the template is older than the migrations.
    await migrateDatabase(database);
    return database;
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `balie_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.href, dataDir: '' });
  await migrateDatabase(database);
  return {
    ...database,
    url: url.href,
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  } as TestDatabase;
}

/**
 * A dump of a freshly migrated PGlite, cached in the temp dir under a hash of the migrations: starting
 * from it skips initdb, which is most of PGlite's start-up time. Shared by all test files and runs.
 */
async function migratedTemplate(): Promise<Blob> {
  const hash = createHash('sha256');
  for (const dir of [MIGRATIONS_FOLDER, path.join(MIGRATIONS_FOLDER, 'meta')]) {
    for (const file of readdirSync(dir).sort()) {
      if (file.endsWith('.sql') || file.endsWith('.json'))
        hash.update(file).update(readFileSync(path.join(dir, file)));
    }
  }
  const file = path.join(tmpdir(), `balie-pglite-template-${hash.digest('hex').slice(0, 16)}.tar`);
  if (!existsSync(file)) {
    const database = await openDatabase(
      { databaseUrl: undefined, dataDir: '' },
      { pgliteDataDir: 'memory://' },
    );
    await migrateDatabase(database);
    const dump = await (database.client as PGlite).dumpDataDir('none');
    await database.close();
    // Written aside and renamed: a parallel test file never reads half a template.
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  }
  return new Blob([readFileSync(file)]);
}
