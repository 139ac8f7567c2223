import {
  DAY_PARTS,
  DISPLAY_CALLS,
  dayPartOf,
  localDateOf,
  servesAll,
  walkInShare,
  walkInShareSet,
  type DisplayCall,
  type QueueCallRequest,
  type QueueEntry,
  type QueueState,
  type UiLanguage,
  type WalkInMinutes,
  type WalkInRequest,
} from '@balie/shared';
import type { FastifyInstance } from 'fastify';
import { DateTime } from 'luxon';
import type { Actor } from '../../audit/actor.js';
import { recordAudit } from '../../audit/audit.js';
import type { Tx } from '../../db/client.js';
import { httpError, validationError } from '../../http/errors.js';
import { safeEqual } from '../../security/tokens.js';
import { displayKeyOf } from './display-key.js';
import { resolveItems } from '../booking/items.js';
import { cachedSchedule } from '../booking/schedule.repository.js';
import { toDisplayCall, toQueueEntry, ticketOf } from './presenter.js';
import {
  callNextEntry,
  deskServes,
  entryViews,
  findDesk,
  findLocationKey,
  insertAppointmentEntry,
  insertWalkInEntry,
  lastCalls,
  lockEntry,
  lockEntryOfAppointment,
  markAppointmentNoShow,
  countOpenStreams,
  insertOpenStream,
  lockStreamCounts,
  notifyCall,
  notifyKeyRenewed,
  renewDisplayKeyVersion,
  updateEntry,
  walkInEntries,
  type CallingDesk,
  type QueueEntryRow,
} from './repository.js';
import type { CallNotice, KeyRenewedNotice } from './call-hub.js';
import { emitAppointmentEvent, emitQueueEvent } from '../webhooks/events.js';
import { DISPLAY_STREAM_LIMITS, STREAM_STALE_SECONDS } from './stream-limits.js';

/** Today in the provider's zone: the queue's day. */
function today(app: FastifyInstance): string {
  return localDateOf(Date.now(), app.config.providerTimezone);
}

async function present(
  app: FastifyInstance,
  tx: Tx | FastifyInstance['db'],
  id: number,
  language: UiLanguage,
) {
  const [view] = await entryViews(tx, { ids: [id] });
  return toQueueEntry(view!, app.config.providerTimezone, language);
}

/** A location asked for by staff: unknown is a 400 naming the field (as the today list's `locationId`). */
async function assertLocation(app: FastifyInstance, locationId: number, property = 'locationId') {
  const location = await findLocationKey(app.db, locationId);
  if (!location) throw validationError(property, 'object/not-found');
  return location;
}

/** GET /queue?locationId= (staff): today's entries of the location, in calling order. */
export async function todaysQueue(
  app: FastifyInstance,
  locationId: number,
  language: UiLanguage,
): Promise<QueueEntry[]> {
  await assertLocation(app, locationId);
  const views = await entryViews(app.db, { locationId, day: today(app) });
  return views.map((v) => toQueueEntry(v, app.config.providerTimezone, language));
}

/**
 * Puts an appointment just checked in (in `tx`) in its location's queue, when it is today's: checking in
 * a visitor of another day (staff may, to put the record straight) puts nobody in today's queue.
 */
export async function enqueueCheckedIn(
  app: FastifyInstance,
  tx: Tx,
  appointment: { id: number; deskId: number; during: { from: Date; until: Date } },
): Promise<void> {
  const zone = app.config.providerTimezone;
  const now = new Date();
  const day = localDateOf(now.getTime(), zone);
  if (localDateOf(appointment.during.from.getTime(), zone) !== day) return;
  const desk = await findDesk(tx, appointment.deskId);
  if (!desk) return;
  await insertAppointmentEntry(tx, {
    appointmentId: appointment.id,
    locationId: desk.locationId,
    day,
    startsAt: appointment.during.from,
    at: now,
    minutes: Math.round((appointment.during.until.getTime() - appointment.during.from.getTime()) / 60_000),
  });
}

/** The desk that calls: an active one (any location); unknown or inactive is a 400 naming `deskId`. */
async function callingDesk(app: FastifyInstance, tx: Tx, deskId: number): Promise<CallingDesk> {
  const desk = await findDesk(tx, deskId);
  if (!desk) throw validationError('deskId', 'object/not-found');
  if (!desk.active) throw validationError('deskId', 'inactive');
  return desk;
}

