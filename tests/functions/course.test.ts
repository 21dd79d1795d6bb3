// The 30-day course on a fake clock (`now` given to each drain): five letters on days 0, 7, 14, 21 and
// 28 after confirming, each once, in the subscriber's language, across a restart and with two drainers
// on one database; unsubscribing stops it; the purge ends it; a server that was down catches up one
// letter a day. Then a real `serve` and SMTP server: the welcome letter arrives seconds after confirming.
import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../../functions/config.ts';
import { openDatabase } from '../../functions/db/client.ts';
import { courseSchedule, mailQueue, subscribers } from '../../functions/db/schema.ts';
import type { Database } from '../../functions/db/types.ts';
import { drainQueue } from '../../functions/mail/queue.ts';
import { confirmToken, unsubscribeToken } from '../../functions/mail/tokens.ts';
import { createMailTransport, type MailTransport } from '../../functions/mail/transport.ts';
import { exportPerson } from '../../functions/personalData.ts';
import { purgeExpired } from '../../functions/retention.ts';
import { makeDistDir } from '../support/fixtures.ts';
import { postJson, uniqueEmail } from '../support/http.ts';
import { createTestApp, type TestApp } from '../support/inProcessApp.ts';
import { repoRoot, startServe } from '../support/processes.ts';
import { type Received, startSmtpServer, type TestSmtp } from '../support/smtpServer.ts';
import { describeDb, freshDatabaseEnv, onPostgres } from '../support/testDb.ts';

const secret = 'course-test-secret-0123456789abcdefghij';
const site = 'https://advice.example';
const dayMs = 86_400_000;
const contentDir = path.join(repoRoot, 'content');
const tips = JSON.parse(fs.readFileSync(path.join(contentDir, 'tips.json'), 'utf8')) as {
  id: string;
  en: string;
  bg: string;
}[];
const tipWords = (id: string, language: 'en' | 'bg') => tips.find((tip) => tip.id === id)?.[language];
const courseTips = ['r16', 'r12', 'r20', 'r14', 'r13'];

let clientNumber = 0;
const client = () => `203.0.113.${(clientNumber++ % 250) + 1}`;

