// The shapes every part of the API shares about the database, kept apart from the code that opens it so
// the drivers, the migrator and the routes can all name them without importing each other.
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Config } from '../config.ts';

/** Typed query builder over either driver. */
export type Db = PgDatabase<PgQueryResultHKT>;

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** The whole database as plain SQL (pg_dump --inserts), one consistent snapshot taken while it serves. */
  dump(): Promise<string>;
  /** Ends every connection (and for PGlite flushes to disk and releases the data directory). */
  close(): Promise<void>;
}

export type DatabaseConfig = Pick<Config, 'databaseUrl' | 'dataDir' | 'pgPoolMax'>;
