import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { refuseConcurrentQueries } from './concurrent-queries.js';
import { lockDataDir, type DataDirLock, type LockHolder, type LockOwner } from './data-dir-lock.js';
import { templateFor } from './pglite-template.js';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/** One Drizzle type for PGlite and PostgreSQL: code written against it runs unchanged on both. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; inside `db.transaction` use only this (DESIGN §2: the outer db deadlocks PGlite). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either the database or a transaction: repository functions accept both. */
export type DbOrTx = Db | Tx;

export type Database =
  | {
      kind: 'pglite';
      db: Db;
      client: PGlite;
      /** The process whose abandoned lock this open took over (it did not shut down cleanly). */
      tookOverLockFrom?: LockHolder | undefined;
      close: () => Promise<void>;
    }
  | { kind: 'postgres'; db: Db; client: pg.Pool; close: () => Promise<void> };

export interface OpenDatabaseOptions {
  /** PGlite data directory; `memory://` for an in-memory database (tests). Default `<dataDir>/db`. */
  pgliteDataDir?: string;
  /** Start PGlite from a dump (`dumpDataDir()`), skipping initdb: tests load a migrated template. */
  pgliteLoadDataDir?: Blob;
  /** The dump a new data directory starts from when no `pgliteLoadDataDir` is given; default: the build's. */
  pgliteTemplate?: string;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
  /**
   * Throw on a second query sent on one transaction's connection while the first runs (decision 0295).
   * Default: everywhere but production, where pg 8 still queues it and warns once.
   */
  refuseConcurrentQueries?: boolean;
  /** Who opens the embedded database, as a refused second process is told (DESIGN §4b). */
  lockOwner?: LockOwner;
  /** A lock of the data directory the caller already holds (restore keeps it from check to migration). */
  heldLock?: DataDirLock;
}

/**
 * PGlite runs PostgreSQL inside this process's WebAssembly memory, so its shared buffers are this
 * process's resident memory: PostgreSQL's default 128 MB put the embedded default at 410–440 MB
 * during the bench's reads. 16 MB holds the booking window's tables and indexes at the bench's size
 * (the OS page cache still holds the files); measured 309 → 184 MB resident at start on an existing
 * database (decision 0220).
 */
const PGLITE_SETTINGS = ['-c', 'shared_buffers=16MB'];

/** Opens PostgreSQL when `databaseUrl` is set, otherwise the embedded PGlite under `dataDir` (DESIGN §3). */
export async function openDatabase(
  config: { databaseUrl: string | undefined; dataDir: string },
  options: OpenDatabaseOptions = {},
): Promise<Database> {
  const refuse = options.refuseConcurrentQueries ?? process.env.NODE_ENV !== 'production';
  if (config.databaseUrl) {
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: options.poolSize ?? 10 });
    // An idle client that loses its connection emits 'error'; without a listener that kills the process.
    pool.on('error', (err) => console.error('PostgreSQL pool error:', err.message));
    // A pool query takes a client of its own; only a transaction sends several queries on one.
    if (refuse) pool.on('connect', (client) => refuseConcurrentQueries(client as unknown as Queryable));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return { kind: 'postgres', db, client: pool, close: () => pool.end() };
  }
  const dataDir = options.pgliteDataDir ?? path.join(config.dataDir, 'db');
  const lock = options.heldLock ?? pgliteLock(dataDir, options.lockOwner);
  try {
    // A new data directory starts from the build's template instead of running initdb (decision 0281).
    const loadDataDir = options.pgliteLoadDataDir ?? (await templateFor(dataDir, options.pgliteTemplate));
    const client = await PGlite.create(dataDir, {
      extensions: { btree_gist },
      startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS],
      ...(loadDataDir ? { loadDataDir } : {}),
    });
    // PGlite runs one query at a time anyway; a transaction's handle is refused like a pg connection.
    if (refuse) refuseConcurrentQueriesInTransactions(client);
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    return {
      kind: 'pglite',
      db,
      client,
      tookOverLockFrom: lock?.tookOverFrom,
      close: async () => {
        try {
          if (!client.closed) await client.close();
        } finally {
          lock?.release();
        }
      },
    };
  } catch (err) {
    lock?.release();
    throw err;
  }
}

/**
 * Every opener of a PGlite directory on disk takes its lock first (`<dir>.lock`, so `DATA_DIR/db.lock`),
 * whatever it is: server, CLI, bench or test (DESIGN §4b, decision 0300). In memory there is nothing to share.
 */
export function pgliteLock(dataDir: string, owner: LockOwner = { what: 'a Balie process' }) {
  if (dataDir.startsWith('memory://')) return undefined;
  const lockFile = `${path.resolve(dataDir.replace(/^file:\/\//, ''))}.lock`;
  mkdirSync(path.dirname(lockFile), { recursive: true });
  return lockDataDir(lockFile, owner);
}

type Queryable = Parameters<typeof refuseConcurrentQueries>[0];

/** Hands every PGlite transaction's handle to `refuseConcurrentQueries` before the caller gets it. */
function refuseConcurrentQueriesInTransactions(client: PGlite): void {
  const transaction = client.transaction.bind(client);
  client.transaction = (callback) =>
    transaction((tx) => {
      refuseConcurrentQueries(tx as unknown as Queryable);
      return callback(tx);
    });
}

/** Rows of a raw query; both drivers answer `{ rows }`. */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** A raw parameterised query on either driver (`$1`… placeholders), for set-based bulk SQL. */
export type RawQuery = <T>(text: string, params?: unknown[]) => Promise<T[]>;

export function rawQuery(database: Database): RawQuery {
  return async <T>(text: string, params: unknown[] = []) => {
    // Two calls, not one on the union: the drivers' query() overloads do not unify.
    const result =
      database.kind === 'postgres'
        ? await database.client.query(text, params)
        : await database.client.query(text, params);
    return result.rows as T[];
  };
}
