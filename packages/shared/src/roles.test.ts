import { describe, expect, it } from 'vitest';
import { accountRoleOf, expandRoles, hasAccess, rolesFor } from './roles.js';

describe('roles (spec §6, DESIGN §4b)', () => {
  it('gives a signed-out person only the guest access set', () => {
    expect([...expandRoles([])].sort()).toEqual(['ROLE_ALL', 'ROLE_GUEST']);
  });
  it('lets an admin see user, staff and admin pages but not guest-only ones', () => {
    expect(hasAccess(['ROLE_ADMIN'], 'ROLE_USER')).toBe(true);
    expect(hasAccess(['ROLE_ADMIN'], 'ROLE_STAFF')).toBe(true);
    expect(hasAccess(['ROLE_ADMIN'], 'ROLE_ADMIN')).toBe(true);
    expect(hasAccess(['ROLE_ADMIN'], 'ROLE_GUEST')).toBe(false);
  });
  it('lets staff see user and staff pages, not admin ones', () => {
    expect(hasAccess(['ROLE_USER', 'ROLE_STAFF'], 'ROLE_USER')).toBe(true);
    expect(hasAccess(['ROLE_STAFF'], 'ROLE_USER')).toBe(true);
    expect(hasAccess(['ROLE_STAFF'], 'ROLE_STAFF')).toBe(true);
    expect(hasAccess(['ROLE_STAFF'], 'ROLE_ADMIN')).toBe(false);
  });
  it('keeps staff and admin pages from a user', () => {
    expect(hasAccess(['ROLE_USER'], 'ROLE_STAFF')).toBe(false);
    expect(hasAccess(['ROLE_USER'], 'ROLE_ADMIN')).toBe(false);
    expect(hasAccess(['ROLE_USER'], 'ROLE_USER')).toBe(true);
  });
  it('gives a developer all six roles', () => {
    expect(expandRoles(['ROLE_DEVELOPER']).size).toBe(6);
  });
  it('opens an item without a required role to everyone', () => {
    expect(hasAccess([], undefined)).toBe(true);
    expect(hasAccess([], 'ROLE_ALL')).toBe(true);
    expect(hasAccess([], 'ROLE_USER')).toBe(false);
  });
  it('names the highest account role held and the roles stored for one', () => {
    expect(accountRoleOf(['ROLE_USER'])).toBe('ROLE_USER');
    expect(accountRoleOf(['ROLE_USER', 'ROLE_STAFF'])).toBe('ROLE_STAFF');
    expect(accountRoleOf(['ROLE_ADMIN'])).toBe('ROLE_ADMIN');
    expect(accountRoleOf(['ROLE_USER', 'ROLE_DEVELOPER'])).toBe('ROLE_ADMIN');
    expect(accountRoleOf([])).toBe('ROLE_USER');
    expect(rolesFor('ROLE_USER')).toEqual(['ROLE_USER']);
    expect(rolesFor('ROLE_STAFF')).toEqual(['ROLE_USER', 'ROLE_STAFF']);
  });
});
