import type { PatchWebhookRequest, Webhook, WebhookDelivery, WebhookWithSecret } from '@balie/shared';
import type { createWebhookRequestSchema } from '@balie/shared';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Actor } from '../../audit/actor.js';
import { changedFields, recordAudit } from '../../audit/audit.js';
import type { AuditAction } from '@balie/shared';
import { httpError, validationError } from '../../http/errors.js';
import { emitTestEvent } from './events.js';
import {
  deleteWebhookRow,
  findWebhookRow,
  insertWebhookRow,
  lastDeliveries,
  listWebhookRows,
  lockWebhookRow,
  restartDeliveries,
  updateWebhookRow,
  type DeliveryRow,
  type WebhookRow,
} from './repository.js';
import { encryptWebhookSecret, newWebhookSecret } from './secret.js';
import { checkTarget, TargetRefused } from './target.js';

/** How long the secret before a renewal keeps signing (issue 36 item 4): receivers switch meanwhile. */
export const PREVIOUS_SECRET_HOURS = 24;

function present(row: WebhookRow, now = new Date()): Webhook {
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    description: row.description,
    active: row.active,
    pausedReason: row.pausedReason ?? null,
    createdAt: row.createdAt.toISOString(),
    previousSecretValidUntil:
      row.previousSecretUntil && row.previousSecretUntil > now ? row.previousSecretUntil.toISOString() : null,
  };
}

/** What the audit trail keeps of a subscription (never its secret). */
function auditable(row: WebhookRow) {
  return { url: row.url, events: row.events, description: row.description, active: row.active };
}

function audit(actor: Actor, action: AuditAction, id: number) {
  return { actorUserId: actor.userId, ip: actor.ip, action, subjectType: 'webhook' as const, subjectId: id };
}

/**
 * The target must be a public https address now (DESIGN §4c); the worker checks again before every
 * delivery. A refusal is a 400 naming `url` with the reason (`loopback`, `private`, `metadata`, …).
 */
async function assertTarget(app: FastifyInstance, url: string): Promise<void> {
  try {
    await checkTarget(url, { allowPrivate: app.config.webhookAllowPrivate, resolve: app.webhookNet.resolve });
  } catch (err) {
    if (err instanceof TargetRefused) throw validationError('url', err.reason);
    throw err;
  }
}

export async function listWebhooks(app: FastifyInstance): Promise<Webhook[]> {
  const now = new Date();
  return (await listWebhookRows(app.db)).map((r) => present(r, now));
}

/** POST /webhooks: the secret is in this answer and never again. */
export async function createWebhook(
  app: FastifyInstance,
  actor: Actor,
  body: z.output<typeof createWebhookRequestSchema>,
): Promise<WebhookWithSecret> {
  await assertTarget(app, body.url);
  const secret = newWebhookSecret();
  return app.db.transaction(async (tx) => {
    const row = await insertWebhookRow(tx, {
      url: body.url,
      events: body.events,
      description: body.description ?? '',
      secretCipher: encryptWebhookSecret(app.config.secret, secret),
      createdByUserId: actor.userId,
    });
    await recordAudit(tx, {
      ...audit(actor, 'webhook_created', row.id),
      details: { changes: changedFields({}, auditable(row)) },
    });
    return { ...present(row), secret };
  });
}

/**
 * PATCH /webhook/{id} `{ active }`: pause, or resume — then the events that waited go out, in order,
 * each with a fresh schedule of retries.
 */
export async function patchWebhook(
  app: FastifyInstance,
  actor: Actor,
  id: number,
  body: PatchWebhookRequest,
): Promise<Webhook> {
  return app.db.transaction(async (tx) => {
    const row = await lockWebhookRow(tx, id);
    if (!row) throw httpError('not_found');
    if (row.active === body.active) return present(row);
    const now = new Date();
    const updated = await updateWebhookRow(tx, id, {
      active: body.active,
      pausedReason: body.active ? null : 'admin',
    });
    if (body.active) await restartDeliveries(tx, id, now);
    await recordAudit(tx, {
      ...audit(actor, body.active ? 'webhook_resumed' : 'webhook_paused', id),
      details: {
        changes: changedFields(
          { active: row.active, pausedReason: row.pausedReason },
          { active: updated.active, pausedReason: updated.pausedReason },
        ),
      },
    });
    return present(updated, now);
  });
}

/** DELETE /webhook/{id}: its waiting deliveries go with it (nothing more is sent). */
export async function deleteWebhook(app: FastifyInstance, actor: Actor, id: number): Promise<void> {
  await app.db.transaction(async (tx) => {
    const row = await lockWebhookRow(tx, id);
    if (!row) throw httpError('not_found');
    await deleteWebhookRow(tx, id);
    await recordAudit(tx, {
      ...audit(actor, 'webhook_deleted', id),
      details: { changes: changedFields(auditable(row), {}) },
    });
  });
}

/**
 * POST /webhook/{id}/secret: a new secret, shown once; the old one signs too for 24 hours, so a receiver
 * that has not switched yet still verifies every delivery.
 */
export async function renewWebhookSecret(
  app: FastifyInstance,
  actor: Actor,
  id: number,
): Promise<WebhookWithSecret> {
  const secret = newWebhookSecret();
  return app.db.transaction(async (tx) => {
    const row = await lockWebhookRow(tx, id);
    if (!row) throw httpError('not_found');
    const now = new Date();
    const updated = await updateWebhookRow(tx, id, {
      secretCipher: encryptWebhookSecret(app.config.secret, secret),
      previousSecretCipher: row.secretCipher,
      previousSecretUntil: new Date(now.getTime() + PREVIOUS_SECRET_HOURS * 3_600_000),
    });
    await recordAudit(tx, audit(actor, 'webhook_secret_renewed', id));
    return { ...present(updated, now), secret };
  });
}

/** POST /webhook/{id}/test: a test event to this subscription only, delivered as any other. */
export async function testWebhook(
  app: FastifyInstance,
  actor: Actor,
  id: number,
): Promise<{ eventId: string }> {
  return app.db.transaction(async (tx) => {
    const row = await lockWebhookRow(tx, id);
    if (!row) throw httpError('not_found');
    const event = await emitTestEvent(tx, app.config, id);
    await recordAudit(tx, { ...audit(actor, 'webhook_tested', id), details: { eventId: event.id } });
    return { eventId: event.id };
  });
}

function presentDelivery(row: DeliveryRow, active: boolean): WebhookDelivery {
  return {
    eventId: row.eventId,
    type: row.type,
    subject: row.subject,
    createdAt: row.createdAt.toISOString(),
    attempts: row.attempts,
    lastStatus: row.lastStatus,
    lastError: row.lastError,
    deliveredAt: row.sentAt?.toISOString() ?? null,
    nextAttemptAt: row.sentAt || !active ? null : row.nextAttemptAt.toISOString(),
  };
}

/** GET /webhook/{id}/deliveries: the last 100. */
export async function listDeliveries(app: FastifyInstance, id: number): Promise<WebhookDelivery[]> {
  const row = await findWebhookRow(app.db, id);
  if (!row) throw httpError('not_found');
  return (await lastDeliveries(app.db, id)).map((d) => presentDelivery(d, row.active));
}
