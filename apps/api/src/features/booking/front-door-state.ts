import {
  frontDoorStateSchema,
  type FrontDoorState,
  type Organisation,
  type Product,
  type ProductCategory,
  type UiLanguage,
} from '@balie/shared';
import type { DbOrTx } from '../../db/client.js';
import { readOrganisation } from '../organisation/service.js';
import { listCategories, listProducts } from './products.repository.js';

/** What /new's first paint shows (decision 0280), as read, before the shared schemas encode it. */
export interface FrontDoorData {
  products: Product[];
  categories: ProductCategory[];
  organisation: Organisation;
}

/**
 * Exactly what the browser would get from GET /api/products, /api/product-categories and
 * /api/organisation in `language`; the categories are read once, for the list and for the products.
 */
export async function readFrontDoorData(db: DbOrTx, language: UiLanguage): Promise<FrontDoorData> {
  const categories = await listCategories(db, language);
  const products = await listProducts(db, { includeInactive: false, language, categories });
  const organisation = await readOrganisation(db);
  return { products, categories, organisation };
}

/** The data encoded by the same schemas those routes answer with, and the first paint's texts. */
export function frontDoorState(
  language: UiLanguage,
  translations: FrontDoorState['translations'],
  data: FrontDoorData,
): FrontDoorState {
  return frontDoorStateSchema.encode({ language, translations, ...data });
}
