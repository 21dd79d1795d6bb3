// A mailbox its server refuses for good (5xx at RCPT TO) gets no second letter: the subscriber is
// forgotten at once as an unsubscribe forgets (the erasure log keeps them gone through a restore) and
// counted; a temporary refusal (4xx) is retried as before.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { erasureLog, mailQueue, subscribers } from '../../functions/db/schema.ts';
import { mailboxHash } from '../../functions/erasure.ts';
import { drainQueue } from '../../functions/mail/queue.ts';
import { retryDelayMs } from '../../functions/mail/retries.ts';
import { adminOn } from '../support/adminInProcess.ts';
import { uniqueEmail } from '../support/http.ts';
import { type MailingApp, startMailingApp, stopMailingApp } from '../support/mailingApp.ts';
import { describeDb } from '../support/testDb.ts';

const secret = 'bounces-test-secret-0123456789abcdef-xyz';
const site = 'https://advice.example';
const hourMs = 3_600_000;

describeDb('bounces', () => {
  let mailing: MailingApp;

  beforeAll(async () => {
    mailing = await startMailingApp(
      { HASH_SECRET: secret, SITE_URL: site },
      { refuse: (to) => (to.startsWith('nosuch-') ? 550 : to.startsWith('later-') ? 450 : false) },
    );
  });
  afterAll(() => stopMailingApp(mailing));

  const drain = (now: Date) =>
    drainQueue(mailing.t.database.db, {
      transport: mailing.transport,
      context: { secret, siteUrl: site },
      confirmPerHour: 0,
      now,
    });
  const triesTo = (email: string) => mailing.smtp.refused.filter((to) => to === email).length;
  const subscriberCount = (email: string) =>
    mailing.t.database.db.$count(subscribers, eq(subscribers.email, email));

  it('tries a mailbox refused with a 5xx once, then forgets it as an unsubscribe does', async () => {
    const email = uniqueEmail('nosuch');
    expect((await mailing.t.post('/api/subscribe', { email }, '198.51.100.31')).status).toBe(201);
    const [{ mailbox } = { mailbox: '' }] = await mailing.t.database.db
      .select({ mailbox: subscribers.mailbox })
      .from(subscribers)
      .where(eq(subscribers.email, email));
    const start = new Date();
    expect(await drain(start)).toMatchObject({ sent: 0, retrying: 0, failed: 0, bounced: 1 });
    expect(await subscriberCount(email)).toBe(0);
    const logged = await mailing.t.database.db
      .select()
      .from(erasureLog)
      .where(eq(erasureLog.mailboxHash, mailboxHash(secret, mailbox)));
    expect(logged.map((entry) => entry.scope)).toEqual(['subscription']);
    // Hours of drains later, not one more try.
    for (const hours of [1, 2, 5]) await drain(new Date(start.getTime() + hours * hourMs));
    expect(triesTo(email)).toBe(1);
    expect((await adminOn(mailing.t, ['stats'])).stdout).toMatch(/Mailboxes bounced\s+1\n/);
  });

  it('retries a mailbox refused with a 4xx, and keeps the subscriber', async () => {
    const email = uniqueEmail('later');
    expect((await mailing.t.post('/api/subscribe', { email }, '198.51.100.32')).status).toBe(201);
    const start = new Date();
    expect(await drain(start)).toMatchObject({ retrying: 1, bounced: 0 });
    expect(await drain(new Date(start.getTime() + retryDelayMs(1) + 1000))).toMatchObject({ retrying: 1 });
    expect(triesTo(email)).toBe(2);
    expect(await subscriberCount(email)).toBe(1);
    const [row] = await mailing.t.database.db
      .select({ lastError: mailQueue.lastError })
      .from(mailQueue)
      .innerJoin(subscribers, eq(subscribers.id, mailQueue.subscriberId))
      .where(eq(subscribers.email, email));
    expect(row?.lastError).toMatch(/SMTP 450/);
  });
});
