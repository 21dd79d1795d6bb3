// Letters written to the outbox (no mail server) hold the address and live links: they go when the
// address goes, by the unsubscribe link, the operator's delete or the purge.
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../../functions/config.ts';
import { subscribers } from '../../functions/db/schema.ts';
import { outboxDir } from '../../functions/mail/outbox.ts';
import { drainQueue } from '../../functions/mail/queue.ts';
import { unsubscribeToken } from '../../functions/mail/tokens.ts';
import { createMailTransport } from '../../functions/mail/transport.ts';
import { purgeExpired } from '../../functions/retention.ts';
import { adminOn } from '../support/adminInProcess.ts';
import { uniqueEmail } from '../support/http.ts';
import { createTestApp, type TestApp } from '../support/inProcessApp.ts';
import { describeDb, freshDatabaseEnv } from '../support/testDb.ts';

const secret = 'outbox-test-secret-0123456789abcdefghij';
const site = 'https://advice.example';

describeDb('the outbox', () => {
  let t: TestApp;
  let env: Record<string, string>;
  let clientNumber = 0;

  beforeAll(async () => {
    env = { ...(await freshDatabaseEnv()), HASH_SECRET: secret, SITE_URL: site };
    t = await createTestApp(env);
  });
  afterAll(async () => {
    await t?.database.close();
  });

  /** Subscribes each address and writes its confirmation letter to the outbox. */
  async function lettersFor(emails: string[]) {
    for (const email of emails) {
      expect((await t.post('/api/subscribe', { email }, `203.0.113.${++clientNumber}`)).status).toBe(201);
    }
    const transport = createMailTransport(loadConfig(env));
    try {
      await drainQueue(t.database.db, { transport, context: { secret, siteUrl: site }, confirmPerHour: 0 });
    } finally {
      transport.close();
    }
  }

  /** How many outbox files hold `email`. */
  const filesHolding = (email: string) => {
    const dir = outboxDir(t.services.config);
    return fs.readdirSync(dir).filter((file) => fs.readFileSync(path.join(dir, file), 'utf8').includes(email))
      .length;
  };

  const idOf = async (email: string) =>
    (
      await t.database.db.select({ id: subscribers.id }).from(subscribers).where(eq(subscribers.email, email))
    )[0]?.id ?? '';

  it('deletes the letters of an address that unsubscribes, is deleted by the operator, or is purged', async () => {
    const [leaving, deleted, purged, staying] = ['leaving', 'deleted', 'purged', 'staying'].map((p) =>
      uniqueEmail(`outbox-${p}`),
    ) as [string, string, string, string];
    await lettersFor([leaving, deleted, purged, staying]);
    for (const email of [leaving, deleted, purged, staying]) expect(filesHolding(email), email).toBe(1);

    const token = unsubscribeToken(secret, await idOf(leaving));
    const res = await t.app.request(
      `/api/unsubscribe?token=${token}`,
      { method: 'POST' },
      { clientAddress: '192.0.2.9' },
    );
    expect(res.status).toBe(200);
    expect(filesHolding(leaving)).toBe(0);

    expect((await adminOn(t, ['delete', deleted])).code).toBe(0);
    expect(filesHolding(deleted)).toBe(0);

    // Only `purged` is old enough: its row is backdated past the 48 hours of a pending address.
    await t.database.db
      .update(subscribers)
      .set({ createdAt: new Date(Date.now() - 49 * 3_600_000) })
      .where(eq(subscribers.email, purged));
    await purgeExpired(t.database.db, new Date(), t.services.config.dataDir);
    expect(filesHolding(purged)).toBe(0);

    expect(filesHolding(staying)).toBe(1);
  });
});
