import { and, asc, eq, getTableColumns } from 'drizzle-orm';
import type { Product, ProductCategory } from '@balie/shared';
import type { DbOrTx } from '../../db/client.js';
import { productCategories, productFiles, products } from '../../db/schema/index.js';

export function listCategories(db: DbOrTx): Promise<ProductCategory[]> {
  return db
    .select()
    .from(productCategories)
    .orderBy(asc(productCategories.position), asc(productCategories.id));
}

/** Products with their category and file list (never the file contents), in three queries. */
export async function listProducts(db: DbOrTx, options: { includeInactive: boolean }): Promise<Product[]> {
  const { content: _content, productId: _productId, ...fileColumns } = getTableColumns(productFiles);
  const [rows, categories, files] = await Promise.all([
    (options.includeInactive
      ? db.select().from(products)
      : db.select().from(products).where(eq(products.active, true))
    ).orderBy(asc(products.position), asc(products.id)),
    listCategories(db),
    db
      .select({ ...fileColumns, productId: productFiles.productId })
      .from(productFiles)
      .orderBy(asc(productFiles.id)),
  ]);
  return rows.map((p) => ({
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
  }));
}

/** A file of an active product, with its contents. */
export async function findProductFile(db: DbOrTx, productId: number, fileId: number) {
  const [row] = await db
    .select({
      fileName: productFiles.fileName,
      mimeType: productFiles.mimeType,
      content: productFiles.content,
    })
    .from(productFiles)
    .innerJoin(products, eq(products.id, productFiles.productId))
    .where(
      and(eq(productFiles.id, fileId), eq(productFiles.productId, productId), eq(products.active, true)),
    );
  return row;
}
