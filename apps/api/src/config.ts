import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { PROVIDER_TIMEZONE, RESERVATION_MINUTES, SLOT_STEP_MINUTES } from '@balie/shared';

/** A flag such as DEMO_DATA: 1/true/yes/on or 0/false/no/off; unset leaves the default to the caller. */
const flag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'], {
    error: 'expected 1/0/true/false/yes/no/on/off',
  })
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v))
  .optional();

const minutes = (def: number) =>
  z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 60)
    .default(def);

/** A limit against abuse (DESIGN §6): a whole number, 0 turning it off (for load tests only). */
const limit = (def: number) => z.coerce.number().int().min(0).max(1_000_000).default(def);

const isZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

/** proxy-addr's names for address ranges, accepted by Fastify's `trustProxy` beside addresses. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** One trusted proxy: an address, a network (`10.0.0.0/8`, not `/0`: that trusts anyone), or a range name. */
function isProxyEntry(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits >= 1 && bits <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY (DESIGN §3): off, or the comma-separated addresses/networks of the proxies whose
 * X-Forwarded-For is believed, as Fastify's `trustProxy` takes them. Refused (decision 0134): `true`
 * (believe any sender) and a hop count, which Fastify 5.12 ignores because it cannot check who sent the
 * header; either would let a client choose the address the rate limits count.
 */
const trustProxy = z
  .string()
  .transform((value, ctx): false | string[] => {
    const v = value.trim();
    if (['0', 'false', 'off', 'no'].includes(v)) return false;
    const entries = v.split(',').map((e) => e.trim());
    if (entries.every(isProxyEntry)) return entries;
    ctx.addIssue({
      code: 'custom',
      message: /^\d+$/.test(v)
        ? 'a hop count cannot tell a proxy from a client; list the proxy addresses instead (e.g. 127.0.0.1 or loopback)'
        : 'expected off or comma-separated proxy addresses/networks (e.g. 127.0.0.1, 10.0.0.0/8 or loopback)',
    });
    return z.NEVER;
  })
  .default(false);

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  PUBLIC_URL: z.url().default('http://localhost:3000'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  // No default here: it follows PUBLIC_URL's host (defaultMailFrom), decision 0330.
  MAIL_FROM: z.string().min(3).optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  PROVIDER_TIMEZONE: z.string().refine(isZone, 'unknown IANA time zone').default(PROVIDER_TIMEZONE),
  DEMO_DATA: flag,
  WEBHOOK_ALLOW_PRIVATE: flag,
  // Fractions are allowed so browser tests can let a hold run out in seconds (e.g. 0.1 = 6 s).
  RESERVATION_MINUTES: z.coerce.number().min(0.05).max(120).default(RESERVATION_MINUTES),
  SLOT_STEP_MINUTES: z.coerce.number().int().min(1).max(240).default(SLOT_STEP_MINUTES),
  // How long a waitlist offer holds its slot (DESIGN §4c); fractions for browser tests, as above.
  WAITLIST_OFFER_MINUTES: z.coerce
    .number()
    .min(0.05)
    .max(24 * 60)
    .default(15),
  CHANGE_CUTOFF_MINUTES: minutes(0),
  TRUST_PROXY: trustProxy,
  // Fractions, as for RESERVATION_MINUTES, so a browser test can let a hold reach its end in seconds.
  HOLD_MAX_MINUTES: z.coerce
    .number()
    .min(0)
    .max(24 * 60)
    .default(30),
  MAX_HOLDS_PER_CLIENT: limit(20),
  MAX_OPEN_APPOINTMENTS_PER_EMAIL: limit(5),
  OIDC_ALLOW_HTTP: flag,
  // It ends up in a link: URL-safe characters only, and long enough not to be guessed.
  SETUP_TOKEN: z
    .string()
    .regex(/^[A-Za-z0-9._~-]{16,200}$/, 'expected 16–200 characters of A–Z a–z 0–9 . _ ~ -')
    .optional(),
  // Backups of the embedded database (DESIGN §4c): where, how many, and at what time of day.
  BACKUP_DIR: z.string().min(1).optional(),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
  BACKUP_AT: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'expected HH:MM (24-hour clock, in PROVIDER_TIMEZONE)')
    .default('02:30'),
  // The bearer token Prometheus sends to /api/metrics; unset, the route answers 404 (DESIGN §5).
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
});

