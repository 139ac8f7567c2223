import { integer, pgTable, text } from 'drizzle-orm/pg-core';

/** Reference data (spec §3): rows are inserted by a migration, ids are fixed (nl-NL = 251). */
export const languages = pgTable('languages', {
  id: integer('id').primaryKey(),
  code: text('code').notNull().unique(),
  description: text('description').notNull(),
  short: text('short').notNull(),
  flag: text('flag'),
  icon: text('icon'),
  squareIcon: text('square_icon'),
});
