import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useAppDispatch, useAppSelector } from '../../../lib/store/hooks';
import { useGetBookableProductsQuery } from '../api/productsApi';
import { itemsChosen, locationChosen, selectDraftLocationId } from '../store/draftSlice';
import { itemsFromParam } from './itemsParam';

/** The location of `?location=<id>`, or undefined when the parameter is missing or names no id. */
export function locationFromParam(raw: string | null): number | undefined {
  if (raw === null || !/^\d{1,9}$/.test(raw)) return undefined;
  const id = Number(raw);
  return id > 0 ? id : undefined;
}

/**
 * Applies a booking link's choices once: `?items=<productId>x<amount>,…` once the products are known, and
 * `?location=<id>` (DESIGN §4b: preselects the location; whether it serves the products is judged when
 * the visitor leaves the products step). Both parameters are then dropped together, so a reload or a step
 * back does not choose them again: the draft, kept over a reload, holds them from then on.
 */
export function useChoicesFromLink() {
  const [params, setParams] = useSearchParams();
  const rawItems = params.get('items');
  const rawLocation = params.get('location');
  const { data: products } = useGetBookableProductsQuery(rawItems === null ? skipToken : undefined);
  const locationId = useAppSelector(selectDraftLocationId);
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (rawItems === null && rawLocation === null) return;
    if (rawItems !== null && !products) return;
    if (rawItems !== null && products) {
      const items = itemsFromParam(rawItems, products);
      if (items.length > 0) dispatch(itemsChosen(items));
    }
    const location = locationFromParam(rawLocation);
    if (location !== undefined && location !== locationId) dispatch(locationChosen(location));
    setParams(
      (current) => {
        current.delete('items');
        current.delete('location');
        return current;
      },
      { replace: true },
    );
  }, [rawItems, rawLocation, products, locationId, dispatch, setParams]);
}
