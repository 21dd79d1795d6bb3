// No visitor's words in the log or in stored errors: with the database gone in the middle of requests,
// and with a mail server that refuses an address for now, what is written says the error's kind and code only.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { loadConfig } from '../../functions/config.ts';
import { mailQueue, subscribers } from '../../functions/db/schema.ts';
import { drainQueue } from '../../functions/mail/queue.ts';
import { confirmToken, unsubscribeToken } from '../../functions/mail/tokens.ts';
import { createMailTransport } from '../../functions/mail/transport.ts';
import { adminOn } from '../support/adminInProcess.ts';
import { uniqueEmail } from '../support/http.ts';
import { createTestApp, type TestApp } from '../support/inProcessApp.ts';
import { startSmtpServer, type TestSmtp } from '../support/smtpServer.ts';
import { describeDb, freshDatabaseEnv } from '../support/testDb.ts';

const secret = 'quiet-logs-test-secret-0123456789abcdef';
const site = 'https://advice.example';

describeDb('logs and stored errors', () => {
  let smtp: TestSmtp;
  let t: TestApp;
  let env: Record<string, string>;

  beforeAll(async () => {
    // A temporary refusal (450): the letter stays queued with its error (a 5xx would end the subscription).
    smtp = await startSmtpServer({ refuse: (address) => (address.startsWith('refused-') ? 450 : false) });
    env = { ...(await freshDatabaseEnv()), HASH_SECRET: secret, SMTP_URL: smtp.url, SITE_URL: site };
    t = await createTestApp(env);
  });
  afterAll(async () => {
    await t?.database.close().catch(() => {});
    await smtp?.close();
  });

  it('keeps a refused address out of last_error and the queue report', async () => {
    const email = uniqueEmail('refused');
    expect((await t.post('/api/subscribe', { email }, '198.51.100.20')).status).toBe(201);
    const transport = createMailTransport(loadConfig(env));
    try {
      const drained = await drainQueue(t.database.db, {
        transport,
        context: { secret, siteUrl: site },
        confirmPerHour: 0,
      });
      expect(drained.retrying).toBe(1);
    } finally {
      transport.close();
    }
    const [row] = await t.database.db
      .select({ lastError: mailQueue.lastError })
      .from(mailQueue)
      .innerJoin(subscribers, eq(subscribers.id, mailQueue.subscriberId))
      .where(eq(subscribers.email, email));
    // The kind and the server's code say what happened; the address is not there.
    expect(row?.lastError).toMatch(/SMTP 450/);
    expect(row?.lastError).not.toContain(email.split('@')[0]);
    const report = await adminOn(t, ['queue']);
    expect(report.stdout).toContain('SMTP 450');
    expect(report.stdout).not.toContain(email.split('@')[0]);
  });

  it('logs the kind and code of a database failure, never an address, name, comment or token', async () => {
    const printed: string[] = [];
    const capture = (...args: unknown[]) => {
      printed.push(
        args
          .map((arg) => (arg instanceof Error ? `${arg.stack} ${String(arg.cause)}` : String(arg)))
          .join(' '),
      );
    };
    const spies = (['error', 'warn', 'log', 'info'] as const).map((level) =>
      vi.spyOn(console, level).mockImplementation(capture),
    );
    try {
      const email = uniqueEmail('outage');
      const name = 'Yordanka Outage-Name';
      const comment = 'A comment about my outage-secret garden';
      const ids = { confirmed: '6f1d3c2a-9a43-4e7b-8f43-0c5b3e2a1d10' };
      const token = confirmToken(secret, ids.confirmed, new Date());
      const unsubscribe = unsubscribeToken(secret, ids.confirmed);
      // Working first, then the database goes away between requests.
      expect((await t.post('/api/subscribe', { email: uniqueEmail('before') }, '198.51.100.21')).status).toBe(
        201,
      );
      await t.database.close();

      const answers = await Promise.all([
        t.post('/api/subscribe', { email }, '198.51.100.22'),
        t.post('/api/articles/3/comments', { name, comment, email, language: 'en' }, '198.51.100.23'),
        t.post('/api/articles/3/rating', { rating: 4, email }, '198.51.100.24'),
        t.post('/api/subscribe/confirm', { token }, '198.51.100.25'),
        t.app.request(
          `/api/unsubscribe?token=${unsubscribe}`,
          { method: 'POST' },
          { clientAddress: '198.51.100.26' },
        ),
        t.get('/api/health'),
      ]);
      expect(answers.map((answer) => answer.status)).toEqual([500, 500, 500, 500, 500, 503]);

      const log = printed.join('\n');
      // Something was said about each failure...
      expect(log).toMatch(/POST \/api\/subscribe failed: \S+/);
      expect(log).toMatch(/Health check failed: \S+/);
      // ...and none of what the visitors sent.
      for (const secretWord of [
        email,
        email.split('@')[0],
        'Yordanka',
        'outage-secret',
        token,
        unsubscribe,
        ids.confirmed,
      ]) {
        expect(log, secretWord).not.toContain(secretWord);
      }
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });
});
