import type { FastifyServerOptions } from 'fastify';
import { redactRoutePath, redactUrl } from '@balie/shared';
import { redactError } from '../security/logged-errors.js';

/**
 * A request's URL as the log keeps it: every path parameter of the route it matched that is not a number
 * or a uuid is redacted (link tokens, whatever route is added next), and unrouted paths (the web app's
 * pages, served by the static catch-all; unknown paths) lose what follows a secret-bearing segment; query
 * secrets and personal values go too (`@balie/shared` `redactUrl`, decision 0426).
 */
export function loggedUrl(url: string, pattern: string | undefined): string {
  return pattern && !pattern.includes('*') ? redactRoutePath(url, pattern) : redactUrl(url);
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
      req: (req: {
        method: string;
        url: string;
        ip?: string;
        host?: string;
        routeOptions?: { url?: string };
      }) => ({
        method: req.method,
        url: loggedUrl(req.url, req.routeOptions?.url),
        host: req.host,
        remoteAddress: truncateIp(req.ip),
      }),
    },
  };
}
