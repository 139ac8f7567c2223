import {
  closureDaysOf,
  type CreateClosureRequest,
  type CreateDeskRequest,
  type DeleteDeskQuery,
  type Desk,
  type GlobalClosure,
  type PatchDeskRequest,
} from '@balie/shared';
import type { FastifyInstance } from 'fastify';
import { changedFields, recordAudit } from '../../audit/audit.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { httpError, validationError } from '../../http/errors.js';
import {
  scheduleBeforeChange,
  scheduleTransaction,
  settleAffectedAppointments,
  settledForAudit,
} from './affected.js';
import { toClosure, toDesk, toGlobalClosure } from './presenter.js';
import {
  deleteDeskRow,
  deskIdsOfLocation,
  replaceDeskProducts,
  unknownProductIds,
  deleteGlobalClosure,
  findDeskRow,
  hasBookingHistory,
  firstLocationId,
  insertDeskRow,
  insertGlobalClosures,
  listDeskRows,
  listGlobalClosureRows,
  loadDeskParts,
  lockDeskRow,
  replaceDeskClosures,
  replaceOpeningHours,
  replaceOverflowPeriods,
  updateDeskRow,
  type DeskValues,
} from './repository.js';
import type { Actor } from '../../audit/actor.js';
import { findLocationRow } from '../locations/repository.js';

/** Every desk, active or not (admins manage inactive ones too), by id; four queries in all. */
export async function listDesks(db: DbOrTx): Promise<Desk[]> {
  const rows = await listDeskRows(db);
  const parts = await loadDeskParts(
    db,
    rows.map((d) => d.id),
  );
  return rows.map((row) => toDesk(row, parts));
}

export async function getDesk(db: DbOrTx, id: number): Promise<Desk> {
  const row = await findDeskRow(db, id);
  if (!row) throw httpError('not_found');
  return toDesk(row, await loadDeskParts(db, [id]));
}

export async function listGlobalClosures(db: DbOrTx): Promise<GlobalClosure[]> {
  return (await listGlobalClosureRows(db)).map(toGlobalClosure);
}

/** The desk as the audit trail compares it: array items without their (always new) ids. */
function auditable(desk: Desk): Record<string, unknown> {
  const { id: _id, closures, overflowPeriods, ...rest } = desk;
  return {
    ...rest,
    closures: closures.map(({ id: _c, ...c }) => c),
    overflowPeriods: overflowPeriods.map(({ id: _p, ...p }) => p),
  };
}

function deskValues(body: Partial<CreateDeskRequest>): Partial<DeskValues> {
  const values: Partial<DeskValues> = {
    name: body.name,
    label: body.label === undefined ? undefined : body.label || null,
    active: body.active,
    locationId: body.locationId,
    servesAllProducts: body.productIds === undefined ? undefined : body.productIds === null,
    overflowMorning: body.overflow?.morning,
    overflowAfternoon: body.overflow?.afternoon,
    overflowEvening: body.overflow?.evening,
  };
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
}

/**
 * The location and products a desk is given must exist: 400 naming `locationId`, or the first unknown
 * product as `productIds.N` (an inactive location or product may be chosen: it is set up before it opens).
 */
async function checkReferences(tx: Tx, body: Partial<CreateDeskRequest>): Promise<void> {
  if (body.locationId !== undefined && !(await findLocationRow(tx, body.locationId)))
    throw validationError('locationId', 'object/not-found');
  if (body.productIds) {
    const unknown = await unknownProductIds(tx, body.productIds);
    const index = body.productIds.findIndex((p) => unknown.includes(p));
    if (index >= 0) throw validationError(`productIds.${index}`, 'object/not-found');
  }
}

async function writeDeskParts(tx: Tx, id: number, body: Partial<CreateDeskRequest>): Promise<void> {
  if (body.productIds !== undefined) await replaceDeskProducts(tx, id, body.productIds ?? []);
  if (body.openingHours) await replaceOpeningHours(tx, id, body.openingHours);
  if (body.closures) await replaceDeskClosures(tx, id, body.closures);
  if (body.overflowPeriods) await replaceOverflowPeriods(tx, id, body.overflowPeriods);
}

/** POST /desks: a new desk has no bookings, so nothing can be stranded. */
export async function createDesk(app: FastifyInstance, actor: Actor, body: CreateDeskRequest): Promise<Desk> {
  return scheduleTransaction(app, async (tx) => {
    await checkReferences(tx, body);
    const locationId = body.locationId ?? (await firstLocationId(tx));
    const id = await insertDeskRow(tx, { name: body.name, ...deskValues(body), locationId } as DeskValues);
    await writeDeskParts(tx, id, body);
    const desk = await getDesk(tx, id);
    await recordAudit(tx, {
      actorUserId: actor.userId,
      ip: actor.ip,
      action: 'desk_created',
      subjectType: 'desk',
      subjectId: id,
      details: { changes: changedFields({}, auditable(desk)) },
    });
    return { value: desk };
  });
}

/**
 * PATCH /desk/{id}: the named fields change and the named arrays are replaced; appointments the change
 * leaves outside the schedule are kept, reassigned or reported (409) as `affectedAppointments` says.
 */
