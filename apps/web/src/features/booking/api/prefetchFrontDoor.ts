import type { AppDispatch } from '../../../lib/store/hooks';
import { organisationApi } from '../../../components/organisation/organisationApi';
import { bookingProductsApi } from './productsApi';

/**
 * Starts the calls the first paint of /new waits on, before React renders: the product list is the
 * page's largest text (its LCP), and the page asked for it only after the translations had loaded and
 * the first render had committed — one network round and one render later (decision 0251). The same
 * RTK Query cache entries the page then subscribes to, so nothing is fetched twice.
 */
export function prefetchFrontDoor(dispatch: AppDispatch) {
  dispatch(bookingProductsApi.util.prefetch('getBookableProducts', undefined, {}));
  dispatch(bookingProductsApi.util.prefetch('getBookableProductCategories', undefined, {}));
  dispatch(organisationApi.util.prefetch('getOrganisation', undefined, {}));
}
