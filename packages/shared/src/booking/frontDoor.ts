import { z } from 'zod';
import { UI_LANGUAGES } from '../constants.js';
import { organisationSchema } from '../organisation/schemas.js';
import { productCategorySchema, productSchema } from './products.js';

/**
 * What the server renders the first paint of /new from, embedded in the page as JSON so the browser
 * hydrates that markup from the same data (decision 0280): the answers of GET /api/products,
 * /api/product-categories and /api/organisation, and the translation namespaces of the first paint.
 */
export const frontDoorStateSchema = z.object({
  language: z.enum(UI_LANGUAGES),
  /** namespace → its translation file (public/locales/{language}/{namespace}.json). */
  translations: z.record(z.string(), z.record(z.string(), z.unknown())),
  products: z.array(productSchema),
  categories: z.array(productCategorySchema),
  organisation: organisationSchema,
});
export type FrontDoorState = z.infer<typeof frontDoorStateSchema>;
