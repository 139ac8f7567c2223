import {
  ACCESSIBILITY_RESPONSE_DAYS,
  DEFAULT_PRIMARY_COLOUR,
  DEFAULT_REMINDERS,
  REGISTER_FIELDS,
  type Organisation,
} from '@balie/shared';
import { eq, isNotNull, ne } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.js';
import { organisation, organisationLogos } from '../../db/schema/index.js';
import { staffSignInOf } from '../identity-provider/repository.js';

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
  logoFileId: null,
  primaryColour: DEFAULT_PRIMARY_COLOUR,
  accessibilityEmail: '',
  accessibilityPhone: '',
  accessibilityResponseDays: ACCESSIBILITY_RESPONSE_DAYS.default,
  accessibilityComplaintsUrl: '',
  oin: '',
  staffSignIn: null,
  reminders: [...DEFAULT_REMINDERS],
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
      logoFileId: organisation.logoFileId,
      primaryColour: organisation.primaryColour,
      accessibilityEmail: organisation.accessibilityEmail,
      accessibilityPhone: organisation.accessibilityPhone,
      accessibilityResponseDays: organisation.accessibilityResponseDays,
      accessibilityComplaintsUrl: organisation.accessibilityComplaintsUrl,
      oin: organisation.oin,
      reminders: organisation.reminders,
    })
    .from(organisation)
    .where(eq(organisation.id, 1));
  return row ? { ...row, staffSignIn: await staffSignInOf(db) } : EMPTY;
}

export async function updateOrganisation(tx: Tx, values: Partial<Organisation>): Promise<void> {
  if (Object.keys(values).length > 0) await tx.update(organisation).set(values).where(eq(organisation.id, 1));
}

/** Stores a logo, makes it the organisation's and deletes the one before it; returns the new id. */
export async function replaceLogo(tx: Tx, mimeType: string, data: Buffer): Promise<number> {
  const [row] = await tx
    .insert(organisationLogos)
    .values({ mimeType, data })
    .returning({ id: organisationLogos.id });
  await tx.update(organisation).set({ logoFileId: row!.id }).where(eq(organisation.id, 1));
  await tx.delete(organisationLogos).where(ne(organisationLogos.id, row!.id));
  return row!.id;
}

/** Removes the logo (the organisation then shows its name alone). */
export async function removeLogo(tx: Tx): Promise<void> {
  await tx.update(organisation).set({ logoFileId: null }).where(eq(organisation.id, 1));
  await tx.delete(organisationLogos).where(isNotNull(organisationLogos.id));
}

/** A logo's type and bytes, or undefined for an unknown (or replaced) id. */
export async function findLogo(
  db: DbOrTx,
  id: number,
): Promise<{ mimeType: string; data: Buffer } | undefined> {
  const [row] = await db
    .select({ mimeType: organisationLogos.mimeType, data: organisationLogos.data })
    .from(organisationLogos)
    .where(eq(organisationLogos.id, id));
  return row;
}
