// Subscriber e-mails are deleted 30 days after they were given; `npm run purge` does it from cron.
import { eq, inArray } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { rateLimits, subscribers } from '../../functions/db/schema.ts';
import { purgeExpired } from '../../functions/retention.ts';
import { uniqueEmail } from '../support/http.ts';
import { runScript } from '../support/processes.ts';
import { describeDb, freshDatabaseEnv, openDatabaseFor } from '../support/testDb.ts';

const day = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * day);

describeDb('retention purge', () => {
  it('deletes subscribers older than 30 days and stale rate-limit rows, keeps the rest', async () => {
    // Confirmed subscribers: pending ones have their own, shorter limit (newsletter tests).
    const database = await openDatabaseFor(await freshDatabaseEnv());
    try {
      const [old, edge, fresh] = [uniqueEmail('old'), uniqueEmail('edge'), uniqueEmail('fresh')];
      await database.db.insert(subscribers).values([
        { email: old, createdAt: daysAgo(31), status: 'confirmed' },
        { email: edge, createdAt: daysAgo(29.9), status: 'confirmed' },
        { email: fresh, createdAt: new Date(), status: 'confirmed' },
      ]);
      await database.db.insert(rateLimits).values([
        {
          clientKey: 'k-old',
          action: 'subscribe',
          windowStart: new Date(Date.now() - 3 * 3_600_000),
          hits: 3,
        },
        { clientKey: 'k-now', action: 'subscribe', windowStart: new Date(), hits: 1 },
      ]);

      expect(await purgeExpired(database.db)).toEqual({ subscribers: 1, rateLimits: 1 });

      const left = await database.db
        .select()
        .from(subscribers)
        .where(inArray(subscribers.email, [old, edge, fresh]));
      expect(left.map((r) => r.email).sort()).toEqual([edge, fresh].sort());
      expect((await database.db.select().from(rateLimits)).map((r) => r.clientKey)).toEqual(['k-now']);
      // Running again finds nothing more.
      expect(await purgeExpired(database.db)).toEqual({ subscribers: 0, rateLimits: 0 });
    } finally {
      await database.close();
    }
  });

  it('runs as `npm run purge` (functions/cli/purge.ts) and reports what it deleted', async () => {
    const env = await freshDatabaseEnv();
    const [old, fresh] = [uniqueEmail('cron-old'), uniqueEmail('cron-fresh')];
    const before = await openDatabaseFor(env);
    await before.db.insert(subscribers).values([
      { email: old, createdAt: daysAgo(45) },
      { email: fresh, createdAt: daysAgo(1) },
    ]);
    // PGlite: the data directory must be free for the purge process.
    await before.close();

    const run = await runScript('functions/cli/purge.ts', [], env);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('deleted 1 subscriber(s) older than 30 days');

    const after = await openDatabaseFor(env);
    try {
      expect(await after.db.select().from(subscribers).where(eq(subscribers.email, old))).toEqual([]);
      expect(await after.db.select().from(subscribers).where(eq(subscribers.email, fresh))).toHaveLength(1);
    } finally {
      await after.close();
    }
  });
});
