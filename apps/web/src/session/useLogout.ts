import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../lib/store/hooks';
import { resetAll } from '../lib/store/resetAll';
import { selectRefreshToken } from './authSlice';
import { useLogoutMutation } from './sessionApi';

/** Logout (spec §4): revoke the refresh token on the server, clear tokens and all client state, go to /login. */
export function useLogout() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const refreshToken = useAppSelector(selectRefreshToken);
  const [revoke] = useLogoutMutation();
  return useCallback(async () => {
    // Revoking is best effort: signing out locally must work even when the server is unreachable.
    if (refreshToken) await revoke({ refresh_token: refreshToken }).catch(() => undefined);
    dispatch(resetAll());
    await navigate('/login', { replace: true });
  }, [dispatch, navigate, refreshToken, revoke]);
}
