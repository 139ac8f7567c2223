import { DateTime } from 'luxon';
import { accountRoleOf, type UiLanguage } from '@balie/shared';
import type { Config } from '../../config.js';
import { spreadsheetCsv } from '../../http/csv.js';
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
  },
  en: {
    columns: ['E-mail address', 'Name', 'Role', 'Two-step sign-in', 'Last signed in', 'Created'],
    roles: { ROLE_USER: 'User', ROLE_STAFF: 'Staff', ROLE_ADMIN: 'Admin' },
    developer: 'Developer',
    on: 'on',
    off: 'off',
    never: 'never',
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
  },
} as const satisfies Record<UiLanguage, unknown>;

/**
 * The access review as a CSV (DESIGN §5, issue 21 item 4; decision 0363): per account its role, two-step
 * sign-in on or off, last sign-in and creation, times in the provider's zone — what the office checks once
 * a year (BIO 5.18). The same spreadsheet format as afspraken.csv.
 */
export function accessReviewCsv(rows: UserWithLanguage[], config: Config, language: UiLanguage): string {
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
  return spreadsheetCsv([[...t.columns], ...records]);
}
