import { hasAccess } from '@balie/shared';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useGetOrganisationQuery } from '../components/organisation/organisationApi';
import { useAppSelector } from '../lib/store/hooks';
import { selectMfaSetupRequired } from './authSlice';
import { useCurrentUser } from './useCurrentUser';

/** The page an admin held to the two-step setup is taken to (and the profile's way to turn it on). */
export const TWO_STEP_SETUP_PATH = '/two-step-sign-in';

/**
 * Whether the signed-in admin must turn on two-step sign-in before anything else (decision 0362): an
 * admin without it while the organisation requires it, or whenever the server has said so (403
 * `mfa_setup_required`, e.g. after another admin turned the requirement on). Convenience only: the
 * server holds such a session to the setup whatever the app shows.
 */
export function useMfaSetupRequired(): boolean {
  const { user } = useCurrentUser();
  const told = useAppSelector(selectMfaSetupRequired);
  const candidate = !!user && !user.mfaEnabled && hasAccess(user.roles, 'ROLE_ADMIN');
  const { data: organisation } = useGetOrganisationQuery(candidate ? undefined : skipToken);
  if (user?.mfaEnabled) return false;
  return told || (candidate && organisation?.requireMfaForAdmins === true);
}
