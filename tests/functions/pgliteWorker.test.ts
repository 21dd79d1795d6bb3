// PGlite runs in a worker thread: a long statement holds up other statements, but not the thread that
// opened it (the server's HTTP thread) nor the data directory lock's refresh, which stay on it.
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { loadConfig } from '../../functions/config.ts';
import { openDatabase } from '../../functions/db/client.ts';
import { describeDb, freshDatabaseEnv, onPglite } from '../support/testDb.ts';

const statementMs = 7000;

describeDb('a long statement in the embedded database', () => {
  it.runIf(onPglite)('stalls neither this thread nor the lock refresh', async () => {
    const env = await freshDatabaseEnv();
    const database = await openDatabase(loadConfig(env));
    try {
      const lockFile = path.join(env.DATA_DIR ?? '', 'pglite.lock');
      const refreshedBefore = fs.statSync(lockFile).mtimeMs;
      const started = performance.now();
      const long = database.db.execute(sql`select pg_sleep(${statementMs / 1000})`);
      // Timers of this thread all through the statement, each on time.
      let latest = 0;
      while (performance.now() - started < statementMs - 1000) {
        const asked = performance.now();
        await new Promise((resolve) => setTimeout(resolve, 100));
        latest = Math.max(latest, performance.now() - asked - 100);
      }
      const refreshedDuring = fs.statSync(lockFile).mtimeMs;
      await long;
      expect(performance.now() - started).toBeGreaterThan(statementMs - 500);
      // Held up by the statement, a timer would wait for all of it; half leaves room for a busy machine.
      expect(latest).toBeLessThan(statementMs / 2);
      // The refresh (every 5 s) ran while the statement held the database thread.
      expect(refreshedDuring).toBeGreaterThan(refreshedBefore);
    } finally {
      await database.close();
    }
  });
});
