import { randomBytes } from 'node:crypto';
import type {
  CreateIntegrationClientRequest,
  IntegrationClient,
  IntegrationClientWithSecret,
} from '@balie/shared';
import type { FastifyInstance } from 'fastify';
import type { Actor } from '../../audit/actor.js';
import { recordAudit } from '../../audit/audit.js';
import { httpError } from '../../http/errors.js';
import { hashToken, randomToken } from '../../security/tokens.js';
import { toIntegrationClient } from './presenter.js';
import { insertClient, listLiveClients, replaceSecret, revokeClient } from './repository.js';

/** A public, unguessable-enough name for the client (its secret is what authenticates it). */
const newClientId = () => `balie-${randomBytes(9).toString('base64url')}`;

/** GET /integration-clients: the live clients, never a secret. */
export async function listClients(app: FastifyInstance): Promise<IntegrationClient[]> {
  return (await listLiveClients(app.db)).map(toIntegrationClient);
}

/** POST /integration-clients: a new client and its secret, shown this once; audited. */
export async function createClient(
  app: FastifyInstance,
  actor: Actor,
  body: CreateIntegrationClientRequest,
): Promise<IntegrationClientWithSecret> {
  const secret = randomToken();
  return app.db.transaction(async (tx) => {
    const row = await insertClient(tx, {
      name: body.name,
      clientId: newClientId(),
      secretHash: hashToken(secret),
      mailsVisitor: body.mailsVisitor,
      createdByUserId: actor.userId,
    });
    await recordAudit(tx, {
      actorUserId: actor.userId,
      ip: actor.ip,
      action: 'integration_client_created',
      subjectType: 'integration_client',
      subjectId: row.id,
      details: {
        changes: {
          name: { before: null, after: row.name },
          mailsVisitor: { before: null, after: row.mailsVisitor },
        },
      },
    });
    return { ...toIntegrationClient(row), clientSecret: secret };
  });
}

/** POST /integration-client/{id}/secret: a new secret, shown this once; the old one's tokens end. */
export async function renewSecret(
  app: FastifyInstance,
  actor: Actor,
  id: number,
): Promise<IntegrationClientWithSecret> {
  const secret = randomToken();
  return app.db.transaction(async (tx) => {
    const row = await replaceSecret(tx, id, hashToken(secret));
    if (!row) throw httpError('not_found');
    await recordAudit(tx, {
      actorUserId: actor.userId,
      ip: actor.ip,
      action: 'integration_client_secret_renewed',
      subjectType: 'integration_client',
      subjectId: row.id,
    });
    return { ...toIntegrationClient(row), clientSecret: secret };
  });
}

/** DELETE /integration-client/{id}: revoked; its tokens open nothing from now on, on every process. */
export async function deleteClient(app: FastifyInstance, actor: Actor, id: number): Promise<void> {
  await app.db.transaction(async (tx) => {
    const row = await revokeClient(tx, id);
    if (!row) throw httpError('not_found');
    await recordAudit(tx, {
      actorUserId: actor.userId,
      ip: actor.ip,
      action: 'integration_client_revoked',
      subjectType: 'integration_client',
      subjectId: row.id,
    });
  });
}
