import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Who did what (login, logout, role changes, deletes). Ids are copied, not referenced, so history outlives rows. */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorUserId: integer('actor_user_id'),
    /** An integration client that acted (DESIGN §4c: audited as "integration client X"); no user then. */
    actorClientId: integer('actor_client_id'),
    action: text('action').notNull(),
    subjectType: text('subject_type'),
    subjectId: text('subject_id'),
    ip: text('ip'),
    details: jsonb('details').$type<Record<string, unknown>>(),
  },
  (t) => [
    index('audit_events_at_idx').on(t.at),
    index('audit_events_actor_idx').on(t.actorUserId),
    // An appointment's history (GET /appointment/{id}/history) and the trail filtered by entity.
    index('audit_events_subject_idx').on(t.subjectType, t.subjectId),
  ],
);
