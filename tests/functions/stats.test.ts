// `npm run admin -- stats`: the figures after real subscriptions, letters, comments and ratings, as a
// table and as JSON; the real command line names the database in use and never a password.
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../../functions/config.ts';
import { mailQueue, subscribers } from '../../functions/db/schema.ts';
import { drainQueue, queueRequestedLetters } from '../../functions/mail/queue.ts';
import { confirmToken } from '../../functions/mail/tokens.ts';
import { createMailTransport, type MailTransport } from '../../functions/mail/transport.ts';
import { databaseInUse } from '../../functions/stats.ts';
import { adminOn } from '../support/adminInProcess.ts';
import { createTestApp, type TestApp } from '../support/inProcessApp.ts';
import { runScript } from '../support/processes.ts';
import { describeDb, freshDatabaseEnv, onPglite } from '../support/testDb.ts';

const secret = 'stats-test-secret-0123456789abcdefghij';
let clientNumber = 0;
const client = () => `203.0.113.${(clientNumber++ % 250) + 1}`;

describeDb('admin stats', () => {
  let t: TestApp;
  let transport: MailTransport;

  beforeAll(async () => {
    const env = { ...(await freshDatabaseEnv()), HASH_SECRET: secret, SITE_URL: 'https://advice.example' };
    t = await createTestApp(env);
    // No SMTP_URL: letters go to the outbox in the test's data folder.
    transport = createMailTransport(loadConfig(env));

    const subscribe = async (email: string, language: string) =>
      expect((await t.post('/api/subscribe', { email, language }, client())).status).toBe(201);
    await subscribe('one@example.com', 'en');
    await subscribe('two@example.com', 'bg');
    await subscribe('three@example.com', 'bg');
    // Two letters leave today, one waits (asked for after the drain), one failed for good.
    const drained = await drainQueue(t.database.db, {
      transport,
      context: { secret, siteUrl: 'https://advice.example' },
      confirmPerHour: 0,
    });
    expect(drained.sent).toBe(3);
    const [one] = await t.database.db
      .select()
      .from(subscribers)
      .where(eq(subscribers.email, 'one@example.com'));
    const confirmed = await t.post('/api/subscribe/confirm', {
      token: confirmToken(secret, one?.id ?? '', new Date()),
    });
    expect(confirmed.status).toBe(200);
    await subscribe('four@example.com', 'en');
    await subscribe('five@example.com', 'en');
    await drainQueue(t.database.db, {
      transport,
      context: { secret, siteUrl: 'https://advice.example' },
      confirmPerHour: 0,
      batch: 1,
    });
    await queueRequestedLetters(t.database.db);
    await t.database.db.update(mailQueue).set({ status: 'failed' });
    await subscribe('six@example.com', 'bg');

    const comment = (text: string) =>
      t.post('/api/articles/1/comments', { name: 'N', comment: text, language: 'en' }, client());
    await comment('Fine words');
    await comment('More fine words');
    await comment('See https://example.org');
    await t.post('/api/articles/1/rating', { rating: 5, email: 'one@example.com' }, client());
    for (const sessionId of ['session-aaaa', 'session-bbbb', 'session-cccc']) {
      await t.post('/api/tip-ratings', { tipId: 'en_1', language: 'en', rating: 1, sessionId }, client());
    }
  });

  afterAll(async () => {
    transport?.close();
    await t?.database.close();
  });

  const expected = {
    subscribers: { pending: 5, confirmed: 1, byLanguage: { en: 3, bg: 3 } },
    letters: { waiting: 1, failed: 1, sentToday: 4, bounced: 0 },
    comments: { published: 2, held: 1, hidden: 0 },
    ratings: { articles: 1, tips: 3 },
  };

  it('prints the figures as JSON for scripts', async () => {
    const run = await adminOn(t, ['stats', '--json']);
    expect([run.code, run.stderr]).toEqual([0, '']);
    const stats = JSON.parse(run.stdout);
    expect(stats).toMatchObject(expected);
    expect(stats.database.kind).toBe(onPglite ? 'pglite' : 'postgres');
  });

  it('prints the figures as a short table', async () => {
    const run = await adminOn(t, ['stats']);
    expect(run.code).toBe(0);
    const lines = run.stdout.trim().split('\n');
    const figure = (label: string) =>
      lines
        .find((line) => line.startsWith(`${label} `))
        ?.slice(label.length)
        .trim();
    expect(figure('Database')).toMatch(
      onPglite ? /^PGlite at \/.+\/pglite$/ : /^PostgreSQL t_\w+ on [\w.]+:\d+$/,
    );
    expect(figure('Subscribers confirmed')).toBe('1');
    expect(figure('Subscribers pending')).toBe('5');
    expect(figure('Subscribers English')).toBe('3');
    expect(figure('Subscribers Bulgarian')).toBe('3');
    expect(figure('Letters waiting')).toBe('1');
    expect(figure('Letters failed')).toBe('1');
    expect(figure('Letters sent today')).toBe('4 (since 00:00 UTC)');
    expect(figure('Comments published')).toBe('2');
    expect(figure('Comments held')).toBe('1');
    expect(figure('Article ratings')).toBe('1');
    expect(figure('Tip ratings')).toBe('3');
    // The values line up in one column.
    expect(new Set(lines.map((line) => line.search(/\S+$|(?<=\s{2})\S/))).size).toBe(1);
  });

  it('refuses arguments it does not take, with the usage and exit code 2', async () => {
    for (const args of [
      ['stats', 'extra'],
      ['stats', '--csv'],
    ]) {
      const run = await adminOn(t, args);
      expect([run.code, run.stdout]).toEqual([2, '']);
      expect(run.stderr).toContain('stats [--json]');
    }
  });

  it('names the database in use from the command line', async () => {
    const env = await freshDatabaseEnv();
    const run = await runScript('functions/cli/admin.ts', ['stats', '--json'], env);
    expect([run.code, run.stderr]).toEqual([0, '']);
    const stats = JSON.parse(run.stdout);
    expect(stats.subscribers).toEqual({ pending: 0, confirmed: 0, byLanguage: { en: 0, bg: 0 } });
    expect(stats.database).toEqual(
      env.DATABASE_URL
        ? {
            kind: 'postgres',
            host: new URL(env.DATABASE_URL).host,
            database: new URL(env.DATABASE_URL).pathname.slice(1),
          }
        : { kind: 'pglite', path: path.join(env.DATA_DIR ?? '', 'pglite') },
    );
  });
});

it('names a PostgreSQL database by host and name, never its password', () => {
  const named = databaseInUse({
    databaseUrl: 'postgres://advice:s3cret-pw@db.example.org:6543/advice%5Fsite',
    dataDir: '/srv',
  });
  expect(named).toEqual({ kind: 'postgres', host: 'db.example.org:6543', database: 'advice_site' });
  expect(JSON.stringify(named)).not.toContain('s3cret');
  expect(databaseInUse({ databaseUrl: undefined, dataDir: '/srv/data' })).toEqual({
    kind: 'pglite',
    path: '/srv/data/pglite',
  });
});
