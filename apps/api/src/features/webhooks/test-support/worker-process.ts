/**
 * A webhook worker as its own OS process, for the crash test: `tsx --conditions=source worker-process.ts`
 * with DATABASE_URL, JWT_SECRET and WEBHOOK_ALLOW_PRIVATE set. It prints `WORKER <id>` once running; the
 * test kills it with SIGKILL in the middle of a delivery.
 */
import { loadConfig } from '../../../config.js';
import { openDatabase } from '../../../db/client.js';
import { WebhookWorker } from '../worker.js';

const config = loadConfig(process.env);
const database = await openDatabase(config, { poolSize: 2 });
const worker = new WebhookWorker({ db: database.db, config, pollMs: 50 });
worker.start();
process.stdout.write(`WORKER ${worker.id}\n`);
