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
  walkInTicket,
} from '@balie/shared';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { DbOrTx } from '../db/client.js';
import { containsPattern } from '../db/contains.js';
import { readPage } from '../db/page.js';
import {
  auditEvents,
  desks,
  integrationClients,
  invitations,
  locations,
  products,
  queueEntries,
  users,
} from '../db/schema/index.js';

type EventRow = {
  event: typeof auditEvents.$inferSelect;
  user: Pick<
    typeof users.$inferSelect,
    'id' | 'email' | 'firstName' | 'suffix' | 'lastName' | 'roles'
  > | null;
  clientName: string | null;
};

/** Who reads the trail: staff see who each account is; an owner sees names only (and themselves). */
interface AuditReader {
  staff: boolean;
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
      clientName: integrationClients.name,
    })
    .from(auditEvents)
    .leftJoin(users, eq(users.id, auditEvents.actorUserId))
    .leftJoin(integrationClients, eq(integrationClients.id, auditEvents.actorClientId));
}

function actorView({ event, user, clientName }: EventRow, reader: AuditReader): AuditActor {
  if (event.details?.actor === 'link') return { type: 'link' };
  if (event.actorClientId !== null) return { type: 'client', name: clientName };
  if (event.actorUserId === null) return { type: 'system' };
  const reveal = reader.staff || event.actorUserId === reader.userId;
  const name = user ? [user.firstName, user.suffix, user.lastName].filter((p) => p?.trim()).join(' ') : '';
  return {
    type: 'user',
    id: reveal ? event.actorUserId : null,
    email: reveal && user ? user.email : null,
    name: name || null,
    staff: !!user && hasAccess(user.roles, 'ROLE_STAFF'),
  };
}

/** The desk ids a move records in `changes` (before and after). */
function changedDeskIds(rows: readonly EventRow[]): number[] {
  const ids: number[] = [];
  for (const { event } of rows) {
    const desk = changesOf(event)?.deskId;
    for (const v of desk ? [desk.before, desk.after] : []) if (typeof v === 'number') ids.push(v);
  }
  return ids;
}

/**
 * Desk ids in `changes` also as names (`desk`), so a move reads "Balie 1 → Balie 2", and with their
 * locations (`location`) when those differ — created, deleted, or moved to another building — so the
 * history says where as well as at which desk (DESIGN §4b). Both are the current names, as everywhere in
 * the trail: a desk moved to another location since shows its new one.
 */
