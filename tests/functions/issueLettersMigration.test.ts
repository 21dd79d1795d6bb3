// The upgrade that moved newsletter issues into the mail queue: a send log written by the old schema
// becomes the queue's issue letters, and a `newsletter send` after it gives nobody an issue twice.
import path from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../../functions/config.ts';
import { openDatabase } from '../../functions/db/client.ts';
import { mailQueue, subscribers } from '../../functions/db/schema.ts';
import { sendIssue } from '../../functions/mail/issueLetters.ts';
import { drainQueue } from '../../functions/mail/queue.ts';
import { createMailTransport } from '../../functions/mail/transport.ts';
import { migrationsBefore } from '../support/migrationsBefore.ts';
import { repoRoot } from '../support/processes.ts';
import { startSmtpServer, type TestSmtp } from '../support/smtpServer.ts';
import { tempDir } from '../support/tempDirs.ts';
import { describeDb, freshDatabaseEnv, onPostgres } from '../support/testDb.ts';

const slug = 'three-questions-for-a-worry';
const secret = 'issue-letters-migration-secret-0123456789';

describeDb('the migration of the send log into the mail queue', () => {
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    await smtp?.close();
  });

  it('keeps who had an issue, resumes who was cut off, retries who failed, and sends nobody one twice', async () => {
    const env = onPostgres ? await freshDatabaseEnv() : { DATA_DIR: tempDir('pglite') };
    const config = loadConfig({ ...env, HASH_SECRET: secret });
    const old = await openDatabase(config, migrationsBefore('issue-letters'));
    const readers = ['had@example.com', 'cut@example.com', 'failed@example.com', 'new@example.com'];
    try {
      const rows = await old.db
        .insert(subscribers)
        .values(readers.map((email) => ({ email, status: 'confirmed' as const })))
        .returning({ id: subscribers.id, email: subscribers.email });
      const id = (email: string) => rows.find((row) => row.email === email)?.id;
      // The send log as the old `newsletter send` wrote it: sent, cut off while sending, given up.
      await old.db.execute(sql`insert into newsletter_sends (issue, subscriber_id, status, attempts, last_error)
        values (${slug}, ${id('had@example.com')}, 'sent', 1, null),
               (${slug}, ${id('cut@example.com')}, 'sending', 1, null),
               (${slug}, ${id('failed@example.com')}, 'failed', 3, 'EENVELOPE 450'),
               ('an-older-issue', ${id('had@example.com')}, 'sent', 1, null)`);
    } finally {
      await old.close();
    }

    const database = await openDatabase(config);
    const transport = createMailTransport({ ...config, mail: { ...config.mail, smtpUrl: smtp.url } });
    try {
      const { db } = database;
      const letters = await db
        .select({ email: subscribers.email, issue: mailQueue.issue, status: mailQueue.status })
        .from(mailQueue)
        .innerJoin(subscribers, eq(subscribers.id, mailQueue.subscriberId))
        .orderBy(asc(mailQueue.issue), asc(subscribers.email));
      expect(letters).toEqual([
        { email: 'had@example.com', issue: 'an-older-issue', status: 'sent' },
        { email: 'cut@example.com', issue: slug, status: 'waiting' },
        { email: 'failed@example.com', issue: slug, status: 'failed' },
        { email: 'had@example.com', issue: slug, status: 'sent' },
      ]);
      expect(await db.$count(mailQueue, eq(mailQueue.kind, 'issue'))).toBe(4);

      // The issue sent again after the upgrade: everyone but the reader who had it, once each.
      const drain = () =>
        drainQueue(db, {
          transport,
          context: { secret, siteUrl: 'https://advice.example' },
          confirmPerHour: 0,
          contentDir: path.join(repoRoot, 'content'),
          kinds: ['issue'],
        });
      const summary = await sendIssue(db, { slug, drain });
      expect(summary).toMatchObject({
        total: 3,
        sent: 3,
        alreadySent: 1,
        resumed: 1,
        failed: [],
        retrying: 0,
      });
      expect((await sendIssue(db, { slug, drain })).total).toBe(0);
      const to = smtp.received.flatMap((letter) => letter.to).sort();
      expect(to).toEqual(['cut@example.com', 'failed@example.com', 'new@example.com']);
    } finally {
      transport.close();
      await database.close();
    }
  });
});
