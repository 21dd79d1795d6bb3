// `npm run newsletter`: preview and send of a real issue (content/newsletter) through a real SMTP server,
// as a child process. Each confirmed subscriber gets the issue once, in their language; pending ones
// none; two sends at once, a kill -9 in the middle and a second run neither send twice nor skip anyone.
import path from 'node:path';
import { and, eq, gt, ne } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { erasureLog, mailQueue, settings, subscribers } from '../../functions/db/schema.ts';
import type { Database, Db } from '../../functions/db/types.ts';
import { sendIssue } from '../../functions/mail/issueLetters.ts';
import { drainQueue } from '../../functions/mail/queue.ts';
import { maxAttempts } from '../../functions/mail/retries.ts';
import { createMailTransport, type MailTransport } from '../../functions/mail/transport.ts';
import { adminOn } from '../support/adminInProcess.ts';
import { uniqueEmail } from '../support/http.ts';
import { createTestApp } from '../support/inProcessApp.ts';
import { repoRoot, runScript, spawnScript } from '../support/processes.ts';
import { startSmtpServer, type TestSmtp } from '../support/smtpServer.ts';
import { describeDb, freshDatabaseEnv, openDatabaseFor } from '../support/testDb.ts';

const slug = 'three-questions-for-a-worry';
const subjects = {
  en: 'Three questions for a worry on its third lap',
  bg: 'Три въпроса към тревога на трета обиколка',
};
const secret = 'newsletter-send-secret-0123456789abcdef';
const newsletter = (args: string[], env: Record<string, string>) =>
  runScript('functions/cli/newsletter.ts', args, env);

