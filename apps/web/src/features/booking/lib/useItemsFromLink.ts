import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useAppDispatch } from '../../../lib/store/hooks';
import { useGetBookableProductsQuery } from '../api/productsApi';
import { itemsChosen } from '../store/draftSlice';
import { itemsFromParam } from './itemsParam';

/**
 * Applies `?items=<productId>x<amount>,…` once the products are known, then drops the parameter so a
 * reload or a step back does not choose them again.
 */
export function useItemsFromLink() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('items');
  const { data: products } = useGetBookableProductsQuery(raw === null ? skipToken : undefined);
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (raw === null || !products) return;
    const items = itemsFromParam(raw, products);
    if (items.length > 0) dispatch(itemsChosen(items));
    setParams(
      (current) => {
        current.delete('items');
        return current;
      },
      { replace: true },
    );
  }, [raw, products, dispatch, setParams]);
}
