import type { Product } from '@balie/shared';
import { api } from '../../lib/api';

export const productList = { type: 'Product', id: 'LIST' } as const;

/**
 * Every product, inactive ones too (GET /products?all=true, admin). Shared: the catalogue lists them and
 * a desk's page offers them in its product checklist (a desk may keep serving an inactive product).
 */
export const allProductsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAllProducts: build.query<Product[], void>({
      query: () => ({ url: '/products', params: { all: true } }),
      providesTags: (products) => [
        productList,
        ...(products ?? []).map((p) => ({ type: 'Product' as const, id: p.id })),
      ],
    }),
  }),
});

export const { useGetAllProductsQuery } = allProductsApi;
