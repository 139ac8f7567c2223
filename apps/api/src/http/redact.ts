import type { FastifyServerOptions } from 'fastify';

/**
 * Path segments that carry secrets — appointment link tokens and password-reset tokens, in API calls and
 * in the SPA pages the mails link to. DESIGN §6: secrets never reach the logs.
 */
const SECRET_SEGMENT =
  /\/(by-token|updatePassword|reset-password|edit-appointment|cancel-appointment)\/[^/?#]+/g;

export function redactUrl(url: string): string {
  return url.replace(SECRET_SEGMENT, '/$1/[redacted]');
}

/** Adds a request serializer that logs the URL without its secrets to Fastify's logger options. */
export function withRedactedUrls(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return logger;
  const base = typeof logger === 'object' ? logger : {};
  return {
    ...base,
    serializers: {
      ...base.serializers,
      req: (req: { method: string; url: string; ip?: string; host?: string }) => ({
        method: req.method,
        url: redactUrl(req.url),
        host: req.host,
        remoteAddress: req.ip,
      }),
    },
  };
}
