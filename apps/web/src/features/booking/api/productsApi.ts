export {
  bookingProductsApi,
  useGetBookableProductCategoriesQuery,
  useGetBookableProductsQuery,
} from '../../../components/products/bookableProductsApi';

/** Download address of a product file (DESIGN §5); the server sends it as an attachment. */
export const productFileUrl = (productId: number, fileId: number) =>
  `/api/product/${productId}/file/${fileId}`;
