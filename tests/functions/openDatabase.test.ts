// One way to open the database (db/client.ts, db/migrate.ts): a start whose migration fails gives back
// what it opened, the PGlite data directory or every PostgreSQL connection, instead of leaking it.
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { expect, inject, it } from 'vitest';
import { loadConfig } from '../../functions/config.ts';
import { openDatabase } from '../../functions/db/client.ts';
import { oneWait } from '../support/patience.ts';
import { tempDir } from '../support/tempDirs.ts';
import { describeDb, freshDatabaseEnv, onPglite } from '../support/testDb.ts';

async function connectionsTo(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: inject('postgresUrl') ?? undefined });
  await client.connect();
  try {
    const name = new URL(databaseUrl).pathname.slice(1);
    const { rows } = await client.query(
      'select count(*)::int as n from pg_stat_activity where datname = $1',
      [name],
    );
    return rows[0].n;
  } finally {
    await client.end();
  }
}

describeDb('opening the database', () => {
  it('closes what it opened when a migration fails', async () => {
    const env = await freshDatabaseEnv();
    const migrations = tempDir('broken-migrations');
    fs.writeFileSync(path.join(migrations, '9999_broken.sql'), 'select * from no_such_table;');

    await expect(openDatabase(loadConfig(env), migrations)).rejects.toThrow(
      /Migration 9999_broken failed.*nothing was changed/,
    );

    if (onPglite) {
      // The data directory was released: opening it again works at once.
      const again = await openDatabase(loadConfig(env));
      await again.close();
    } else {
      // The pool was ended: the server sees no connection to the database (it drops them within moments).
      const url = env.DATABASE_URL ?? '';
      await expect.poll(() => connectionsTo(url), { timeout: oneWait }).toBe(0);
    }
  });
});
