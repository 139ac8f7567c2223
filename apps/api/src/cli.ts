import { realpathSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import {
  ASSIGNABLE_ROLES,
  DEFAULT_LANGUAGE,
  emailSchema,
  newPasswordSchema,
  type AssignableRole,
} from '@balie/shared';
import { recordAudit } from './audit/audit.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase, type Database } from './db/client.js';
import { DataDirLockedError } from './db/data-dir-lock.js';
import { migrateDatabase } from './db/migrate.js';
import {
  DatasetError,
  DEFAULT_DATASET_SIZES,
  DEFAULT_HISTORY_APPOINTMENTS,
  loadDataset,
  type DatasetSizes,
} from './dataset/load-dataset.js';
import { seedDemoData } from './demo/seed.js';
import { updateIdentityProvider } from './features/identity-provider/repository.js';
import { restoreBackup, RestoreRefused } from './backups/restore.js';
import { findUserByEmail, insertUser } from './features/users/repository.js';
import { describeError } from './security/logged-errors.js';
import { hashPassword } from './security/passwords.js';

const USAGE = `Usage: node apps/api/dist/cli.js <command> [options]

Commands:
  migrate                                  apply pending database migrations
  seed                                     load the demo data (only into an empty database)
  create-user --email E --password P [--role ROLE_ADMIN] [--first-name F] [--last-name L]
                                           create an account (roles: ${ASSIGNABLE_ROLES.join(', ')})
  load-dataset [--desks ${DEFAULT_DATASET_SIZES.desks}] [--products ${DEFAULT_DATASET_SIZES.products}] [--window ${DEFAULT_DATASET_SIZES.windowAppointments}] [--past ${DEFAULT_DATASET_SIZES.pastAppointments}] [--history 0 (${DEFAULT_HISTORY_APPOINTMENTS}: a year for the statistics)]
                                           fill an empty database with the benchmark data set (DESIGN §10):
                                           desks open Mon–Fri 08:00–20:00, products, appointments in the
                                           3-month window and older ones, for capacity trials
  password-login-on                        let staff and admins sign in with their Balie passwords again
                                           (when the organisation's identity provider fails them)
  restore FILE                             replace the embedded database by a backup (a path, or a name in
                                           the backup folder) while the server is stopped; the database it
                                           replaces is kept beside it as DATA_DIR/db.replaced-<moment>

Uses the same environment as the server (DATABASE_URL, DATA_DIR, …).`;

/** The operator CLI (DESIGN §3). Returns the exit code. */
export async function runCli(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  /** The clock load-dataset places the booking window by (tests fix it). */
  now: () => number = Date.now,
): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === '--help' || command === 'help') {
    console.log(USAGE);
    return command ? 0 : 1;
  }
  if (!['migrate', 'seed', 'create-user', 'load-dataset', 'password-login-on', 'restore'].includes(command)) {
    console.error(`Unknown command '${command}'.\n\n${USAGE}`);
    return 1;
  }
  if (command === 'restore') return restore(rest, env, now);
  const { values } = parseArgs({
    args: rest,
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      role: { type: 'string', multiple: true },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
      desks: { type: 'string' },
      products: { type: 'string' },
      window: { type: 'string' },
      past: { type: 'string' },
      history: { type: 'string' },
    },
  });
  // Check the arguments before opening the database.
  const email = emailSchema.safeParse(values.email ?? '');
  const password = newPasswordSchema.safeParse(values.password ?? '');
  const roles = values.role ?? ['ROLE_USER'];
  if (command === 'create-user') {
    if (!email.success) return fail('--email: a valid e-mail address is required');
    if (!password.success)
      return fail(`--password: ${password.error.issues.map((i) => i.message).join(', ')}`);
    const bad = roles.find((r) => !(ASSIGNABLE_ROLES as readonly string[]).includes(r));
    if (bad) return fail(`--role: unknown role '${bad}' (use ${ASSIGNABLE_ROLES.join(', ')})`);
    if (!roles.includes('ROLE_USER')) roles.unshift('ROLE_USER');
  }
  let sizes: DatasetSizes | undefined;
  if (command === 'load-dataset') {
    const parsed = datasetSizes(values);
    if (typeof parsed === 'string') return fail(parsed);
    sizes = parsed;
  }
  const config = loadConfig(env);
  let database: Database;
  try {
    // Never beside a running server on the embedded database: it would lose these writes (DESIGN §4b).
    database = await openDatabase(config, { lockOwner: { what: `the command "${command}"` } });
  } catch (err) {
    if (err instanceof DataDirLockedError) return fail(err.message);
    throw err;
  }
  try {
    await migrateDatabase(database);
    if (command === 'migrate') {
      console.log(`Migrations applied (${database.kind}).`);
      return 0;
    }
    if (command === 'seed') {
      const seeded = await seedDemoData(database.db, { timezone: config.providerTimezone });
      console.log(seeded ? 'Demo data loaded.' : 'The database is not empty: demo data not loaded.');
      return 0;
    }
    if (command === 'password-login-on') {
      // The way back in when the provider locks everyone out (DESIGN §4c): audited as the system.
      await database.db.transaction(async (tx) => {
        await updateIdentityProvider(tx, { passwordLoginForStaff: true });
        await recordAudit(tx, {
          actorUserId: null,
          action: 'identity_provider_updated',
          subjectType: 'identity_provider',
          subjectId: 1,
          details: { via: 'cli', changes: { passwordLoginForStaff: { before: null, after: true } } },
        });
      });
      console.log('Staff and admins can sign in with their Balie passwords again.');
      return 0;
    }
    if (sizes) {
      try {
        const loaded = await loadDataset(database, sizes, {
          timezone: config.providerTimezone,
          now: now(),
        });
        console.log(
          `Data set loaded (${database.kind}) in ${loaded.loadMs} ms: ${loaded.locations} locations, ${sizes.desks} desks, ` +
            `${sizes.products} products, ` +
            `${loaded.windowAppointments} appointments in the window ${loaded.window.first}…${loaded.window.last} ` +
            `(${Math.round(loaded.windowFill * 100)} % full), ${loaded.pastAppointments} older.`,
        );
        return 0;
      } catch (err) {
        if (err instanceof DatasetError) return fail(err.message);
        throw err;
      }
    }
    if (!email.success || !password.success) return 1;
    if (await findUserByEmail(database.db, email.data))
      return fail(`A user with e-mail ${email.data} exists already`);
    const passwordHash = await hashPassword(password.data);
    // The account and its audit event land together; no user made it, so the trail shows the system.
    const user = await database.db.transaction(async (tx) => {
      const created = await insertUser(tx, {
        email: email.data,
        passwordHash,
        roles: roles as AssignableRole[],
        firstName: values['first-name'] ?? null,
        lastName: values['last-name'] ?? null,
        languageId: DEFAULT_LANGUAGE.id,
      });
      await recordAudit(tx, {
        actorUserId: null,
        action: 'user_created',
        subjectType: 'user',
        subjectId: created.id,
        details: { via: 'cli', roles: created.roles },
      });
      return created;
    });
    console.log(`Created user ${user.id} <${user.email}> with roles ${user.roles.join(', ')}.`);
    return 0;
  } finally {
    await database.close();
  }
}