function auditQueue(
  actor: Actor,
  action: 'queue_called' | 'queue_served' | 'queue_returned' | 'queue_no_show' | 'walk_in_created',
  row: QueueEntryRow,
  details: Record<string, unknown>,
) {
  return {
    actorUserId: actor.userId,
    ip: actor.ip,
    action,
    subjectType: 'queue_entry' as const,
    subjectId: row.id,
    details: { appointmentId: row.appointmentId, locationId: row.locationId, ...details },
  };
}

const stateChange = (before: QueueState, after: QueueState) => ({ state: { before, after } });

/**
 * POST /queue/call: the chosen entry (`entryId`, or the entry of `appointmentId`), or the next waiting
 * visitor whom the desk serves (DESIGN §4b: due order, decision 0380). Atomic across processes: the
 * next-call is one UPDATE over `FOR UPDATE SKIP LOCKED`, a chosen call locks the entry first. The call
 * reaches every display of the location when the transaction commits (NOTIFY).
 */
export async function callVisitor(
  app: FastifyInstance,
  actor: Actor,
  body: QueueCallRequest,
  language: UiLanguage,
): Promise<QueueEntry> {
  if (body.appointmentId !== undefined && body.entryId !== undefined)
    throw validationError('entryId', 'not_with_appointment_id');
  const zone = app.config.providerTimezone;
  const id = await app.db.transaction(async (tx) => {
    const desk = await callingDesk(app, tx, body.deskId);
    const at = new Date();
    const day = localDateOf(at.getTime(), zone);
    let called: QueueEntryRow | undefined;
    let before: QueueState = 'waiting';
    if (body.appointmentId === undefined && body.entryId === undefined) {
      called = await callNextEntry(tx, { desk, day, at, userId: actor.userId });
      if (!called) throw httpError('queue_empty');
    } else {
      const property = body.entryId !== undefined ? 'entryId' : 'appointmentId';
      const entry = await chosenEntry(tx, body);
      if (!entry || entry.day !== day || entry.locationId !== desk.locationId)
        throw httpError('not_found', 'This visitor is not in the queue of this desk’s location today');
      if (entry.state !== 'waiting' && entry.state !== 'called')
        throw httpError('conflict', 'This visitor is not waiting', [{ property, message: `not_waiting` }]);
      if (!(await deskServes(tx, desk, entry.id))) throw httpError('desk_does_not_serve');
      before = entry.state;
      called = await updateEntry(tx, entry.id, {
        state: 'called',
        calledAt: at,
        deskId: desk.id,
        calledByUserId: actor.userId,
      });
    }
    await recordAudit(
      tx,
      auditQueue(actor, 'queue_called', called, {
        changes: stateChange(before, 'called'),
        deskId: desk.id,
        ...(called.walkInNumber !== null ? { ticket: ticketOf({ row: called, checkInCode: null }) } : {}),
      }),
    );
    await emitQueueEvent(tx, app.config, 'nl.balie.queue.called', called.id, at);
    const [view] = await entryViews(tx, { ids: [called.id] });
    const notice: CallNotice = { locationId: called.locationId, call: toDisplayCall(view!, zone) };
    await notifyCall(tx, JSON.stringify(notice));
    return called.id;
  });
  return present(app, app.db, id, language);
}

function chosenEntry(tx: Tx, body: QueueCallRequest): Promise<QueueEntryRow | undefined> {
  if (body.entryId !== undefined) return lockEntry(tx, body.entryId);
  return lockEntryOfAppointment(tx, body.appointmentId!);
}

/** What each action after a call does: from which states, to which state, which times. */
const ACTIONS = {
  served: { from: ['called'], to: 'served', audit: 'queue_served' },
  return: { from: ['called'], to: 'waiting', audit: 'queue_returned' },
  'no-show': { from: ['waiting', 'called'], to: 'no_show', audit: 'queue_no_show' },
} as const satisfies Record<
  string,
  { from: readonly QueueState[]; to: QueueState; audit: 'queue_served' | 'queue_returned' | 'queue_no_show' }
>;
export type QueueAction = keyof typeof ACTIONS;

