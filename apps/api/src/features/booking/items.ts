import {
  appointmentDuration,
  productTitleIn,
  type AppointmentItemInput,
  type UiLanguage,
} from '@balie/shared';
import { validationError } from '../../http/errors.js';
import type { BookableProduct } from './schedule.repository.js';

export interface ResolvedItem {
  product: BookableProduct;
  amount: number;
}

/**
 * The requested items with their products, and the appointment's duration (DESIGN §4). An unknown or
 * inactive product, or an amount above its maximum, is a 400 naming the item's field. `products` are the
 * active products of a schedule whose version was just read (decision 0323).
 */
export function resolveItems(
  products: readonly BookableProduct[],
  items: readonly AppointmentItemInput[],
): { items: ResolvedItem[]; durationMinutes: number } {
  const resolved = items.map((item, index): ResolvedItem => {
    const product = products.find((p) => p.id === item.productId);
    if (!product) throw validationError(`appointmentItems.${index}.productId`, 'object/not-found');
    if (item.amount > product.maxAmount)
      throw validationError(`appointmentItems.${index}.amount`, 'invalid_amount');
    return { product, amount: item.amount };
  });
  return { items: resolved, durationMinutes: appointmentDuration(resolved) };
}

/**
 * The items as an appointment or reservation shows them: in the products' order, as viewsOf reads them,
 * titled in `language`.
 */
export function itemViews(
  items: readonly ResolvedItem[],
  language: UiLanguage,
): Array<{ product: { id: number; title: string }; amount: number }> {
  return [...items]
    .sort((a, b) => a.product.position - b.product.position || a.product.id - b.product.id)
    .map((i) => ({
      product: { id: i.product.id, title: productTitleIn(i.product, language) },
      amount: i.amount,
    }));
}
