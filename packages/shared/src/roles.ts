/** Roles and role groups of spec §6, with the desk staff's role of DESIGN §4b. */
export const ROLES = [
  'ROLE_ALL',
  'ROLE_GUEST',
  'ROLE_USER',
  'ROLE_STAFF',
  'ROLE_ADMIN',
  'ROLE_DEVELOPER',
] as const;
export type Role = (typeof ROLES)[number];

/** Roles a person may hold in the database; ROLE_ALL and ROLE_GUEST are implied, never stored. */
export const ASSIGNABLE_ROLES = ['ROLE_USER', 'ROLE_STAFF', 'ROLE_ADMIN', 'ROLE_DEVELOPER'] as const;
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

/**
 * What an admin chooses between for an account (promote/demote, DESIGN §5), lowest first: a visitor's
 * account, desk staff, or an administrator. A developer role is given by the CLI only.
 */
export const ACCOUNT_ROLES = ['ROLE_USER', 'ROLE_STAFF', 'ROLE_ADMIN'] as const;
export type AccountRole = (typeof ACCOUNT_ROLES)[number];

/** The roles an invitation can give (DESIGN §4b: colleagues are staff or admins). */
export const INVITABLE_ROLES = ['ROLE_STAFF', 'ROLE_ADMIN'] as const;
export type InvitableRole = (typeof INVITABLE_ROLES)[number];

/** Each role's access set: the roles whose pages it may see (a group expands to its members). */
const ROLE_GROUPS: Record<Role, readonly Role[]> = {
  ROLE_ALL: ['ROLE_ALL'],
  ROLE_GUEST: ['ROLE_ALL', 'ROLE_GUEST'],
  ROLE_USER: ['ROLE_ALL', 'ROLE_USER'],
  ROLE_STAFF: ['ROLE_ALL', 'ROLE_USER', 'ROLE_STAFF'],
  ROLE_ADMIN: ['ROLE_ALL', 'ROLE_USER', 'ROLE_STAFF', 'ROLE_ADMIN'],
  ROLE_DEVELOPER: ['ROLE_ALL', 'ROLE_GUEST', 'ROLE_USER', 'ROLE_STAFF', 'ROLE_ADMIN', 'ROLE_DEVELOPER'],
};

/** The full access set of someone holding `roles`; nobody signed in holds only the guest role. */
export function expandRoles(roles: readonly string[] | null | undefined): Set<Role> {
  const held = (roles ?? []).filter((r): r is Role => (ROLES as readonly string[]).includes(r));
  const base: Role[] = held.length > 0 ? held : ['ROLE_GUEST'];
  return new Set(base.flatMap((r) => ROLE_GROUPS[r]));
}

/** Whether someone holding `roles` may see a page or item that requires `required` (none = open to all). */
export function hasAccess(roles: readonly string[] | null | undefined, required?: Role | null): boolean {
  if (!required || required === 'ROLE_ALL') return true;
  return expandRoles(roles).has(required);
}

/** The highest of user, staff and admin that `roles` give (a developer counts as an admin here). */
export function accountRoleOf(roles: readonly string[] | null | undefined): AccountRole {
  return [...ACCOUNT_ROLES].reverse().find((r) => hasAccess(roles, r)) ?? 'ROLE_USER';
}

/** The roles stored for an account given `role`: everyone signed in keeps the user role. */
export function rolesFor(role: AccountRole | InvitableRole): AssignableRole[] {
  return role === 'ROLE_USER' ? ['ROLE_USER'] : ['ROLE_USER', role];
}