describeDb('npm run newsletter', () => {
  let smtp: TestSmtp;

  beforeAll(async () => {
    // bounce-: refused for now (450), retried; nosuch-: no such mailbox (550), refused for good.
    smtp = await startSmtpServer({
      refuse: (to) => (to.startsWith('bounce-') ? 450 : to.startsWith('nosuch-') ? 550 : false),
    });
  });
  afterAll(async () => {
    await smtp?.close();
  });

  /** A fresh database with confirmed and pending subscribers in both languages; closed for the CLI. */
  async function seed(counts: { en: number; bg: number; pending: number; bounce?: number; nosuch?: number }) {
    const env = {
      ...(await freshDatabaseEnv()),
      HASH_SECRET: secret,
      SMTP_URL: smtp.url,
      SITE_URL: 'https://advice.example',
    };
    const make = (prefix: string, n: number) => Array.from({ length: n }, () => uniqueEmail(prefix));
    const people = {
      en: make('send-en', counts.en),
      bg: make('send-bg', counts.bg),
      pending: make('send-pending', counts.pending),
      bounce: make('bounce', counts.bounce ?? 0),
      nosuch: make('nosuch', counts.nosuch ?? 0),
    };
    const database = await openDatabaseFor(env);
    try {
      await database.db.insert(subscribers).values([
        ...people.en.map((email) => ({ email, language: 'en' as const, status: 'confirmed' as const })),
        ...people.bg.map((email) => ({ email, language: 'bg' as const, status: 'confirmed' as const })),
        ...people.pending.map((email) => ({ email, language: 'bg' as const })),
        ...[...people.bounce, ...people.nosuch].map((email) => ({
          email,
          language: 'en' as const,
          status: 'confirmed' as const,
        })),
      ]);
    } finally {
      await database.close();
    }
    return { env, people };
  }

  const lettersTo = (emails: string[]) =>
    smtp.received.filter((letter) => letter.to.some((to) => emails.includes(to)));

  const testTransport = () =>
    createMailTransport({
      dataDir: '',
      mail: { smtpUrl: smtp.url, from: 'Test <t@example.com>', confirmPerHour: 0, perSecond: 50 },
    });

  /** The mail queue's drain of issue letters, as `newsletter send` runs it, at `now` (the clock by default). */
  const issueDrain = (db: Db, transport: MailTransport, now?: () => Date) => () =>
    drainQueue(db, {
      transport,
      context: { secret, siteUrl: 'https://advice.example' },
      confirmPerHour: 0,
      contentDir: path.join(repoRoot, 'content'),
      kinds: ['issue'],
      batch: 1,
      now: now?.(),
    });

  /** `newsletter send` in this process (sendIssue) on the command line's database and SMTP server. */
  async function sendHere(env: Record<string, string>) {
    const database: Database = await openDatabaseFor(env);
    const transport = testTransport();
    try {
      return await sendIssue(database.db, { slug, drain: issueDrain(database.db, transport) });
    } finally {
      transport.close();
      await database.close();
    }
  }

  it('two sends of an issue at once give every reader one letter, and a third finds nobody left', async () => {
    const { env, people } = await seed({ en: 3, bg: 3, pending: 1 });
    const confirmed = [...people.en, ...people.bg];
    const database: Database = await openDatabaseFor(env);
    // Each run drains with a transport of its own, whose letters wait for the other run to have started.
    let started = 0;
    const bothStarted = Promise.withResolvers<void>();
    const meeting = (inner: MailTransport): MailTransport => ({
      ...inner,
      send: async (letter) => {
        await bothStarted.promise;
        return inner.send(letter);
      },
    });
    const transports = [testTransport(), testTransport()];
    try {
      const runs = transports.map((transport) => {
        started++;
        if (started === 2) bothStarted.resolve();
        return sendIssue(database.db, { slug, drain: issueDrain(database.db, meeting(transport)) });
      });
      const summaries = await Promise.all(runs);
      for (const summary of summaries) expect(summary.failed).toEqual([]);
      const letters = lettersTo(confirmed);
      expect(letters).toHaveLength(confirmed.length);
      expect(new Set(letters.flatMap((letter) => letter.to))).toEqual(new Set(confirmed));
      const sent = and(eq(mailQueue.issue, slug), eq(mailQueue.status, 'sent'));
      expect(await database.db.$count(mailQueue, sent)).toBe(confirmed.length);
      const third = await sendIssue(database.db, {
        slug,
        drain: issueDrain(database.db, transports[0] as MailTransport),
      });
      expect(third).toMatchObject({ total: 0, sent: 0, alreadySent: confirmed.length });
      expect(lettersTo(confirmed)).toHaveLength(confirmed.length);
    } finally {
      for (const transport of transports) transport.close();
      await database.close();
    }
  });

  it('a dry run counts the letters per language and sends nothing', async () => {
    const { env, people } = await seed({ en: 2, bg: 1, pending: 1 });
    const run = await newsletter(['send', slug, '--dry-run'], env);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Dry run: 3 letter(s) would go (en 2, bg 1); nothing was sent.');
    expect(lettersTo([...people.en, ...people.bg])).toEqual([]);
  });

  it('sends each confirmed subscriber one letter in their language; after a kill -9 and a rerun, nobody twice, nobody missed', async () => {
    const { env, people } = await seed({ en: 4, bg: 4, pending: 2 });
    const confirmed = [...people.en, ...people.bg];
    const child = spawnScript('functions/cli/newsletter.ts', ['send', slug], {
      ...env,
      NEWSLETTER_PER_SECOND: '4',
    });
    let stdout = '';
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.on('exit', (_code, signal) => resolve(signal)),
    );
    await new Promise<void>((resolve, reject) => {
      child.stdout?.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        // Killed mid-run: three letters logged as sent, five to go.
        if (/^3\/8$/m.test(stdout)) resolve();
      });
      void exited.then(() => reject(new Error(`newsletter exited early:\n${stdout}`)));
    });
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    const beforeRerun = lettersTo(confirmed).length;
    expect(beforeRerun).toBeGreaterThanOrEqual(3);
    expect(beforeRerun).toBeLessThan(8);

    // A letter the killed run had claimed (its lease runs two minutes) is the queue's to send once the
    // lease ends, not the rerun's: no run can tell a dead drainer from a slow one.
    const held = await openDatabaseFor(env);
    const leased = await held.db.$count(
      mailQueue,
      and(
        eq(mailQueue.issue, slug),
        eq(mailQueue.status, 'waiting'),
        gt(mailQueue.nextAttemptAt, new Date()),
      ),
    );
    await held.close();
    expect(leased).toBeLessThanOrEqual(1);

    const rerun = await newsletter(['send', slug], { ...env, NEWSLETTER_PER_SECOND: '50' });
    expect(rerun.stderr).toBe('');
    expect(rerun.code).toBe(leased === 0 ? 0 : 1);
    expect(rerun.stdout).toContain(`Sent ${8 - beforeRerun - leased} of ${8 - beforeRerun} letter(s)`);
    expect(rerun.stdout).toContain(`${beforeRerun} subscriber(s) had this issue already and were skipped.`);
    if (leased > 0) {
      const later = await openDatabaseFor(env);
      const transport = testTransport();
      try {
        // The mail queue's drain once the lease has run out.
        await issueDrain(later.db, transport, () => new Date(Date.now() + 3 * 60_000))();
      } finally {
        transport.close();
        await later.close();
      }
    }

    const letters = lettersTo(confirmed);
    expect(letters).toHaveLength(8);
    expect(new Set(letters.flatMap((letter) => letter.to))).toEqual(new Set(confirmed));
    for (const letter of letters) {
      const language = people.bg.includes(letter.to[0] ?? '') ? 'bg' : 'en';
      expect(letter.mail.subject).toBe(subjects[language]);
      expect(letter.raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
      expect(letter.mail.text).toContain(
        `https://advice.example${language === 'bg' ? '/bg' : ''}/unsubscribe#token=`,
      );
      for (const other of confirmed) if (!letter.to.includes(other)) expect(letter.raw).not.toContain(other);
    }
    expect(lettersTo(people.pending)).toEqual([]);

    // A third run finds nobody left (in this process: the rerun above checked what the command prints).
    const third = await sendHere(env);
    expect(third).toMatchObject({ total: 0, sent: 0, alreadySent: 8, failed: [] });
    expect(lettersTo(confirmed)).toHaveLength(8);
  });

  it('keeps a refused letter in the queue through its retries, reports it, exits 1, and tries it again on the next run', async () => {
    const { env, people } = await seed({ en: 1, bg: 1, pending: 0, bounce: 1 });
    const refusedTo = people.bounce[0] ?? '';
    const summary = await sendHere(env);
    expect(summary).toMatchObject({
      total: 3,
      sent: 2,
      retrying: 1,
      failed: [],
      byLanguage: { en: 1, bg: 1 },
    });
    // The mail queue's later tries (its clock moved on an hour each time), until the letter gives up.
    const database: Database = await openDatabaseFor(env);
    const transport = testTransport();
    try {
      let hours = 0;
      const drain = issueDrain(database.db, transport, () => {
        hours++;
        return new Date(Date.now() + hours * 3_600_000);
      });
      for (let tries = 1; tries < maxAttempts; tries++) await drain();
      const unsent = and(eq(mailQueue.issue, slug), ne(mailQueue.status, 'sent'));
      const [letter, ...others] = await database.db.select().from(mailQueue).where(unsent);
      expect(others).toEqual([]);
      expect(letter).toMatchObject({
        status: 'failed',
        attempts: maxAttempts,
        lastError: expect.stringMatching(/450/),
      });
    } finally {
      transport.close();
      await database.close();
    }
    expect(smtp.refused.filter((to) => to === refusedTo)).toHaveLength(maxAttempts);
    expect(lettersTo([...people.en, ...people.bg])).toHaveLength(2);

    const again = await newsletter(['send', slug], env);
    expect(again.code).toBe(1);
    expect(again.stdout).toContain('Sent 0 of 1 letter(s)');
    expect(again.stdout).toContain('1 letter(s) could not be sent yet');
    expect(again.stdout).not.toContain(refusedTo);
    expect(smtp.refused.filter((to) => to === refusedTo)).toHaveLength(maxAttempts + 1);
    // Nobody else got it twice.
    expect(lettersTo([...people.en, ...people.bg])).toHaveLength(2);
  });

  it('tries a mailbox its server refuses for good (5xx) once, and unsubscribes it as an unsubscribe does', async () => {
    const { env, people } = await seed({ en: 1, bg: 0, pending: 0, nosuch: 1 });
    const gone = people.nosuch[0] ?? '';
    const summary = await sendHere(env);
    expect(summary).toMatchObject({ total: 2, sent: 1, gone: 1, failed: [] });
    expect(smtp.refused.filter((to) => to === gone)).toHaveLength(1);
    const database = await openDatabaseFor(env);
    try {
      expect(await database.db.$count(subscribers, eq(subscribers.email, gone))).toBe(0);
      expect(await database.db.$count(erasureLog)).toBe(1);
      const [count] = await database.db.select().from(settings).where(eq(settings.key, 'bounced_mailboxes'));
      expect(count?.value).toBe('1');
    } finally {
      await database.close();
    }
    // The next run has nobody left to try.
    expect(await sendHere(env)).toMatchObject({ total: 0, gone: 0 });
    expect(smtp.refused.filter((to) => to === gone)).toHaveLength(1);
  });

  it('npm run admin shows the queue without addresses, and exports and deletes a subscription with its letters', async () => {
    const { env } = await seed({ en: 1, bg: 0, pending: 0 });
    const email = uniqueEmail('admin-queue');
    const t = await createTestApp(env);
    try {
      expect((await t.post('/api/subscribe', { email, language: 'bg' })).status).toBe(201);
      const admin = (args: string[]) => adminOn(t, args);
      const queue = await admin(['queue']);
      expect(queue.code).toBe(0);
      expect(queue.stdout).toContain('Mail queue: 1 waiting, 0 failed.');
      expect(queue.stdout).toMatch(/#\d+ {2}confirm {2}bg {2}waiting/);
      expect(queue.stdout).not.toContain(email);

      const exported = JSON.parse((await admin(['export', email])).stdout);
      expect(exported.subscription).toMatchObject({
        status: 'pending',
        language: 'bg',
        confirmedAt: null,
        queuedLetters: [{ kind: 'confirm', status: 'waiting', attempts: 0 }],
      });
      const deleted = await admin(['delete', email]);
      expect(deleted.stdout).toContain('1 subscription(s) with 1 letter(s) (queued, or issues sent)');
      expect((await admin(['queue'])).stdout).toContain('Mail queue: 0 waiting, 0 failed.');
    } finally {
      await t.database.close();
    }
  });
});
