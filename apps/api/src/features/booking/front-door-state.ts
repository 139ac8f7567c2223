import { frontDoorStateSchema, type FrontDoorState, type UiLanguage } from '@balie/shared';
import type { DbOrTx } from '../../db/client.js';
import { getOrganisation } from '../organisation/repository.js';
import { listCategories, listProducts } from './products.repository.js';

/**
 * The data the server renders /new's first paint from (decision 0280): exactly what the browser would
 * get from GET /api/products, /api/product-categories and /api/organisation in `language`, encoded by the
 * same schemas those routes answer with.
 */
export async function frontDoorState(
  db: DbOrTx,
  language: UiLanguage,
  translations: FrontDoorState['translations'],
): Promise<FrontDoorState> {
  const products = await listProducts(db, { includeInactive: false, language });
  const categories = await listCategories(db);
  const organisation = await getOrganisation(db);
  return frontDoorStateSchema.encode({ language, translations, products, categories, organisation });
}
