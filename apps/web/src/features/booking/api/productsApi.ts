import type { Product, ProductCategory } from '@balie/shared';
import { api } from '../../../lib/api';

/** The active products a guest can book (with category and files) and the categories to group them. */
export const bookingProductsApi = api.injectEndpoints({
  endpoints: (build) => ({
    // Named apart from the admin products feature's calls: all features share one API object.
    getBookableProducts: build.query<Product[], void>({
      query: () => '/products',
      providesTags: ['Product'],
    }),
    getBookableProductCategories: build.query<ProductCategory[], void>({
      query: () => '/product-categories',
      providesTags: ['ProductCategory'],
    }),
  }),
});

export const { useGetBookableProductsQuery, useGetBookableProductCategoriesQuery } = bookingProductsApi;

/** Download address of a product file (DESIGN §5); the server sends it as an attachment. */
export const productFileUrl = (productId: number, fileId: number) =>
  `/api/product/${productId}/file/${fileId}`;
