import type { FastifyServerOptions } from 'fastify';
import { redactError } from '../security/logged-errors.js';

/**
 * Path segments that carry secrets — appointment link tokens and password-reset tokens, in API calls and
 * in the SPA pages the mails link to. DESIGN §6: secrets never reach the logs.
 */
const SECRET_SEGMENT =
  /\/(by-token|updatePassword|reset-password|edit-appointment|cancel-appointment)\/[^/?#]+/g;

/** The waiting-room display's key (`/display/{id}?key=…`, its API calls too). */
const SECRET_PARAMETER = /([?&]key=)[^&#]*/g;

/**
 * Query parameters that carry personal data: the address of an access request, searches by name or
 * e-mail (the lists' `search`, the paginated list's `filter`, the audit trail's `actor`). Their values
 * never reach the log (DESIGN §4b, decision 0374).
 */
const PERSONAL_QUERY = /([?&](?:email|search|filter|actor|username)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url
    .replace(SECRET_SEGMENT, '/$1/[redacted]')
    .replace(SECRET_PARAMETER, '$1[redacted]')
    .replace(PERSONAL_QUERY, '$1[redacted]');
}

/**
 * A client address as the log keeps it: the network, not the person (IPv4 to its /24, IPv6 to its /48),
 * enough to see where a burst comes from (decision 0374). Rate limits count the full address in the
 * database, not in the log.
 */
export function truncateIp(ip: string | undefined): string | undefined {
  if (!ip) return ip;
  const v4 = /^(?:::ffff:)?(\d+\.\d+\.\d+)\.\d+$/i.exec(ip);
  if (v4) return `${v4[1]}.0`;
  if (ip.includes(':')) {
    const groups = ip.split('::')[0]!.split(':').filter(Boolean).slice(0, 3);
    return `${groups.join(':')}::`;
  }
  return '[address]';
}

/**
 * Fastify logger options that log request URLs without their secrets and errors without the values of
 * failed queries.
 */
export function withRedactedLogs(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return logger;
  const base = typeof logger === 'object' ? logger : {};
  return {
    ...base,
    serializers: {
      ...base.serializers,
      err: redactError,
      req: (req: { method: string; url: string; ip?: string; host?: string }) => ({
        method: req.method,
        url: redactUrl(req.url),
        host: req.host,
        remoteAddress: truncateIp(req.ip),
      }),
    },
  };
}
