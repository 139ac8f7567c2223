import {
  AUDIT_FIELDS,
  type AuditAction,
  type AuditChangeSet,
  type AuditEntityType,
  type AuditField,
} from '@balie/shared';
import type { DbOrTx } from '../db/client.js';
import { auditEvents } from '../db/schema/index.js';

export interface AuditEvent {
  actorUserId: number | null;
  /** The integration client that acted (then `actorUserId` is null). */
  actorClientId?: number | null;
  action: AuditAction;
  subjectType?: AuditEntityType;
  subjectId?: string | number;
  ip?: string;
  /** `changes` names only fields the audit screen can name (`AUDIT_FIELDS`); anything else is free. */
  details?: { changes?: AuditChangeSet; [detail: string]: unknown };
}

const KNOWN_FIELDS = new Set<string>(AUDIT_FIELDS);

/** Field names of `changes`, and of the objects inside their values, that `AUDIT_FIELDS` does not list. */
export function unknownAuditFields(changes: AuditChangeSet | undefined): string[] {
  const unknown = new Set<string>();
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object')
      for (const [key, inner] of Object.entries(value)) {
        if (!KNOWN_FIELDS.has(key)) unknown.add(key);
        walk(inner);
      }
  };
  for (const [field, { before, after }] of Object.entries(changes ?? {})) {
    if (!KNOWN_FIELDS.has(field)) unknown.add(field);
    walk(before);
    walk(after);
  }
  return [...unknown];
}

/** Writes one audit event; pass the transaction of the change it records so both land or neither. */
export async function recordAudit(db: DbOrTx, event: AuditEvent): Promise<void> {
  // Outside production (every test), a field the audit screen cannot name in words is a bug of the
  // change that wrote it (issue 34 item 11); a running office never loses an event over a label.
  if (process.env.NODE_ENV !== 'production') {
    const unknown = unknownAuditFields(event.details?.changes);
    if (unknown.length) throw new Error(`Audit fields missing from AUDIT_FIELDS: ${unknown.join(', ')}`);
  }
  await db.insert(auditEvents).values({
    // The app's clock, not the database's: the same moment the change itself used (and tests can set it).
    at: new Date(),
    actorUserId: event.actorUserId,
    actorClientId: event.actorClientId ?? null,
    action: event.action,
    subjectType: event.subjectType ?? null,
    subjectId: event.subjectId === undefined ? null : String(event.subjectId),
    ip: event.ip ?? null,
    details: event.details ?? null,
  });
}

/**
 * The fields whose values differ, each as `{ before, after }` (compared as JSON): an audit's `changes`.
 * The fields must be `AUDIT_FIELDS` (checked by the compiler), so the audit screen can name each one.
 */
export function changedFields<K extends AuditField>(
  before: Partial<Record<K, unknown>>,
  after: Partial<Record<K, unknown>>,
): AuditChangeSet {
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const [was, is] = [(before as Record<string, unknown>)[key], (after as Record<string, unknown>)[key]];
    if (JSON.stringify(was) !== JSON.stringify(is)) changes[key] = { before: was ?? null, after: is ?? null };
  }
  return changes;
}
