import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Database } from './types.ts';

/** A connection pool to a PostgreSQL server; connects lazily, so this never throws. */
export function openPostgres(url: string, poolMax: number): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolMax,
    // Fail a request instead of hanging when the server is unreachable.
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client losing its connection (server restart) must not crash the process.
  pool.on('error', (error) => console.error('PostgreSQL pool error:', error.message));
  return {
    kind: 'postgres',
    db: drizzle({ client: pool }),
    close: () => pool.end(),
  };
}
