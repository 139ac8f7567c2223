import { z } from 'zod';

export const productCategorySchema = z.object({ id: z.number().int(), name: z.string(), position: z.number().int() });
export type ProductCategory = z.infer<typeof productCategorySchema>;

export const productFileSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
  createdAt: z.string(),
});
export type ProductFile = z.infer<typeof productFileSchema>;

export const productSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  notice: z.string(),
  category: productCategorySchema.nullable(),
  timeUnit: z.number().int(),
  extraTimeUnit: z.number().int(),
  maxAmount: z.number().int(),
  active: z.boolean(),
  files: z.array(productFileSchema),
});
export type Product = z.infer<typeof productSchema>;

/** Duration of one item (DESIGN §4): timeUnit + (amount − 1) × extraTimeUnit. */
export function itemDuration(product: Pick<Product, 'timeUnit' | 'extraTimeUnit'>, amount: number): number {
  return product.timeUnit + (amount - 1) * product.extraTimeUnit;
}

/** Duration of an appointment: the sum over its items. */
export function appointmentDuration(
  items: ReadonlyArray<{ product: Pick<Product, 'timeUnit' | 'extraTimeUnit'>; amount: number }>,
): number {
  return items.reduce((sum, i) => sum + itemDuration(i.product, i.amount), 0);
}
