import { rmSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.js';
import { Readiness } from '../../http/readiness.js';
import { createTestDatabase, testConfig, testDatabases, type TestDatabase } from '../../test/index.js';
import type { Config } from '../../config.js';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

/** GET /api/ready (DESIGN §5): 503 while migrating, without the database, or shutting down; /health stays liveness. */
describe.each(testDatabases)('readiness (%s)', (kind) => {
  let app: FastifyInstance | undefined;
  let database: TestDatabase | undefined;
  let config: Config | undefined;
  afterEach(async () => {
    await app?.close();
    await database?.close();
    if (config) rmSync(config.dataDir, { recursive: true, force: true });
    app = database = config = undefined;
  });

  async function start(readiness: Readiness) {
    config = testConfig();
    database = await createTestDatabase(kind);
    app = await buildApp({ config, database, readiness, webRoot: null });
    await app.ready();
    return app;
  }

  it('answers 503 while migrating, to every route but the probes, and 200 once ready', async () => {
    const readiness = new Readiness('migrating');
    const a = await start(readiness);
    const ready = await a.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ code: 'service_unavailable', message: 'Migrating the database' });
    expect((await a.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const products = await a.inject({ method: 'GET', url: '/api/products' });
    expect(products.statusCode).toBe(503);
    expect(products.headers['retry-after']).toBe('5');

    readiness.markReady();
    const after = await a.inject({ method: 'GET', url: '/api/ready' });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual({ status: 'ready', database: kind });
    expect((await a.inject({ method: 'GET', url: '/api/products' })).statusCode).toBe(200);
  });

  it('answers 503 when the database does not answer', async () => {
    const a = await start(new Readiness());
    expect((await a.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    const closed = database!;
    database = undefined; // closed here, not again after the test
    await closed.close();
    const res = await a.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ message: 'Database unreachable' });
  });

  it('turns to stopping as the server closes, and answers 503 then', async () => {
    const readiness = new Readiness();
    const a = await start(readiness);
    const waiting = readiness.serving();
    const closing = a.close();
    await expect(waiting).resolves.toBe(true); // it was already serving
    await closing;
    expect(readiness.state).toBe('stopping');
    app = undefined;
    // A request that still reaches a closing app (a keep-alive connection) is told so.
    const other = new Readiness();
    const b = await start(other);
    other.markStopping();
    const res = await b.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ message: 'Shutting down' });
  });

  it('lets a job waiting to serve run only once migrations are done, and not at all when stopped first', async () => {
    const ready = new Readiness('migrating');
    const served = ready.serving();
    ready.markReady();
    await expect(served).resolves.toBe(true);
    const stopped = new Readiness('migrating');
    const never = stopped.serving();
    stopped.markStopping();
    await expect(never).resolves.toBe(false);
  });
});
