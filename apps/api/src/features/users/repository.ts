import { and, asc, count, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { INACTIVE_DAYS, type AccessFilter } from '@balie/shared';
import type { DbOrTx } from '../../db/client.js';
import { containsPattern } from '../../db/contains.js';
import { readPage, type Page, type PageQuery } from '../../db/page.js';
import {
  appointments,
  languages,
  memberCards,
  qualifications,
  sailingTimes,
  serviceBooks,
  users,
} from '../../db/schema/index.js';

export type UserRow = typeof users.$inferSelect;
export type LanguageRow = typeof languages.$inferSelect;
export type UserWithLanguage = { user: UserRow; language: LanguageRow | null };

/** Addresses are compared lower-cased and trimmed everywhere. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

function selectUsers(db: DbOrTx) {
  return db
    .select({ user: users, language: languages })
    .from(users)
    .leftJoin(languages, eq(users.languageId, languages.id));
}

export async function findUserById(db: DbOrTx, id: number): Promise<UserWithLanguage | undefined> {
  const [row] = await selectUsers(db).where(eq(users.id, id));
  return row;
}

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserWithLanguage | undefined> {
  const [row] = await selectUsers(db).where(eq(users.email, normaliseEmail(email)));
  return row;
}

export function listUsers(db: DbOrTx): Promise<UserWithLanguage[]> {
  return selectUsers(db).orderBy(asc(users.id));
}

/** Accounts whose e-mail or name contains `search`, and that the access review's `filter` picks. */
function whereUsers(query: { search?: string; filter?: AccessFilter }): SQL | undefined {
  const like = query.search ? containsPattern(query.search) : undefined;
  return and(
    like
      ? or(
          ilike(users.email, like),
          // The whole name covers a match in the first or the last name alone.
          ilike(sql`concat_ws(' ', ${users.firstName}, ${users.suffix}, ${users.lastName})`, like),
        )
      : undefined,
    query.filter ? accessFilter(query.filter) : undefined,
  );
}

/**
 * The access review's filters (decision 0363). "Not signed in for 90 days" counts from the last sign-in,
 * or from the account's creation when it never signed in (a new colleague is not stale), by the app's
 * clock like every rule about time.
 */
function accessFilter(filter: AccessFilter): SQL | undefined {
  if (filter === 'admins_without_mfa')
    return and(
      sql`(${users.roles} && ARRAY['ROLE_ADMIN', 'ROLE_DEVELOPER']::text[])`,
      isNull(users.mfaEnabledAt),
    );
  const since = new Date(Date.now() - INACTIVE_DAYS * 24 * 3600 * 1000);
  return sql`coalesce(${users.lastLoginAt}, ${users.createdAt}) < ${since.toISOString()}::timestamptz`;
}

/** One page of accounts by e-mail, optionally those that `search` and the review's `filter` pick. */
export async function listUsersPage(
  db: DbOrTx,
  query: PageQuery & { search?: string; filter?: AccessFilter },
): Promise<Page<UserWithLanguage>> {
  const where = whereUsers(query);
  return readPage(
    query,
    selectUsers(db).where(where).orderBy(asc(users.email), asc(users.id)),
    db.select({ n: count() }).from(users).where(where),
  );
}

/** Every account the list would show with this search and filter, by e-mail: the access review's CSV. */
export function listAccessReview(
  db: DbOrTx,
  query: { search?: string; filter?: AccessFilter },
): Promise<UserWithLanguage[]> {
  return selectUsers(db).where(whereUsers(query)).orderBy(asc(users.email), asc(users.id));
}

export async function insertUser(db: DbOrTx, values: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({ ...values, email: normaliseEmail(values.email) })
    .returning();
  if (!row) throw new Error('user insert returned nothing');
  return row;
}

export async function updateUser(
  db: DbOrTx,
  id: number,
  values: Partial<Omit<typeof users.$inferInsert, 'id'>>,
): Promise<void> {
  await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id));
}

