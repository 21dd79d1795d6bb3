// The move a growing site makes, and the way back: a backup of the serving site (this project's database)
// while visitors post comments, none of them failing; restored into the other kind of database (PGlite
// into an empty PostgreSQL, PostgreSQL into a PGlite folder not made yet), a server started there has the
// same comments, ratings and subscribers, and links in letters sent before the move (confirm,
// unsubscribe) still work, since the same HASH_SECRET signs them. A database holding rows is refused
// unless --replace.
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../../functions/config.ts';
import { openDatabase } from '../../functions/db/client.ts';
import { defaultMigrationsDir } from '../../functions/db/migrate.ts';
import { backupInto } from '../../functions/db/nightlyBackups.ts';
import { restoreDump } from '../../functions/db/restore.ts';
import { makeDistDir } from '../support/fixtures.ts';
import { postJson, uniqueEmail } from '../support/http.ts';
import { runScript, type Served, startServe } from '../support/processes.ts';
import { startSmtpServer, type TestSmtp } from '../support/smtpServer.ts';
import { tempDir } from '../support/tempDirs.ts';
import { locatePostgres, startTempPostgres, type TempPostgres } from '../support/tempPostgres.ts';
import { describeDb, freshDatabaseEnv, onPglite, onPostgres } from '../support/testDb.ts';

const site = 'https://advice.example';
const admin = (args: string[], env: Record<string, string>) => runScript('functions/cli/admin.ts', args, env);
const tokenIn = (text: string, page: string) =>
  new RegExp(`${site.replaceAll('.', '\\.')}${page}#token=([A-Za-z0-9._-]+)`).exec(text)?.[1] ?? '';

