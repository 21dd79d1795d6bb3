// drizzle-kit only writes SQL migrations from schema.ts; functions/db/migrate.ts applies them.
// Usage: npx drizzle-kit generate --config functions/db/drizzle.config.ts --name <what-changed>
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './functions/db/schema.ts',
  out: './functions/migrations',
});
