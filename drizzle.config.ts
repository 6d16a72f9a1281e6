// drizzle-kit: `npx drizzle-kit generate` writes a migration for a change of server/db/schema.ts.
// The server applies the folder at start-up on PGlite and on PostgreSQL alike.
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
});
