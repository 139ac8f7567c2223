import Fastify, { type FastifyServerOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { BackgroundWork } from './background.js';
import { runAtStartAndEvery } from './periodic.js';
import { Readiness } from './readiness.js';

/** A bare server with what `runAtStartAndEvery` needs of the app: its background work, and ready to serve. */
function server(options: FastifyServerOptions = {}) {
  const app = Fastify(options);
  app.decorate('background', new BackgroundWork(app.log));
  app.decorate('readiness', new Readiness('ready'));
  return app;
}

/** A promise and the function that settles it: the job below runs until the test lets it go. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe('runAtStartAndEvery', () => {
  it('lets the server start while the job it runs at start is still at work, and stops it on close', async () => {
    // Fastify gives up on an onReady hook after pluginTimeout: a job that held up the start would fail
    // ready() here rather than hang the test.
    const app = server({ pluginTimeout: 2_000 });
    const running = gate();
    const seen: string[] = [];
    runAtStartAndEvery(app, 'test job', 60 * 60_000, async (signal) => {
      seen.push('started');
      running.open();
      // A backlog: batch after batch until it is told to stop.
      while (!signal.aborted) await new Promise((resolve) => setImmediate(resolve));
      seen.push('stopped');
    });
    await app.ready();
    await running.opened;
    expect(seen).toEqual(['started']);
    await app.close();
    expect(seen).toEqual(['started', 'stopped']);
  });

  it('logs a failed run and keeps the server up', async () => {
    const lines: string[] = [];
    const app = server({
      logger: { level: 'error', stream: { write: (line: string) => lines.push(line) } },
    });
    const failed = gate();
    runAtStartAndEvery(app, 'test job', 60 * 60_000, async () => {
      failed.open();
      throw new Error('the database went away');
    });
    await app.ready();
    await failed.opened;
    await app.close();
    expect(lines.map((l) => (JSON.parse(l) as { msg: string }).msg)).toEqual(['test job failed']);
  });

  it('counts the start’s run as the app’s background work: settled() waits for it to end', async () => {
    const app = server();
    const release = gate();
    const seen: string[] = [];
    runAtStartAndEvery(app, 'test job', 60 * 60_000, async () => {
      await release.opened;
      seen.push('ended');
    });
    await app.ready();
    const settled = app.background.settled().then(() => seen.push('settled'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(seen).toEqual([]);
    release.open();
    await settled;
    expect(seen).toEqual(['ended', 'settled']);
    await app.close();
  });
});
