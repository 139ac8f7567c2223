import type { Product, ProductCategory } from '@balie/shared';
import { api } from '../../lib/api';

/**
 * The active products a visitor can book (with category and files) and the categories to group them:
 * the booking page's first step, and the products staff choose when changing an appointment for a visitor.
 */
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
