import {
  type Attendance,
  DAY_PARTS,
  LEAD_TIME_BUCKETS,
  SUGGESTION_WEEKS,
  localDateOf,
  localDay,
  suggestWalkInShare,
  type DayPart,
  type Statistics,
  type StatisticsQuery,
  type WalkInSuggestion,
} from '@balie/shared';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client.js';
import { validationError } from '../../http/errors.js';
import { toChannels, toDays, toOccupancy, toProducts } from './presenter.js';
import {
  analyseFacts,
  claimDays,
  commitWithoutWaiting,
  countMarkers,
  deleteFacts,
  historyRows,
  insertChannelFacts,
  insertPartFacts,
  insertMarkers,
  insertProductFacts,
  insertWaitFacts,
  channelRows,
  leadTimeRow,
  listDesks,
  listLocationIds,
  occupancyRows,
  partRows,
  confirmationRow,
  productRows,
  waitRows,
  type Filter,
} from './repository.js';

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

function datesBetween(first: string, last: string): string[] {
  const out: string[] = [];
  for (let d = first; d <= last; d = addDays(d, 1)) out.push(d);
  return out;
}

/** A range of local days, first..last inclusive (empty when first is after last). */
export interface DayRange {
  first: string;
  last: string;
}

/**
 * Brings the roll-up of the ranges up to date (decision 0400): marker rows for days never seen (in their
 * own statement, so that the triggers find them), then in one transaction the dirty days and today are
 * claimed (locked in the order of their days), their figures deleted and made again from appointments,
 * queue entries and opening hours. Processes rolling up at once take different days or wait for each
 * other on the markers. The transaction does not wait for its commit to reach the disk (decision 0406):
 * a crash can only lose the whole roll-up, and its days stay dirty for the next call.
 */
export async function rollUp(app: FastifyInstance, ranges: readonly DayRange[], today: string) {
  const wanted = ranges.filter((r) => r.first <= r.last);
  if (wanted.length === 0) return;
  const zone = app.config.providerTimezone;
  const unmarked = new Set<string>();
  for (const { first, last } of wanted) {
    const days = datesBetween(first, last);
    if ((await countMarkers(app.db, first, last)) < days.length) days.forEach((d) => unmarked.add(d));
  }
  if (unmarked.size > 0)
    await insertMarkers(
      app.db,
      [...unmarked].map((day) => {
        const local = localDay(zone, day);
        return { day, startsAt: new Date(local.start), endsAt: new Date(local.end) };
      }),
    );
  await app.db.transaction((tx) => rollUpDays(tx, zone, wanted, today));
}

/**
 * The roll-up's transaction: claims the dirty days of the ranges and today, deletes their figures and
 * makes them again. The claimed markers stay locked until `tx` ends.
 */
export async function rollUpDays(tx: Tx, zone: string, ranges: readonly DayRange[], today: string) {
  await commitWithoutWaiting(tx);
  const claimed = await claimDays(tx, ranges, today);
  if (claimed.length === 0) return;
  await deleteFacts(tx, claimed);
  const deskIds = (await listDesks(tx)).map((d) => d.id);
  const locationIds = await listLocationIds(tx);
  const scope = { days: claimed, zone, deskIds, locationIds };
  await insertPartFacts(tx, scope);
  await insertProductFacts(tx, scope);
  await insertChannelFacts(tx, scope);
  await insertWaitFacts(tx, scope);
  if (claimed.length > 28) await analyseFacts(tx);
}

/**
 * GET /statistics (admin): what happened from `from` until `until` (not after today), everywhere, at one
 * location or at one desk, and the walk-in share suggested per desk and day part from the last eight
 * weeks before today.
 */
export async function statistics(app: FastifyInstance, query: StatisticsQuery): Promise<Statistics> {
  const zone = app.config.providerTimezone;
  const today = localDateOf(Date.now(), zone);
  const allDesks = await listDesks(app.db);
  const locationId = query.locationId ?? null;
  const deskId = query.deskId ?? null;
  if (locationId !== null && !(await listLocationIds(app.db)).includes(locationId))
    throw validationError('locationId', 'object/not-found');
  const desk = deskId === null ? undefined : allDesks.find((d) => d.id === deskId);
  if (deskId !== null && !desk) throw validationError('deskId', 'object/not-found');
  if (desk && locationId !== null && desk.locationId !== locationId)
    throw validationError('deskId', 'not_at_location');

  const until = query.until < today ? query.until : today;
  const historyFrom = addDays(today, -7 * SUGGESTION_WEEKS);
  const historyUntil = addDays(today, -1);
  await rollUp(
    app,
    [
      { first: query.from, last: until },
      { first: historyFrom, last: historyUntil },
    ],
    today,
  );

  const filter: Filter = { from: query.from, until, locationId, deskId };
  const parts = query.from <= until ? await partRows(app.db, filter) : [];
  const waits = query.from <= until ? await waitRows(app.db, filter) : [];
  const occupancy = await occupancyRows(app.db, filter);
  const lead = await leadTimeRow(app.db, filter);
  const products = await productRows(app.db, filter);
  const channels = await channelRows(app.db, filter);
  const attended = await confirmationRow(app.db, filter);
  const history = await historyRows(app.db, { ...filter, from: historyFrom, until: historyUntil });

  const shown = allDesks.filter(
    (d) => (deskId === null || d.id === deskId) && (locationId === null || d.locationId === locationId),
  );
  const overflowOf = (d: (typeof allDesks)[number], part: DayPart) =>
    part === 'morning' ? d.overflowMorning : part === 'afternoon' ? d.overflowAfternoon : d.overflowEvening;
  const suggestions: WalkInSuggestion[] = [];
  for (const d of shown.filter((x) => x.active))
    for (const dayPart of DAY_PARTS) {
      const h = history.find((r) => r.deskId === d.id && r.part === dayPart);
      const s = h && suggestWalkInShare(h);
      if (s)
        suggestions.push({
          desk: { id: d.id, name: d.name, locationId: d.locationId },
          dayPart,
          current: overflowOf(d, dayPart),
          ...s,
        });
    }

  return {
    from: query.from,
    until,
    locationId,
    deskId,
    desks: shown.map((d) => ({ id: d.id, name: d.name, locationId: d.locationId })),
    days: toDays(parts, waits),
    products: toProducts(products),
    channels: toChannels(channels),
    occupancy: toOccupancy(occupancy),
    leadTime: LEAD_TIME_BUCKETS.map((bucket, i) => ({ bucket, appointments: lead[i] ?? 0 })),
    suggestions,
    attendance: {
      confirmed: attendance(attended.confirmedCheckedIn, attended.confirmedNoShow),
      unconfirmed: attendance(
        attended.checkedIn - attended.confirmedCheckedIn,
        attended.noShow - attended.confirmedNoShow,
      ),
    },
  };
}

function attendance(checkedIn: number, noShow: number): Attendance {
  const ended = checkedIn + noShow;
  return { checkedIn, noShow, noShowRate: ended === 0 ? null : Math.round((noShow / ended) * 1000) / 1000 };
}
