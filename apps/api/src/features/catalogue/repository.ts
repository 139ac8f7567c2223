import { and, count, eq, max, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  appointmentItems,
  productCategories,
  productFileChunks,
  productFiles,
  products,
} from '../../db/schema/index.js';

export type ProductValues = typeof products.$inferInsert;
export type CategoryValues = typeof productCategories.$inferInsert;

/** The row locked for the rest of the transaction (bookings of it take a key-share lock and wait). */
export async function lockProductRow(db: DbOrTx, id: number) {
  const [row] = await db.select().from(products).where(eq(products.id, id)).for('update');
  return row;
}

/** The position after the last product, so a new one goes to the end of the list. */
async function nextProductPosition(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ last: max(products.position) }).from(products);
  return (row?.last ?? -1) + 1;
}

async function nextCategoryPosition(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ last: max(productCategories.position) }).from(productCategories);
  return (row?.last ?? -1) + 1;
}

export async function insertProductRow(db: DbOrTx, values: Omit<ProductValues, 'position'>): Promise<number> {
  const position = await nextProductPosition(db);
  const [row] = await db
    .insert(products)
    .values({ ...values, position })
    .returning({ id: products.id });
  return row!.id;
}

export async function updateProductRow(
  db: DbOrTx,
  id: number,
  values: Partial<ProductValues>,
): Promise<void> {
  if (Object.keys(values).length > 0) await db.update(products).set(values).where(eq(products.id, id));
}

export async function deleteProductRow(db: DbOrTx, id: number): Promise<void> {
  await db.delete(products).where(eq(products.id, id));
}

/** Whether any appointment or hold, in any state, ever named the product. */
export async function productWasBooked(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: appointmentItems.appointmentId })
    .from(appointmentItems)
    .where(eq(appointmentItems.productId, id))
    .limit(1);
  return row !== undefined;
}

export async function categoryExists(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: productCategories.id })
    .from(productCategories)
    .where(eq(productCategories.id, id))
    .for('share');
  return row !== undefined;
}

export async function lockCategoryRow(db: DbOrTx, id: number) {
  const [row] = await db.select().from(productCategories).where(eq(productCategories.id, id)).for('update');
  return row;
}

export async function insertCategoryRow(
  db: DbOrTx,
  values: { name: string; position?: number; translations?: CategoryValues['translations'] },
) {
  const position = values.position ?? (await nextCategoryPosition(db));
  const [row] = await db
    .insert(productCategories)
    .values({ name: values.name, position, translations: values.translations ?? {} })
    .returning();
  return row!;
}

export async function updateCategoryRow(db: DbOrTx, id: number, values: Partial<CategoryValues>) {
  const [row] = await db
    .update(productCategories)
    .set(values)
    .where(eq(productCategories.id, id))
    .returning();
  return row!;
}

export async function deleteCategoryRow(db: DbOrTx, id: number): Promise<void> {
  await db.delete(productCategories).where(eq(productCategories.id, id));
}

export async function productsInCategory(db: DbOrTx, id: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(products).where(eq(products.categoryId, id));
  return row?.n ?? 0;
}

/** How many files a product holds and their bytes together. */
export async function fileTotalsOf(db: DbOrTx, productId: number): Promise<{ files: number; bytes: number }> {
  const [row] = await db
    .select({ files: count(), bytes: sql<string>`coalesce(sum(${productFiles.size}), 0)` })
    .from(productFiles)
    .where(eq(productFiles.productId, productId));
  return { files: row?.files ?? 0, bytes: Number(row?.bytes ?? 0) };
}

/** A file's row, without content yet: its pieces follow with insertFileChunk, its size with setFileSize. */
export async function insertFileRow(
  db: DbOrTx,
  values: { productId: number; fileName: string; mimeType: string },
) {
  const [row] = await db
    .insert(productFiles)
    .values({ ...values, size: 0 })
    .returning({
      id: productFiles.id,
      fileName: productFiles.fileName,
      mimeType: productFiles.mimeType,
      size: productFiles.size,
      createdAt: productFiles.createdAt,
    });
  return row!;
}

export async function insertFileChunk(db: DbOrTx, fileId: number, seq: number, data: Buffer) {
  await db.insert(productFileChunks).values({ fileId, seq, data });
}

export async function setFileSize(db: DbOrTx, fileId: number, size: number) {
  await db.update(productFiles).set({ size }).where(eq(productFiles.id, fileId));
}

/** Deletes the product's file and answers what it was (undefined when there was none). */
export async function deleteFileRow(db: DbOrTx, productId: number, fileId: number) {
  const [row] = await db
    .delete(productFiles)
    .where(and(eq(productFiles.id, fileId), eq(productFiles.productId, productId)))
    .returning({
      id: productFiles.id,
      fileName: productFiles.fileName,
      mimeType: productFiles.mimeType,
      size: productFiles.size,
    });
  return row;
}
