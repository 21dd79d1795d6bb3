// Netlify Scheduled Function: the hourly purge that `npm run serve` runs itself (see retention.ts).
import { loadConfig } from '../config.ts';
import { openPostgres } from '../db/postgres.ts';
import { describePurge, purgeExpired } from '../retention.ts';

export default async (): Promise<Response> => {
  const { databaseUrl } = loadConfig({ PG_POOL_MAX: '1', ...process.env });
  if (!databaseUrl) {
    console.error('Purge skipped: DATABASE_URL is not set.');
    return new Response(null, { status: 500 });
  }
  const database = openPostgres(databaseUrl, 1);
  try {
    console.log(describePurge(await purgeExpired(database.db)));
    return new Response(null, { status: 204 });
  } finally {
    await database.close();
  }
};

export const config = { schedule: '@hourly' };
