import type { pageQueryFields, pageSchema } from '@balie/shared';
import type { z } from 'zod';

/** `?page&pageSize` of a paged list (DESIGN §5). */
export type PageQuery = z.output<z.ZodObject<typeof pageQueryFields>>;

/** The answer of a paged list: `{ items, total, page, pageSize }` (DESIGN §5). */
export type Page<Item> = z.output<ReturnType<typeof pageSchema<z.ZodType<Item>>>>;

/** A select query still open for its window (drizzle's builder narrowed to what paging needs). */
interface WindowedSelect<Row> {
  limit(limit: number): { offset(offset: number): PromiseLike<Row[]> };
}

/**
 * One page of `rows` (filtered and ordered by the caller) with `counted`, the same filter counted, for the
 * pager. Both are unstarted queries, run one after another (a transaction runs one query at a time).
 */
export async function readPage<Row>(
  query: PageQuery,
  rows: WindowedSelect<Row>,
  counted: PromiseLike<{ n: number }[]>,
): Promise<Page<Row>> {
  const found = await rows.limit(query.pageSize).offset((query.page - 1) * query.pageSize);
  const [total] = await counted;
  return { items: found, total: total?.n ?? 0, page: query.page, pageSize: query.pageSize };
}
