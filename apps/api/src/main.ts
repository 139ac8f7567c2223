import { ConfigError, loadConfig } from './config.js';
import { startServer } from './server.js';

/** `node apps/api/dist/main.js`: serve the product; SIGINT/SIGTERM shut it down cleanly. */
async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const server = await startServer(config);
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received, shutting down`);
    server
      .stop()
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        console.error('Shutdown failed:', err);
        process.exit(1);
      });
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
