// Letters written to the outbox (no mail server) hold the address and live links: they go when the
// address goes, by the unsubscribe link, the operator's delete or the purge, and nobody else on the
// machine can read them (DATA_DIR and the outbox 0700, letters 0600).
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../../functions/config.ts';
import { mailQueue, subscribers } from '../../functions/db/schema.ts';
import { outboxDir } from '../../functions/mail/outbox.ts';
import { drainQueue } from '../../functions/mail/queue.ts';
import { unsubscribeToken } from '../../functions/mail/tokens.ts';
import { createMailTransport, type MailTransport } from '../../functions/mail/transport.ts';
import { makePrivateDir } from '../../functions/privateFiles.ts';
import { purgeExpired } from '../../functions/retention.ts';
import { adminOn } from '../support/adminInProcess.ts';
import { uniqueEmail } from '../support/http.ts';
import { createTestApp, type TestApp } from '../support/inProcessApp.ts';
import { tempDir } from '../support/tempDirs.ts';
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

describeDb('private files', () => {
  it('creates a new DATA_DIR and its outbox 0700 and writes letters 0600', async () => {
    // A DATA_DIR that does not exist yet (on PGlite the database creates it, on PostgreSQL the outbox).
    const dataDir = path.join(tempDir('private'), 'data');
    const env = { ...(await freshDatabaseEnv()), DATA_DIR: dataDir, HASH_SECRET: secret, SITE_URL: site };
    const t = await createTestApp(env);
    const transport = createMailTransport(loadConfig(env));
    try {
      expect((await t.post('/api/subscribe', { email: uniqueEmail('private') })).status).toBe(201);
      await drainQueue(t.database.db, { transport, context: { secret, siteUrl: site }, confirmPerHour: 0 });
      const modeOf = (file: string) => (fs.statSync(file).mode & 0o777).toString(8);
      expect(modeOf(dataDir)).toBe('700');
      const outbox = outboxDir({ dataDir });
      expect(modeOf(outbox)).toBe('700');
      const letters = fs.readdirSync(outbox);
      expect(letters).toHaveLength(1);
      expect(letters.map((letter) => modeOf(path.join(outbox, letter)))).toEqual(['600']);
    } finally {
      transport.close();
      await t.database.close();
    }
  });

  it('closes an existing outbox that others could read (an earlier version made it 0755)', () => {
    const dir = path.join(tempDir('private'), 'outbox');
    fs.mkdirSync(dir, { mode: 0o755 });
    fs.chmodSync(dir, 0o755);
    makePrivateDir(dir);
    expect((fs.statSync(dir).mode & 0o777).toString(8)).toBe('700');
  });

  it('does not send a claimed letter whose subscriber went before its turn in the batch', async () => {
    const env = { ...(await freshDatabaseEnv()), HASH_SECRET: secret, SITE_URL: site };
    const t = await createTestApp(env);
    const emails = [uniqueEmail('first'), uniqueEmail('second')];
    const sent: string[] = [];
    // The first letter's send deletes the other address, as an unsubscribe during the batch would.
    const transport: MailTransport = {
      description: 'test',
      close() {},
      async send(letter) {
        sent.push(letter.to);
        const other = emails.find((email) => email !== letter.to) ?? '';
        await t.database.db.delete(subscribers).where(eq(subscribers.email, other));
        return {};
      },
    };
    try {
      for (const [i, email] of emails.entries()) {
        expect((await t.post('/api/subscribe', { email }, `203.0.113.${200 + i}`)).status).toBe(201);
      }
      const result = await drainQueue(t.database.db, {
        transport,
        context: { secret, siteUrl: site },
        confirmPerHour: 0,
      });
      expect(sent).toHaveLength(1);
      expect(result).toMatchObject({ sent: 1, retrying: 0, failed: 0 });
      expect(await t.database.db.select().from(mailQueue)).toEqual([]);
    } finally {
      await t.database.close();
    }
  });
});
