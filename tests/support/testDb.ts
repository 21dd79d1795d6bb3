// Which database this vitest project tests (TEST_DB), and a fresh one of it per caller, so test files
// never see each other's rows.

import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { describe, inject } from 'vitest';
import { loadConfig } from '../../functions/config.ts';
import { openDatabase } from '../../functions/db/client.ts';
import type { Database } from '../../functions/db/types.ts';
import { tempDir } from './tempDirs.ts';

export const dbKind: 'pglite' | 'postgres' = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
export const onPglite = dbKind === 'pglite';
export const onPostgres = dbKind === 'postgres';

/** Why this project's database cannot be used (PostgreSQL not installed), or null. */
export const databaseMissing = onPostgres ? inject('postgresMissing') : null;
const missing = databaseMissing;

/** `describe`, skipped with the reason in its title when this project's database is not installed. */
export function describeDb(name: string, body: () => void) {
  if (missing) describe.skip(`${name} [skipped: ${missing}]`, body);
  else describe(`${name} [${dbKind}]`, body);
}

async function createPostgresDatabase(): Promise<string> {
  const url = inject('postgresUrl');
  if (!url) throw new Error('The PostgreSQL test cluster is not running');
  const name = `t_${randomUUID().replaceAll('-', '').slice(0, 20)}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  return dbUrl.toString();
}

/** A fresh, empty, migrated PGlite data directory (a copy of the one globalSetup made). */
function copyPgliteTemplate(): string {
  const dir = tempDir('pglite');
  fs.cpSync(inject('pgliteTemplate'), dir, { recursive: true });
  return dir;
}

/** Env naming a fresh database for a child process (serve, admin, purge): DATA_DIR or DATABASE_URL. */
export async function freshDatabaseEnv(): Promise<Record<string, string>> {
  // On PostgreSQL DATA_DIR still holds the outbox of letters, so it must not be the project's ./data.
  return onPostgres
    ? { DATABASE_URL: await createPostgresDatabase(), DATA_DIR: tempDir('data') }
    : { DATA_DIR: copyPgliteTemplate() };
}

/** Opens the database a child process was given (after it stopped, for PGlite). */
export function openDatabaseFor(env: Record<string, string>): Promise<Database> {
  return openDatabase(loadConfig(env));
}
