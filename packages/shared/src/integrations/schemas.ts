import { z } from 'zod';
import { plainText } from '../primitives.js';

/**
 * Integration clients (DESIGN §4c *Form platforms book through Balie*, §5): a system such as Open Forms
 * that books in Balie with OAuth2 client credentials. The secret is shown once, when made or renewed.
 */
export const integrationClientSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  clientId: z.string(),
  /** Whether Balie mails the visitor itself (Open Forms mails its own confirmation). */
  mailsVisitor: z.boolean(),
  createdAt: z.string(),
  /** The last token it asked for or the last call it made (to the minute); null when never used. */
  lastUsedAt: z.string().nullable(),
});
export type IntegrationClient = z.infer<typeof integrationClientSchema>;

/** The answer of creating a client or renewing its secret: the only time the secret is shown. */
export const integrationClientWithSecretSchema = integrationClientSchema.extend({ clientSecret: z.string() });
export type IntegrationClientWithSecret = z.infer<typeof integrationClientWithSecretSchema>;

export const createIntegrationClientRequestSchema = z.object({
  name: plainText(100).min(1, 'required'),
  mailsVisitor: z.boolean(),
});
export type CreateIntegrationClientRequest = z.infer<typeof createIntegrationClientRequestSchema>;

/** The scopes a client token can carry: `warp-api` is what Open Forms' JCC REST plugin asks for. */
export const INTEGRATION_SCOPES = ['warp-api'] as const;