/** A sign-in now (a new session), for the access review's last sign-in; not a change of the account. */
export async function recordSignIn(db: DbOrTx, id: number): Promise<void> {
  await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, id));
}

/** Locks the row of one user for a role change or deletion. */
export async function lockUser(tx: DbOrTx, id: number): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update');
  return row;
}

/**
 * The ids of every account holding ROLE_ADMIN, their rows locked: two removals of admins at once queue
 * here, and the second sees (re-checked after the wait) that the first took one away.
 */
export async function lockAdminIds(tx: DbOrTx): Promise<number[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(sql`'ROLE_ADMIN' = any(${users.roles})`)
    .orderBy(asc(users.id))
    .for('update');
  return rows.map((r) => r.id);
}

export async function deleteUser(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
  return rows.length > 0;
}

export async function findLanguageById(db: DbOrTx, id: number): Promise<LanguageRow | undefined> {
  const [row] = await db.select().from(languages).where(eq(languages.id, id));
  return row;
}

/** The language of a code such as 'en-GB', or of its first part ('en', 'en-US' → en-GB). */
export async function findLanguageByCode(db: DbOrTx, code: string): Promise<LanguageRow | undefined> {
  const wanted = code.toLowerCase();
  const all = await listLanguages(db);
  return (
    all.find((l) => l.code.toLowerCase() === wanted) ??
    all.find((l) => l.code.toLowerCase().split('-')[0] === wanted.split('-')[0])
  );
}

export function listLanguages(db: DbOrTx, codes?: readonly string[]): Promise<LanguageRow[]> {
  const query = db.select().from(languages);
  return (codes ? query.where(inArray(languages.code, [...codes])) : query).orderBy(asc(languages.id));
}

export function listMemberCards(db: DbOrTx, userId: number) {
  return db.select().from(memberCards).where(eq(memberCards.userId, userId)).orderBy(asc(memberCards.id));
}
export function listQualifications(db: DbOrTx, userId: number) {
  return db
    .select()
    .from(qualifications)
    .where(eq(qualifications.userId, userId))
    .orderBy(asc(qualifications.id));
}
export function listServiceBooks(db: DbOrTx, userId: number) {
  return db.select().from(serviceBooks).where(eq(serviceBooks.userId, userId)).orderBy(asc(serviceBooks.id));
}
export function listSailingTimes(db: DbOrTx, userId: number) {
  return db
    .select()
    .from(sailingTimes)
    .where(eq(sailingTimes.userId, userId))
    .orderBy(asc(sailingTimes.fromDate));
}

/**
 * Counts of what belongs to a user: what GET /user/{id}/get-related reports (decision 0016). "Upcoming"
 * is judged by the app's clock, like everything else the API decides about time (tests set it).
 */
export async function countRelated(db: DbOrTx, userId: number) {
  const n = async (q: Promise<Array<{ n: number }>>) => (await q)[0]?.n ?? 0;
  const owned = eq(appointments.userId, userId);
  const active = inArray(appointments.status, ['confirmed', 'checked_in']);
  return {
    appointments: await n(db.select({ n: count() }).from(appointments).where(and(owned, active))),
    upcomingAppointments: await n(
      db
        .select({ n: count() })
        .from(appointments)
        .where(
          and(
            owned,
            eq(appointments.status, 'confirmed'),
            sql`lower(${appointments.during}) > ${new Date().toISOString()}::timestamptz`,
          ),
        ),
    ),
    memberCards: await n(db.select({ n: count() }).from(memberCards).where(eq(memberCards.userId, userId))),
    qualifications: await n(
      db.select({ n: count() }).from(qualifications).where(eq(qualifications.userId, userId)),
    ),
    serviceBooks: await n(
      db.select({ n: count() }).from(serviceBooks).where(eq(serviceBooks.userId, userId)),
    ),
    sailingTimes: await n(
      db.select({ n: count() }).from(sailingTimes).where(eq(sailingTimes.userId, userId)),
    ),
  };
}
