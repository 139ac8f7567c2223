import type {
  CreateClosureRequest,
  CreateDeskRequest,
  DeleteDeskQuery,
  Desk,
  GlobalClosure,
  PatchDeskRequest,
} from '@balie/shared';
import type { FastifyInstance } from 'fastify';
import { changedFields, recordAudit } from '../../audit/audit.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { httpError } from '../../http/errors.js';
import { noteBookingsChanged } from '../appointments/booking-changes.js';
import { noteScheduleChanged } from '../booking/schedule.repository.js';
import { scheduleBeforeChange, settleAffectedAppointments, type SettledAppointments } from './affected.js';
import { toClosure, toDesk, toGlobalClosure } from './presenter.js';
import {
  deleteDeskRow,
  deleteGlobalClosure,
  findDeskRow,
  hasBookingHistory,
  firstLocationId,
  insertDeskRow,
  insertGlobalClosure,
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

/**
 * Runs a schedule change in one transaction that first raises the schedule version (which also queues
 * concurrent schedule changes); every process's next request sees the new version (decision 0323).
 */
async function scheduleTransaction<T>(
  app: FastifyInstance,
  work: (tx: Tx) => Promise<{ value: T; settled?: SettledAppointments }>,
): Promise<T> {
  const { value, settled } = await app.db.transaction(async (tx) => {
    await noteScheduleChanged(tx);
    return work(tx);
  });
  if (settled && (settled.reassigned.length || settled.cancelled.length || settled.releasedHolds))
    noteBookingsChanged(app.db);
  return value;
}

function deskValues(body: Partial<CreateDeskRequest>): Partial<DeskValues> {
  const values: Partial<DeskValues> = {
    name: body.name,
    label: body.label === undefined ? undefined : body.label || null,
    active: body.active,
    overflowMorning: body.overflow?.morning,
    overflowAfternoon: body.overflow?.afternoon,
    overflowEvening: body.overflow?.evening,
  };
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
}

async function writeDeskParts(tx: Tx, id: number, body: Partial<CreateDeskRequest>): Promise<void> {
  if (body.openingHours) await replaceOpeningHours(tx, id, body.openingHours);
  if (body.closures) await replaceDeskClosures(tx, id, body.closures);
  if (body.overflowPeriods) await replaceOverflowPeriods(tx, id, body.overflowPeriods);
}

/** POST /desks: a new desk has no bookings, so nothing can be stranded. */
export async function createDesk(app: FastifyInstance, actor: Actor, body: CreateDeskRequest): Promise<Desk> {
  return scheduleTransaction(app, async (tx) => {
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
    const before = await getDesk(tx, id);
    const scheduleBefore = await scheduleBeforeChange(app, tx);
    await updateDeskRow(tx, id, deskValues(changes));
    await writeDeskParts(tx, id, changes);
    // Only hours, closures and deactivation can leave a booking outside the schedule (overflow quotas
    // bind new bookings only).
    const strands = changes.active === false || !!changes.openingHours || !!changes.closures;
    const settled = strands
      ? await settleAffectedAppointments(app, tx, scheduleBefore, {
          deskIds: [id],
          decision,
          actorUserId: actor.userId,
          ip: actor.ip,
        })
      : NOTHING_SETTLED;
    const desk = await getDesk(tx, id);
    await recordAudit(tx, {
      actorUserId: actor.userId,
      ip: actor.ip,
      action: 'desk_updated',
      subjectType: 'desk',
      subjectId: id,
      details: { changes: changedFields(auditable(before), auditable(desk)), ...auditOf(decision, settled) },
    });
    return { value: desk, settled };
  });
}

const NOTHING_SETTLED: SettledAppointments = { kept: [], reassigned: [], cancelled: [], releasedHolds: 0 };

function auditOf(decision: string | undefined, settled: SettledAppointments) {
  const moved = settled.kept.length + settled.reassigned.length + settled.cancelled.length;
  return moved > 0 ? { affectedAppointments: decision, ...settled } : {};
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
      actorUserId: actor.userId,
      ip: actor.ip,
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
        ...auditOf(query.affectedAppointments, settled),
      },
    });
    return { value: undefined, settled };
  });
}

/** POST /closures: closes every desk; stranded appointments as `affectedAppointments` says. */
export async function createGlobalClosure(
  app: FastifyInstance,
  actor: Actor,
  body: CreateClosureRequest,
): Promise<GlobalClosure> {
  const { affectedAppointments: decision, ...input } = body;
  return scheduleTransaction(app, async (tx) => {
    const scheduleBefore = await scheduleBeforeChange(app, tx);
    const row = await insertGlobalClosure(tx, input);
    const settled = await settleAffectedAppointments(app, tx, scheduleBefore, {
      deskIds: null,
      date: input.date,
      decision,
      actorUserId: actor.userId,
      ip: actor.ip,
    });
    const closure = toGlobalClosure(row);
    await recordAudit(tx, {
      actorUserId: actor.userId,
      ip: actor.ip,
      action: 'closure_created',
      subjectType: 'closure',
      subjectId: row.id,
      details: { changes: changedFields({}, closure), ...auditOf(decision, settled) },
    });
    return { value: closure, settled };
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
