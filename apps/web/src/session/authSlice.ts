import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { TokenPair } from '@balie/shared';
import { resetAll } from '../lib/store/resetAll';
import { loadTokens, type StoredTokens } from './tokenStorage';

export type AuthState = StoredTokens & {
  /**
   * The server answered 403 `mfa_setup_required`: this admin must turn on two-step sign-in before
   * anything else (decision 0362). Not stored: the server says it again after a reload.
   */
  mfaSetupRequired: boolean;
};

const signedOut: AuthState = { token: null, refreshToken: null, mfaSetupRequired: false };

export const authSlice = createSlice({
  name: 'auth',
  // Read lazily so a page reload keeps the session (and tests can seed localStorage before creating a store).
  initialState: (): AuthState => ({ ...signedOut, ...loadTokens() }),
  reducers: {
    credentialsReceived(state, action: PayloadAction<TokenPair>) {
      return { ...state, token: action.payload.token, refreshToken: action.payload.refresh_token };
    },
    mfaSetupRequired(state) {
      state.mfaSetupRequired = true;
    },
    mfaSetupDone(state) {
      state.mfaSetupRequired = false;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(resetAll, () => signedOut);
  },
  selectors: {
    selectAccessToken: (state) => state.token,
    selectRefreshToken: (state) => state.refreshToken,
    selectIsSignedIn: (state) => state.token !== null,
    selectMfaSetupRequired: (state) => state.mfaSetupRequired,
  },
});

export const { credentialsReceived, mfaSetupRequired, mfaSetupDone } = authSlice.actions;
export const { selectAccessToken, selectRefreshToken, selectIsSignedIn, selectMfaSetupRequired } =
  authSlice.selectors;
