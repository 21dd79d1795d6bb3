// Forgotten means forgotten: a person who unsubscribed or was erased after a nightly backup gets no
// letter once that backup is restored; an erasure in one spelling of a mailbox takes the comments,
// ratings and subscriptions of every spelling; a restore takes only a backup this site signed, young
// enough for the erasure log; the log is applied again at every start.
import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../../functions/config.ts';
import { createContent } from '../../functions/content.ts';
import { signBackup } from '../../functions/db/backupSignature.ts';
import { backupInto } from '../../functions/db/nightlyBackups.ts';
import { restoreDump } from '../../functions/db/restore.ts';
import { comments, subscribers } from '../../functions/db/schema.ts';
import { drainQueue } from '../../functions/mail/queue.ts';
import { confirmToken, unsubscribeToken } from '../../functions/mail/tokens.ts';
import type { MailTransport } from '../../functions/mail/transport.ts';
import { createServices } from '../../functions/services.ts';
import { adminOn } from '../support/adminInProcess.ts';
import { uniqueEmail } from '../support/http.ts';
import { createTestApp, type TestApp } from '../support/inProcessApp.ts';
import { startMailingApp, stopMailingApp } from '../support/mailingApp.ts';
import { repoRoot } from '../support/processes.ts';
import type { TestSmtp } from '../support/smtpServer.ts';
import { tempDir } from '../support/tempDirs.ts';
import { describeDb } from '../support/testDb.ts';

const secret = 'erasure-test-secret-0123456789abcdefghij';
const site = 'https://advice.example';
const dayMs = 86_400_000;
const contentDir = path.join(repoRoot, 'content');
let clientNumber = 0;
const client = () => `203.0.113.${(clientNumber++ % 250) + 1}`;
/** A mailbox at Gmail spelled three ways: as given, with dots and a tag, at googlemail. */
const gmailSpellings = () => {
  const local =
    uniqueEmail('erased')
      .split('@')[0]
      ?.replace(/[^a-z0-9]/g, '') ?? 'erased';
  const dotted = `${local.slice(0, 3)}.${local.slice(3)}`;
  return [`${local}@gmail.com`, `${dotted}+blog@gmail.com`, `${local}+news@googlemail.com`] as const;
};

