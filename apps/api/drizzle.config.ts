import { defineConfig } from 'drizzle-kit';

// Generates SQL migrations into ./drizzle; they are applied by the app (src/db/migrate.ts), never by
// drizzle-kit, because drizzle-kit's PGlite driver cannot load btree_gist.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
});
