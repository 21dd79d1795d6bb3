// Applies the SQL files in functions/migrations (written by drizzle-kit from schema.ts) in name order,
// each once. All of it runs in one transaction under an advisory lock, so instances that start
// together wait for each other instead of racing, and a failed migration leaves nothing half-done.
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { safeError } from '../safeError.ts';
import type { Database, Db } from './types.ts';

// Any fixed number works; it only has to be the same in every instance.
const migrationLockId = 7_431_905_226;

// Bookkeeping table, created here rather than in schema.ts so drizzle-kit does not generate it.
const schemaMigrations = pgTable('schema_migrations', {
  name: text('name').primaryKey(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A migration that failed: the whole upgrade was rolled back, so the database is as it was. */
export class MigrationError extends Error {
  override name = 'MigrationError';
  constructor(migration: string, cause: unknown) {
    super(
      `Migration ${migration} failed (${safeError(cause)}); nothing was changed, the database is as it was ` +
        'before the upgrade. Fix the migration or go back to the previous version of the site.',
      { cause },
    );
  }
}

/** The migrations folder next to this module's parent (functions/migrations). */
export function defaultMigrationsDir() {
  return fileURLToPath(new URL('../migrations', import.meta.url));
}

/** Names of the migrations this database has, in order. */
export async function appliedMigrations(db: Db): Promise<string[]> {
  const { name } = schemaMigrations;
  return (await db.select({ name }).from(schemaMigrations).orderBy(name)).map((row) => row.name);
}

/** Applies pending migrations; returns the names it applied (empty when already up to date). */
export async function migrate(db: Db, dir = defaultMigrationsDir()): Promise<string[]> {
  const files = (await fs.readdir(dir)).filter((file) => file.endsWith('.sql')).sort();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${migrationLockId})`);
    await tx.execute(sql`create table if not exists schema_migrations (
      name text primary key,
      applied_at timestamptz not null default now()
    )`);
    const done = new Set(await appliedMigrations(tx));
    const applied: string[] = [];
    for (const file of files) {
      const name = file.replace(/\.sql$/, '');
      if (done.has(name)) continue;
      const source = await fs.readFile(path.join(dir, file), 'utf8');
      try {
        for (const statement of source.split('--> statement-breakpoint')) {
          if (statement.trim()) await tx.execute(sql.raw(statement));
        }
      } catch (error) {
        throw new MigrationError(name, error);
      }
      await tx.insert(schemaMigrations).values({ name });
      applied.push(name);
    }
    return applied;
  });
}

/** Applies pending migrations, closing the database (its pool or data directory lock) if they fail. */
export async function migrateOrClose(database: Database, dir?: string): Promise<Database> {
  await migrate(database.db, dir).catch(async (error: unknown) => {
    await database.close();
    throw error;
  });
  return database;
}
