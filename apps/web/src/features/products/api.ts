import type { Product } from '@balie/shared';
import { api } from '../../lib/api';

export const productsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `all=true`: admins also see inactive products (DESIGN §5). */
    getAllProducts: build.query<Product[], void>({
      query: () => ({ url: '/products', params: { all: true } }),
      providesTags: (products) => [
        { type: 'Product' as const, id: 'LIST' },
        ...(products ?? []).map((p) => ({ type: 'Product' as const, id: p.id })),
      ],
    }),
    getProduct: build.query<Product, number>({
      query: (id) => `/product/${id}`,
      providesTags: (_product, _error, id) => [{ type: 'Product', id }],
    }),
  }),
});

export const { useGetAllProductsQuery, useGetProductQuery } = productsApi;

/** Where a product file downloads from (served as an attachment by the API). */
export function productFileUrl(productId: number, fileId: number): string {
  return `/api/product/${productId}/file/${fileId}`;
}
