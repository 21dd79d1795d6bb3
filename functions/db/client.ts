// The one way in to the database: PGlite (embedded, files under DATA_DIR) when DATABASE_URL is unset,
// a pooled node-postgres connection when it is set. Both speak PostgreSQL, so queries are the same.
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Config } from '../config.ts';
import { migrate } from './migrate.ts';

/** Typed query builder over either driver. */
export type Db = PgDatabase<PgQueryResultHKT>;

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Ends every connection (and for PGlite flushes to disk and releases the data directory). */
  close(): Promise<void>;
}

export type DatabaseConfig = Pick<Config, 'databaseUrl' | 'dataDir' | 'pgPoolMax'>;

/** Opens the configured database and applies pending migrations. */
export async function openDatabase(config: DatabaseConfig, migrationsDir?: string): Promise<Database> {
  const database = config.databaseUrl
    ? (await import('./postgres.ts')).openPostgres(config.databaseUrl, config.pgPoolMax)
    : // Imported only when used, so PostgreSQL deployments never load the WebAssembly build.
      await (await import('./pglite.ts')).openPglite(config.dataDir);
  try {
    await migrate(database.db, migrationsDir);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}
