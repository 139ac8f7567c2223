import { ROLES, type Language, type Role, type User } from '@balie/shared';
import type { LanguageRow, UserWithLanguage } from './repository.js';

export function toLanguage(row: LanguageRow): Language {
  return {
    id: row.id,
    code: row.code,
    description: row.description,
    short: row.short,
    flag: row.flag,
    icon: row.icon,
    square_icon: row.squareIcon,
  };
}

/**
 * The user as the API returns it: exactly `userSchema` (packages/shared/src/users/schemas.ts). An admin
 * reading it (`forAdmin`) sees the access review's facts too: last sign-in and creation.
 */
export function toUser({ user, language }: UserWithLanguage, { forAdmin = false } = {}): User {
  const fullName = [user.firstName, user.suffix, user.lastName].filter((p) => p && p.trim()).join(' ');
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    fullName: fullName || user.email,
    initials: user.initials,
    suffix: user.suffix,
    phone: user.phone,
    relation: user.relation,
    roles: user.roles.filter((r): r is Role => (ROLES as readonly string[]).includes(r)),
    language: language ? toLanguage(language) : null,
    uiSettings: { locale: user.uiLocale },
    birthDay: user.birthDay,
    serviceBookNr: user.serviceBookNr,
    cardNumber: user.cardNumber,
    timezone: user.timezone,
    mfaEnabled: user.mfaEnabledAt !== null,
    ...(forAdmin
      ? { lastLoginAt: user.lastLoginAt?.toISOString() ?? null, createdAt: user.createdAt.toISOString() }
      : {}),
  };
}
