import type { FrontDoorState } from '@balie/shared';
import type { AppDispatch } from '../../../lib/store/hooks';
import { organisationApi } from '../../../components/organisation/organisationApi';
import { bookingProductsApi } from './productsApi';

/**
 * Puts the answers the first paint of /new reads into the RTK Query cache, under the same entries the
 * page subscribes to: the server does it before rendering /new, the browser before hydrating that markup
 * (decision 0280), so both render from the same data. One synchronous action, so the cache is filled
 * before the render starts (upsertQueryData would finish a tick later).
 */
export function fillFrontDoorCache(dispatch: AppDispatch, state: FrontDoorState) {
  dispatch(
    bookingProductsApi.util.upsertQueryEntries([
      { endpointName: 'getBookableProducts', arg: undefined, value: state.products },
      { endpointName: 'getBookableProductCategories', arg: undefined, value: state.categories },
    ]),
  );
  dispatch(
    organisationApi.util.upsertQueryEntries([
      { endpointName: 'getOrganisation', arg: undefined, value: state.organisation },
    ]),
  );
}
