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

export function redactUrl(url: string): string {
  return url.replace(SECRET_SEGMENT, '/$1/[redacted]').replace(SECRET_PARAMETER, '$1[redacted]');
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
        remoteAddress: req.ip,
      }),
    },
  };
}