export async function patchDesk(
  app: FastifyInstance,
  actor: Actor,
  id: number,
  body: PatchDeskRequest,
): Promise<Desk> {
  const { affectedAppointments: decision, ...changes } = body;
  return scheduleTransaction(app, async (tx) => {
    if (!(await lockDeskRow(tx, id))) throw httpError('not_found');
    await checkReferences(tx, changes);
    const before = await getDesk(tx, id);
    const scheduleBefore = await scheduleBeforeChange(app, tx);
    await updateDeskRow(tx, id, deskValues(changes));
    await writeDeskParts(tx, id, changes);
    // Only hours, closures, deactivation, products taken off and a move to another building can leave a
    // booking outside the schedule (overflow quotas bind new bookings only; decisions 0152, 0333).
    const strands =
      changes.active === false ||
      !!changes.openingHours ||
      !!changes.closures ||
      changes.productIds !== undefined ||
      (changes.locationId !== undefined && changes.locationId !== before.locationId);
    const settled = await settleAffectedAppointments(app, tx, scheduleBefore, {
      deskIds: strands ? [id] : [],
      decision,
      actor,
    });
    const desk = await getDesk(tx, id);
    await recordAudit(tx, {
      actorUserId: actor.userId,
      ip: actor.ip,
      action: 'desk_updated',
      subjectType: 'desk',
      subjectId: id,
      details: {
        changes: changedFields(auditable(before), auditable(desk)),
        ...settledForAudit(decision, settled),
      },
    });
    return { value: desk, settled };
  });
}

/**
 * DELETE /desk/{id}: only a desk that never had a booking (decision 0152). Its confirmed appointments
 * still to come are the affected ones: without a decision 409 appointments_affected; `reassign` moves
 * them and deletes the desk when all could move; otherwise (and for `keep`) 409 desk_in_use, nothing
 * changed: deactivate the desk instead.
 */
export async function deleteDesk(
  app: FastifyInstance,
  actor: Actor,
  id: number,
  query: DeleteDeskQuery,
): Promise<void> {
  await scheduleTransaction(app, async (tx) => {
    if (!(await lockDeskRow(tx, id))) throw httpError('not_found');
    if (await hasBookingHistory(tx, id, new Date())) throw httpError('desk_in_use');
    const before = await getDesk(tx, id);
    const settled = await settleAffectedAppointments(app, tx, await scheduleBeforeChange(app, tx), {
      deskIds: [id],
      removedDeskId: id,
      decision: query.affectedAppointments,
      actor,
    });
    if (settled.kept.length > 0 || settled.cancelled.length > 0)
      throw httpError(
        'desk_in_use',
        settled.kept.length > 0
          ? 'Appointments cannot stay on a deleted desk; deactivate the desk to keep them'
          : 'Not every appointment could move to another desk; deactivate the desk instead',
      );
    await deleteDeskRow(tx, id);
    await recordAudit(tx, {
      actorUserId: actor.userId,
      ip: actor.ip,
      action: 'desk_deleted',
      subjectType: 'desk',
      subjectId: id,
      details: {
        changes: changedFields(auditable(before), {}),
        ...settledForAudit(query.affectedAppointments, settled),
      },
    });
    return { value: undefined, settled };
  });
}

/**
 * POST /closures: closes every desk, or with `locationId` every desk of that location (an unknown one is
 * a 400 naming it), on one day or on every day the request names (decision 0433): one closure per day,
 * all in one transaction with one question about the appointments stranded on any of those days, on
 * those desks only, settled as `affectedAppointments` says. One day answers the closure, more the list.
 */
export async function createGlobalClosure(
  app: FastifyInstance,
  actor: Actor,
  body: CreateClosureRequest,
): Promise<GlobalClosure | GlobalClosure[]> {
  const { affectedAppointments: decision, locationId, date: _d, lastDate, days: list, ...input } = body;
  const days = closureDaysOf(body);
  return scheduleTransaction(app, async (tx) => {
    if (locationId !== undefined && !(await findLocationRow(tx, locationId)))
      throw validationError('locationId', 'object/not-found');
    const deskIds = locationId === undefined ? null : await deskIdsOfLocation(tx, locationId);
    const scheduleBefore = await scheduleBeforeChange(app, tx);
    const rows = await insertGlobalClosures(
      tx,
      days.map((day) => ({ ...input, ...day })),
      locationId ?? null,
    );
    const settled = await settleAffectedAppointments(app, tx, scheduleBefore, {
      deskIds,
      dates: days.map((d) => d.date),
      decision,
      actor,
    });
    const made = rows.map(toGlobalClosure);
    for (const [i, closure] of made.entries())
      await recordAudit(tx, {
        actorUserId: actor.userId,
        ip: actor.ip,
        action: 'closure_created',
        subjectType: 'closure',
        subjectId: closure.id,
        // The appointments settled are told once, on the first day's event.
        details: { changes: changedFields({}, closure), ...(i === 0 && settledForAudit(decision, settled)) },
      });
    const single = lastDate === undefined && list === undefined;
    return { value: single ? made[0]! : made, settled };
  });
}

/** DELETE /closure/{id}: reopening strands nobody. */
export async function removeGlobalClosure(app: FastifyInstance, actor: Actor, id: number): Promise<void> {
  await scheduleTransaction(app, async (tx) => {
    const row = await deleteGlobalClosure(tx, id);
    if (!row) throw httpError('not_found');
    await recordAudit(tx, {
      actorUserId: actor.userId,
      ip: actor.ip,
      action: 'closure_deleted',
      subjectType: 'closure',
      subjectId: id,
      details: { changes: changedFields(toClosure(row), {}) },
    });
    return { value: undefined };
  });
}
