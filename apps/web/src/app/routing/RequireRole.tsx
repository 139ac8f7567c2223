import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { hasAccess, type Role } from '@balie/shared';
import { PageLoader } from '../../components/PageLoader';
import { useCurrentUser } from '../../session/useCurrentUser';
import { TWO_STEP_SETUP_PATH, useMfaSetupRequired } from '../../session/useMfaSetupRequired';

/**
 * Spec §4 route guard: signed-in pages need the role; guests go to /login (and come back after signing
 * in), signed-in users without the role go to /home. Without `role` any signed-in user may pass
 * (/home itself, so the redirect can never loop). An admin who must first turn on two-step sign-in goes
 * to its setup, whatever the address (decision 0362). Convenience only: the server checks every call.
 */
export function RequireRole({ role, children }: { role?: Role; children?: ReactNode }) {
  const { user, signedIn } = useCurrentUser();
  const location = useLocation();
  const mfaSetupRequired = useMfaSetupRequired();
  if (!signedIn)
    return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  if (!user) return <PageLoader />;
  if (mfaSetupRequired && location.pathname !== TWO_STEP_SETUP_PATH)
    return <Navigate to={TWO_STEP_SETUP_PATH} replace />;
  if (role && !hasAccess(user.roles, role)) return <Navigate to="/home" replace />;
  return children ?? <Outlet />;
}
