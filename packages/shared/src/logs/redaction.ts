/**
 * What of a request's address may reach a log (DESIGN §6: secrets never reach the logs; decision 0374:
 * nor personal data). Shared so that the server's request log and the web app's route table are checked
 * against one rule (decision 0426).
 */

/** The replacement of a redacted value. */
export const REDACTED = '[redacted]';

/**
 * The first segment of every page and API path whose next segment is a secret: the links in mails
 * (appointment edit/cancel/check-in, password reset, invitation) and the first-run setup link. The
 * server also redacts, whatever this list says, every path parameter of its own routes that is not a
 * number or a uuid (`redactRoutePath`); this list covers what no route pattern describes — the web app's
 * pages, which the server serves through one catch-all, and unknown paths.
 */
export const SECRET_PATH_SEGMENTS = [
  'by-token',
  'updatePassword',
  'reset-password',
  'edit-appointment',
  'cancel-appointment',
  'confirm-appointment',
  'waitlist-confirm',
  'waitlist-offer',
  'waitlist-leave',
  'invitation',
  'setup',
] as const;

const SECRET_SEGMENT = new RegExp(`/(${SECRET_PATH_SEGMENTS.join('|')})/[^/?#]+`, 'g');

/**
 * Query parameters that carry secrets: the waiting-room display's and the kiosk's `key`, a `token`, and
 * an OpenID Connect callback's `code` and `state`.
 */
const SECRET_QUERY = /([?&](?:key|token|code|state)=)[^&#]*/gi;

/**
 * Query parameters that carry personal data: the address of an access request, searches by name or
 * e-mail (the lists' `search`, the paginated list's `filter`, the audit trail's `actor`).
 */
const PERSONAL_QUERY = /([?&](?:email|search|filter|actor|username)=)[^&#]*/gi;

/** A path parameter's value that names a row and opens nothing: a number or a uuid. */
const IDENTIFIER = /^(?:\d+|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

function redactQuery(url: string): string {
  return url.replace(SECRET_QUERY, `$1${REDACTED}`).replace(PERSONAL_QUERY, `$1${REDACTED}`);
}

/** A URL that matched no route pattern of the server, without the secrets and personal data it may hold. */
export function redactUrl(url: string): string {
  return redactQuery(url.replace(SECRET_SEGMENT, `/$1/${REDACTED}`));
}

/**
 * A URL of a request that matched `pattern` (a route such as `/api/invitation/:token`), with every path
 * parameter that is not a number or a uuid redacted — so a new route with a secret in its path is
 * redacted without anyone remembering to add it here — and the query's secrets and personal data. The
 * pattern's static segments stay (`/api/setup/checklist` is not a setup link).
 */
export function redactRoutePath(url: string, pattern: string): string {
  const queryAt = url.search(/[?#]/);
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const rest = queryAt === -1 ? '' : url.slice(queryAt);
  const names = pattern.split('/');
  const values = path.split('/');
  if (names.length !== values.length) return redactUrl(url);
  const kept = values.map((value, i) =>
    names[i]!.startsWith(':') && !IDENTIFIER.test(value) ? REDACTED : value,
  );
  return redactQuery(kept.join('/') + rest);
}
