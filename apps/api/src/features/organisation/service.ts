import { whiteTextReadableOn, type Organisation, type PatchOrganisationRequest } from '@balie/shared';
import type { Actor } from '../../audit/actor.js';
import { changedFields, recordAudit } from '../../audit/audit.js';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { httpError } from '../../http/errors.js';
import { adminExists } from '../setup/repository.js';
import { getOrganisation, updateOrganisation } from './repository.js';

/**
 * The organisation as everyone reads it (GET /organisation, the front door's first paint) and as
 * registration obeys it: registration is closed, whatever the stored choice, until the installation is
 * set up — its first admin exists (DESIGN §4b first run; decision 0421). Before that nobody could look
 * after the accounts made, and a stranger could take the address the first admin means to use.
 */
export async function readOrganisation(db: DbOrTx): Promise<Organisation> {
  const organisation = await getOrganisation(db);
  if (!organisation.registrationOpen || (await isSetUp(db))) return organisation;
  return { ...organisation, registrationOpen: false };
}

/**
 * Databases seen set up. Once an admin exists one always does (the last admin cannot be deleted or
 * erased), so the front door's first paint asks only until then.
 */
const setUp = new WeakSet<DbOrTx>();

async function isSetUp(db: DbOrTx): Promise<boolean> {
  if (setUp.has(db)) return true;
  const yes = await adminExists(db);
  if (yes) setUp.add(db);
  return yes;
}

/**
 * PATCH /organisation: the fields sent change, audited with their before and after values. Requiring
 * two-step sign-in of admins is turned on only by an admin who has it (`actorHasMfa`): else the one
 * turning it on would be held to the setup at once (409 `mfa_not_enabled`, decision 0362).
 */
export async function patchOrganisation(
  db: Db,
  actor: Actor,
  body: PatchOrganisationRequest,
  { actorHasMfa }: { actorHasMfa: boolean },
): Promise<Organisation> {
  return db.transaction(async (tx) => {
    const before = await getOrganisation(tx);
    if (body.requireMfaForAdmins && !before.requireMfaForAdmins && !actorHasMfa)
      throw httpError('mfa_not_enabled', undefined, [
        { property: 'requireMfaForAdmins', message: 'mfa_not_enabled' },
      ]);
    if (body.primaryColour !== undefined && !whiteTextReadableOn(body.primaryColour))
      throw httpError('insufficient_contrast', undefined, [
        { property: 'primaryColour', message: 'insufficient_contrast' },
      ]);
    const { privacyStatement, ...fields } = body;
    const values: Partial<Organisation> = Object.fromEntries(
      Object.entries(fields).filter(([, v]) => v !== undefined),
    );
    // The statement's languages that are sent change; the others stay (decision 0372).
    if (privacyStatement) values.privacyStatement = { ...before.privacyStatement, ...privacyStatement };
    await updateOrganisation(tx, values);
    const after = { ...before, ...values };
    const changes = changedFields(before, after);
    if (Object.keys(changes).length > 0) await auditOrganisation(tx, actor, { changes });
    return after;
  });
}

/** The audit event of a change to the organisation record (DESIGN §4 audit trail), in its transaction. */
export async function auditOrganisation(
  tx: Tx,
  actor: Actor,
  details: Record<string, unknown>,
): Promise<void> {
  await recordAudit(tx, {
    actorUserId: actor.userId,
    ip: actor.ip,
    action: 'organisation_updated',
    subjectType: 'organisation',
    subjectId: 1,
    details,
  });
}
