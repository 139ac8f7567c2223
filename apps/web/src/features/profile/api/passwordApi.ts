import type { ChangePasswordRequest } from '@balie/shared';
import { api } from '../../../lib/api';

/** One's own password, changed while signed in (POST /user/{id}/password, decision 0425). */
export const passwordApi = api.injectEndpoints({
  endpoints: (build) => ({
    changePassword: build.mutation<{ success: true }, ChangePasswordRequest & { id: number }>({
      query: ({ id, ...body }) => ({ url: `/user/${id}/password`, method: 'POST', body }),
    }),
  }),
});

export const { useChangePasswordMutation } = passwordApi;
