import { DateTime } from 'luxon';
import { accountRoleOf, type InvitableRole, type UiLanguage } from '@balie/shared';
import type { Config } from '../../config.js';
import { spreadsheetCsv } from '../../http/csv.js';
import type { InvitationWithInviter } from '../invitations/repository.js';
import type { UserWithLanguage } from './repository.js';

/** The CSV's words per language (its columns, the roles and on/off). */
const TEXTS = {
  nl: {
    columns: ['E-mailadres', 'Naam', 'Rol', 'Inloggen in twee stappen', 'Laatst ingelogd', 'Aangemaakt'],
    roles: { ROLE_USER: 'Gebruiker', ROLE_STAFF: 'Medewerker', ROLE_ADMIN: 'Beheerder' },
    developer: 'Ontwikkelaar',
    on: 'aan',
    off: 'uit',
    never: 'nooit',
    invitations: 'Openstaande uitnodigingen',
    invitationColumns: ['E-mailadres', 'Rol', 'Uitgenodigd door', 'Verstuurd', 'Link geldig tot'],
    deletedAccount: 'verwijderd account',
  },
  en: {
    columns: ['E-mail address', 'Name', 'Role', 'Two-step sign-in', 'Last signed in', 'Created'],
    roles: { ROLE_USER: 'User', ROLE_STAFF: 'Staff', ROLE_ADMIN: 'Admin' },
    developer: 'Developer',
    on: 'on',
    off: 'off',
    never: 'never',
    invitations: 'Open invitations',
    invitationColumns: ['E-mail address', 'Role', 'Invited by', 'Sent', 'Link valid until'],
    deletedAccount: 'deleted account',
  },
  de: {
    columns: [
      'E-Mail-Adresse',
      'Name',
      'Rolle',
      'Anmeldung in zwei Schritten',
      'Zuletzt angemeldet',
      'Angelegt',
    ],
    roles: { ROLE_USER: 'Benutzer', ROLE_STAFF: 'Mitarbeiter', ROLE_ADMIN: 'Administrator' },
    developer: 'Entwickler',
    on: 'an',
    off: 'aus',
    never: 'nie',
    invitations: 'Offene Einladungen',
    invitationColumns: ['E-Mail-Adresse', 'Rolle', 'Eingeladen von', 'Gesendet', 'Link gültig bis'],
    deletedAccount: 'gelöschtes Konto',
  },
} as const satisfies Record<UiLanguage, unknown>;

/**
 * The access review as a CSV (DESIGN §5, issue 21 item 4; decision 0363): per account its role, two-step
 * sign-in on or off, last sign-in and creation, times in the provider's zone — what the office checks once
 * a year (BIO 5.18). The same spreadsheet format as afspraken.csv. Below the accounts, after an empty row,
 * a section of the open invitations (issue 34; decision 0415): the address, the role it gives, who sent it
 * ("Name <address>", or that the account is gone), when, and until when its link works — access that
 * does not exist yet but can be taken. Every open one, whatever the accounts' search or filter.
 */
export function accessReviewCsv(
  rows: UserWithLanguage[],
  invitations: InvitationWithInviter[],
  config: Config,
  language: UiLanguage,
): string {
  const t = TEXTS[language];
  const time = (d: Date | null) =>
    d ? DateTime.fromJSDate(d, { zone: config.providerTimezone }).toFormat('yyyy-MM-dd HH:mm') : t.never;
  const records = rows.map(({ user }) => [
    user.email,
    [user.firstName, user.suffix, user.lastName].filter(Boolean).join(' '),
    [
      t.roles[accountRoleOf(user.roles)],
      ...(user.roles.includes('ROLE_DEVELOPER') ? [t.developer] : []),
    ].join(', '),
    user.mfaEnabledAt ? t.on : t.off,
    time(user.lastLoginAt),
    time(user.createdAt),
  ]);
  const invited = invitations.map(({ invitation, invitedBy }) => [
    invitation.email,
    t.roles[invitation.role as InvitableRole],
    invitedBy
      ? invitedBy.name
        ? `${invitedBy.name} <${invitedBy.email}>`
        : invitedBy.email
      : t.deletedAccount,
    time(invitation.createdAt),
    time(invitation.expiresAt),
  ]);
  const section = invited.length ? [[''], [t.invitations], [...t.invitationColumns], ...invited] : [];
  return spreadsheetCsv([[...t.columns], ...records, ...section]);
}
