import type { IntegrationClient } from '@balie/shared';
import type { IntegrationClientRow } from './repository.js';

export function toIntegrationClient(row: IntegrationClientRow): IntegrationClient {
  return {
    id: row.id,
    name: row.name,
    clientId: row.clientId,
    mailsVisitor: row.mailsVisitor,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}
