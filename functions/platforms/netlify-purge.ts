// Netlify Scheduled Function: the hourly purge that `npm run serve` runs itself (see retention.ts).
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { migrateOrClose } from '../db/migrate.ts';
import { openPostgres } from '../db/postgres.ts';
import { describePurge, purgeExpired } from '../retention.ts';

export default async (): Promise<Response> => {
  const { databaseUrl } = loadConfig({ PG_POOL_MAX: '1', ...process.env });
  if (!databaseUrl) {
    console.error('Purge skipped: DATABASE_URL is not set.');
    return new Response(null, { status: 500 });
  }
  // Migrated like the API (netlify.ts), so a purge that runs before the first request finds its tables.
  const database = await migrateOrClose(
    openPostgres(databaseUrl, 1),
    path.join(process.cwd(), 'functions', 'migrations'),
  );
  try {
    console.log(describePurge(await purgeExpired(database.db)));
    return new Response(null, { status: 204 });
  } finally {
    await database.close();
  }
};

export const config = { schedule: '@hourly' };
