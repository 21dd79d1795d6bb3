// Two hundred simultaneous subscriptions of one hundred addresses store exactly one hundred rows.

import { randomUUID } from 'node:crypto';
import { like } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { appliedMigrations, migrate } from '../../functions/db/migrate.ts';
import { subscribers } from '../../functions/db/schema.ts';
import { createTestApp } from '../support/inProcessApp.ts';
import { describeDb, freshDatabaseEnv, onPostgres, openDatabaseFor } from '../support/testDb.ts';

describeDb('concurrency', () => {
  let env: Record<string, string>;

  beforeAll(async () => {
    env = { ...(await freshDatabaseEnv()), SUBSCRIBE_LIMIT_PER_HOUR: '0' };
  });

  it('stores each of 100 addresses once when 200 mixed-case requests arrive at the same time', async () => {
    const domain = `race-${randomUUID().slice(0, 8)}.example.com`;
    const addresses = Array.from({ length: 100 }, (_, i) => `person${i}@${domain}`);
    // Each address twice, in different case, all in flight together.
    const bodies = addresses.flatMap((email, i) => [
      email.toUpperCase(),
      i % 2 ? email : ` ${email.replace('person', 'PeRsOn')} `,
    ]);

    // In process: the race is in the database (its pool against one unique constraint), not in HTTP.
    const t = await createTestApp(env);
    try {
      const statuses = await Promise.all(
        bodies.map(async (email) => {
          const res = await t.post('/api/subscribe', { email });
          await res.arrayBuffer();
          return res.status;
        }),
      );
      expect(statuses.filter((s) => s === 201)).toHaveLength(100);
      expect(statuses.filter((s) => s === 200)).toHaveLength(100);
      const rows = await t.database.db
        .select()
        .from(subscribers)
        .where(like(subscribers.email, `%@${domain}`));
      expect(rows.map((r) => r.email).sort()).toEqual([...addresses].sort());
    } finally {
      await t.database.close();
    }
  });

  it.runIf(onPostgres)(
    'applies migrations once when several instances start at the same moment',
    async () => {
      const fresh = await freshDatabaseEnv();
      const databases = await Promise.all(Array.from({ length: 5 }, () => openDatabaseFor(fresh)));
      try {
        const [first] = databases;
        if (!first) throw new Error('no database opened');
        const applied = await appliedMigrations(first.db);
        expect(applied.length).toBeGreaterThan(0);
        for (const database of databases) expect(await appliedMigrations(database.db)).toEqual(applied);
        // Running them again changes nothing.
        expect(await migrate(first.db)).toEqual([]);
      } finally {
        await Promise.all(databases.map((d) => d.close()));
      }
    },
  );
});
