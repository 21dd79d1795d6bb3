// PGlite runs in a worker thread of the server: a long statement holds up other statements, but not
// the HTTP thread (static pages, health) nor the data directory lock's refresh, which stay on it.
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { connectToRunningPglite } from '../../functions/db/pglite.ts';
import { makeContentDir, makeDistDir } from '../support/fixtures.ts';
import { startServe } from '../support/processes.ts';
import { describeDb, freshDatabaseEnv, onPglite } from '../support/testDb.ts';

const statementMs = 7000;

describeDb('a long statement in the embedded database', () => {
  it.runIf(onPglite)('stalls neither pages nor the lock refresh', async () => {
    const env: Record<string, string> = {
      ...(await freshDatabaseEnv()),
      CONTENT_DIR: makeContentDir(),
      DIST_DIR: makeDistDir(),
    };
    const server = await startServe(env);
    const database = await connectToRunningPglite(env.DATA_DIR ?? '');
    try {
      if (!database) throw new Error('the server offers no socket');
      const lockFile = path.join(env.DATA_DIR ?? '', 'pglite.lock');
      const refreshedBefore = fs.statSync(lockFile).mtimeMs;
      const started = performance.now();
      const long = database.db.execute(sql`select pg_sleep(${statementMs / 1000})`);
      const slowest = { ms: 0 };
      // Pages all through the statement, each answered quickly.
      while (performance.now() - started < statementMs - 1000) {
        const sent = performance.now();
        for (const url of [`${server.url}/`, `${server.url}/about`]) {
          const response = await fetch(url);
          await response.arrayBuffer();
          expect(response.status).toBe(200);
        }
        slowest.ms = Math.max(slowest.ms, performance.now() - sent);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const refreshedDuring = fs.statSync(lockFile).mtimeMs;
      await long;
      expect(performance.now() - started).toBeGreaterThan(statementMs - 500);
      // Held up by the statement, a page would wait for all of it; half of it leaves room for a busy machine.
      expect(slowest.ms).toBeLessThan(statementMs / 2);
      // The refresh (every 5 s) ran while the statement held the database thread.
      expect(refreshedDuring).toBeGreaterThan(refreshedBefore);
    } finally {
      await database?.close();
      await server.stop();
    }
  });
});