/** Comments posted one after another until stopped; every answer that is not 201 is kept. */
function commentLoop(url: string) {
  let running = true;
  const failures: string[] = [];
  let posted = 0;
  const loop = (async () => {
    for (let i = 0; running; i++) {
      const answer = await postJson(`${url}/api/articles/1/comments`, {
        name: 'Mover',
        comment: `Comment ${i} during the backup`,
        language: 'en',
      }).catch((error: Error) => ({ status: error.message }));
      if (answer.status === 201) posted++;
      else failures.push(String(answer.status));
      await sleep(20);
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return { posted, failures };
    },
  };
}

describeDb('a backup restored into the other kind of database', () => {
  let smtp: TestSmtp;
  let cluster: TempPostgres | undefined;
  let source: Record<string, string>;
  let target: Record<string, string>;
  let server: Served | undefined;
  const common = {
    HASH_SECRET: 'backup-restore-secret-0123456789abcdef',
    SITE_URL: site,
    SUBSCRIBE_LIMIT_PER_HOUR: '0',
    COMMENT_LIMIT_PER_HOUR: '0',
    RATING_LIMIT_PER_HOUR: '0',
  };

  beforeAll(async () => {
    smtp = await startSmtpServer();
    const shared = { ...common, SMTP_URL: smtp.url, DIST_DIR: makeDistDir() };
    source = { ...(await freshDatabaseEnv()), ...shared };
    if (onPglite) {
      const found = locatePostgres();
      if (!('bin' in found)) throw new Error(found.missing);
      cluster = await startTempPostgres(found.bin);
      const client = new pg.Client({ connectionString: cluster.url });
      await client.connect();
      await client.query('create database moved');
      await client.end();
      const url = new URL(cluster.url);
      url.pathname = '/moved';
      target = { ...shared, DATABASE_URL: url.toString(), DATA_DIR: tempDir('moved-data') };
    } else {
      // A folder that does not exist yet: restore creates it.
      target = { ...shared, DATA_DIR: path.join(tempDir('moved'), 'data') };
    }
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
    await cluster?.stop();
  });

  it('keeps comments, ratings, subscribers and the links of letters sent before the move', async () => {
    server = await startServe(source);
    const pending = uniqueEmail('pending');
    const leaving = uniqueEmail('leaving');
    const rater = uniqueEmail('rater');
    for (const email of [pending, leaving]) {
      expect((await postJson(`${server.url}/api/subscribe`, { email, language: 'en' })).status).toBe(201);
    }
    expect((await postJson(`${server.url}/api/articles/1/rating`, { rating: 5, email: rater })).status).toBe(
      200,
    );
    const letters = await smtp.waitFor(2);
    const letterTo = (email: string) => letters.find((letter) => letter.to.includes(email))?.mail.text ?? '';
    const confirmLink = tokenIn(letterTo(pending), '/subscribe/confirm');
    const unsubscribeLink = tokenIn(letterTo(leaving), '/unsubscribe');
    expect([confirmLink, unsubscribeLink].every(Boolean)).toBe(true);

    // The backup, from a shell that knows only where the data is, while comments pour in.
    const backupFile = path.join(tempDir('backups'), 'site.sql');
    const bare = {
      DATA_DIR: source.DATA_DIR ?? '',
      ...(source.DATABASE_URL ? { DATABASE_URL: source.DATABASE_URL } : {}),
    };
    const loop = commentLoop(server.url);
    await sleep(300);
    const backup = await admin(['backup', backupFile], bare);
    await sleep(300);
    const { posted, failures } = await loop.stop();
    expect(failures).toEqual([]);
    expect(posted).toBeGreaterThan(10);
    expect([backup.code, backup.stderr]).toEqual([0, '']);
    expect(fs.statSync(backupFile).mode & 0o777).toBe(0o600);
    const dump = fs.readFileSync(backupFile, 'utf8');
    const backedUp = dump.match(/^INSERT INTO public\.comments /gm)?.length ?? 0;
    expect(backedUp).toBeGreaterThan(0);
    expect(backedUp).toBeLessThanOrEqual(posted);
    await server.stop();
    server = undefined;

    // A database that holds rows is refused, and named how to go on; --replace empties it first.
    const refused = await admin(['restore', backupFile], source);
    expect([refused.code, refused.stdout]).toEqual([1, '']);
    expect(refused.stderr).toContain('--replace');
    const replaced = await admin(['restore', backupFile, '--replace'], source);
    expect([replaced.code, replaced.stderr]).toEqual([0, '']);

    const moved = await admin(['restore', backupFile], target);
    expect([moved.code, moved.stderr]).toEqual([0, '']);
    if (target.DATABASE_URL === undefined) {
      expect(fs.statSync(target.DATA_DIR ?? '').mode & 0o777).toBe(0o700);
    }

    server = await startServe(target);
    const comments = await fetch(`${server.url}/api/articles/1/comments`).then(
      (r) => r.json() as Promise<{ comments: unknown[] }>,
    );
    expect(comments.comments).toHaveLength(backedUp);
    const rating = await fetch(`${server.url}/api/articles/1/rating`).then((r) => r.json());
    expect(rating).toMatchObject({ count: 1 });
    const exported = await admin(['export', rater], { DATA_DIR: target.DATA_DIR ?? '' });
    expect(JSON.parse(exported.stdout).articleRatings).toHaveLength(1);

    const confirmed = await postJson(`${server.url}/api/subscribe/confirm`, { token: confirmLink });
    expect([confirmed.status, confirmed.body]).toEqual([200, { confirmed: true }]);
    const gone = await postJson(`${server.url}/api/unsubscribe?token=${unsubscribeLink}`, {});
    expect([gone.status, gone.body]).toEqual([200, { unsubscribed: true }]);
    const stats = await admin(['stats', '--json'], { DATA_DIR: target.DATA_DIR ?? '' });
    expect(JSON.parse(stats.stdout).subscribers).toMatchObject({ confirmed: 1, pending: 0 });
  });

  // On PostgreSQL only: the same migrate() runs after either kind of restore, and two new PGlite
  // databases made from nothing (not copied from the template) would cost half a minute.
  it.runIf(onPostgres)('migrates a backup made before the latest migration forward', async () => {
    // A database as it was one migration ago, backed up, restored into a new one.
    const older = tempDir('older-migrations');
    const files = fs
      .readdirSync(defaultMigrationsDir())
      .filter((file) => file.endsWith('.sql'))
      .sort();
    const latest = (files.pop() ?? '').replace(/\.sql$/, '');
    for (const file of files)
      fs.copyFileSync(path.join(defaultMigrationsDir(), file), path.join(older, file));
    const fresh = async () =>
      onPostgres ? freshDatabaseEnv() : { DATA_DIR: path.join(tempDir('older'), 'data') };
    const before = await openDatabase(loadConfig(await fresh()), older);
    let dump: string;
    try {
      dump = await before.dump();
    } finally {
      await before.close();
    }
    expect(dump).not.toContain(`'${latest}'`);
    const options = { replace: false, unsigned: true, warn: () => {} };
    expect(await restoreDump(loadConfig(await freshDatabaseEnv()), dump, options)).toEqual([latest]);
  });

  it('keeps the newest BACKUP_KEEP nightly backups, each written whole and readable by its owner alone', async () => {
    const database = await openDatabase(loadConfig(await freshDatabaseEnv()));
    const dir = path.join(tempDir('nightly'), 'backups');
    try {
      for (const day of ['2026-11-02', '2026-11-03']) {
        await backupInto(database, common.HASH_SECRET, dir, 1, new Date(`${day}T03:00:00Z`));
      }
    } finally {
      await database.close();
    }
    // The older one went once the newer was complete; no temporary file is left.
    expect(fs.readdirSync(dir)).toEqual(['backup-20261103T030000Z.sql']);
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
    for (const file of fs.readdirSync(dir)) {
      expect(fs.statSync(path.join(dir, file)).mode & 0o777).toBe(0o600);
      expect(fs.readFileSync(path.join(dir, file), 'utf8')).toContain('-- PostgreSQL database dump complete');
    }
  });
});
