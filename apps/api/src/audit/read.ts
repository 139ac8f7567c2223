import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import {
  hasAccess,
  localDay,
  type AppointmentHistoryEntry,
  type AuditActor,
  type AuditChanges,
  type AuditEventItem,
  type AuditEventsPage,
  type auditEventsQuerySchema,
} from '@balie/shared';
import type { z } from 'zod';
import type { DbOrTx } from '../db/client.js';
import { containsPattern } from '../db/contains.js';
import { auditEvents, desks, products, users } from '../db/schema/index.js';

type EventRow = {
  event: typeof auditEvents.$inferSelect;
  user: Pick<
    typeof users.$inferSelect,
    'id' | 'email' | 'firstName' | 'suffix' | 'lastName' | 'roles'
  > | null;
};

/** Who reads the trail: admins see who each account is; an owner sees names only (and themselves). */
interface AuditReader {
  admin: boolean;
  userId: number | null;
}

const fullName = sql<string>`concat_ws(' ', ${users.firstName}, ${users.suffix}, ${users.lastName})`;
const actorKind = sql`coalesce(${auditEvents.details}->>'actor', '')`;

function selectEvents(db: DbOrTx) {
  return db
    .select({
      event: auditEvents,
      user: {
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        suffix: users.suffix,
        lastName: users.lastName,
        roles: users.roles,
      },
    })
    .from(auditEvents)
    .leftJoin(users, eq(users.id, auditEvents.actorUserId));
}

function actorView({ event, user }: EventRow, reader: AuditReader): AuditActor {
  if (event.details?.actor === 'link') return { type: 'link' };
  if (event.actorUserId === null) return { type: 'system' };
  const reveal = reader.admin || event.actorUserId === reader.userId;
  const name = user ? [user.firstName, user.suffix, user.lastName].filter((p) => p?.trim()).join(' ') : '';
  return {
    type: 'user',
    id: reveal ? event.actorUserId : null,
    email: reveal && user ? user.email : null,
    name: name || null,
    staff: !!user && hasAccess(user.roles, 'ROLE_ADMIN'),
  };
}

/** Desk ids in `changes` also as names (`desk`), so a move reads "Balie 1 → Balie 2". */
async function withDeskNames(db: DbOrTx, rows: readonly EventRow[]) {
  const ids = new Set<number>();
  for (const { event } of rows) {
    const desk = changesOf(event)?.deskId;
    for (const v of desk ? [desk.before, desk.after] : []) if (typeof v === 'number') ids.add(v);
  }
  const names = new Map<number, string>();
  if (ids.size > 0) {
    const found = await db
      .select({ id: desks.id, name: desks.name })
      .from(desks)
      .where(inArray(desks.id, [...ids]));
    for (const d of found) names.set(d.id, d.name);
  }
  const nameOf = (v: unknown) => (typeof v === 'number' ? (names.get(v) ?? null) : null);
  return (event: EventRow['event']): AuditChanges | undefined => {
    const changes = changesOf(event);
    if (!changes?.deskId) return changes;
    return {
      ...changes,
      desk: { before: nameOf(changes.deskId.before), after: nameOf(changes.deskId.after) },
    };
  };
}

function changesOf(event: EventRow['event']): AuditChanges | undefined {
  const changes = event.details?.changes;
  return changes && typeof changes === 'object' ? (changes as AuditChanges) : undefined;
}

function entryOf(
  row: EventRow,
  reader: AuditReader,
  changes: AuditChanges | undefined,
): AppointmentHistoryEntry {
  const cause = row.event.details?.cause;
  return {
    at: row.event.at.toISOString(),
    actor: actorView(row, reader),
    action: row.event.action,
    ...(changes ? { changes } : {}),
    ...(typeof cause === 'string' ? { cause } : {}),
  };
}

