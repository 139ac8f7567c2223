import type { Desk, GlobalClosure } from '@balie/shared';
import type { DbOrTx } from '../../db/client.js';
import { httpError } from '../../http/errors.js';
import { toClosure, toDesk } from './presenter.js';
import { findDeskRow, listDeskRows, listGlobalClosureRows, loadDeskParts } from './repository.js';

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
  return (await listGlobalClosureRows(db)).map(toClosure);
}
