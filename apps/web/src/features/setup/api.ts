import type { LoginResponse, SetupChecklist, SetupRequest, SetupStatus } from '@balie/shared';
import { api } from '../../lib/api';
import { startSession } from '../../session/startSession';

/** First run (DESIGN §4b): whether setup is needed, the setup itself, and the admin's checklist. */
export const setupApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSetupStatus: build.query<SetupStatus, void>({ query: () => '/setup' }),
    /** The first admin is signed in at once, as after registering; the organisation now has its name. */
    setup: build.mutation<LoginResponse, SetupRequest>({
      query: (body) => ({ url: '/setup', method: 'POST', body }),
      onQueryStarted: startSession,
      invalidatesTags: (_r, error) => (error ? [] : ['Organisation']),
    }),
    getSetupChecklist: build.query<SetupChecklist, void>({ query: () => '/setup/checklist' }),
  }),
});

export const { useGetSetupStatusQuery, useSetupMutation, useGetSetupChecklistQuery } = setupApi;
