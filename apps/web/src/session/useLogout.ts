import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../lib/store/hooks';
import { resetAll } from '../lib/store/resetAll';
import { selectRefreshToken } from './authSlice';
import { isProviderSession, markProviderSession, PROVIDER_SIGN_OUT_URL } from './providerSession';
import { useLogoutMutation } from './sessionApi';

/**
 * Logout (spec §4): revoke the refresh token on the server, clear tokens and all client state, go to
 * /login — through the provider's sign-out page when the session began there.
 */
export function useLogout() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const refreshToken = useAppSelector(selectRefreshToken);
  const [revoke] = useLogoutMutation();
  return useCallback(async () => {
    // Revoking is best effort: signing out locally must work even when the server is unreachable.
    if (refreshToken) await revoke({ refresh_token: refreshToken }).catch(() => undefined);
    dispatch(resetAll());
    // A session from the organisation's identity provider ends there too (DESIGN §4c).
    if (isProviderSession()) {
      markProviderSession(false);
      window.location.assign(PROVIDER_SIGN_OUT_URL);
      return;
    }
    await navigate('/login', { replace: true });
  }, [dispatch, navigate, refreshToken, revoke]);
}