function withDeskNames(labels: Labels) {
  const nameOf = (v: unknown) => (typeof v === 'number' ? labels('desk', v) : null);
  const locationOf = (v: unknown) => (typeof v === 'number' ? labels('deskLocation', v) : null);
  return (event: EventRow['event']): AuditChanges | undefined => {
    const changes = changesOf(event);
    if (!changes?.deskId) return changes;
    const { before, after } = changes.deskId;
    const location = { before: locationOf(before), after: locationOf(after) };
    return {
      ...changes,
      desk: { before: nameOf(before), after: nameOf(after) },
      ...(location.before !== location.after ? { location } : {}),
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
  const changes = withDeskNames(await readLabels(db, { desk: changedDeskIds(rows) }));
  return rows.map((row) => entryOf(row, reader, changes(row.event)));
}

type EventsQuery = z.output<typeof auditEventsQuerySchema>;

type Labelled =
  'user' | 'desk' | 'product' | 'invitation' | 'location' | 'queue_entry' | 'integration_client';
/** A current name by kind and id, null for one that is gone; `deskLocation`: the desk's location's. */
type Labels = (type: Labelled | 'deskLocation', id: number) => string | null;

interface Label {
  id: number;
  label: string;
  /** A desk's location's name. */
  location?: string;
}

/** The rows of `table` whose `id` is one of `ids`, named by its `label` column. */
function labelsOf(table: PgTable, id: PgColumn, label: PgColumn) {
  return (db: DbOrTx, ids: number[]): Promise<Label[]> =>
    db
      .select({ id: sql<number>`${id}`, label: sql<string>`${label}` })
      .from(table)
      .where(inArray(id, ids));
}

/**
 * How each kind is named now: accounts by e-mail, desks by name (with their location's), products,
 * invitations (the invited address), locations, integration clients, and queue entries by ticket — a
 * walk-in's; an appointment's entry has no name of its own (its ticket is part of the check-in code,
 * which the trail does not show).
 */
const LABEL_SOURCES: Record<Labelled, (db: DbOrTx, ids: number[]) => Promise<Label[]>> = {
  user: labelsOf(users, users.id, users.email),
  desk: (db, ids) =>
    db
      .select({ id: desks.id, label: desks.name, location: locations.name })
      .from(desks)
      .innerJoin(locations, eq(locations.id, desks.locationId))
      .where(inArray(desks.id, ids)),
  product: labelsOf(products, products.id, products.title),
  invitation: labelsOf(invitations, invitations.id, invitations.email),
  location: labelsOf(locations, locations.id, locations.name),
  integration_client: labelsOf(integrationClients, integrationClients.id, integrationClients.name),
  queue_entry: async (db, ids) => {
    const entries = await db
      .select({ id: queueEntries.id, number: queueEntries.walkInNumber })
      .from(queueEntries)
      .where(inArray(queueEntries.id, ids));
    return entries.flatMap((e) => (e.number === null ? [] : [{ id: e.id, label: walkInTicket(e.number) }]));
  },
};

/** The current names of the entities asked for, each table read once and only when ids of it are asked. */
async function readLabels(db: DbOrTx, ids: Partial<Record<Labelled, readonly number[]>>): Promise<Labels> {
  const labels = new Map<string, string>();
  for (const [type, asked] of Object.entries(ids) as [Labelled, readonly number[]][]) {
    const unique = [...new Set(asked)];
    if (unique.length === 0) continue;
    // One after another: `db` may be a transaction, whose one connection runs one query at a time.
    for (const row of await LABEL_SOURCES[type](db, unique)) {
      labels.set(`${type}:${row.id}`, row.label);
      if (row.location !== undefined) labels.set(`deskLocation:${row.id}`, row.location);
    }
  }
  return (type, id) => labels.get(`${type}:${id}`) ?? null;
}

/** The id of the entity an event is about, when it is a `type` (an id that is not a number names nothing). */
function subjectIdOf(event: EventRow['event'], type: Labelled): number | null {
  return event.subjectType === type && /^\d{1,9}$/.test(event.subjectId ?? '')
    ? Number(event.subjectId)
    : null;
}

const subjectIds = (rows: readonly EventRow[], type: Labelled) =>
  rows.map((r) => subjectIdOf(r.event, type)).filter((id) => id !== null);

const LABELLED = new Set<Labelled>(Object.keys(LABEL_SOURCES) as Labelled[]);

/** "Made admin · jan@…": the entity's current name, for the kinds that have one. */
function entityLabel(event: EventRow['event'], labels: Labels): string | null {
  const type = event.subjectType as Labelled;
  if (!LABELLED.has(type)) return null;
  const id = subjectIdOf(event, type);
  return id === null ? null : labels(type, id);
}

function actorTypeIs(type: EventsQuery['actorType']): SQL | undefined {
  if (type === 'link') return sql`${actorKind} = 'link'`;
  if (type === 'user') return and(isNotNull(auditEvents.actorUserId), sql`${actorKind} <> 'link'`);
  if (type === 'system')
    return and(
      isNull(auditEvents.actorUserId),
      isNull(auditEvents.actorClientId),
      sql`${actorKind} <> 'link'`,
    );
  if (type === 'client') return isNotNull(auditEvents.actorClientId);
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
  const counting = db.select({ n: count() }).from(auditEvents).$dynamic();
  const page = await readPage(
    query,
    selectEvents(db).where(where).orderBy(desc(auditEvents.at), desc(auditEvents.id)),
    // Only the actor filter reads users; without it the join would only slow the count down.
    (like ? counting.leftJoin(users, eq(users.id, auditEvents.actorUserId)) : counting).where(where),
  );
  const rows = page.items;
  const labels = await readLabels(db, {
    user: subjectIds(rows, 'user'),
    desk: [...subjectIds(rows, 'desk'), ...changedDeskIds(rows)],
    product: subjectIds(rows, 'product'),
    invitation: subjectIds(rows, 'invitation'),
    location: subjectIds(rows, 'location'),
    queue_entry: subjectIds(rows, 'queue_entry'),
    integration_client: subjectIds(rows, 'integration_client'),
  });
  const changes = withDeskNames(labels);
  const reader = { staff: true, userId: null };
  const items: AuditEventItem[] = rows.map((row) => ({
    id: row.event.id,
    entityType: row.event.subjectType,
    entityId: row.event.subjectId,
    entityLabel: entityLabel(row.event, labels),
    ...entryOf(row, reader, changes(row.event)),
  }));
  return { ...page, items };
}
