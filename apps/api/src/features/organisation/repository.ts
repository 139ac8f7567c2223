import { REGISTER_FIELDS, type Organisation } from '@balie/shared';
import { eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.js';
import { organisation } from '../../db/schema/index.js';

const EMPTY: Organisation = {
  name: '',
  street: '',
  postcode: '',
  city: '',
  phone: '',
  email: '',
  website: '',
  registrationOpen: true,
  registerFields: [...REGISTER_FIELDS],
  requireMfaForAdmins: false,
  retentionDays: 30,
  privacyStatement: { nl: '', en: '', de: '' },
};

/** The one organisation record (its row is made by the migration). */
export async function getOrganisation(db: DbOrTx): Promise<Organisation> {
  const [row] = await db
    .select({
      name: organisation.name,
      street: organisation.street,
      postcode: organisation.postcode,
      city: organisation.city,
      phone: organisation.phone,
      email: organisation.email,
      website: organisation.website,
      registrationOpen: organisation.registrationOpen,
      registerFields: organisation.registerFields,
      requireMfaForAdmins: organisation.requireMfaForAdmins,
      retentionDays: organisation.retentionDays,
      privacyStatement: organisation.privacyStatement,
    })
    .from(organisation)
    .where(eq(organisation.id, 1));
  return row ?? EMPTY;
}

export async function updateOrganisation(tx: Tx, values: Partial<Organisation>): Promise<void> {
  if (Object.keys(values).length > 0) await tx.update(organisation).set(values).where(eq(organisation.id, 1));
}
