// Backups are plain SQL as pg_dump writes it with --inserts: psql reads them, and so does PGlite's
// exec(). PGlite is dumped by PGlite's own pg_dump (WebAssembly) from a copy of its data folder;
// PostgreSQL by PostgreSQL's pg_dump (Debian's postgresql-client), whose version must be the server's
// or newer. Both dump in one snapshot (a transaction of its own), so a site taking writes meanwhile
// gets a consistent backup and waits for nothing.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { FromDumpWorker } from './pgDumpWorker.ts';

/** Plain SQL of the PGlite data folder in `tarball` (PGlite's dumpDataDir), made in a thread of its own. */
export function dumpPgliteCopy(tarball: ArrayBuffer): Promise<string> {
  const worker = new Worker(new URL('./pgDumpWorker.ts', import.meta.url), { workerData: tarball });
  return new Promise<string>((resolve, reject) => {
    worker.once('message', (message: FromDumpWorker) => {
      if ('sql' in message) resolve(portableDump(message.sql));
      else reject(new Error(`pg_dump failed: ${message.failed}`));
    });
    worker.once('error', reject);
    worker.once('exit', () => reject(new Error('pg_dump stopped before it finished')));
  }).finally(() => void worker.terminate());
}

/** PostgreSQL's pg_dump: on PATH, else the newest of Debian's /usr/lib/postgresql/<version>/bin. */
export function findPgDump(): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir && fs.existsSync(path.join(dir, 'pg_dump'))) return path.join(dir, 'pg_dump');
  }
  const base = '/usr/lib/postgresql';
  const versions = fs.existsSync(base) ? fs.readdirSync(base).sort((a, b) => Number(b) - Number(a)) : [];
  const found = versions.map((v) => path.join(base, v, 'bin', 'pg_dump')).find((file) => fs.existsSync(file));
  return found;
}

/**
 * libpq's variables for a postgres:// URL, so the password never shows in the process list as an
 * argument would.
 */
export function libpqEnv(url: string): Record<string, string> {
  const parsed = new URL(url);
  const env: Record<string, string> = {};
  const set = (name: string, value: string | null | undefined) => {
    if (value) env[name] = value;
  };
  set(
    'PGHOST',
    parsed.searchParams.get('host') ?? decodeURIComponent(parsed.hostname.replace(/^\[|\]$/g, '')),
  );
  set('PGPORT', parsed.searchParams.get('port') ?? parsed.port);
  set('PGUSER', parsed.searchParams.get('user') ?? decodeURIComponent(parsed.username));
  set('PGPASSWORD', parsed.searchParams.get('password') ?? decodeURIComponent(parsed.password));
  set('PGDATABASE', decodeURIComponent(parsed.pathname.slice(1)));
  set('PGSSLMODE', parsed.searchParams.get('sslmode'));
  set('PGCONNECT_TIMEOUT', parsed.searchParams.get('connect_timeout'));
  return env;
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
  return new Promise((resolve, reject) => {
    execFile(
      pgDump,
      ['--inserts', '--no-owner', '--no-privileges', '--no-password'],
      { env: { ...process.env, ...libpqEnv(url) }, maxBuffer: 2 ** 31 - 1, encoding: 'utf8' },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`pg_dump failed: ${stderr.trim() || error.message}`));
        else resolve(portableDump(stdout));
      },
    );
  });
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

/**
 * Writes `text` to `file` as a file only its owner reads (0600): under a temporary name beside it,
 * renamed once complete, so a reader never sees half a backup.
 */
export async function writePrivateFile(file: string, text: string): Promise<void> {
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.partial`);
  const handle = await fs.promises.open(temporary, 'w', 0o600);
  try {
    await handle.writeFile(text);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await fs.promises.rename(temporary, file);
  } catch (error) {
    await fs.promises.rm(temporary, { force: true });
    throw error;
  }
}
