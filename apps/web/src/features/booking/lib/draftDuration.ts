import { appointmentDuration, type Product } from '@balie/shared';
import type { DraftItem } from '../store/draftSlice';

/** Estimated minutes of the chosen items (DESIGN §4); items whose product is not loaded count 0. */
export function draftDuration(items: readonly DraftItem[], products: readonly Product[]): number {
  return appointmentDuration(
    items.flatMap((item) => {
      const product = products.find((p) => p.id === item.productId);
      return product ? [{ product, amount: item.amount }] : [];
    }),
  );
}