/**
 * POST /queue/{entryId}/served | /return | /no-show (staff). Served keeps who called and when; back in
 * line clears the call and keeps the entry's place (decision 0381); a no-show of an appointment marks
 * the appointment no-show too, audited, so the day's list says what happened (decision 0382).
 */
export async function actOnEntry(
  app: FastifyInstance,
  actor: Actor,
  entryId: number,
  action: QueueAction,
  language: UiLanguage,
): Promise<QueueEntry> {
  const rule = ACTIONS[action];
  await app.db.transaction(async (tx) => {
    const entry = await lockEntry(tx, entryId);
    if (!entry) throw httpError('not_found');
    if (!(rule.from as readonly QueueState[]).includes(entry.state))
      throw httpError('conflict', `This visitor is ${entry.state.replace('_', '-')}`, [
        { property: 'entryId', message: `not_${rule.from.join('_or_')}` },
      ]);
    const at = new Date();
    const values =
      action === 'served'
        ? { state: rule.to, servedAt: at }
        : action === 'return'
          ? { state: rule.to, calledAt: null, deskId: null, calledByUserId: null }
          : { state: rule.to };
    const updated = await updateEntry(tx, entry.id, values);
    await recordAudit(
      tx,
      auditQueue(actor, rule.audit, updated, {
        changes: stateChange(entry.state, rule.to),
        ...(entry.deskId !== null ? { deskId: entry.deskId } : {}),
      }),
    );
    if (action === 'served') await emitQueueEvent(tx, app.config, 'nl.balie.queue.served', entry.id, at);
    if (action === 'no-show' && entry.appointmentId !== null)
      await appointmentNoShow(app, tx, actor, entry.appointmentId);
  });
  return present(app, app.db, entryId, language);
}

/** The appointment of a queue no-show becomes a no-show too (from checked in), audited as such. */
async function appointmentNoShow(
  app: FastifyInstance,
  tx: Tx,
  actor: Actor,
  appointmentId: number,
): Promise<void> {
  if (!(await markAppointmentNoShow(tx, appointmentId))) return;
  await recordAudit(tx, {
    actorUserId: actor.userId,
    ip: actor.ip,
    action: 'appointment_no_show',
    subjectType: 'appointment',
    subjectId: appointmentId,
    details: {
      actor: 'user',
      changes: { status: { before: 'checked_in', after: 'no_show' } },
      cause: 'queue',
    },
  });
  await emitAppointmentEvent(tx, app.config, 'nl.balie.appointment.no-show', appointmentId);
}

/**
 * POST /walk-ins (staff): a ticket (W001…, per location and day) for a visitor without an appointment,
 * for products one active desk of the location serves (else nobody could ever call them). It counts
 * against the walk-in share; going over it is allowed (the screen warned), decision 0383.
 */
export async function createWalkIn(
  app: FastifyInstance,
  actor: Actor,
  body: WalkInRequest,
  language: UiLanguage,
): Promise<QueueEntry> {
  const day = today(app);
  const location = await assertLocation(app, body.locationId);
  if (!location.active) throw validationError('locationId', 'inactive');
  const schedule = await cachedSchedule(app.db, day);
  const { items, durationMinutes } = resolveItems(schedule.products, body.appointmentItems);
  const productIds = items.map((i) => i.product.id);
  const served = schedule.desks.some((d) => d.locationId === body.locationId && servesAll(d, productIds));
  if (!served) throw validationError('appointmentItems', 'not_served_here');
  const id = await app.db.transaction(async (tx) => {
    const row = await insertWalkInEntry(tx, {
      locationId: body.locationId,
      day,
      at: new Date(),
      minutes: durationMinutes,
      items: items.map((i) => ({ productId: i.product.id, amount: i.amount })),
    });
    await recordAudit(
      tx,
      auditQueue(actor, 'walk_in_created', row, {
        ticket: ticketOf({ row, checkInCode: null }),
        appointmentItems: body.appointmentItems,
        minutes: durationMinutes,
      }),
    );
    return row.id;
  });
  return present(app, app.db, id, language);
}

/**
 * GET /walk-ins/minutes?locationId= (staff): today's walk-in share per day part (DESIGN §4's overflow
 * percentages of the location's desks), what today's walk-ins took of it (each in the day part it came
 * in, no-shows not counted) and what is left (never below zero); `shareSet` false for a day part no
 * desk keeps a share of, which has no limit (decision 0431).
 */
