import { safeError } from '../safeError.ts';
import { dumpPostgres } from './dump.ts';
import type { Database } from './types.ts';

/**
 * How long to wait for a connection: libpq's `connect_timeout` (seconds) in the URL, else 5 s, so a
 * request fails instead of hanging when the server is unreachable.
 */
export function connectTimeoutMs(url: string): number {
  const seconds = Number(URL.parse(url)?.searchParams.get('connect_timeout') ?? 5);
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 5000;
}

/** A connection pool to a PostgreSQL server; connects lazily, so this never throws. */
export async function openPostgres(url: string, poolMax: number): Promise<Database> {
  // The driver is loaded by the first caller, not with this module: a process that never opens
  // PostgreSQL (PGlite; a serverless cold start answering without the database) does without it, also
  // in a platform's bundle, which keeps packages apart and hoists their static imports.
  const [{ default: pg }, { drizzle }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
  ]);
  const pool = new pg.Pool({
    connectionString: url,
    max: poolMax,
    connectionTimeoutMillis: connectTimeoutMs(url),
    idleTimeoutMillis: 30_000,
  });
  // An idle client losing its connection (server restart) must not crash the process.
  pool.on('error', (error) => console.error(`PostgreSQL pool error: ${safeError(error)}`));
  return {
    kind: 'postgres',
    db: drizzle({ client: pool }),
    dump: () => dumpPostgres(url),
    close: () => pool.end(),
  };
}
