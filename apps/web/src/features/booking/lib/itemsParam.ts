import { MAX_PRODUCTS_PER_APPOINTMENT, type Product } from '@balie/shared';
import type { DraftItem } from '../store/draftSlice';

/**
 * The products of a `/new?items=<productId>x<amount>,…` link (DESIGN §4: the rebooking mail links there).
 * Bad parts, unknown or inactive products (not in `products`, the bookable ones) and repeats are left out;
 * an amount is kept within 1…the product's maximum; at most four products.
 */
export function itemsFromParam(raw: string | null, products: readonly Product[]): DraftItem[] {
  const items: DraftItem[] = [];
  for (const part of (raw ?? '').split(',')) {
    const match = /^\s*(\d{1,9})x(\d{1,4})\s*$/i.exec(part);
    if (!match) continue;
    const productId = Number(match[1]);
    const product = products.find((p) => p.id === productId);
    if (!product?.active || items.some((i) => i.productId === productId)) continue;
    items.push({ productId, amount: Math.min(Math.max(Number(match[2]), 1), product.maxAmount) });
    if (items.length === MAX_PRODUCTS_PER_APPOINTMENT) break;
  }
  return items;
}
