import { describe, expect, it } from 'vitest';
import { expandRoles, hasAccess } from './roles.js';

describe('roles (spec §6)', () => {
  it('gives a signed-out person only the guest access set', () => {
    expect([...expandRoles([])].sort()).toEqual(['ROLE_ALL', 'ROLE_GUEST']);
  });
  it('lets an admin see user and admin pages but not guest-only ones', () => {
    expect(hasAccess(['ROLE_ADMIN'], 'ROLE_USER')).toBe(true);
    expect(hasAccess(['ROLE_ADMIN'], 'ROLE_ADMIN')).toBe(true);
    expect(hasAccess(['ROLE_ADMIN'], 'ROLE_GUEST')).toBe(false);
  });
  it('keeps admin pages from a user', () => {
    expect(hasAccess(['ROLE_USER'], 'ROLE_ADMIN')).toBe(false);
    expect(hasAccess(['ROLE_USER'], 'ROLE_USER')).toBe(true);
  });
  it('gives a developer all five roles', () => {
    expect(expandRoles(['ROLE_DEVELOPER']).size).toBe(5);
  });
  it('opens an item without a required role to everyone', () => {
    expect(hasAccess([], undefined)).toBe(true);
    expect(hasAccess([], 'ROLE_ALL')).toBe(true);
    expect(hasAccess([], 'ROLE_USER')).toBe(false);
  });
});