describeDb('the 30-day course', () => {
  let smtp: TestSmtp;
  let env: Record<string, string>;
  let t: TestApp;
  /** A second server on the same database (PostgreSQL), or a second drainer in this one (PGlite). */
  let other: Database | undefined;
  let transport: MailTransport;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    env = {
      ...(await freshDatabaseEnv()),
      HASH_SECRET: secret,
      SMTP_URL: smtp.url,
      SITE_URL: site,
      CONTENT_DIR: contentDir,
    };
    t = await createTestApp(env);
    if (onPostgres) other = await openDatabase(loadConfig(env));
    transport = createMailTransport(loadConfig(env));
  });

  afterAll(async () => {
    transport?.close();
    await other?.close();
    await t?.database.close();
    await smtp?.close();
  });

  const drainAt = (database: Database, now: Date) =>
    drainQueue(database.db, {
      transport,
      context: { secret, siteUrl: site },
      confirmPerHour: 0,
      contentDir,
      now,
    });

  /** One tick of the clock on every server: two drains at once, each claiming what the other did not. */
  const tick = async (now: Date) => {
    await Promise.all([drainAt(t.database, now), drainAt(other ?? t.database, now)]);
  };

  async function subscribeAndConfirm(language: 'en' | 'bg', prefix: string, email = uniqueEmail(prefix)) {
    const res = await t.post('/api/subscribe', { email, language }, client());
    expect(res.status).toBe(201);
    const [row] = await t.database.db.select().from(subscribers).where(eq(subscribers.email, email));
    if (!row) throw new Error('no subscriber row');
    // The confirmation letter is the newsletter tests' business: it is dropped here, not sent.
    await t.database.db.update(subscribers).set({ confirmWanted: false }).where(eq(subscribers.id, row.id));
    const confirmed = await t.post('/api/subscribe/confirm', {
      token: confirmToken(secret, row.id, new Date()),
    });
    expect(confirmed.status).toBe(200);
    const [schedule] = await t.database.db
      .select()
      .from(courseSchedule)
      .where(eq(courseSchedule.subscriberId, row.id));
    expect(schedule).toMatchObject({ step: 0 });
    // The database keeps microseconds: a millisecond on, so the fake clock is not just before the start.
    return { email, id: row.id, start: (schedule?.startedAt.getTime() ?? 0) + 1 };
  }

  const lettersTo = (email: string) =>
    smtp.received.filter(
      (letter) => letter.to.includes(email) && letter.mail.messageId?.startsWith('<course-'),
    );

  /** The day after `start` each letter to `email` arrived, from the fake clock noted when it came. */
  const arrivals = new Map<Received, number>();
  const daysOf = (email: string, start: number) =>
    lettersTo(email).map((letter) => Math.floor(((arrivals.get(letter) ?? 0) - start) / dayMs));

  /** Runs the servers every `stepMs` from `from` to `to` (fake time), except while `down` says so. */
  async function run(from: number, to: number, stepMs: number, down: (now: number) => boolean = () => false) {
    for (let now = from; now <= to; now += stepMs) {
      if (down(now)) continue;
      const before = smtp.received.length;
      await tick(new Date(now));
      for (const letter of smtp.received.slice(before)) arrivals.set(letter, now);
    }
  }

  it('sends five letters on days 0, 7, 14, 21 and 28, each once, in the language, across a restart', async () => {
    const en = await subscribeAndConfirm('en', 'course-en');
    const bg = await subscribeAndConfirm('bg', 'course-bg');
    const start = Math.min(en.start, bg.start);
    await run(start, start + 10 * dayMs, 6 * 3_600_000);

    // A restart: every connection closed, the database opened again, the clock going on.
    await other?.close();
    await t.database.close();
    t = await createTestApp(env);
    if (onPostgres) other = await openDatabase(loadConfig(env));
    await run(start + 10 * dayMs + 6 * 3_600_000, start + 29 * dayMs, 6 * 3_600_000);

    for (const [person, language, prefix] of [
      [en, 'en', ''],
      [bg, 'bg', '/bg'],
    ] as const) {
      const letters = lettersTo(person.email);
      expect(daysOf(person.email, person.start)).toEqual([0, 7, 14, 21, 28]);
      expect(letters.map((letter) => letter.mail.messageId)).toEqual(
        [0, 1, 2, 3, 4].map((step) => `<course-${step}.${person.id}@advice.example>`),
      );
      letters.forEach((letter, step) => {
        const text = letter.mail.text ?? '';
        expect(text).toContain(tipWords(courseTips[step] as string, language));
        expect(String(letter.mail.html)).toContain(`lang="${language}"`);
        expect(letter.raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
        expect(text).toContain(`${site}${prefix}/unsubscribe#token=${unsubscribeToken(secret, person.id)}`);
        expect(text).not.toContain('{{tip}}');
        expect(`${text}${letter.mail.html}`).not.toContain(person.email);
      });
      // The last letter points to the subscribe box to come back.
      expect(letters[4]?.mail.text).toContain(`${site}${prefix}/#subscribe`);
    }
    expect(lettersTo(en.email)[0]?.mail.subject).toMatch(/^Welcome/);
    expect(lettersTo(bg.email)[0]?.mail.text).toMatch(/[а-я]{4}/);
    // The course is over: nothing scheduled or queued is left.
    expect(await t.database.db.select().from(courseSchedule)).toEqual([]);
    expect(await t.database.db.select().from(mailQueue)).toEqual([]);
  });

  it('stops at once when the subscriber unsubscribes after the second letter', async () => {
    const person = await subscribeAndConfirm('en', 'course-leaves');
    await run(person.start, person.start + 8 * dayMs, 12 * 3_600_000);
    expect(daysOf(person.email, person.start)).toEqual([0, 7]);

    // What is held about the person says where the course stands.
    const held = await exportPerson(t.database.db, secret, person.email);
    expect(held.subscription?.course).toEqual({
      nextLetter: 3,
      dueAt: new Date(person.start - 1 + 14 * dayMs).toISOString(),
    });

    const res = await t.post(`/api/unsubscribe?token=${unsubscribeToken(secret, person.id)}`, {});
    expect(res.status).toBe(200);
    expect(
      await t.database.db.select().from(courseSchedule).where(eq(courseSchedule.subscriberId, person.id)),
    ).toEqual([]);
    await run(person.start + 8 * dayMs, person.start + 30 * dayMs, dayMs);
    expect(daysOf(person.email, person.start)).toEqual([0, 7]);
  });

  it('ends with the purge on day 30: the address and its schedule go together', async () => {
    const person = await subscribeAndConfirm('bg', 'course-purged');
    // The server ran on day 0 and then not again until after day 30.
    await run(person.start, person.start, dayMs);
    expect(daysOf(person.email, person.start)).toEqual([0]);
    const scheduled = () =>
      t.database.db.select().from(courseSchedule).where(eq(courseSchedule.subscriberId, person.id));
    expect(await scheduled()).toHaveLength(1);

    const purged = await purgeExpired(t.database.db, new Date(person.start + 30 * dayMs + 60_000));
    expect(purged.subscribers).toBeGreaterThanOrEqual(1);
    expect(await t.database.db.select().from(subscribers).where(eq(subscribers.id, person.id))).toEqual([]);
    expect(await scheduled()).toEqual([]);
    await run(person.start + 30 * dayMs + 60_000, person.start + 31 * dayMs, dayMs);
    expect(daysOf(person.email, person.start)).toEqual([0]);

    // Coming back is a new subscription, and the course starts again from the welcome letter.
    const back = await subscribeAndConfirm('bg', 'course-purged', person.email);
    await run(back.start, back.start, dayMs);
    expect(lettersTo(person.email).map((letter) => letter.mail.messageId)).toEqual([
      `<course-0.${person.id}@advice.example>`,
      `<course-0.${back.id}@advice.example>`,
    ]);
  });

  it('starts the course for subscribers confirmed before it existed (the course-for-confirmed migration)', async () => {
    const email = uniqueEmail('course-before');
    const [row] = await t.database.db
      .insert(subscribers)
      .values({ email, language: 'en', status: 'confirmed', confirmedAt: new Date() })
      .returning({ id: subscribers.id });
    // Found by name, not number: migrations are renumbered when branches meet.
    const migrations = path.join(repoRoot, 'functions', 'migrations');
    const file = fs.readdirSync(migrations).find((name) => name.endsWith('_course-for-confirmed.sql'));
    const migration = fs.readFileSync(path.join(migrations, file ?? 'missing'), 'utf8');
    await t.database.db.execute(sql.raw(migration));
    await t.database.db.execute(sql.raw(migration));
    const schedule = await t.database.db
      .select()
      .from(courseSchedule)
      .where(eq(courseSchedule.subscriberId, row?.id ?? ''));
    expect(schedule).toMatchObject([{ step: 0 }]);
    const start = (schedule[0]?.startedAt.getTime() ?? 0) + 1;
    await run(start, start, dayMs);
    expect(daysOf(email, start)).toEqual([0]);
  });

  it('sends a letter cut off mid-send again with the same Message-ID, and the course goes on in step', async () => {
    const person = await subscribeAndConfirm('en', 'course-cut-off');
    // The mail server takes the welcome letter, but the answer never arrives (a dropped connection).
    let cutOff = 0;
    const flaky: MailTransport = {
      ...transport,
      async send(letter) {
        const sent = await transport.send(letter);
        if (letter.to === person.email && cutOff++ === 0) throw new Error('Connection closed');
        return sent;
      },
    };
    const drainWith = (now: number) =>
      drainQueue(t.database.db, {
        transport: flaky,
        context: { secret, siteUrl: site },
        confirmPerHour: 0,
        contentDir,
        now: new Date(now),
      });
    await drainWith(person.start);
    await drainWith(person.start + 10 * 60_000);
    await drainWith(person.start + 7 * dayMs);
    await drainWith(person.start + 7 * dayMs + 10 * 60_000);
    expect(lettersTo(person.email).map((letter) => letter.mail.messageId)).toEqual([
      `<course-0.${person.id}@advice.example>`,
      `<course-0.${person.id}@advice.example>`,
      `<course-1.${person.id}@advice.example>`,
    ]);
    expect(
      await t.database.db.select().from(courseSchedule).where(eq(courseSchedule.subscriberId, person.id)),
    ).toMatchObject([{ step: 2 }]);
  });

  it('catches up after days down one letter a day, never two on one day', async () => {
    const person = await subscribeAndConfirm('en', 'course-catch-up');
    const hour = 3_600_000;
    // Down for three days over the second letter, then for nine and a half over the fourth and fifth.
    const down = (now: number) =>
      (now > person.start + 6 * dayMs && now < person.start + 9 * dayMs + 12 * hour) ||
      (now > person.start + 19 * dayMs && now < person.start + 28 * dayMs + 12 * hour);
    await run(person.start, person.start + 30 * dayMs - hour, 4 * hour, down);

    // The late letter went when the server came back and the next kept its own day; after the long
    // outage, the older missed letter went on return and the last one a day later, before the purge.
    const days = daysOf(person.email, person.start);
    expect(days).toEqual([0, 9, 14, 28, 29]);
    expect(new Set(days).size).toBe(days.length);
    expect(lettersTo(person.email).map((letter) => letter.mail.messageId)).toEqual(
      [0, 1, 2, 3, 4].map((step) => `<course-${step}.${person.id}@advice.example>`),
    );
  });
});

