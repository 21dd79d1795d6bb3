// Netlify Scheduled Function: the hourly purge that `npm run serve` runs itself (see retention.ts).
// It needs only the database: no secret and no mail server stand between it and deleting what expired.
import { loadConfig } from '../config.ts';
import { describePurge, purgeExpired } from '../retention.ts';
import { safeError } from '../safeError.ts';
import { openMigrated } from '../start.ts';

export default async (): Promise<Response> => {
  try {
    const { databaseUrl } = loadConfig({ PG_POOL_MAX: '1', ...process.env });
    // Migrated like the API, so a purge that runs before the first request finds its tables.
    const database = await openMigrated('Netlify', databaseUrl, 1);
    try {
      console.log(describePurge(await purgeExpired(database.db)));
      return new Response(null, { status: 204 });
    } finally {
      await database.close();
    }
  } catch (error) {
    // Never the error's message: a driver's quotes the query and its parameters.
    console.error(`Purge failed: ${safeError(error)}`);
    return new Response(null, { status: 500 });
  }
};

export const config = { schedule: '@hourly' };
