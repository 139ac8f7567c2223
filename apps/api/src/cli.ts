import { realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import {
  ASSIGNABLE_ROLES,
  DEFAULT_LANGUAGE,
  emailSchema,
  newPasswordSchema,
  type AssignableRole,
} from '@balie/shared';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { migrateDatabase } from './db/migrate.js';
import { seedDemoData } from './demo/seed.js';
import { findUserByEmail, insertUser } from './features/users/repository.js';
import { describeError } from './security/logged-errors.js';
import { hashPassword } from './security/passwords.js';

const USAGE = `Usage: node apps/api/dist/cli.js <command> [options]

Commands:
  migrate                                  apply pending database migrations
  seed                                     load the demo data (only into an empty database)
  create-user --email E --password P [--role ROLE_ADMIN] [--first-name F] [--last-name L]
                                           create an account (roles: ${ASSIGNABLE_ROLES.join(', ')})

Uses the same environment as the server (DATABASE_URL, DATA_DIR, …).`;

/** The operator CLI (DESIGN §3). Returns the exit code. */
export async function runCli(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === '--help' || command === 'help') {
    console.log(USAGE);
    return command ? 0 : 1;
  }
  if (!['migrate', 'seed', 'create-user'].includes(command)) {
    console.error(`Unknown command '${command}'.\n\n${USAGE}`);
    return 1;
  }
  const { values } = parseArgs({
    args: rest,
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      role: { type: 'string', multiple: true },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
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
  const config = loadConfig(env);
  const database = await openDatabase(config);
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
    if (!email.success || !password.success) return 1;
    if (await findUserByEmail(database.db, email.data))
      return fail(`A user with e-mail ${email.data} exists already`);
    const user = await insertUser(database.db, {
      email: email.data,
      passwordHash: await hashPassword(password.data),
      roles: roles as AssignableRole[],
      firstName: values['first-name'] ?? null,
      lastName: values['last-name'] ?? null,
      languageId: DEFAULT_LANGUAGE.id,
    });
    console.log(`Created user ${user.id} <${user.email}> with roles ${user.roles.join(', ')}.`);
    return 0;
  } finally {
    await database.close();
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
