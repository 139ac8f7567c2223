import type {
  AdminProduct,
  CreateProductCategoryRequest,
  CreateProductRequest,
  PatchProductCategoryRequest,
  PatchProductRequest,
  AdminProductCategory,
  ProductFile,
} from '@balie/shared';
import { api } from '../../lib/api';
import { productList } from '../../components/products/allProductsApi';

// Every call of the admin catalogue screens (DESIGN §5, decisions 0180–0182). A product change also
// changes what can be booked (durations, limits, active), so writes drop the cached time slots too.
const scheduleTags = ['Timeslot', 'AvailableDays'] as const;

export const productsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** As an admin: the Dutch texts with their translations. */
    getProduct: build.query<AdminProduct, number>({
      query: (id) => `/product/${id}`,
      providesTags: (_product, _error, id) => [{ type: 'Product', id }],
    }),
    createProduct: build.mutation<AdminProduct, CreateProductRequest>({
      query: (body) => ({ url: '/products', method: 'POST', body }),
      invalidatesTags: (_p, error) => (error ? [] : [productList, 'Product', ...scheduleTags]),
    }),
    patchProduct: build.mutation<AdminProduct, { id: number; body: PatchProductRequest }>({
      query: ({ id, body }) => ({ url: `/product/${id}`, method: 'PATCH', body }),
      invalidatesTags: (_p, error) => (error ? [] : ['Product', ...scheduleTags]),
    }),
    deleteProduct: build.mutation<void, number>({
      query: (id) => ({ url: `/product/${id}`, method: 'DELETE' }),
      invalidatesTags: (_r, error) => (error ? [] : ['Product', ...scheduleTags]),
    }),
    /** Multipart field `file` (decision 0181); fetch sets the boundary itself. */
    uploadProductFile: build.mutation<ProductFile, { productId: number; file: File }>({
      query: ({ productId, file }) => {
        const body = new FormData();
        body.append('file', file, file.name);
        return { url: `/product/${productId}/files`, method: 'POST', body };
      },
      invalidatesTags: (_f, error) => (error ? [] : ['Product']),
    }),
    deleteProductFile: build.mutation<void, { productId: number; fileId: number }>({
      query: ({ productId, fileId }) => ({ url: `/product/${productId}/file/${fileId}`, method: 'DELETE' }),
      invalidatesTags: (_r, error) => (error ? [] : ['Product']),
    }),
    /** The Dutch names with their translations, to edit (decision 0432); forms show the Dutch name. */
    getProductCategories: build.query<AdminProductCategory[], void>({
      query: () => '/product-categories?translations=true',
      providesTags: ['ProductCategory'],
    }),
    createProductCategory: build.mutation<AdminProductCategory, CreateProductCategoryRequest>({
      query: (body) => ({ url: '/product-categories', method: 'POST', body }),
      invalidatesTags: (_c, error) => (error ? [] : ['ProductCategory']),
    }),
    patchProductCategory: build.mutation<
      AdminProductCategory,
      { id: number; body: PatchProductCategoryRequest }
    >({
      query: ({ id, body }) => ({ url: `/product-category/${id}`, method: 'PATCH', body }),
      // Products carry their category's name.
      invalidatesTags: (_c, error) => (error ? [] : ['ProductCategory', 'Product']),
    }),
    deleteProductCategory: build.mutation<void, number>({
      query: (id) => ({ url: `/product-category/${id}`, method: 'DELETE' }),
      invalidatesTags: (_r, error) => (error ? [] : ['ProductCategory']),
    }),
  }),
});

// The whole list is shared (components/products): a desk's product checklist offers it too.
export { useGetAllProductsQuery } from '../../components/products/allProductsApi';
export const {
  useGetProductQuery,
  useCreateProductMutation,
  usePatchProductMutation,
  useDeleteProductMutation,
  useUploadProductFileMutation,
  useDeleteProductFileMutation,
  useGetProductCategoriesQuery,
  useCreateProductCategoryMutation,
  usePatchProductCategoryMutation,
  useDeleteProductCategoryMutation,
} = productsApi;

/** Where a product file downloads from (served as an attachment by the API). */
export function productFileUrl(productId: number, fileId: number): string {
  return `/api/product/${productId}/file/${fileId}`;
}
