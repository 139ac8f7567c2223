import { z } from 'zod';
import {
  createProductRequestSchema,
  productTextsSchema,
  type AdminProduct,
  type CreateProductRequest,
  type ProductTranslations,
} from '@balie/shared';

/** The further languages a product's texts may have beside Dutch (decision 0180). */
export const TRANSLATION_LANGUAGES = ['en', 'de'] as const;
type TranslationLanguage = (typeof TRANSLATION_LANGUAGES)[number];

const fields = createProductRequestSchema.shape;

/**
 * One translation as the form holds it: three fields that may all stay empty (no translation). Once one
 * is filled, the shared rules apply, so a description without a title is refused under the title.
 */
const translationFormSchema = z
  .object({ title: z.string(), description: z.string(), notice: z.string() })
  .superRefine((texts, ctx) => {
    if (!texts.title && !texts.description && !texts.notice) return;
    const checked = productTextsSchema.safeParse(texts);
    for (const issue of checked.success ? [] : checked.error.issues)
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
  });

/** The product form, judged by the same rules and error keys as POST /products and PATCH /product/{id}. */
export const productFormSchema = z.object({
  title: fields.title,
  description: fields.description.unwrap(),
  notice: fields.notice.unwrap(),
  categoryId: fields.categoryId.unwrap(),
  timeUnit: fields.timeUnit,
  extraTimeUnit: fields.extraTimeUnit.unwrap(),
  maxAmount: fields.maxAmount.unwrap(),
  active: fields.active.unwrap(),
  en: translationFormSchema,
  de: translationFormSchema,
});
export type ProductFormValues = z.input<typeof productFormSchema>;

/** The form's fields a server error may name (translations are judged by the same rules in the form). */
export const PRODUCT_FIELDS = [
  'title',
  'description',
  'notice',
  'categoryId',
  'timeUnit',
  'extraTimeUnit',
  'maxAmount',
] as const;

const noTexts = { title: '', description: '', notice: '' };

/** A new product: one unit of 10 minutes, up to the server's default amount. */
export const NEW_PRODUCT: ProductFormValues = {
  title: '',
  description: '',
  notice: '',
  categoryId: null,
  timeUnit: 10,
  extraTimeUnit: 0,
  maxAmount: 10,
  active: true,
  en: noTexts,
  de: noTexts,
};

export function productFormValuesOf(product: AdminProduct): ProductFormValues {
  return {
    title: product.title,
    description: product.description,
    notice: product.notice,
    categoryId: product.category?.id ?? null,
    timeUnit: product.timeUnit,
    extraTimeUnit: product.extraTimeUnit,
    maxAmount: product.maxAmount,
    active: product.active,
    en: { ...noTexts, ...product.translations.en },
    de: { ...noTexts, ...product.translations.de },
  };
}

/** What the form sends: every field, and the translations it shows (a language left empty has none). */
export function productRequestOf(values: ProductFormValues): CreateProductRequest {
  const { en, de, ...rest } = values;
  const translations: ProductTranslations = {};
  const given: Record<TranslationLanguage, ProductFormValues['en']> = { en, de };
  for (const language of TRANSLATION_LANGUAGES) {
    const texts = given[language];
    if (texts.title || texts.description || texts.notice) translations[language] = texts;
  }
  return { ...rest, translations };
}
