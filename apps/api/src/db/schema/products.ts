import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import {
  DEFAULT_MAX_AMOUNT,
  type ProductCategoryTranslations,
  type ProductTranslations,
} from '@balie/shared';
import { bytea } from './types.js';

export const productCategories = pgTable('product_categories', {
  id: serial('id').primaryKey(),
  /** Dutch. */
  name: text('name').notNull(),
  position: integer('position').notNull().default(0),
  /** English and German names beside the Dutch one (as products' titles, decision 0180). */
  translations: jsonb('translations').$type<ProductCategoryTranslations>().notNull().default({}),
});

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id').references(() => productCategories.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    notice: text('notice').notNull().default(''),
    /** Minutes for the first unit. */
    timeUnit: integer('time_unit').notNull(),
    /** Minutes for each further unit. */
    extraTimeUnit: integer('extra_time_unit').notNull().default(0),
    maxAmount: integer('max_amount').notNull().default(DEFAULT_MAX_AMOUNT),
    active: boolean('active').notNull().default(true),
    /** English and German texts beside the Dutch columns above (decision 0180). */
    translations: jsonb('translations').$type<ProductTranslations>().notNull().default({}),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('products_time_unit_positive', sql`${t.timeUnit} > 0`),
    check('products_extra_time_unit_nonnegative', sql`${t.extraTimeUnit} >= 0`),
    check('products_max_amount_positive', sql`${t.maxAmount} >= 1`),
    index('products_category_idx').on(t.categoryId),
  ],
);

/**
 * Uploaded files live in the database so that every API process serves them (DESIGN §1: stateless). The
 * content is in product_file_chunks, written and read piece by piece, so that no process holds a whole
 * file in memory (DESIGN §6, decision 0350).
 */
export const productFiles = pgTable(
  'product_files',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('product_files_product_idx').on(t.productId)],
);

/** A file's content in pieces of at most FILE_CHUNK_BYTES, in `seq` order from 0. */
export const productFileChunks = pgTable(
  'product_file_chunks',
  {
    fileId: integer('file_id')
      .notNull()
      .references(() => productFiles.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.seq] })],
);