/** Upper bounds keep a typo from filling the disk; the window is capped by its cells anyway. */
const SIZE_FLAGS = {
  desks: { key: 'desks', max: 500 },
  products: { key: 'products', max: 1000 },
  window: { key: 'windowAppointments', max: 1_000_000 },
  past: { key: 'pastAppointments', max: 10_000_000 },
  history: { key: 'historyAppointments', max: 1_000_000 },
} as const;

function datasetSizes(values: Partial<Record<keyof typeof SIZE_FLAGS, string>>): DatasetSizes | string {
  const sizes: DatasetSizes = { ...DEFAULT_DATASET_SIZES };
  for (const [flag, { key, max }] of Object.entries(SIZE_FLAGS)) {
    const text = values[flag as keyof typeof SIZE_FLAGS];
    if (text === undefined) continue;
    const min = key === 'desks' || key === 'products' ? 1 : 0;
    const n = /^\d+$/.test(text) ? Number(text) : NaN;
    if (!(n >= min && n <= max)) return `--${flag}: a whole number from ${min} to ${max} is required`;
    sizes[key] = n;
  }
  return sizes;
}

/** `restore FILE`: the embedded database from a backup, said step by step (DESIGN §4c, decision 0476). */
async function restore(args: string[], env: NodeJS.ProcessEnv, now: () => number): Promise<number> {
  const [file, ...extra] = args;
  if (!file || extra.length)
    return fail('Usage: restore FILE (a backup file, or its name in the backup folder)');
  const config = loadConfig(env);
  try {
    const done = await restoreBackup(config, file, new Date(now()));
    console.log(
      `Checked ${done.file}: it opens, with ${done.contents.users} accounts and ${done.contents.appointments} appointments.`,
    );
    console.log(
      done.keptAside
        ? `The database it replaces is kept at ${done.keptAside} (remove it once you are content).`
        : 'There was no database yet in this data folder.',
    );
    console.log(
      `Restored into ${path.join(config.dataDir, 'db')}` +
        (done.migrated ? `, and brought up to this version (${done.migrated} migrations applied).` : '.'),
    );
    console.log('Start the server again.');
    return 0;
  } catch (err) {
    if (err instanceof RestoreRefused || err instanceof DataDirLockedError) return fail(err.message);
    throw err;
  }
}

function fail(message: string): number {
  console.error(message);
  return 1;
}

// Run when executed directly (not when imported by tests).
if (process.argv[1] && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href) {
  runCli(process.argv.slice(2))
    .then((code) => process.exit(code))
    .catch((err: unknown) => {
      // describeError: a failed insert's message would print the new account's password hash.
      console.error(err instanceof ConfigError ? err.message : describeError(err));
      process.exit(1);
    });
}
