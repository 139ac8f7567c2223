import type { AuditEventsPage, AuditEventsQuery } from '@balie/shared';
import { api } from '../../../lib/api';

/** GET /audit-events (admin): the trail page by page with its filters (decision 0201). */
export const auditApi = api.injectEndpoints({
  endpoints: (build) => ({
    listAuditEvents: build.query<AuditEventsPage, AuditEventsQuery>({
      query: (params) => ({
        url: '/audit-events',
        // Empty filters are left out rather than sent as "".
        params: Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== '')),
      }),
      // The trail grows with every change anywhere: never serve it from an old cache.
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useListAuditEventsQuery } = auditApi;
