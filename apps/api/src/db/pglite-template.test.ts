import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from './client.js';
import { migrateDatabase } from './migrate.js';
import { templateFor, writePgliteTemplate } from './pglite-template.js';

describe('the PGlite template a new data directory starts from (decision 0281)', () => {
  const scratch = mkdtempSync(path.join(tmpdir(), 'balie-template-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));
  const open = (dataDir: string, pgliteTemplate: string) =>
    openDatabase({ databaseUrl: undefined, dataDir: scratch }, { pgliteDataDir: dataDir, pgliteTemplate });

  it('is what a new data directory opens with, and never replaces an existing cluster', async () => {
    // A template with a mark in it: the mark in the opened database shows it came from the template.
    const template = path.join(scratch, 'marked.tar.gz');
    const maker = await PGlite.create();
    await maker.exec('CREATE TABLE template_mark (id int)');
    writeFileSync(template, Buffer.from(await (await maker.dumpDataDir('gzip')).arrayBuffer()));
    await maker.close();

    const dataDir = path.join(scratch, 'marked');
    const first = await open(dataDir, template);
    await first.db.execute(sql`INSERT INTO template_mark VALUES (1)`);
    await first.close();
    expect(existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);

    const again = await open(dataDir, template); // would throw if it loaded the template over the cluster
    const [row] = await queryRows<{ n: number }>(again.db, sql`SELECT count(*)::int AS n FROM template_mark`);
    expect(row?.n).toBe(1);
    await again.close();
    expect(await templateFor('memory://', template)).toBeUndefined();
  }, 60_000);

  it("the build's template is an empty cluster the migrations run on; without one, initdb as before", async () => {
    const template = path.join(scratch, 'built.tar.gz');
    const dataDir = path.join(scratch, 'built');
    expect(await templateFor(dataDir, template)).toBeUndefined();
    await writePgliteTemplate(template);
    const database = await open(dataDir, template);
    await migrateDatabase(database);
    const [row] = await queryRows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM desks`);
    expect(row?.n).toBe(0);
    await database.close();
  }, 60_000);
});
