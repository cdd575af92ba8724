import { defineConfig } from 'drizzle-kit';

/**
 * drizzle-kit generates SQL migrations from server/db/schema.ts (`npm run db:generate`). The same
 * SQL runs on PGlite and PostgreSQL; server/db/migrate.ts applies it at start-up.
 */
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
  strict: true,
  verbose: true,
});
