/**
 * Appointment duration (DESIGN §4). Kept apart from the zod schemas so the public booking page can use it
 * without loading zod on first paint.
 */
interface TimeUnits {
  timeUnit: number;
  extraTimeUnit: number;
}

/** Duration of one item (DESIGN §4): timeUnit + (amount − 1) × extraTimeUnit. */
export function itemDuration(product: TimeUnits, amount: number): number {
  return product.timeUnit + (amount - 1) * product.extraTimeUnit;
}

/** Duration of an appointment: the sum over its items. */
export function appointmentDuration(items: ReadonlyArray<{ product: TimeUnits; amount: number }>): number {
  return items.reduce((sum, i) => sum + itemDuration(i.product, i.amount), 0);
}
