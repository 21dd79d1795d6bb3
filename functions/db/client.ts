// The one way in to the database: PGlite (embedded, files under DATA_DIR) when DATABASE_URL is unset,
// a pooled node-postgres connection when it is set. Both speak PostgreSQL, so queries are the same.
import { migrateOrClose } from './migrate.ts';
import { openPostgres } from './postgres.ts';
import type { Database, DatabaseConfig } from './types.ts';

/** Opens the configured database and applies pending migrations (closing it again if they fail). */
export async function openDatabase(config: DatabaseConfig, migrationsDir?: string): Promise<Database> {
  const database = config.databaseUrl
    ? await openPostgres(config.databaseUrl, config.pgPoolMax)
    : // Imported only when used, so PostgreSQL deployments never load the WebAssembly build.
      await (await import('./pglite.ts')).openPglite(config.dataDir);
  return migrateOrClose(database, migrationsDir);
}
