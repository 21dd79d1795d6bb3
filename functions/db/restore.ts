// `admin restore`: loads a backup (plain SQL from pg_dump, either database's) into the configured
// database, PGlite or PostgreSQL, then applies the migrations made since the backup. It runs with no
// server on the target: a PGlite folder is locked for it, and it is one transaction on either.
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { lockDataDir } from './dataDirLock.ts';
import { portableDump } from './dump.ts';
import { migrate } from './migrate.ts';
import { pgliteDirectory } from './pgliteDirectory.ts';
import type { DatabaseConfig } from './types.ts';

export class RestoreRefusedError extends Error {
  override name = 'RestoreRefusedError';
}

/** What restore needs of a connection: statements with rows, a script of many statements, migrating. */
interface Session {
  rows<T>(sql: string): Promise<T[]>;
  script(sql: string): Promise<void>;
  migrate(): Promise<string[]>;
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
 * Loads `dump` through `session` in one transaction, then migrates it forward: refused when rows are
 * there and `replace` is off.
 */
async function load(session: Session, dump: string, replace: boolean, where: string) {
  const full = await tablesWithRows(session);
  if (full.length > 0 && !replace) {
    throw new RestoreRefusedError(
      `${where} already holds rows (${full.join(', ')}). Restore into an empty database, or add --replace ` +
        'to empty it first (everything in it is then lost).',
    );
  }
  // A script of many statements runs as one transaction (the simple query protocol, which PGlite's
  // exec and node-postgres without parameters speak): emptied and loaded, or left as it was.
  await session.script(`${emptyPublicSchema};\n${portableDump(dump)}`);
  // pg_dump's script empties the search path for its session.
  await session.script('reset search_path');
  return session.migrate();
}

async function restorePostgres(url: string, dump: string, replace: boolean) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const session: Session = {
    rows: async (sql) => (await client.query(sql)).rows,
    script: async (sql) => void (await client.query(sql)),
    migrate: () => migrate(drizzle(client)),
  };
  return load(session, dump, replace, 'The PostgreSQL database of DATABASE_URL').finally(() => client.end());
}

async function restorePglite(dataDir: string, dump: string, replace: boolean) {
  const release = await lockDataDir(dataDir);
  try {
    const client = new PGlite(pgliteDirectory(dataDir));
    const session: Session = {
      rows: async (sql) => (await client.query(sql)).rows as never[],
      script: async (sql) => void (await client.exec(sql)),
      migrate: () => migrate(drizzlePglite({ client })),
    };
    return await load(session, dump, replace, `The PGlite database in ${dataDir}`).finally(() =>
      client.close(),
    );
  } finally {
    release();
  }
}

/** Restores `dump` into the configured database and migrates it forward. */
export async function restoreDump(config: DatabaseConfig, dump: string, replace: boolean): Promise<string[]> {
  if (config.databaseUrl) return restorePostgres(config.databaseUrl, dump, replace);
  return restorePglite(config.dataDir, dump, replace);
}
