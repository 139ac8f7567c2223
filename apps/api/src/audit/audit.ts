import type { AuditAction } from '@balie/shared';
import type { DbOrTx } from '../db/client.js';
import { auditEvents } from '../db/schema/index.js';

export interface AuditEvent {
  actorUserId: number | null;
  action: AuditAction;
  subjectType?: string;
  subjectId?: string | number;
  ip?: string;
  details?: Record<string, unknown>;
}

/** Writes one audit event; pass the transaction of the change it records so both land or neither. */
export async function recordAudit(db: DbOrTx, event: AuditEvent): Promise<void> {
  await db.insert(auditEvents).values({
    // The app's clock, not the database's: the same moment the change itself used (and tests can set it).
    at: new Date(),
    actorUserId: event.actorUserId,
    action: event.action,
    subjectType: event.subjectType ?? null,
    subjectId: event.subjectId === undefined ? null : String(event.subjectId),
    ip: event.ip ?? null,
    details: event.details ?? null,
  });
}

/** The fields whose values differ, each as `{ before, after }` (compared as JSON): an audit's `changes`. */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Record<string, { before: unknown; after: unknown }> {
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key]))
      changes[key] = { before: before[key] ?? null, after: after[key] ?? null };
  }
  return changes;
}