describeDb('forgotten means forgotten', () => {
  let smtp: TestSmtp;
  let env: Record<string, string>;
  let t: TestApp;
  let transport: MailTransport;

  beforeAll(async () => {
    ({ smtp, t, transport, env } = await startMailingApp({
      HASH_SECRET: secret,
      SITE_URL: site,
      CONTENT_DIR: contentDir,
      SUBSCRIBE_LIMIT_PER_HOUR: '0',
      COMMENT_LIMIT_PER_HOUR: '0',
      RATING_LIMIT_PER_HOUR: '0',
    }));
  });
  afterAll(() => stopMailingApp({ smtp, t, transport }));

  const drainAt = (now: Date) =>
    drainQueue(t.database.db, {
      transport,
      context: { secret, siteUrl: site },
      confirmPerHour: 0,
      contentDir,
      now,
    });

  async function subscribeAndConfirm(email: string) {
    expect((await t.post('/api/subscribe', { email, language: 'en' }, client())).status).toBe(201);
    const [row] = await t.database.db.select().from(subscribers).where(eq(subscribers.email, email));
    if (!row) throw new Error('no subscriber row');
    await t.database.db.update(subscribers).set({ confirmWanted: false }).where(eq(subscribers.id, row.id));
    const confirmed = await t.post('/api/subscribe/confirm', {
      token: confirmToken(secret, row.id, new Date()),
    });
    expect(confirmed.status).toBe(200);
    return row.id;
  }

  const courseLettersTo = (email: string) =>
    smtp.received.filter(
      (letter) => letter.to.includes(email) && letter.mail.messageId?.startsWith('<course-'),
    );

  /** Closes the app's database, restores `file` over it, and opens the app again. */
  async function restoreOver(file: string, unsigned = false) {
    await t.database.close();
    const warnings: string[] = [];
    try {
      await restoreDump(loadConfig(env), fs.readFileSync(file, 'utf8'), {
        replace: true,
        unsigned,
        warn: (message) => warnings.push(message),
      });
    } finally {
      t = await createTestApp(env);
    }
    return warnings;
  }

  it('sends no letter, after a restore of the nightly backup, to whoever unsubscribed or was erased since', async () => {
    const staying = uniqueEmail('staying');
    const leaving = uniqueEmail('leaving');
    const [erased, commentSpelling, askedSpelling] = gmailSpellings();
    const stayingId = await subscribeAndConfirm(staying);
    const leavingId = await subscribeAndConfirm(leaving);
    await subscribeAndConfirm(erased);
    expect(
      (
        await t.post('/api/articles/1/comments', {
          name: 'Vic',
          comment: 'Mine',
          email: commentSpelling,
          language: 'en',
        })
      ).status,
    ).toBe(201);
    expect((await t.post('/api/articles/1/rating', { rating: 2, email: commentSpelling })).status).toBe(200);
    const start = Date.now() + 1_000;
    await drainAt(new Date(start));
    for (const email of [staying, leaving, erased]) expect(courseLettersTo(email)).toHaveLength(1);

    const dir = tempDir('nightly');
    const backup = await backupInto(t.database, secret, dir, 7);
    const leftAt = Date.now();
    const unsubscribed = await t.post(`/api/unsubscribe?token=${unsubscribeToken(secret, leavingId)}`, {});
    expect(unsubscribed.status).toBe(200);
    const gone = await adminOn(t, ['delete', askedSpelling]);
    expect(gone.code).toBe(0);
    expect(gone.stdout).toMatch(/: 1 subscription\(s\)/);

    const warnings = await restoreOver(backup);
    expect(warnings).toEqual([]);
    const left = await t.database.db.select({ email: subscribers.email }).from(subscribers);
    expect(left.map((row) => row.email)).toContain(staying);
    expect(left.map((row) => row.email)).not.toContain(leaving);
    expect(left.map((row) => row.email)).not.toContain(erased);
    expect(await t.database.db.select().from(comments).where(eq(comments.name, 'Vic'))).toEqual([]);
    expect(await (await t.get('/api/articles/1/rating')).json()).toMatchObject({ count: 0 });

    // A week on, the course's second letter goes to the one who stayed, and to nobody else.
    await drainAt(new Date(start + 7 * dayMs + 60_000));
    expect(courseLettersTo(staying)).toHaveLength(2);
    expect(courseLettersTo(leaving)).toHaveLength(1);
    expect(courseLettersTo(erased)).toHaveLength(1);
    expect(stayingId).not.toBe(leavingId);
    // Someone who comes back after leaving is a new subscriber, not forgotten again.
    expect(leftAt).toBeLessThan(Date.now());
    await subscribeAndConfirm(leaving);
    await restoreOver(await backupInto(t.database, secret, dir, 7));
    const back = await t.database.db.select().from(subscribers).where(eq(subscribers.email, leaving));
    expect(back).toHaveLength(1);
  });

  it('erases the comments, ratings and subscriptions of every spelling of a mailbox, and exports them as stored', async () => {
    const [stored, commented, asked] = gmailSpellings();
    await subscribeAndConfirm(stored);
    const comment = { name: 'Spell', comment: 'Mine', email: commented, language: 'en' };
    expect((await t.post('/api/articles/1/comments', comment)).status).toBe(201);
    expect((await t.post('/api/articles/1/rating', { rating: 4, email: stored })).status).toBe(200);
    // Another spelling changes the one rating, with the same answer as a first rating.
    expect((await t.post('/api/articles/1/rating', { rating: 5, email: asked })).status).toBe(200);

    const exported = JSON.parse((await adminOn(t, ['export', asked])).stdout);
    expect(exported.subscription.email).toBe(stored);
    expect(exported.comments).toHaveLength(1);
    expect(exported.articleRatings).toEqual([expect.objectContaining({ articleId: 1, rating: 5 })]);
    // No address is stored with a comment, only the mailbox's keyed hash.
    const [row] = await t.database.db.select().from(comments).where(eq(comments.name, 'Spell'));
    expect(row?.email).toBeNull();
    expect(row?.emailHash).toMatch(/^[0-9a-f]{64}$/);

    expect((await adminOn(t, ['delete', asked])).code).toBe(0);
    const after = JSON.parse((await adminOn(t, ['export', commented])).stdout);
    expect([after.subscription, after.comments, after.articleRatings]).toEqual([null, [], []]);
  });

  it('forgets again at start what a restore made outside the site brought back, and hashes old comment addresses', async () => {
    const email = uniqueEmail('outside');
    const id = await subscribeAndConfirm(email);
    const [row] = await t.database.db.select().from(subscribers).where(eq(subscribers.id, id));
    if (!row) throw new Error('no subscriber row');
    expect((await t.post(`/api/unsubscribe?token=${unsubscribeToken(secret, id)}`, {})).status).toBe(200);
    // As psql loading an old dump would: the row back as it was, and a comment with its address typed.
    const { mailbox: _, ...columns } = row;
    await t.database.db.insert(subscribers).values(columns);
    await t.database.db.execute(
      sql`insert into comments (article_id, name, comment, email, language, status)
          values (1, 'Legacy', 'Old', ${`Old.Spelling+x@Example.com`.toLowerCase()}, 'en', 'published')`,
    );
    const services = createServices(loadConfig(env), createContent(contentDir), async () => t.database);
    await services.db();
    expect(await t.database.db.select().from(subscribers).where(eq(subscribers.id, id))).toEqual([]);
    const [legacy] = await t.database.db.select().from(comments).where(eq(comments.name, 'Legacy'));
    expect([legacy?.email, legacy?.emailHash?.length]).toEqual([null, 64]);
    const exported = JSON.parse((await adminOn(t, ['export', 'old.spelling@example.com'])).stdout);
    expect(exported.comments).toEqual([expect.objectContaining({ name: 'Legacy' })]);
  });

  it('restores only a backup this site signed, not one older than the erasure log, and --unsigned with a warning', async () => {
    const dir = tempDir('signed');
    const file = await backupInto(t.database, secret, dir, 7);
    const text = fs.readFileSync(file, 'utf8');
    expect(text.split('\n', 1)[0]).toMatch(/^-- important-advice backup \S+Z [0-9a-f]{64}$/);
    const attempt = async (name: string, body: string, unsigned = false) => {
      const target = path.join(dir, name);
      fs.writeFileSync(target, body, { mode: 0o600 });
      return restoreOver(target, unsigned).then(
        () => 'restored',
        (error: Error) => error.message,
      );
    };
    // A statement slipped into a signed file, a file with no signature, one signed by another secret.
    const tampered = text.replace('SET statement_timeout = 0;', "SET statement_timeout = 0; SELECT 'evil';");
    expect(await attempt('tampered.sql', tampered)).toMatch(/signature does not match/);
    const bare = text.slice(text.indexOf('\n') + 1);
    expect(await attempt('bare.sql', bare)).toMatch(/no signature.*--unsigned/);
    expect(await attempt('other.sql', signBackup('another-secret-0123456789abcdefghijkl', bare))).toMatch(
      /does not match/,
    );
    const old = signBackup(secret, bare, new Date(Date.now() - 40 * dayMs));
    expect(await attempt('old.sql', old)).toMatch(/more than 35 days ago/);
    expect(await attempt('bare-ok.sql', bare, true)).toBe('restored');
    expect(await attempt('signed-ok.sql', text)).toBe('restored');
  });
});
