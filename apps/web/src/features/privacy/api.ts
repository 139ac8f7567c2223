import type { PrivacyEraseResult, PrivacyExport } from '@balie/shared';
import { api } from '../../lib/api';

/** Erasure and access on request (DESIGN §5 *Privacy*, admin). */
export const privacyApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /privacy/export?email=: everything held about the address; never cached past the screen. */
    privacyExport: build.query<PrivacyExport, string>({
      query: (email) => ({ url: '/privacy/export', params: { email } }),
      keepUnusedDataFor: 0,
    }),
    /** POST /privacy/erase: cancels what is ahead, erases the rest and deletes the account. */
    erasePrivacy: build.mutation<PrivacyEraseResult, string>({
      query: (email) => ({ url: '/privacy/erase', method: 'POST', body: { email } }),
      invalidatesTags: (_r, error) => (error ? [] : ['Appointment', 'Appointments', 'User']),
    }),
  }),
});

export const { useLazyPrivacyExportQuery, useErasePrivacyMutation } = privacyApi;
