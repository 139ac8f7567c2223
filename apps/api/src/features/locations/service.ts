import type {
  AdminLocation,
  CreateLocationRequest,
  Location,
  PatchLocationRequest,
  UiLanguage,
} from '@balie/shared';
import type { FastifyInstance } from 'fastify';
import type { Actor } from '../../audit/actor.js';
import { changedFields, recordAudit } from '../../audit/audit.js';
import type { DbOrTx } from '../../db/client.js';
import { httpError } from '../../http/errors.js';
import {
  scheduleBeforeChange,
  scheduleTransaction,
  settleAffectedAppointments,
  settledForAudit,
} from '../desks/affected.js';
import { deskIdsOfLocation } from '../desks/repository.js';
import { toAdminLocation, toLocation } from './presenter.js';
import {
  deleteLocationRow,
  findLocationRow,
  insertLocationRow,
  listLocationRows,
  locationHasDesks,
  lockLocationRow,
  updateLocationRow,
  type LocationValues,
} from './repository.js';

/** GET /locations: the active ones in the request's language, or (admins, `all`) every one as edited. */
export async function listLocations(
  db: DbOrTx,
  options: { all: true; secret: string } | { all: false; language: UiLanguage },
): Promise<Location[] | AdminLocation[]> {
  const rows = await listLocationRows(db, { includeInactive: options.all });
  return options.all
    ? rows.map((row) => toAdminLocation(row, options.secret))
    : rows.map((row) => toLocation(row, options.language));
}

/** GET /location/{id} (admin). */
export async function getLocation(db: DbOrTx, id: number, secret: string): Promise<AdminLocation> {
  const row = await findLocationRow(db, id);
  if (!row) throw httpError('not_found');
  return toAdminLocation(row, secret);
}

/** What the audit trail compares of a location: never its display key (a secret). */
function auditable(location: AdminLocation): Record<string, unknown> {
  const { id: _id, displayKey: _key, ...fields } = location;
  return fields;
}

function audit(
  actor: Actor,
  action: 'location_created' | 'location_updated' | 'location_deleted',
  id: number,
) {
  return { actorUserId: actor.userId, ip: actor.ip, action, subjectType: 'location' as const, subjectId: id };
}

/**
 * POST /locations. A location is part of the schedule (the booking page's choice, which desks are
 * bookable), so every change runs as a schedule change: the version rises first thing (decision 0323).
 */
export async function createLocation(
  app: FastifyInstance,
  actor: Actor,
  body: CreateLocationRequest,
): Promise<AdminLocation> {
  return scheduleTransaction(app, async (tx) => {
    const location = toAdminLocation(await insertLocationRow(tx, body), app.config.secret);
    await recordAudit(tx, {
      ...audit(actor, 'location_created', location.id),
      details: { changes: changedFields({}, auditable(location)) },
    });
    return { value: location };
  });
}

/**
 * PATCH /location/{id}: the named fields change. Deactivating it takes its desks out of booking: their
 * confirmed future appointments are the affected ones of DESIGN §4 (409, keep or reassign to a desk of
 * another, active, location).
 */
export async function patchLocation(
  app: FastifyInstance,
  actor: Actor,
  id: number,
  body: PatchLocationRequest,
): Promise<AdminLocation> {
  const { affectedAppointments: decision, ...changes } = body;
  return scheduleTransaction(app, async (tx) => {
    const row = await lockLocationRow(tx, id);
    if (!row) throw httpError('not_found');
    const before = toAdminLocation(row, app.config.secret);
    const deskIds = changes.active === false && row.active ? await deskIdsOfLocation(tx, id) : [];
    const scheduleBefore = await scheduleBeforeChange(app, tx);
    await updateLocationRow(tx, id, values(changes));
    const settled = await settleAffectedAppointments(app, tx, scheduleBefore, { deskIds, decision, actor });
    const location = await getLocation(tx, id, app.config.secret);
    await recordAudit(tx, {
      ...audit(actor, 'location_updated', id),
      details: {
        changes: changedFields(auditable(before), auditable(location)),
        ...settledForAudit(decision, settled),
      },
    });
    return { value: location, settled };
  });
}

function values(changes: Omit<PatchLocationRequest, 'affectedAppointments'>): Partial<LocationValues> {
  return Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
}

/**
 * DELETE /location/{id}: only a location no desk belongs to (409 `location_in_use`: move or delete its
 * desks first, or deactivate it); its closures go with it.
 */
export async function deleteLocation(app: FastifyInstance, actor: Actor, id: number): Promise<void> {
  await scheduleTransaction(app, async (tx) => {
    const row = await lockLocationRow(tx, id);
    if (!row) throw httpError('not_found');
    if (await locationHasDesks(tx, id)) throw httpError('location_in_use');
    await deleteLocationRow(tx, id);
    await recordAudit(tx, {
      ...audit(actor, 'location_deleted', id),
      details: { changes: changedFields(auditable(toAdminLocation(row, app.config.secret)), {}) },
    });
    return { value: undefined };
  });
}
