import { defineConfig } from 'drizzle-kit';

/** drizzle-kit: generates SQL migrations into ./drizzle from the per-domain *.schema.ts files. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
