import { ConfigError, loadConfig, mailWarnings } from './config.js';
import { DataDirLockedError, lockedMessage } from './db/data-dir-lock.js';
import { redactError } from './security/logged-errors.js';
import { startServer } from './server.js';
import { installTestClock, TestClockError } from './test-clock.js';

/** How long a SIGTERM may take before the process exits anyway (issue 40 item 4). */
const SHUTDOWN_LIMIT_MS = 10_000;

/** What `node apps/api/dist/main.js` runs: serve the product; SIGINT/SIGTERM shut it down cleanly. */
async function main(): Promise<void> {
  installTestClock(process.env);
  const config = loadConfig(process.env);
  // NODE_ENV is production unless the starter said otherwise (production-mode.ts, decision 0270).
  for (const warning of mailWarnings(config, process.env.NODE_ENV)) console.warn(warning);
  const server = await startServer(config);
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received, shutting down`);
    // Requests in flight, the mail being sent and the background work finish first; a platform that
    // sends SIGKILL after 10 s (Kubernetes' default grace is 30 s) gets an exit of our own before that.
    setTimeout(() => {
      console.error('Shutdown took longer than 10 s; exiting anyway');
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS).unref();
    server
      .stop()
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        console.error('Shutdown failed:', redactError(err));
        process.exit(1);
      });
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

/** What a person starting the product should read instead of a stack trace, where we know better. */
function explain(err: unknown): unknown {
  if (err instanceof ConfigError || err instanceof TestClockError) return err.message;
  if (err instanceof DataDirLockedError) return lockedMessage(err.lockFile, err.holder, 'server');
  const e = err as { code?: string; address?: string; port?: number };
  if (e.code === 'EADDRINUSE')
    return `Port ${e.port} on ${e.address} is already in use: stop what runs there, or start with PORT=<another port>.`;
  // A failed migration or seed query would print its parameter values (DESIGN §6: never in logs).
  return redactError(err);
}

main().catch((err: unknown) => {
  console.error(explain(err));
  process.exit(1);
});
