// A backup file is SQL, and restore runs it. On PostgreSQL it runs as the role that owns the site's
// tables even when DATABASE_URL names a superuser, so a file from elsewhere (taken with --unsigned)
// cannot run a program on the host; PGlite runs no programs at all. Either way the refused file leaves
// the database as it was.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { expect, inject, it } from 'vitest';
import { loadConfig } from '../../functions/config.ts';
import { openDatabase } from '../../functions/db/client.ts';
import { backupInto } from '../../functions/db/nightlyBackups.ts';
import { restoreDump } from '../../functions/db/restore.ts';
import { subscribers } from '../../functions/db/schema.ts';
import { tempDir } from '../support/tempDirs.ts';
import { describeDb, freshDatabaseEnv, onPostgres } from '../support/testDb.ts';

/** A database owned by a role of its own that is no superuser: the site's; and the superuser's URL of it. */
async function siteOwnedDatabase() {
  const superuser = new URL(inject('postgresUrl') ?? '');
  const name = `site_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const client = new pg.Client({ connectionString: superuser.toString() });
  await client.connect();
  try {
    await client.query(`create role ${name} login nosuperuser`);
    await client.query(`create database ${name} owner ${name}`);
  } finally {
    await client.end();
  }
  superuser.pathname = `/${name}`;
  const own = new URL(superuser);
  own.username = name;
  return { site: own.toString(), superuser: superuser.toString() };
}

const secret = 'restore-rights-secret-0123456789abcdefgh';

describeDb("restore runs a file with the site's rights", () => {
  it('runs no program from an --unsigned file, even through a superuser, and keeps every row', async () => {
    const urls = onPostgres ? await siteOwnedDatabase() : undefined;
    const fresh = await freshDatabaseEnv();
    const env = { ...fresh, HASH_SECRET: secret, ...(urls ? { DATABASE_URL: urls.site } : {}) };
    const database = await openDatabase(loadConfig(env));
    await database.db.insert(subscribers).values({ email: 'kept@example.com' });
    const backup = await backupInto(database, secret, tempDir('rights'), 7);
    await database.close();

    // Where the database server's own user may write, so only the missing right can stop it.
    const marker = path.join(os.tmpdir(), `restore-ran-${randomUUID()}`);
    const operatorEnv = urls ? { ...env, DATABASE_URL: urls.superuser } : env;
    const restore = (text: string, unsigned = true) =>
      restoreDump(loadConfig(operatorEnv), text, { replace: true, unsigned, warn: () => {} }).then(
        () => 'restored',
        (error: Error) => error.message,
      );
    // Said plainly, the file is refused before any of it runs.
    expect(await restore(`COPY (SELECT 1) TO PROGRAM 'touch ${marker}';`)).toMatch(/runs a program/);
    // Spelled so no reading of the text finds it, PostgreSQL refuses it to the site's role. (PGlite, which
    // runs no programs, hangs on one: the check above is what keeps it from seeing it.)
    if (onPostgres) {
      const hidden = `DO $$ BEGIN EXECUTE 'COPY (SELECT 1) TO PRO' || 'GRAM ''touch ${marker}'''; END $$;`;
      expect(await restore(hidden)).toMatch(/external program/);
    }
    expect(fs.existsSync(marker)).toBe(false);
    const rows = async () => {
      const reopened = await openDatabase(loadConfig(env));
      try {
        return await reopened.db.select({ email: subscribers.email }).from(subscribers);
      } finally {
        await reopened.close();
      }
    };
    expect(await rows()).toEqual([{ email: 'kept@example.com' }]);

    // The site's own backup, restored through the same superuser, loads whole and stays the site's.
    expect(await restore(fs.readFileSync(backup, 'utf8'), false)).toBe('restored');
    expect(await rows()).toEqual([{ email: 'kept@example.com' }]);
    if (urls) {
      const client = new pg.Client({ connectionString: urls.site });
      await client.connect();
      const owners = await client.query(
        `select distinct tableowner from pg_tables where schemaname = 'public'`,
      );
      await client.end();
      expect(owners.rows).toEqual([{ tableowner: new URL(urls.site).username }]);
    }
  });
});
