/**
 * A real API process for the multi-process tests: `tsx --conditions=source serve.ts` with DATABASE_URL,
 * DATA_DIR and JWT_SECRET set. It listens on a free port and prints `LISTENING <port>`.
 */
import { buildApp } from '../../../app.js';
import { loadConfig } from '../../../config.js';
import { openDatabase } from '../../../db/client.js';

const config = loadConfig(process.env);
const database = await openDatabase(config, { poolSize: 10 });
const app = await buildApp({ config, database, webRoot: null });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.stdout.write(`LISTENING ${typeof address === 'object' && address ? address.port : 0}\n`);

const stop = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
