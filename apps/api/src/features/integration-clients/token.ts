import { INTEGRATION_SCOPES } from '@balie/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CLIENT_TOKEN_SECONDS, signClientToken } from '../../security/jwt.js';
import { RATE_LIMITS, releaseRateLimit, tryClaimRateLimit } from '../../security/rate-limit.js';
import { hashToken, safeEqual } from '../../security/tokens.js';
import { findLiveClientByClientId, markUsed } from './repository.js';

/** The form fields of a token request (RFC 6749 §4.4.2, §2.3.1); bounded so nothing odd reaches SQL. */
export const tokenRequestSchema = z.object({
  grant_type: z.string().max(100).optional(),
  scope: z.string().max(500).optional(),
  client_id: z.string().max(200).optional(),
  client_secret: z.string().max(200).optional(),
});
type TokenRequest = z.infer<typeof tokenRequestSchema>;

/** RFC 6749 §5.1. */
export const tokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
  scope: z.string(),
});

/** RFC 6749 §5.2. */
export const tokenErrorSchema = z.object({
  error: z.string(),
  error_description: z.string().optional(),
});

type OAuthError =
  'invalid_request' | 'invalid_client' | 'unsupported_grant_type' | 'invalid_scope' | 'too_many_requests';

interface Credentials {
  clientId: string;
  clientSecret: string;
  basic: boolean;
}

/**
 * `Authorization: Basic base64(id:secret)`, each part form-urlencoded first (RFC 6749 §2.3.1); undefined
 * without such a header, null for one that cannot be read.
 */
function basicCredentials(header: string | undefined): Credentials | null | undefined {
  if (!header?.toLowerCase().startsWith('basic ')) return undefined;
  const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  try {
    const formDecode = (part: string) => decodeURIComponent(part.replace(/\+/g, ' '));
    return {
      clientId: formDecode(decoded.slice(0, colon)),
      clientSecret: formDecode(decoded.slice(colon + 1)),
      basic: true,
    };
  } catch {
    return null;
  }
}

function refuse(reply: FastifyReply, status: number, error: OAuthError, description: string, basic = false) {
  // §5.2: a client that authenticated with Basic gets the scheme it must use back.
  if (status === 401 && basic) reply.header('www-authenticate', 'Basic realm="balie", charset="UTF-8"');
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .header('pragma', 'no-cache')
    .send({ error, error_description: description });
}

/**
 * POST /oauth/token and /compat/jcc-warp/v1/connect/token (one handler, DESIGN §5): OAuth2 client
 * credentials (RFC 6749 §4.4). The client authenticates by HTTP Basic or by `client_id`/`client_secret`
 * in the form, never both (§2.3). Failed authentications count per client id like failed logins (10 per
 * 15 minutes, across processes); a claim is made before the secret is compared and given back when it
 * was right, so a burst cannot slip through between the check and the count.
 */
export function tokenHandler(app: FastifyInstance) {
  return async (request: FastifyRequest<{ Body: TokenRequest | undefined }>, reply: FastifyReply) => {
    // The route attaches validation errors instead of throwing them: an OAuth client reads §5.2's shape.
    if (request.validationError) {
      const fields = request.validationError.validation
        .map((v: { instancePath?: string }) => (v.instancePath ?? '').replace(/^\//, '') || 'body')
        .join(', ');
      return refuse(reply, 400, 'invalid_request', `Invalid field: ${fields}`);
    }
    const body = request.body ?? {};
    const basic = basicCredentials(request.headers.authorization);
    if (basic === null) return refuse(reply, 401, 'invalid_client', 'Unreadable Basic credentials', true);
    const inBody = body.client_id !== undefined || body.client_secret !== undefined;
    if (basic && inBody)
      return refuse(reply, 400, 'invalid_request', 'Authenticate the client by one method only');
    const credentials: Credentials | undefined =
      basic ??
      (body.client_id !== undefined && body.client_secret !== undefined
        ? { clientId: body.client_id, clientSecret: body.client_secret, basic: false }
        : undefined);
    if (!credentials) return refuse(reply, 401, 'invalid_client', 'Client authentication is required');
    if (body.grant_type === undefined) return refuse(reply, 400, 'invalid_request', 'grant_type is required');
    if (body.grant_type !== 'client_credentials')
      return refuse(reply, 400, 'unsupported_grant_type', 'Only client_credentials is supported');
    const scopes = (body.scope ?? '').split(' ').filter(Boolean);
    const unknown = scopes.filter((s) => !(INTEGRATION_SCOPES as readonly string[]).includes(s));
    if (unknown.length) return refuse(reply, 400, 'invalid_scope', `Unknown scope: ${unknown.join(' ')}`);

    const claim = await tryClaimRateLimit(app.db, RATE_LIMITS.failedClientAuth, credentials.clientId);
    if (!claim) return refuse(reply, 429, 'too_many_requests', 'Too many failed attempts; try again later');
    const client = await findLiveClientByClientId(app.db, credentials.clientId);
    if (!client || !safeEqual(hashToken(credentials.clientSecret), client.secretHash))
      return refuse(reply, 401, 'invalid_client', 'Unknown client or wrong secret', credentials.basic);
    await releaseRateLimit(app.db, claim);
    await markUsed(app.db, client.id);
    const scope = scopes.length ? scopes.join(' ') : INTEGRATION_SCOPES.join(' ');
    const token = await signClientToken(app.config.secret, {
      clientRowId: client.id,
      secretVersion: client.secretVersion,
      scope,
    });
    return reply
      .header('cache-control', 'no-store')
      .header('pragma', 'no-cache')
      .send({ access_token: token, token_type: 'Bearer' as const, expires_in: CLIENT_TOKEN_SECONDS, scope });
  };
}
