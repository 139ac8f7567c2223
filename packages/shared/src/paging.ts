import { z } from 'zod';
import { countParamSchema } from './primitives.js';

/**
 * Paging of every `…_paginated`-style list (DESIGN §5: `?page&pageSize` → `{ items, total, page, pageSize }`).
 * The page is bounded so the row offset stays far inside PostgreSQL's bigint.
 */
export const pageQueryFields = {
  page: countParamSchema(1_000_000).default(1),
  pageSize: countParamSchema(100).default(20),
};

/** The answer: one page of `item`s and the total for the pager. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}