describeDb('the course with a real server and mail server', () => {
  it('delivers the welcome letter by itself once the address is confirmed', async () => {
    const smtp = await startSmtpServer();
    const env = {
      ...(await freshDatabaseEnv()),
      HASH_SECRET: secret,
      SMTP_URL: smtp.url,
      CONTENT_DIR: contentDir,
      DIST_DIR: makeDistDir(),
    };
    const server = await startServe(env);
    try {
      const email = uniqueEmail('course-live');
      const subscribed = await postJson(`${server.url}/api/subscribe`, { email, language: 'bg' });
      expect(subscribed.status).toBe(201);
      const [confirmation] = await smtp.waitFor(1);
      const token = /\/bg\/subscribe\/confirm#token=([A-Za-z0-9._-]+)/.exec(
        confirmation?.mail.text ?? '',
      )?.[1];
      expect(token).toBeTruthy();

      expect((await postJson(`${server.url}/api/subscribe/confirm`, { token })).status).toBe(200);
      const [, welcome] = await smtp.waitFor(2);
      expect(welcome?.to).toEqual([email]);
      expect(welcome?.mail.messageId).toMatch(/^<course-0\./);
      expect(welcome?.mail.text).toContain(tipWords('r16', 'bg'));
    } finally {
      await server.stop();
      await smtp.close();
    }
  });
});
