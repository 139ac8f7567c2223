import { Readable } from 'node:stream';
import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  productCategoryNameIn,
  productTextsIn,
  type AdminProduct,
  type AdminProductCategory,
  type Product,
  type ProductCategory,
  type UiLanguage,
} from '@balie/shared';
import type { DbOrTx } from '../../db/client.js';
import { productCategories, productFileChunks, productFiles, products } from '../../db/schema/index.js';

type ProductRow = typeof products.$inferSelect;

/** Every category with its Dutch name and translations (the admin's list), by position, then id. */
export function listAdminCategories(db: DbOrTx): Promise<AdminProductCategory[]> {
  return db
    .select()
    .from(productCategories)
    .orderBy(asc(productCategories.position), asc(productCategories.id));
}

/** Every category, its name in `language` (Dutch where it has no translation). */
export async function listCategories(db: DbOrTx, language: UiLanguage): Promise<ProductCategory[]> {
  return (await listAdminCategories(db)).map((c) => ({
    id: c.id,
    name: productCategoryNameIn(c, language),
    position: c.position,
  }));
}

/**
 * Product rows with their category (its name in `language`) and file list (never the file contents), in
 * two more queries (one when the caller has read the categories already).
 */
async function withCategoryAndFiles(
  db: DbOrTx,
  rows: readonly ProductRow[],
  language: UiLanguage,
  known?: ProductCategory[],
) {
  const ids = rows.map((p) => p.id);
  // One after another: product writes read this back in their transaction.
  const categories = known ?? (await listCategories(db, language));
  const files =
    ids.length === 0
      ? []
      : await db
          .select({
            id: productFiles.id,
            productId: productFiles.productId,
            fileName: productFiles.fileName,
            mimeType: productFiles.mimeType,
            size: productFiles.size,
            createdAt: productFiles.createdAt,
          })
          .from(productFiles)
          .where(inArray(productFiles.productId, ids))
          .orderBy(asc(productFiles.id));
  return rows.map((p) => ({
    row: p,
    product: {
      id: p.id,
      title: p.title,
      description: p.description,
      notice: p.notice,
      category: categories.find((c) => c.id === p.categoryId) ?? null,
      timeUnit: p.timeUnit,
      extraTimeUnit: p.extraTimeUnit,
      maxAmount: p.maxAmount,
      active: p.active,
      files: files
        .filter((f) => f.productId === p.id)
        .map((f) => ({
          id: f.id,
          fileName: f.fileName,
          mimeType: f.mimeType,
          size: f.size,
          createdAt: f.createdAt.toISOString(),
        })),
    } satisfies Product,
  }));
}

/** Products with their category and files, each text in `language` (Dutch where no translation). */
export async function listProducts(
  db: DbOrTx,
  options: { includeInactive: boolean; language: UiLanguage; categories?: ProductCategory[] },
): Promise<Product[]> {
  const rows = await (
    options.includeInactive
      ? db.select().from(products)
      : db.select().from(products).where(eq(products.active, true))
  ).orderBy(asc(products.position), asc(products.id));
  const listed = await withCategoryAndFiles(db, rows, options.language, options.categories);
  return listed.map(({ row, product }) => ({ ...product, ...productTextsIn(row, options.language) }));
}

/** One active product as the booking page shows it, in `language`. */
export async function findProduct(
  db: DbOrTx,
  id: number,
  language: UiLanguage,
): Promise<Product | undefined> {
  const rows = await db
    .select()
    .from(products)
    .where(and(eq(products.id, id), eq(products.active, true)));
  const [listed] = await withCategoryAndFiles(db, rows, language);
  return listed && { ...listed.product, ...productTextsIn(listed.row, language) };
}

/** One product, active or not, for the admin's form: Dutch texts plus their translations. */
export async function findAdminProduct(db: DbOrTx, id: number): Promise<AdminProduct | undefined> {
  const rows = await db.select().from(products).where(eq(products.id, id));
  // The admin edits the Dutch texts: the category's Dutch name goes with them.
  const [listed] = await withCategoryAndFiles(db, rows, 'nl');
  return listed && { ...listed.product, translations: listed.row.translations };
}

/** A file's name, type and size (its content: fileContentOf): of an active product, or of any product for an admin. */
export async function findProductFile(
  db: DbOrTx,
  productId: number,
  fileId: number,
  options: { includeInactive: boolean },
) {
  const [row] = await db
    .select({
      fileName: productFiles.fileName,
      mimeType: productFiles.mimeType,
      size: productFiles.size,
    })
    .from(productFiles)
    .innerJoin(products, eq(products.id, productFiles.productId))
    .where(
      and(
        eq(productFiles.id, fileId),
        eq(productFiles.productId, productId),
        options.includeInactive ? undefined : eq(products.active, true),
      ),
    );
  return row;
}

/**
 * A file's content as a stream that reads one stored piece at a time (decision 0350), so that a download
 * never holds the whole file. A file deleted meanwhile ends early (the client sees a short body).
 */
export function fileContentOf(db: DbOrTx, fileId: number): Readable {
  let seq = 0;
  return new Readable({
    read() {
      db.select({ data: productFileChunks.data })
        .from(productFileChunks)
        .where(and(eq(productFileChunks.fileId, fileId), eq(productFileChunks.seq, seq++)))
        .then(([row]) => this.push(row ? row.data : null))
        .catch((err: unknown) => this.destroy(err as Error));
    },
  });
}
