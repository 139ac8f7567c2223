import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, rawQuery, type Database, type RawQuery } from '@balie/api/dist/db/client.js';
import { migrateDatabase } from '@balie/api/dist/db/migrate.js';

export type Kind = 'postgres' | 'pglite';

/** A fresh database of one kind, with what an API process needs to open it, and how to clean it up. */
export interface BenchDatabase {
  kind: Kind;
  /** DATABASE_URL for the API processes; undefined means PGlite in `<dataDir>/db`. */
  databaseUrl: string | undefined;
  /** DATA_DIR for the API processes (PGlite files, secret, mail files). */
  dataDir: string;
  dispose: () => Promise<void>;
}

/** A raw query on either driver; both answer `{ rows }`. */
export type Query = RawQuery;

/** Creates its own uniquely named database on `baseUrl` (dropped by dispose). */
export async function createPostgres(baseUrl: string): Promise<BenchDatabase> {
  const name = `balie_bench_${process.pid}_${Date.now()}`;
  const admin = await openDatabase({ databaseUrl: baseUrl, dataDir: os.tmpdir() }, { poolSize: 1 });
  const query = rawQuery(admin);
  await query(`CREATE DATABASE ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'balie-bench-pg-'));
  return {
    kind: 'postgres',
    databaseUrl: url.toString(),
    dataDir,
    dispose: async () => {
      try {
        await query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await admin.close();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}

/** An embedded database in a temporary DATA_DIR (removed by dispose). */
export function createPglite(): BenchDatabase {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'balie-bench-pglite-'));
  return {
    kind: 'pglite',
    databaseUrl: undefined,
    dataDir,
    dispose: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

/**
 * Opens the bench database from this process. PGlite: only while no API process has it open; the lock
 * of DESIGN §4b refuses an API process started before this one is closed, and this one beside an API.
 */
export async function openBenchDatabase(target: BenchDatabase): Promise<Database> {
  return openDatabase(
    { databaseUrl: target.databaseUrl, dataDir: target.dataDir },
    { poolSize: 16, lockOwner: { what: 'the bench (loading the data set)' } },
  );
}

export { migrateDatabase };

/**
 * The organisation keeps personal data ten years in the bench: with the default 30 days, each server's
 * retention job erases the data set's older appointments (nearly all past 30 days) as it starts, in the
 * background for minutes, and the measured requests would share the CPU with it (seen: /available-days
 * p95 at 10 clients 55 ms instead of about 25). An installation that keeps 30 days erased them long ago;
 * the erasure changes no figure (decision 0400).
 */
export async function keepPersonalData(query: Query): Promise<void> {
  await query(`UPDATE organisation SET retention_days = 3650`);
}
