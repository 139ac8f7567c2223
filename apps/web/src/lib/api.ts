import { createApi } from '@reduxjs/toolkit/query/react';
import { UNUSED_DATA_CACHE_SECONDS } from '@balie/shared';
import { baseQueryWithReauth } from '../session/baseQueryWithReauth';

/** The one RTK Query API of the SPA; every feature adds its calls with `api.injectEndpoints`. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: baseQueryWithReauth,
  tagTypes: [
    'CurrentUser',
    'User',
    'Appointment',
    'Appointments',
    'Product',
    'ProductCategory',
    'Desk',
    'Timeslot',
    'AvailableDays',
    'Closure',
    'Location',
    'Organisation',
    'Invitation',
    'Queue',
    'Statistics',
    'IntegrationClient',
    'Webhook',
    'Backups',
  ],
  keepUnusedDataFor: UNUSED_DATA_CACHE_SECONDS,
  endpoints: () => ({}),
});
