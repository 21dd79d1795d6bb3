// `admin restore`: loads a backup (plain SQL from pg_dump, either database's) into the configured
// database, PGlite or PostgreSQL, then applies the migrations made since the backup and, before any
// letter can leave, the erasure log and the retention rules. It runs with no server on the target: a
// PGlite folder is locked for it, and the load is one transaction on either.
import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { Config } from '../config.ts';
import { erasureHorizonDays, forgetAgain } from '../erasure.ts';
import { deleteOutboxLetters } from '../mail/outbox.ts';
import { closeFilesToOthers } from '../privateFiles.ts';
import { purgeExpired } from '../retention.ts';
import { readBackup } from './backupSignature.ts';
import { lockDataDir } from './dataDirLock.ts';
import { portableDump } from './dump.ts';
import { defaultMigrationsDir, migrate } from './migrate.ts';
import { pgliteDirectory } from './pgliteDirectory.ts';
import type { DatabaseConfig, Db } from './types.ts';

/** The migration that makes the erasure log, written to run again. */
const erasureLogMigration = '0008_erasure-log.sql';

export class RestoreRefusedError extends Error {
  override name = 'RestoreRefusedError';
}

/** What restore needs of a connection: statements with rows, a script of many statements, drizzle. */
interface Session {
  rows<T>(sql: string): Promise<T[]>;
  script(sql: string): Promise<void>;
  db: Db;
}

export interface RestoreOptions {
  /** Empty a database that holds rows first. */
  replace: boolean;
  /** Take a file this site did not sign (from elsewhere, or written before backups were signed). */
  unsigned: boolean;
  /** Told what the operator should know but that does not stop the restore. */
  warn: (message: string) => void;
}

/** The site's secret: HASH_SECRET, else the one generated into the database (none in an empty one). */
async function secretIn(session: Session, configured: string | undefined): Promise<string | undefined> {
  if (configured) return configured;
  const [row] = await session
    .rows<{ value: string }>(`select value from public.settings where key = 'hash_secret'`)
    .catch(() => []);
  return row?.value;
}

/** The dump inside `text` when this site signed it and it is young enough; else why not, or a warning. */
function checkedDump(text: string, secret: string | undefined, options: RestoreOptions, now = new Date()) {
  const backup = readBackup(text, secret);
  const horizon = `The erasure log reaches back ${erasureHorizonDays} days`;
  if (backup.signed && backup.valid) {
    const ageDays = (now.getTime() - backup.writtenAt.getTime()) / 86_400_000;
    if (ageDays > erasureHorizonDays) {
      throw new RestoreRefusedError(
        `This backup was written ${backup.writtenAt.toISOString()}, more than ${erasureHorizonDays} days ago. ${horizon}, so people who asked to be forgotten before then could come back: restore a newer backup.`,
      );
    }
    return backup.dump;
  }
  if (!options.unsigned) {
    const why = !backup.signed
      ? 'it carries no signature of this site (backups written by `npm run admin -- backup` and the nightly backups are signed)'
      : secret
        ? "its signature does not match this site's secret (HASH_SECRET, or the one in this database)"
        : 'no secret is known here to check its signature: set HASH_SECRET, or restore into the database that wrote it';
    throw new RestoreRefusedError(
      `Refused: ${why}. A backup runs as SQL with this database's rights; if you trust the file, add --unsigned.`,
    );
  }
  // No dump runs a program; PostgreSQL refuses the site's role one anyway, and PGlite hangs on it.
  if (/\bPROGRAM\s+'/i.test(backup.dump)) {
    throw new RestoreRefusedError(
      'Refused: the file runs a program on this host (COPY ... PROGRAM), which no backup does.',
    );
  }
  options.warn(
    `Restoring a file not signed by this site (--unsigned): every statement in it runs, with the rights of the site's own role. ${horizon}; anyone who asked to be forgotten before that and is in this file comes back.`,
  );
  return backup.dump;
}

/** Tables of the public schema that hold rows, bookkeeping aside (a freshly started server wrote it). */
async function tablesWithRows(session: Session): Promise<string[]> {
  const tables = await session.rows<{ name: string; quoted: string }>(
    `select tablename as name, quote_ident(tablename) as quoted from pg_tables
      where schemaname = 'public' and tablename not in ('schema_migrations', 'settings') order by 1`,
  );
  const full: string[] = [];
  for (const { name, quoted } of tables) {
    const [row] = await session.rows<{ any: boolean }>(
      `select exists (select 1 from public.${quoted}) as any`,
    );
    if (row?.any) full.push(name);
  }
  return full;
}

/**
 * Drops every table, sequence, function and type of the public schema (what the migrations create, the
 * mailbox_key() function among them), so the backup's own CREATE statements meet nothing.
 */
