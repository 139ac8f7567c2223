import { bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** One row per counted event; a limit counts the rows of (bucket, key) inside its window (DESIGN §6). */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    bucket: text('bucket').notNull(),
    key: text('key').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('rate_limit_hits_lookup_idx').on(t.bucket, t.key, t.at)],
);
