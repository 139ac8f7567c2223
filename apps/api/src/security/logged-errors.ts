/** An error as it may be logged. */
export type LoggedError = {
  type: string;
  /** The message; for database errors a stand-in, since theirs quotes values. */
  message: string;
  stack: string;
  /** SQLSTATE of a database error (or another error's own code). */
  code?: string;
  constraint?: string;
  table?: string;
  column?: string;
  /** The SQL statement with its $n placeholders; the values never. */
  query?: string;
  cause?: LoggedError;
};

type ErrorFields = Error & Record<string, unknown>;

/** Drizzle's DrizzleQueryError: its message and `params` carry every bound value. */
const isQueryError = (e: ErrorFields) => typeof e.query === 'string' && 'params' in e;
/**
 * A PostgreSQL error from pg or PGlite: its message, `detail` and `where` may quote row values (and
 * PGlite's carries the query's `params` too).
 */
const isDatabaseError = (e: ErrorFields) =>
  typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) && ('severity' in e || 'routine' in e);

const text = (v: unknown) => (typeof v === 'string' ? v : undefined);

/** The stack without its first line, which repeats the message. */
const framesOf = (e: Error, type: string) =>
  [type, ...(e.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line))].join('\n');

/**
 * What the log keeps of an error (DESIGN §6: secrets never in the logs). Database errors keep their
 * SQLSTATE, constraint, table, column and the statement, never the message, detail or parameters: those
 * quote the values — a password hash, a token hash, a visitor's name and phone. Other errors are kept
 * whole. The cause chain is followed, since Drizzle wraps the driver's error.
 */
export function redactError(err: unknown, depth = 0): LoggedError {
  // Not `instanceof Error`: a driver's error may come from another realm (PGlite's WASM bundle).
  if (!err || typeof err !== 'object') return { type: typeof err, message: text(err) ?? '', stack: '' };
  const e = err as ErrorFields;
  const type = e.name && e.name !== 'Error' ? e.name : e.constructor.name;
  let out: LoggedError;
  if (isDatabaseError(e)) {
    out = { type, message: `SQLSTATE ${text(e.code)}`, stack: framesOf(e, type), code: text(e.code) };
    for (const key of ['constraint', 'table', 'column', 'query'] as const)
      if (text(e[key])) out[key] = text(e[key]);
  } else if (isQueryError(e)) {
    out = {
      type,
      message: 'Failed query (values not logged)',
      stack: framesOf(e, type),
      query: text(e.query),
    };
  } else {
    // Mail errors quote the recipient ("550 <jan@example.org>: Recipient address rejected").
    // A cause need not be an Error: openid-client's is the compared claim (`{ claim, expected, … }`),
    // which may hold an ID token's claims; only an Error's own message is kept.
    out = {
      type,
      message: withoutAddresses(typeof e.message === 'string' ? e.message : ''),
      stack: withoutAddresses(typeof e.stack === 'string' ? e.stack : ''),
    };
    if (text(e.code)) out.code = text(e.code);
  }
  if (e.cause !== undefined && depth < 5) out.cause = redactError(e.cause, depth + 1);
  return out;
}

/** Anything shaped like an e-mail address, replaced: no personal data in the logs (DESIGN §4b). */
export function withoutAddresses(value: string): string {
  return value.replace(/[^\s<>()[\]@"',;:]+@[^\s<>()[\]@"',;:]+/g, '[e-mail address]');
}

/** One line for plain-text logs: 'DrizzleQueryError: SQLSTATE 23505 (constraint users_email_key) in: insert …'. */
export function describeError(err: unknown): string {
  const chain: LoggedError[] = [];
  for (let e: LoggedError | undefined = redactError(err); e; e = e.cause) chain.push(e);
  const query = chain.find((e) => e.query)?.query;
  const db = chain.find((e) => e.message.startsWith('SQLSTATE '));
  if (!query && !db) return chain.map((e) => `${e.type}: ${e.message}`).join(' ← ');
  const constraint = db?.constraint ? ` (constraint ${db.constraint})` : '';
  return `${chain[0]!.type}: SQLSTATE ${db?.code ?? 'unknown'}${constraint}${query ? ` in: ${query}` : ''}`;
}
