import { mkdirSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import type { Config } from './config.js';
import { openDatabase, type Database } from './db/client.js';
import { migrateDatabase } from './db/migrate.js';
import { DEMO_ACCOUNTS, seedDemoData } from './demo/seed.js';
import { createMailTransport } from './mail/transport.js';
import { MailWorker } from './mail/worker.js';
import { WebhookWorker } from './features/webhooks/worker.js';
import { prepareSetupToken, setupLinkLines } from './features/setup/service.js';
import { Readiness } from './http/readiness.js';

export interface RunningServer {
  app: FastifyInstance;
  database: Database;
  worker: MailWorker;
  webhookWorker: WebhookWorker;
  address: string;
  /** Closes Fastify, stops the mail worker, closes the database — in that order. */
  stop: () => Promise<void>;
}

/** The whole product in one process: migrate, seed when asked, mail worker, HTTP (DESIGN §1, §3). */
export async function startServer(
  config: Config,
  options: { webRoot?: string | null } = {},
): Promise<RunningServer> {
  mkdirSync(config.dataDir, { recursive: true });
  // Refused (DataDirLockedError) while another process has the embedded database (DESIGN §4b).
  const database = await openDatabase(config, {
    lockOwner: { what: 'the Balie server', url: config.publicUrl },
  });
  try {
    // Listening before migrating, so that `/api/ready` answers 503 (and every other route too) while the
    // migrations run, instead of the port refusing connections: a load balancer tells "starting" from
    // "gone" (decision 0474). Jobs wait for `serving()` before their first run.
    const readiness = new Readiness('migrating');
    const app = await buildApp({
      config,
      database,
      readiness,
      logger: { level: process.env.LOG_LEVEL ?? 'info' },
      ...(options.webRoot !== undefined ? { webRoot: options.webRoot } : {}),
    });
    const address = await app.listen({ port: config.port, host: config.host });
    let seeded: boolean;
    let setupToken: Awaited<ReturnType<typeof prepareSetupToken>>;
    try {
      await migrateDatabase(database);
      seeded = config.demoData
        ? await seedDemoData(database.db, { timezone: config.providerTimezone })
        : false;
      // Without an admin (and so without demo data) the installation waits for its setup link (DESIGN §4b).
      setupToken = await prepareSetupToken(database.db, config);
    } catch (err) {
      await app.close();
      throw err;
    }
    const transport = createMailTransport(config, (msg) => app.log.info(msg));
    const worker = new MailWorker({
      db: database.db,
      config,
      transport,
      log: { info: (m) => app.log.info(m), error: (m) => app.log.error(m) },
    });
    // The outbox's webhook rows: the same lease design, its own lanes, so a slow receiver never holds up mail.
    const webhookWorker = new WebhookWorker({
      db: database.db,
      config,
      log: { info: (m) => app.log.info(m), error: (m) => app.log.error(m) },
    });
    readiness.markReady();
    worker.start();
    webhookWorker.start();
    console.log(`Balie is listening on ${address} (database: ${database.kind})`);
    if (database.kind === 'pglite' && database.tookOverLockFrom) {
      const gone = database.tookOverLockFrom;
      console.log(
        `The embedded database was left locked by process ${gone.pid} (${gone.what}, since ${gone.since}), ` +
          'which is gone without shutting down cleanly; this server took the lock over.',
      );
    }
    if (seeded) {
      console.log('Demo data loaded. Accounts:');
      for (const a of Object.values(DEMO_ACCOUNTS))
        console.log(`  ${a.email} / ${a.password} (${a.roles.join(', ')})`);
    }
    if (setupToken) for (const line of setupLinkLines(config.publicUrl, setupToken)) console.log(line);
    if (!config.smtpUrl) console.log(`Mail is written as .eml files to ${config.dataDir}/mail`);
    return {
      app,
      database,
      worker,
      webhookWorker,
      address,
      stop: async () => {
        // Not ready from now on (a load balancer stops sending), then a quiet moment, then close.
        readiness.markStopping();
        await readiness.drained();
        await app.close();
        await worker.stop();
        await webhookWorker.stop();
        transport.close();
        await database.close();
      },
    };
  } catch (err) {
    await database.close();
    throw err;
  }
}