/** GET /appointment/{id}/history: everything recorded about the appointment, oldest first. */
export async function appointmentHistory(
  db: DbOrTx,
  appointmentId: number,
  reader: AuditReader,
): Promise<AppointmentHistoryEntry[]> {
  const rows = await selectEvents(db)
    .where(and(eq(auditEvents.subjectType, 'appointment'), eq(auditEvents.subjectId, String(appointmentId))))
    .orderBy(asc(auditEvents.at), asc(auditEvents.id));
  const changes = await withDeskNames(db, rows);
  return rows.map((row) => entryOf(row, reader, changes(row.event)));
}

type EventsQuery = z.output<typeof auditEventsQuerySchema>;

/** The current names of the accounts, desks and products a page of events is about ("Made admin · jan@…"). */
async function entityLabels(db: DbOrTx, rows: readonly EventRow[]) {
  const idsOf = (type: string) => [
    ...new Set(
      rows
        .filter((r) => r.event.subjectType === type && /^\d{1,9}$/.test(r.event.subjectId ?? ''))
        .map((r) => Number(r.event.subjectId)),
    ),
  ];
  const [userIds, deskIds, productIds] = [idsOf('user'), idsOf('desk'), idsOf('product')];
  const [u, d, p] = await Promise.all([
    userIds.length
      ? db.select({ id: users.id, label: users.email }).from(users).where(inArray(users.id, userIds))
      : [],
    deskIds.length
      ? db.select({ id: desks.id, label: desks.name }).from(desks).where(inArray(desks.id, deskIds))
      : [],
    productIds.length
      ? db
          .select({ id: products.id, label: products.title })
          .from(products)
          .where(inArray(products.id, productIds))
      : [],
  ]);
  const labels = new Map<string, string>();
  for (const [type, found] of [
    ['user', u],
    ['desk', d],
    ['product', p],
  ] as const)
    for (const row of found) labels.set(`${type}:${row.id}`, row.label);
  return (event: EventRow['event']) => labels.get(`${event.subjectType}:${event.subjectId}`) ?? null;
}

function actorTypeIs(type: EventsQuery['actorType']): SQL | undefined {
  if (type === 'link') return sql`${actorKind} = 'link'`;
  if (type === 'user') return and(isNotNull(auditEvents.actorUserId), sql`${actorKind} <> 'link'`);
  if (type === 'system') return and(isNull(auditEvents.actorUserId), sql`${actorKind} <> 'link'`);
  return undefined;
}

/** GET /audit-events (admin): newest first, filtered by entity, kind, date (provider's zone) and who. */
export async function listAuditEvents(
  db: DbOrTx,
  zone: string,
  query: EventsQuery,
): Promise<AuditEventsPage> {
  const like = query.actor ? containsPattern(query.actor) : undefined;
  const where = and(
    query.entityType ? eq(auditEvents.subjectType, query.entityType) : undefined,
    query.entityId ? eq(auditEvents.subjectId, query.entityId) : undefined,
    query.action ? eq(auditEvents.action, query.action) : undefined,
    query.from ? gte(auditEvents.at, new Date(localDay(zone, query.from).start)) : undefined,
    query.until ? lt(auditEvents.at, new Date(localDay(zone, query.until).end)) : undefined,
    actorTypeIs(query.actorType),
    like ? or(ilike(users.email, like), ilike(fullName, like)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    selectEvents(db)
      .where(where)
      .orderBy(desc(auditEvents.at), desc(auditEvents.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ n: count() })
      .from(auditEvents)
      .leftJoin(users, eq(users.id, auditEvents.actorUserId))
      .where(where),
  ]);
  const [changes, labelOf] = await Promise.all([withDeskNames(db, rows), entityLabels(db, rows)]);
  const reader = { admin: true, userId: null };
  const items: AuditEventItem[] = rows.map((row) => ({
    id: row.event.id,
    entityType: row.event.subjectType,
    entityId: row.event.subjectId,
    entityLabel: labelOf(row.event),
    ...entryOf(row, reader, changes(row.event)),
  }));
  return { items, total: total?.n ?? 0, page: query.page, pageSize: query.pageSize };
}
