import { describe, expect, it } from 'vitest';
import { resetAll } from '../lib/store/resetAll';
import { makeStore } from '../app/store';
import {
  authSlice,
  credentialsReceived,
  mfaSetupDone,
  mfaSetupRequired,
  selectIsSignedIn,
  selectMfaSetupRequired,
} from './authSlice';
import { ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY, loadTokens } from './tokenStorage';

describe('auth slice and token storage', () => {
  it('starts from the tokens in localStorage, so a reload keeps the session', () => {
    window.localStorage.setItem(ACCESS_TOKEN_KEY, 'a1');
    window.localStorage.setItem(REFRESH_TOKEN_KEY, 'r1');
    const store = makeStore();
    expect(store.getState().auth).toEqual({ token: 'a1', refreshToken: 'r1', mfaSetupRequired: false });
    expect(selectIsSignedIn(store.getState())).toBe(true);
  });

  it('is signed out when localStorage holds nothing', () => {
    const store = makeStore();
    expect(store.getState().auth).toEqual({ token: null, refreshToken: null, mfaSetupRequired: false });
    expect(selectIsSignedIn(store.getState())).toBe(false);
  });

  it('stores a received token pair under access_token and refresh_token', () => {
    const store = makeStore();
    store.dispatch(credentialsReceived({ token: 'a2', refresh_token: 'r2' }));
    expect(store.getState().auth).toEqual({ token: 'a2', refreshToken: 'r2', mfaSetupRequired: false });
    expect(loadTokens()).toEqual({ token: 'a2', refreshToken: 'r2' });
  });

  it('clears both tokens, in state and in localStorage, on resetAll', () => {
    const store = makeStore();
    store.dispatch(credentialsReceived({ token: 'a3', refresh_token: 'r3' }));
    store.dispatch(resetAll());
    expect(store.getState().auth).toEqual({ token: null, refreshToken: null, mfaSetupRequired: false });
    expect(window.localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    expect(window.localStorage.getItem(REFRESH_TOKEN_KEY)).toBeNull();
  });

  it('remembers that the server holds this admin to the two-step setup, until it is done or signed out', () => {
    const store = makeStore();
    store.dispatch(credentialsReceived({ token: 'a4', refresh_token: 'r4' }));
    store.dispatch(mfaSetupRequired());
    expect(selectMfaSetupRequired(store.getState())).toBe(true);
    // A refreshed token is the same session: still held.
    store.dispatch(credentialsReceived({ token: 'a5', refresh_token: 'r5' }));
    expect(selectMfaSetupRequired(store.getState())).toBe(true);
    store.dispatch(mfaSetupDone());
    expect(selectMfaSetupRequired(store.getState())).toBe(false);
    store.dispatch(mfaSetupRequired());
    store.dispatch(resetAll());
    expect(selectMfaSetupRequired(store.getState())).toBe(false);
  });

  it('reducer is pure: resetAll returns the signed-out state', () => {
    const state = authSlice.reducer({ token: 'x', refreshToken: 'y', mfaSetupRequired: true }, resetAll());
    expect(state).toEqual({ token: null, refreshToken: null, mfaSetupRequired: false });
  });
});
