import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { TokenPair } from '@balie/shared';
import { resetAll } from '../lib/store/resetAll';
import { loadTokens, type StoredTokens } from './tokenStorage';

export type AuthState = StoredTokens;

const signedOut: AuthState = { token: null, refreshToken: null };

export const authSlice = createSlice({
  name: 'auth',
  // Read lazily so a page reload keeps the session (and tests can seed localStorage before creating a store).
  initialState: (): AuthState => ({ ...signedOut, ...loadTokens() }),
  reducers: {
    credentialsReceived(_state, action: PayloadAction<TokenPair>) {
      return { token: action.payload.token, refreshToken: action.payload.refresh_token };
    },
  },
  extraReducers: (builder) => {
    builder.addCase(resetAll, () => signedOut);
  },
  selectors: {
    selectAccessToken: (state) => state.token,
    selectRefreshToken: (state) => state.refreshToken,
    selectIsSignedIn: (state) => state.token !== null,
  },
});

export const { credentialsReceived } = authSlice.actions;
export const { selectAccessToken, selectRefreshToken, selectIsSignedIn } = authSlice.selectors;