export async function walkInMinutes(app: FastifyInstance, locationId: number): Promise<WalkInMinutes> {
  await assertLocation(app, locationId);
  const zone = app.config.providerTimezone;
  const date = today(app);
  const schedule = await cachedSchedule(app.db, date);
  const share = walkInShare({ zone, desks: schedule.desks, closures: schedule.closures, locationId }, date);
  const shareSet = walkInShareSet({ desks: schedule.desks, locationId }, date);
  const minuteOf = (d: Date) => {
    const local = DateTime.fromMillis(d.getTime(), { zone });
    return local.hour * 60 + local.minute;
  };
  const used = { morning: 0, afternoon: 0, evening: 0 };
  for (const w of await walkInEntries(app.db, { locationId, day: date }))
    used[dayPartOf(minuteOf(w.checkedInAt))] += w.minutes;
  return {
    date,
    current: dayPartOf(minuteOf(new Date())),
    parts: DAY_PARTS.map((dayPart) => ({
      dayPart,
      shareSet: shareSet[dayPart],
      total: share[dayPart],
      used: used[dayPart],
      left: Math.max(0, share[dayPart] - used[dayPart]),
    })),
  };
}

/**
 * The display's location when `key` is its key. A wrong key answers like an unknown location (404): the
 * routes are open (no sign-in), and a key is all there is.
 */
export async function displayLocation(app: FastifyInstance, locationId: number, key: string) {
  const location = await findLocationKey(app.db, locationId);
  if (!location || !safeEqual(displayKeyOf(app.config.secret, location), key)) throw httpError('not_found');
  return location;
}

/** GET /location/{id}/display-key (staff): the key that opens the location's display; 404 for none. */
export async function displayKeyFor(app: FastifyInstance, locationId: number): Promise<string> {
  const location = await findLocationKey(app.db, locationId);
  if (!location) throw httpError('not_found');
  return displayKeyOf(app.config.secret, location);
}

/** GET /display/{locationId}/state: today's last ten calls at the location, newest first. */
export async function displayState(app: FastifyInstance, locationId: number): Promise<DisplayCall[]> {
  const views = await lastCalls(app.db, { locationId, day: today(app) }, DISPLAY_CALLS);
  return views.map((v) => toDisplayCall(v, app.config.providerTimezone));
}

/**
 * Records a display stream about to open, when the location's key is still the one of `keyVersion` and
 * the caps across processes allow it (decision 0416): the id of its row, or null when the location's
 * streams or the client address's are at their cap. 404 when the key was renewed since it was checked.
 */
export async function openDisplayStream(
  app: FastifyInstance,
  stream: { process: string; locationId: number; keyVersion: number; clientKey: string },
): Promise<number | null> {
  const { process, locationId, clientKey } = stream;
  return app.db.transaction(async (tx) => {
    await lockStreamCounts(tx, locationId, clientKey);
    const location = await findLocationKey(tx, locationId);
    if (location?.displayKeyVersion !== stream.keyVersion) throw httpError('not_found');
    const open = await countOpenStreams(tx, { locationId, clientKey, staleSeconds: STREAM_STALE_SECONDS });
    if (
      open.atLocation >= DISPLAY_STREAM_LIMITS.perLocation ||
      open.ofClient >= DISPLAY_STREAM_LIMITS.perClient
    )
      return null;
    return insertOpenStream(tx, { process, locationId, clientKey });
  });
}

/**
 * POST /location/{id}/display-key (admin): a new key; displays with the old one stop at once — the
 * notice goes out with the commit, and every process ends that location's streams of an older key.
 */
export async function renewDisplayKey(app: FastifyInstance, actor: Actor, id: number): Promise<string> {
  return app.db.transaction(async (tx) => {
    const version = await renewDisplayKeyVersion(tx, id);
    if (version === undefined) throw httpError('not_found');
    const notice: KeyRenewedNotice = { locationId: id, keyVersion: version };
    await notifyKeyRenewed(tx, JSON.stringify(notice));
    await recordAudit(tx, {
      actorUserId: actor.userId,
      ip: actor.ip,
      action: 'display_key_renewed',
      subjectType: 'location',
      subjectId: id,
    });
    return displayKeyOf(app.config.secret, { id, displayKeyVersion: version });
  });
}
