// `npm run newsletter`: preview and send of a real issue (content/newsletter) through a real SMTP server,
// as a child process. Each confirmed subscriber gets the issue once, in their language; pending ones
// none; a kill -9 in the middle and a second run neither send twice nor skip anyone.
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { erasureLog, newsletterSends, settings, subscribers } from '../../functions/db/schema.ts';
import type { Database } from '../../functions/db/types.ts';
import { createMailTransport, type MailTransport } from '../../functions/mail/transport.ts';
import { loadIssue } from '../../functions/newsletter/issues.ts';
import { type SendOptions, sendIssue } from '../../functions/newsletter/send.ts';
import { lockIssueSend, SendRunningError } from '../../functions/newsletter/sendLock.ts';
import { adminOn } from '../support/adminInProcess.ts';
import { uniqueEmail } from '../support/http.ts';
import { createTestApp } from '../support/inProcessApp.ts';
import { oneWait } from '../support/patience.ts';
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

  /** `newsletter send` in this process (sendIssue) on the command line's database and SMTP server. */
  async function sendHere(
    env: Record<string, string>,
    options: Pick<SendOptions, 'tries' | 'firstRetryMs'> = {},
  ) {
    const database: Database = await openDatabaseFor(env);
    const transport = createMailTransport({
      dataDir: '',
      mail: { smtpUrl: smtp.url, from: 'Test <t@example.com>', confirmPerHour: 0, perSecond: 50 },
    });
    try {
      const summary = await sendIssue(database.db, {
        transport,
        context: { secret, siteUrl: 'https://advice.example' },
        slug,
        issue: await loadIssue(path.join(repoRoot, 'content'), slug),
        perSecond: 50,
        ...options,
      });
      const failedLog = await database.db
        .select()
        .from(newsletterSends)
        .where(inArray(newsletterSends.status, ['failed']));
      return { summary, failedLog };
    } finally {
      transport.close();
      await database.close();
    }
  }

  it('stops a send whose lease was taken over before its next letter', async () => {
    const database: Database = await openDatabaseFor(await freshDatabaseEnv());
    try {
      const lock = await lockIssueSend(database.db, slug, 50);
      lock.check();
      // Another run took the lease (this one was paused past its end, say).
      await database.db
        .update(settings)
        .set({ value: '2999-01-01T00:00:00.000Z|another-run|elsewhere|1' })
        .where(eq(settings.key, `newsletter-send:${slug}`));
      // The next renewal (every 50 ms here) finds it; a busy machine may take longer than that.
      await vi.waitFor(() => expect(() => lock.check()).toThrow(/stopped: another run took over its lease/), {
        timeout: oneWait,
        interval: 50,
      });
      await lock.release();
    } finally {
      await database.close();
    }
  });

  it('lets one send of an issue run at a time: a second stops with a message, and the issue is free after', async () => {
    const { env, people } = await seed({ en: 2, bg: 0, pending: 0 });
    const database: Database = await openDatabaseFor(env);
    let release: () => void = () => {};
    let started = 0;
    const held: MailTransport = {
      description: 'held',
      close: () => {},
      send: () => {
        started++;
        return new Promise((resolve) => {
          release = () => resolve({});
        });
      },
    };
    const options = (transport: MailTransport) => ({
      transport,
      context: { secret, siteUrl: 'https://advice.example' },
      slug,
      perSecond: 50,
    });
    try {
      const issue = await loadIssue(path.join(repoRoot, 'content'), slug);
      const first = sendIssue(database.db, { ...options(held), issue });
      while (started === 0) await new Promise((resolve) => setTimeout(resolve, 20));
      await expect(sendIssue(database.db, { ...options(held), issue })).rejects.toThrow(SendRunningError);
      await expect(sendIssue(database.db, { ...options(held), issue })).rejects.toThrow(
        /Another `newsletter send` of three-questions-for-a-worry is running/,
      );
      // Both letters go through the first run only.
      release();
      while (started < 2) await new Promise((resolve) => setTimeout(resolve, 20));
      release();
      expect((await first).sent).toBe(people.en.length);
      expect(started).toBe(2);
      const again = await sendIssue(database.db, { ...options(held), issue });
      expect([again.total, again.sent]).toEqual([0, 0]);
    } finally {
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

    const rerun = await newsletter(['send', slug], { ...env, NEWSLETTER_PER_SECOND: '50' });
    expect(rerun.stderr).toBe('');
    expect(rerun.code).toBe(0);
    expect(rerun.stdout).toContain(`Sent ${8 - beforeRerun} of ${8 - beforeRerun} letter(s)`);
    expect(rerun.stdout).toContain(`${beforeRerun} subscriber(s) had this issue already and were skipped.`);

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
    const { summary: third } = await sendHere(env);
    expect(third).toMatchObject({ total: 0, sent: 0, alreadySent: 8, failed: [] });
    expect(lettersTo(confirmed)).toHaveLength(8);
  });

  it('retries a refused letter with back-off, reports it, exits 1, and leaves it for the next run', async () => {
    const { env, people } = await seed({ en: 1, bg: 1, pending: 0, bounce: 1 });
    const { summary, failedLog } = await sendHere(env, { tries: 3, firstRetryMs: 20 });
    expect(summary).toMatchObject({ total: 3, sent: 2, byLanguage: { en: 1, bg: 1 } });
    expect(summary.failed).toEqual([
      { subscriberId: expect.any(String), error: expect.stringMatching(/450/) },
    ]);
    expect(failedLog).toMatchObject([{ issue: slug, status: 'failed', attempts: 1 }]);
    expect(lettersTo([...people.en, ...people.bg])).toHaveLength(2);

    const again = await newsletter(['send', slug], env);
    expect(again.code).toBe(1);
    expect(again.stdout).toContain('Sent 0 of 1 letter(s)');
    expect(again.stdout).toContain('1 letter(s) FAILED after retries');
    expect(again.stdout).not.toContain(people.bounce[0]);
  });

  it('tries a mailbox its server refuses for good (5xx) once, and unsubscribes it as an unsubscribe does', async () => {
    const { env, people } = await seed({ en: 1, bg: 0, pending: 0, nosuch: 1 });
    const gone = people.nosuch[0] ?? '';
    const { summary } = await sendHere(env, { tries: 3, firstRetryMs: 20 });
    expect(summary).toMatchObject({ total: 2, sent: 1, bounced: 1, failed: [] });
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
    expect((await sendHere(env)).summary).toMatchObject({ total: 0, bounced: 0 });
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
        newsletterSends: [],
      });
      const deleted = await admin(['delete', email]);
      expect(deleted.stdout).toContain('1 subscription(s) with 1 queued letter(s) and 0 send-log row(s)');
      expect((await admin(['queue'])).stdout).toContain('Mail queue: 0 waiting, 0 failed.');
    } finally {
      await t.database.close();
    }
  });
});