const emptyPublicSchema = `do $$ declare object record; begin
  for object in select tablename from pg_tables where schemaname = 'public' loop
    execute format('drop table if exists public.%I cascade', object.tablename);
  end loop;
  for object in select sequencename from pg_sequences where schemaname = 'public' loop
    execute format('drop sequence if exists public.%I cascade', object.sequencename);
  end loop;
  for object in select p.oid::regprocedure as signature from pg_proc p
      join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public' loop
    execute format('drop routine if exists %s cascade', object.signature);
  end loop;
  for object in select t.typname from pg_type t join pg_namespace n on n.oid = t.typnamespace
      where n.nspname = 'public' and t.typtype in ('e', 'd') loop
    execute format('drop type if exists public.%I cascade', object.typname);
  end loop;
end $$`;

/**
 * Loads the backup through `session` in one transaction, migrates it forward, then forgets again
 * whoever asked to be forgotten and drops what is past its retention: refused when rows are there and
 * `replace` is off, or when the file is not this site's.
 */
async function load(session: Session, text: string, options: Options, where: string, dataDir: string) {
  const dump = checkedDump(text, await secretIn(session, options.secret), options);
  const full = await tablesWithRows(session);
  if (full.length > 0 && !options.replace) {
    throw new RestoreRefusedError(
      `${where} already holds rows (${full.join(', ')}). Restore into an empty database, or add --replace ` +
        'to empty it first (everything in it is then lost).',
    );
  }
  // A script of many statements runs as one transaction (the simple query protocol, which PGlite's
  // exec and node-postgres without parameters speak): emptied and loaded, or left as it was. The
  // erasures schema is neither in the dump nor emptied: the log outlives the restore.
  await session.script(`${emptyPublicSchema};\n${portableDump(dump)}`);
  // pg_dump's script empties the search path for its session.
  await session.script('reset search_path');
  const applied = await migrate(session.db);
  // The log, where the target never had it (a new database, whose backup says it was made).
  await session.script(await fs.readFile(path.join(defaultMigrationsDir(), erasureLogMigration), 'utf8'));
  const secret = await secretIn(session, options.secret);
  if (secret) await deleteOutboxLetters(dataDir, await forgetAgain(session.db, secret));
  await purgeExpired(session.db, new Date(), dataDir);
  return applied;
}

/**
 * The role the restore runs as when DATABASE_URL names a superuser: the owner of the site's tables (or,
 * in an empty database, of the database), unless that is a superuser too (then the site itself has every
 * right already). A file runs with the rights the site has, and no more: no programs on the host.
 */
async function siteRole(client: pg.Client): Promise<string | undefined> {
  const [row] = (
    await client.query<{ superuser: boolean; owner: string | null; ownerSuper: boolean | null }>(
      `select (select rolsuper from pg_roles where rolname = current_user) as superuser,
              owner.rolname as owner, owner.rolsuper as "ownerSuper"
         from (select coalesce((select tableowner from pg_tables
                                 where schemaname = 'public' and tablename = 'schema_migrations'),
                               (select pg_get_userbyid(datdba) from pg_database where datname = current_database()))
                      as name) as site
         left join pg_roles owner on owner.rolname = site.name`,
    )
  ).rows;
  return row?.superuser && row.owner && !row.ownerSuper ? row.owner : undefined;
}

async function restorePostgres(url: string, text: string, options: Options, dataDir: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const role = await siteRole(client).catch(async (error) => {
    await client.end();
    throw error;
  });
  if (role) await client.query(`set role ${client.escapeIdentifier(role)}`);
  const session: Session = {
    rows: async (sql) => (await client.query(sql)).rows,
    script: async (sql) => void (await client.query(sql)),
    db: drizzle(client),
  };
  return load(session, text, options, 'The PostgreSQL database of DATABASE_URL', dataDir).finally(() =>
    client.end(),
  );
}

async function restorePglite(dataDir: string, text: string, options: Options) {
  const release = await lockDataDir(dataDir);
  try {
    const client = new PGlite(pgliteDirectory(dataDir));
    const session: Session = {
      rows: async (sql) => (await client.query(sql)).rows as never[],
      script: async (sql) => void (await client.exec(sql)),
      db: drizzlePglite({ client }),
    };
    return await load(session, text, options, `The PGlite database in ${dataDir}`, dataDir).finally(
      async () => {
        await client.close();
        await closeFilesToOthers(pgliteDirectory(dataDir));
      },
    );
  } finally {
    release();
  }
}

type Options = RestoreOptions & { secret: string | undefined };

/** Restores the backup file's `text` into the configured database and migrates it forward. */
export async function restoreDump(
  config: DatabaseConfig & Pick<Config, 'hashSecret'>,
  text: string,
  options: RestoreOptions,
): Promise<string[]> {
  const all = { ...options, secret: config.hashSecret };
  if (config.databaseUrl) return restorePostgres(config.databaseUrl, text, all, config.dataDir);
  return restorePglite(config.dataDir, text, all);
}
