/** Roles and role groups of spec §6. */
export const ROLES = ['ROLE_ALL', 'ROLE_GUEST', 'ROLE_USER', 'ROLE_ADMIN', 'ROLE_DEVELOPER'] as const;
export type Role = (typeof ROLES)[number];

/** Roles a person may hold in the database; ROLE_ALL and ROLE_GUEST are implied, never stored. */
export const ASSIGNABLE_ROLES = ['ROLE_USER', 'ROLE_ADMIN', 'ROLE_DEVELOPER'] as const;
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

/** Each role's access set: the roles whose pages it may see (a group expands to its members). */
const ROLE_GROUPS: Record<Role, readonly Role[]> = {
  ROLE_ALL: ['ROLE_ALL'],
  ROLE_GUEST: ['ROLE_ALL', 'ROLE_GUEST'],
  ROLE_USER: ['ROLE_ALL', 'ROLE_USER'],
  ROLE_ADMIN: ['ROLE_ALL', 'ROLE_USER', 'ROLE_ADMIN'],
  ROLE_DEVELOPER: ['ROLE_ALL', 'ROLE_GUEST', 'ROLE_USER', 'ROLE_ADMIN', 'ROLE_DEVELOPER'],
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