export interface Config {
  port: number;
  host: string;
  /** PostgreSQL URL; undefined means embedded PGlite in `<dataDir>/db`. */
  databaseUrl: string | undefined;
  dataDir: string;
  publicUrl: string;
  smtpUrl: string | undefined;
  /**
   * MAIL_FROM, or `Balie <no-reply@PUBLIC_URL's host>` when unset (decision 0330): then only its address
   * is used, under the organisation's name read when each mail goes out (`mail/sender.ts`, decision 0427).
   */
  mailFrom: string;
  /** Whether MAIL_FROM was set: production mail without it is worth a warning at start (mailWarnings). */
  mailFromSet: boolean;
  /** Server secret: signs access tokens and derives mailed link tokens (HMAC of a stored nonce). */
  secret: string;
  providerTimezone: string;
  demoData: boolean;
  reservationMinutes: number;
  /** How long a waitlist offer holds its slot for the place it is offered to (DESIGN §4c). */
  waitlistOfferMinutes: number;
  slotStepMinutes: number;
  changeCutoffMinutes: number;
  /** Fastify's `trustProxy`: false, or the trusted proxies' addresses/networks. */
  trustProxy: false | string[];
  /** DESIGN §6: a hold lives at most this long from its creation, however often extended (0 = no cap). */
  holdMaxMinutes: number;
  /** DESIGN §6: valid holds one client address may have at once, across processes (0 = no cap). */
  maxHoldsPerClient: number;
  /** DESIGN §6: confirmed appointments ahead per e-mail address for guests and users (0 = no cap). */
  maxOpenAppointmentsPerEmail: number;
  /** The first-run setup token when the operator chooses it (DESIGN §4b); else one is generated. */
  setupToken: string | undefined;
  /**
   * WEBHOOK_ALLOW_PRIVATE=1: webhooks may go to private, loopback and link-local addresses and over plain
   * http (an on-premise receiver, tests); never to a cloud metadata address (DESIGN §4c, decision 0443).
   */
  webhookAllowPrivate: boolean;
  /** An identity provider's issuer over plain http is accepted (DESIGN §4c; local trials and tests only). */
  oidcAllowHttp: boolean;
  /** Where backups of the embedded database go: BACKUP_DIR, else `<dataDir>/backups`. */
  backupDir: string;
  /** How many backups are kept (the newest). */
  backupKeep: number;
  /** The nightly backup's time of day, `HH:MM` in `providerTimezone`. */
  backupAt: string;
  /** The bearer token of /api/metrics; undefined: no metrics route (404). */
  metricsToken: string | undefined;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Reads the settings of DESIGN §3 from `env`. Throws a ConfigError naming every bad variable.
 * Without JWT_SECRET the secret is generated once into DATA_DIR/secret and read back on later starts,
 * so tokens survive a restart.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings (e.g. `SMTP_URL=` in a .env) mean unset.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const publicUrl = e.PUBLIC_URL.replace(/\/+$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    publicUrl,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? defaultMailFrom(publicUrl),
    mailFromSet: e.MAIL_FROM !== undefined,
    secret: e.JWT_SECRET ?? readOrCreateSecret(dataDir),
    providerTimezone: e.PROVIDER_TIMEZONE,
    // Demo data is on for the embedded database and off for PostgreSQL unless asked for (DESIGN §3).
    demoData: e.DEMO_DATA ?? e.DATABASE_URL === undefined,
    reservationMinutes: e.RESERVATION_MINUTES,
    waitlistOfferMinutes: e.WAITLIST_OFFER_MINUTES,
    slotStepMinutes: e.SLOT_STEP_MINUTES,
    changeCutoffMinutes: e.CHANGE_CUTOFF_MINUTES,
    trustProxy: e.TRUST_PROXY,
    holdMaxMinutes: e.HOLD_MAX_MINUTES,
    maxHoldsPerClient: e.MAX_HOLDS_PER_CLIENT,
    maxOpenAppointmentsPerEmail: e.MAX_OPEN_APPOINTMENTS_PER_EMAIL,
    setupToken: e.SETUP_TOKEN,
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE ?? false,
    oidcAllowHttp: e.OIDC_ALLOW_HTTP ?? false,
    backupDir: e.BACKUP_DIR ? path.resolve(e.BACKUP_DIR) : path.join(dataDir, 'backups'),
    backupKeep: e.BACKUP_KEEP,
    backupAt: e.BACKUP_AT,
    metricsToken: e.METRICS_TOKEN,
  };
}

/**
 * The sender when MAIL_FROM is unset: no-reply at the host the visitors know (PUBLIC_URL), so mail from
 * https://afspraak.example.nl comes from no-reply@afspraak.example.nl. A host that is no mail domain
 * (localhost, an IP address, a name without a dot) gives no-reply@localhost: on such an installation mail
 * is a local test, mostly .eml files (decision 0330).
 */
export function defaultMailFrom(publicUrl: string): string {
  const host = new URL(publicUrl).hostname;
  const mailDomain = host.includes('.') && isIP(host) === 0 && !host.startsWith('[') ? host : 'localhost';
  return `Balie <no-reply@${mailDomain}>`;
}

/**
 * What the operator should hear at start about mail, in production (NODE_ENV production) only: without
 * SMTP_URL no mail reaches anyone — every mail is written to a file in DATA_DIR/mail — which a trial
 * wants and a live installation must not miss, so it is a framed block at every start (decision 0420);
 * with SMTP_URL, mail sent from the derived address rather than one the organisation chose and its mail
 * server accepts.
 */
export function mailWarnings(config: Config, nodeEnv: string | undefined): string[] {
  if (nodeEnv !== 'production') return [];
  if (!config.smtpUrl) {
    const rule = '!'.repeat(78);
    return [
      [
        rule,
        '!! Warning: SMTP_URL is not set. Mail is NOT delivered to anyone: confirmations, reminders,',
        `!! cancellations and password resets are written as .eml files to ${path.join(config.dataDir, 'mail')}`,
        '!! (kept for the retention period). Set SMTP_URL (e.g. SMTP_URL=smtp://user:pass@mail.example.nl:587)',
        '!! and MAIL_FROM to send mail.',
        rule,
      ].join('\n'),
    ];
  }
  if (config.mailFromSet) return [];
  return [
    `Warning: SMTP_URL is set but MAIL_FROM is not; mail is sent from ${/<([^>]+)>/.exec(config.mailFrom)?.[1] ?? config.mailFrom} ` +
      "under the organisation's name. " +
      "Set MAIL_FROM to the organisation's sender, e.g. MAIL_FROM='Gemeente Voorbeeld <balie@example.nl>'.",
  ];
}

function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'secret');
  if (existsSync(file)) {
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length >= 32) return secret;
    throw new ConfigError(`${file} holds a secret shorter than 32 characters; remove it or set JWT_SECRET`);
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  // 0600: the secret opens every session and every mailed link.
  writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  return secret;
}
