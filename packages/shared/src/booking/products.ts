import { z } from 'zod';
import { DEFAULT_MAX_AMOUNT, type UiLanguage } from '../constants.js';
import { idSchema, multiLineText, plainText } from '../primitives.js';

/** A category as visitors and staff read it: `name` in the request's language (Dutch where none). */
export const productCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  position: z.number().int(),
});
export type ProductCategory = z.infer<typeof productCategorySchema>;

const categoryNameSchema = plainText(100).min(1, 'required');

/** A category's name in the further languages (decision 0180's shape, as products' titles). */
export const productCategoryTranslationsSchema = z
  .object({
    en: z.object({ name: categoryNameSchema }).strict().optional(),
    de: z.object({ name: categoryNameSchema }).strict().optional(),
  })
  .strict();
export type ProductCategoryTranslations = z.infer<typeof productCategoryTranslationsSchema>;

/** A category for the admin (POST/PATCH answers, GET /product-categories?translations=true): Dutch name plus translations. */
export const adminProductCategorySchema = productCategorySchema.extend({
  translations: productCategoryTranslationsSchema,
});
export type AdminProductCategory = z.infer<typeof adminProductCategorySchema>;

/** A category's name in one interface language (Dutch where it has no translation). */
export function productCategoryNameIn(
  category: { name: string; translations: ProductCategoryTranslations },
  language: UiLanguage,
): string {
  return (language !== 'nl' && category.translations[language]?.name) || category.name;
}

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

/** Text an admin types that may span lines (descriptions, notices). */
const multilineText = (max: number) => multiLineText(max, { tooLong: 'too_long' });

const titleSchema = plainText(200).min(1, 'required');

/** A product's texts in one further language (DESIGN §4): the title is needed, the rest may stay empty. */
export const productTextsSchema = z
  .object({
    title: titleSchema,
    description: multilineText(5000).default(''),
    notice: multilineText(2000).default(''),
  })
  .strict();
export type ProductTexts = z.infer<typeof productTextsSchema>;

/** Translations beside the Dutch texts; Dutch itself is the product's own title, description and notice. */
export const productTranslationsSchema = z
  .object({ en: productTextsSchema.optional(), de: productTextsSchema.optional() })
  .strict();
export type ProductTranslations = z.infer<typeof productTranslationsSchema>;

/** GET /product/{id} for admins: the Dutch texts plus their translations, inactive products too. */
export const adminProductSchema = productSchema.extend({ translations: productTranslationsSchema });
export type AdminProduct = z.infer<typeof adminProductSchema>;

const productFields = {
  title: titleSchema,
  description: multilineText(5000),
  notice: multilineText(2000),
  categoryId: idSchema.nullable(),
  /** Minutes of the first unit: at least one, at most a day. */
  timeUnit: z.number().int().min(1, 'too_small').max(1440, 'too_big'),
  extraTimeUnit: z.number().int().min(0, 'too_small').max(1440, 'too_big'),
  maxAmount: z.number().int().min(1, 'too_small').max(100, 'too_big'),
  active: z.boolean(),
  /** Replaces every translation: a language left out has none afterwards. */
  translations: productTranslationsSchema,
};

/** POST /products (admin). */
export const createProductRequestSchema = z
  .object({
    ...productFields,
    description: productFields.description.default(''),
    notice: productFields.notice.default(''),
    categoryId: productFields.categoryId.default(null),
    extraTimeUnit: productFields.extraTimeUnit.default(0),
    maxAmount: productFields.maxAmount.default(DEFAULT_MAX_AMOUNT),
    active: productFields.active.default(true),
    translations: productFields.translations.default({}),
  })
  .strict();
export type CreateProductRequest = z.infer<typeof createProductRequestSchema>;

/** PATCH /product/{id} (admin): changes the fields it names. */
export const patchProductRequestSchema = z.object(productFields).partial().strict();
export type PatchProductRequest = z.infer<typeof patchProductRequestSchema>;

/** POST /product-categories (admin); without a position the category goes last. */
export const createProductCategoryRequestSchema = z
  .object({
    name: categoryNameSchema,
    position: z.number().int().min(0, 'too_small').max(10000, 'too_big').optional(),
    /** Replaces every translation: a language left out has none afterwards. */
    translations: productCategoryTranslationsSchema.optional(),
  })
  .strict();
export type CreateProductCategoryRequest = z.infer<typeof createProductCategoryRequestSchema>;

/** PATCH /product-category/{id} (admin): rename (translations too) and/or move. */
export const patchProductCategoryRequestSchema = createProductCategoryRequestSchema.partial().strict();
export type PatchProductCategoryRequest = z.infer<typeof patchProductCategoryRequestSchema>;

/**
 * A product's texts in one interface language: each field of its translation, or the Dutch field where
 * the translation has none (a visitor rather reads Dutch than nothing).
 */
export function productTextsIn(
  product: { title: string; description: string; notice: string; translations: ProductTranslations },
  language: UiLanguage,
): { title: string; description: string; notice: string } {
  const t = language === 'nl' ? undefined : product.translations[language];
  return {
    title: t?.title || product.title,
    description: t?.description || product.description,
    notice: t?.notice || product.notice,
  };
}

/** A product's title in one interface language (Dutch where it has no translation). */
export function productTitleIn(
  product: { title: string; translations: ProductTranslations },
  language: UiLanguage,
): string {
  return (language !== 'nl' && product.translations[language]?.title) || product.title;
}
