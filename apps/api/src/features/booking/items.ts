import { and, eq, inArray } from 'drizzle-orm';
import { appointmentDuration, type AppointmentItemInput } from '@balie/shared';
import type { DbOrTx } from '../../db/client.js';
import { products } from '../../db/schema/index.js';
import { validationError } from '../../http/errors.js';

export interface ResolvedItem {
  product: { id: number; title: string; timeUnit: number; extraTimeUnit: number; position: number };
  amount: number;
}

/**
 * The requested items with their products, and the appointment's duration (DESIGN §4). An unknown or
 * inactive product, or an amount above its maximum, is a 400 naming the item's field.
 */
export async function resolveItems(
  db: DbOrTx,
  items: readonly AppointmentItemInput[],
): Promise<{ items: ResolvedItem[]; durationMinutes: number }> {
  const rows = await db
    .select()
    .from(products)
    .where(
      and(
        inArray(
          products.id,
          items.map((i) => i.productId),
        ),
        eq(products.active, true),
      ),
    );
  const resolved = items.map((item, index): ResolvedItem => {
    const product = rows.find((p) => p.id === item.productId);
    if (!product) throw validationError(`appointmentItems.${index}.productId`, 'object/not-found');
    if (item.amount > product.maxAmount)
      throw validationError(`appointmentItems.${index}.amount`, 'invalid_amount');
    const { id, title, timeUnit, extraTimeUnit, position } = product;
    return { product: { id, title, timeUnit, extraTimeUnit, position }, amount: item.amount };
  });
  return { items: resolved, durationMinutes: appointmentDuration(resolved) };
}

/** The items as an appointment or reservation shows them: in the products' order, as viewsOf reads them. */
export function itemViews(items: readonly ResolvedItem[]): Array<{ product: { id: number; title: string }; amount: number }> {
  return [...items]
    .sort((a, b) => a.product.position - b.product.position || a.product.id - b.product.id)
    .map((i) => ({ product: { id: i.product.id, title: i.product.title }, amount: i.amount }));
}
