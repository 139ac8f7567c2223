import { useEffect } from 'react';
import { hasAccess, type Role } from '@balie/shared';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useAppDispatch, useAppSelector } from '../lib/store/hooks';
import { resetAll } from '../lib/store/resetAll';
import { selectIsSignedIn } from './authSlice';
import { useGetCurrentUserQuery } from './sessionApi';

/** The signed-in user (undefined for guests and while loading). Spec §4: a fetch error on it logs out. */
export function useCurrentUser() {
  const signedIn = useAppSelector(selectIsSignedIn);
  const dispatch = useAppDispatch();
  const query = useGetCurrentUserQuery(signedIn ? undefined : skipToken);
  const failed = signedIn && query.isError;
  useEffect(() => {
    if (failed) dispatch(resetAll());
  }, [failed, dispatch]);
  return { user: signedIn ? query.data : undefined, signedIn, isLoading: signedIn && !query.data };
}

/**
 * Whether the signed-in user holds `role` (role groups expand: an admin is staff too). Convenience for
 * what a page shows; the server checks every call.
 */
export function useHasRole(role: Role): boolean {
  return hasAccess(useCurrentUser().user?.roles, role);
}
