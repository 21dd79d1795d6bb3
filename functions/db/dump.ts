// Backups are plain SQL as pg_dump writes it with --inserts: psql reads them, and so does PGlite's
// exec(). PGlite is dumped by PGlite's own pg_dump (WebAssembly) from a copy of its data folder
// (pglite.ts); PostgreSQL by PostgreSQL's pg_dump (Debian's postgresql-client), whose version must
// be the server's or newer. Both dump in one snapshot (a transaction of its own), so a site taking
// writes meanwhile gets a consistent backup and waits for nothing.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { dumpArgs } from './dumpArgs.ts';

/** PostgreSQL's pg_dump: on PATH, else the newest of Debian's /usr/lib/postgresql/<version>/bin. */
export function findPgDump(): string | undefined {
  const base = '/usr/lib/postgresql';
  const versions = fs.existsSync(base) ? fs.readdirSync(base).sort((a, b) => Number(b) - Number(a)) : [];
  const onPath = (process.env.PATH ?? '').split(path.delimiter).filter(Boolean);
  const dirs = [...onPath, ...versions.map((v) => path.join(base, v, 'bin'))];
  return dirs.map((dir) => path.join(dir, 'pg_dump')).find((file) => fs.existsSync(file));
}

/**
 * libpq's variables for a postgres:// URL, so the password never shows in the process list as an
 * argument would.
 */
export function libpqEnv(url: string): Record<string, string> {
  const { hostname, port, username, password, pathname, searchParams: query } = new URL(url);
  const env = {
    PGHOST: query.get('host') ?? decodeURIComponent(hostname.replace(/^\[|\]$/g, '')),
    PGPORT: query.get('port') ?? port,
    PGUSER: query.get('user') ?? decodeURIComponent(username),
    PGPASSWORD: query.get('password') ?? decodeURIComponent(password),
    PGDATABASE: decodeURIComponent(pathname.slice(1)),
    PGSSLMODE: query.get('sslmode'),
    PGCONNECT_TIMEOUT: query.get('connect_timeout'),
  };
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => !!entry[1]));
}

/** Plain SQL of the PostgreSQL database at `url`, by pg_dump. */
export async function dumpPostgres(url: string): Promise<string> {
  const pgDump = findPgDump();
  if (!pgDump) {
    throw new Error(
      "PostgreSQL's pg_dump was not found (PATH, /usr/lib/postgresql/*/bin): install the client of the " +
        "server's version or newer, e.g. `apt-get install postgresql-client`.",
    );
  }
  const args = ['--inserts', ...dumpArgs, '--no-password'];
  const env = { ...process.env, ...libpqEnv(url) };
  const { stdout } = await promisify(execFile)(pgDump, args, { env, maxBuffer: 2 ** 31 - 1 }).catch(
    (error: Error & { stderr?: string }) => {
      throw new Error(`pg_dump failed: ${error.stderr?.trim() || error.message}`);
    },
  );
  return portableDump(stdout);
}

/**
 * The dump as any PostgreSQL from 15 on and PGlite run it: without psql's \restrict lines (which only
 * psql reads) and without the settings a newer pg_dump names that an older server does not know.
 */
export function portableDump(sql: string): string {
  return sql
    .replace(/^\\(?:un)?restrict\b.*$/gm, '')
    .replace(/^SET transaction_timeout = 0;$/gm, '-- (transaction_timeout: PostgreSQL 17 and later)');
}
