import type { ListenerMiddlewareInstance, UnknownAction } from '@reduxjs/toolkit';
import { resetAll } from '../lib/store/resetAll';
import { credentialsReceived } from './authSlice';
import { clearTokens, saveTokens } from './tokenStorage';

/**
 * Keeps localStorage in step with the auth slice (reducers stay pure) and empties the RTK Query cache on
 * logout. `resetApiState` is passed in so tests can wire the same listeners to their own API instance.
 */
export function startSessionListeners(
  listener: ListenerMiddlewareInstance,
  resetApiState: () => UnknownAction,
) {
  listener.startListening({
    actionCreator: credentialsReceived,
    effect: (action) => saveTokens(action.payload),
  });
  listener.startListening({
    actionCreator: resetAll,
    effect: (_action, { dispatch }) => {
      clearTokens();
      dispatch(resetApiState());
    },
  });
}
