// An upgrade cannot half-fail: the migrations run in one transaction, so one that fails midway leaves
// every row and the schema exactly as they were (the migrations before it in the same run included), and
// the server refuses to start with a message naming the migration.
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../../functions/config.ts';
import { openDatabase } from '../../functions/db/client.ts';
import { defaultMigrationsDir } from '../../functions/db/migrate.ts';
import { openPostgres } from '../../functions/db/postgres.ts';
import type { Db } from '../../functions/db/types.ts';
import { makeDistDir } from '../support/fixtures.ts';
import { uniqueEmail } from '../support/http.ts';
import { createTestApp } from '../support/inProcessApp.ts';
import { startServe } from '../support/processes.ts';
import { tempDir } from '../support/tempDirs.ts';
import { describeDb, freshDatabaseEnv, openDatabaseFor } from '../support/testDb.ts';

const secret = 'migrations-test-secret-0123456789abcdef';

/** Everything a migration could change: tables, columns, indexes, constraints, functions, every row. */
async function snapshot(db: Db) {
  // Both drivers answer execute() with { rows }; drizzle's common type does not say so.
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  const schemas = sql`('public', 'erasures')`;
  const tables = await rows<{ schema: string; name: string }>(
    sql`select schemaname as schema, tablename as name from pg_tables where schemaname in ${schemas} order by 1, 2`,
  );
  const contents: Record<string, unknown> = {};
  for (const { schema, name } of tables) {
    const [row] = await rows<{ all: unknown }>(
      sql.raw(`select json_agg(t order by t::text) as all from "${schema}"."${name}" t`),
    );
    contents[`${schema}.${name}`] = row?.all ?? [];
  }
  return {
    columns:
      await rows(sql`select table_schema, table_name, column_name, data_type, is_nullable, column_default
      from information_schema.columns where table_schema in ${schemas} order by 1, 2, 3`),
    indexes: await rows(sql`select schemaname, indexname, indexdef from pg_indexes
      where schemaname in ${schemas} order by 1, 2`),
    constraints: await rows(sql`select conname, pg_get_constraintdef(c.oid) as definition from pg_constraint c
      join pg_namespace n on n.oid = c.connamespace where n.nspname in ${schemas} order by 1, 2`),
    functions: await rows(sql`select p.proname, pg_get_functiondef(p.oid) as definition from pg_proc p
      join pg_namespace n on n.oid = p.pronamespace where n.nspname in ${schemas} order by 1`),
    contents,
  };
}

describeDb('a migration that fails', () => {
  let env: Record<string, string>;
  let before: Awaited<ReturnType<typeof snapshot>>;

  beforeAll(async () => {
    env = { ...(await freshDatabaseEnv()), HASH_SECRET: secret };
    // A database full of rows, written through the real routes.
    const t = await createTestApp(env);
    try {
      for (let i = 0; i < 12; i++) {
        const client = `198.51.100.${i + 1}`;
        expect((await t.post('/api/subscribe', { email: uniqueEmail('kept') }, client)).status).toBe(201);
        const comment = { name: `Reader ${i}`, comment: `Comment ${i}`, language: 'en' };
        expect((await t.post('/api/articles/1/comments', comment, client)).status).toBe(201);
        const rating = { rating: 1 + (i % 5), email: uniqueEmail('rater') };
        expect((await t.post('/api/articles/1/rating', rating, client)).status).toBe(200);
        const tip = { tipId: 'en_1', language: 'en', rating: 1, sessionId: `session-${i}-abcdef` };
        expect((await t.post('/api/tip-ratings', tip, client)).status).toBeLessThan(300);
      }
      before = await snapshot(t.database.db);
    } finally {
      await t.database.close();
    }
    expect(Object.values(before.contents).flat().length).toBeGreaterThan(48);
  });

  it('leaves every row and the schema as they were, and names the migration', async () => {
    // This version's migrations, then one that works and one that fails after changing rows and schema.
    const dir = tempDir('migrations');
    fs.cpSync(defaultMigrationsDir(), dir, { recursive: true });
    fs.writeFileSync(
      path.join(dir, '9998_fine.sql'),
      `CREATE TABLE "extra" ("id" integer PRIMARY KEY);--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "mood" text;--> statement-breakpoint
UPDATE "comments" SET "name" = 'changed';`,
    );
    fs.writeFileSync(
      path.join(dir, '9999_broken.sql'),
      `DELETE FROM "tip_ratings";--> statement-breakpoint
DROP INDEX "comments_email_hash";--> statement-breakpoint
SELECT 1 / 0;`,
    );
    await expect(openDatabase(loadConfig(env), dir)).rejects.toThrow(
      /^Migration 9999_broken failed \(.*22012.*\); nothing was changed/,
    );
    const database = await openDatabaseFor(env);
    try {
      expect(await snapshot(database.db)).toEqual(before);
    } finally {
      await database.close();
    }
  });

  it('stops the server with the migration named, and changes nothing', async () => {
    // The database as it is, without migrating it on the way in.
    const unmigrated = async () =>
      env.DATABASE_URL
        ? openPostgres(env.DATABASE_URL, 1)
        : (await import('../../functions/db/pglite.ts')).openPglite(env.DATA_DIR ?? '');
    const look = async (change?: ReturnType<typeof sql>) => {
      const database = await unmigrated();
      try {
        if (change) await database.db.execute(change);
        return await snapshot(database.db);
      } finally {
        await database.close();
      }
    };
    // A database that says 0009 was never applied: running it again fails (its column is there).
    const broken = await look(sql`delete from schema_migrations where name = '0009_comment-hashes'`);
    const started = startServe({ ...env, DIST_DIR: makeDistDir() });
    await expect(started).rejects.toThrow(/Cannot open the database: Migration 0009_comment-hashes failed/);
    expect(await look()).toEqual(broken);
  });
});
