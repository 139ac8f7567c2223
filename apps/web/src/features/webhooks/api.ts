import type { CreateWebhookRequest, Webhook, WebhookDelivery, WebhookWithSecret } from '@balie/shared';
import { api } from '../../lib/api';

// Webhook subscriptions (DESIGN §5 *Webhooks*), admins only. The deliveries log is read per subscription
// and refreshed after a test event, a pause or a resumption.
const list = { type: 'Webhook', id: 'LIST' } as const;
const deliveriesOf = (id: number) => ({ type: 'Webhook' as const, id: `deliveries-${id}` });

export const webhooksApi = api.injectEndpoints({
  endpoints: (build) => ({
    getWebhooks: build.query<Webhook[], void>({
      query: () => '/webhooks',
      providesTags: [list],
    }),
    createWebhook: build.mutation<WebhookWithSecret, CreateWebhookRequest>({
      query: (body) => ({ url: '/webhooks', method: 'POST', body }),
      invalidatesTags: (_r, error) => (error ? [] : [list]),
    }),
    setWebhookActive: build.mutation<Webhook, { id: number; active: boolean }>({
      query: ({ id, active }) => ({ url: `/webhook/${id}`, method: 'PATCH', body: { active } }),
      invalidatesTags: (_r, error, { id }) => (error ? [] : [list, deliveriesOf(id)]),
    }),
    renewWebhookSecret: build.mutation<WebhookWithSecret, number>({
      query: (id) => ({ url: `/webhook/${id}/secret`, method: 'POST' }),
      invalidatesTags: (_r, error) => (error ? [] : [list]),
    }),
    testWebhook: build.mutation<{ eventId: string }, number>({
      query: (id) => ({ url: `/webhook/${id}/test`, method: 'POST' }),
      invalidatesTags: (_r, error, id) => (error ? [] : [deliveriesOf(id)]),
    }),
    deleteWebhook: build.mutation<void, number>({
      query: (id) => ({ url: `/webhook/${id}`, method: 'DELETE' }),
      // Off the list before the request: its card (and the polling of its deliveries, which would
      // answer 404 once it is gone) leaves first; back on the list if the delete fails.
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          webhooksApi.util.updateQueryData('getWebhooks', undefined, (hooks) =>
            hooks.filter((h) => h.id !== id),
          ),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
      invalidatesTags: (_r, error) => (error ? [] : [list]),
    }),
    getWebhookDeliveries: build.query<WebhookDelivery[], number>({
      query: (id) => `/webhook/${id}/deliveries`,
      providesTags: (_r, _e, id) => [deliveriesOf(id)],
    }),
  }),
});

export const {
  useGetWebhooksQuery,
  useCreateWebhookMutation,
  useSetWebhookActiveMutation,
  useRenewWebhookSecretMutation,
  useTestWebhookMutation,
  useDeleteWebhookMutation,
  useGetWebhookDeliveriesQuery,
} = webhooksApi;
