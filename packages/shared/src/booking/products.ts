import { z } from 'zod';

export const productCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  position: z.number().int(),
});
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
