// The mail queue under a crash: a claimed letter stays claimed for as long as its batch may take, and a
// letter sent again (its first try cut off after the server took it) is the same letter. Under the
// hourly cap: fair turns per domain, the oldest first within a turn, the course's own share.
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { courseSchedule, subscribers } from '../../functions/db/schema.ts';
import { drainQueue, letterTimeoutMs } from '../../functions/mail/queue.ts';
import { retryDelayMs } from '../../functions/mail/retries.ts';
import type { Letter, MailTransport } from '../../functions/mail/transport.ts';
import { uniqueEmail } from '../support/http.ts';
import type { TestApp } from '../support/inProcessApp.ts';
import { startMailingApp, stopMailingApp } from '../support/mailingApp.ts';
import { repoRoot } from '../support/processes.ts';
import type { TestSmtp } from '../support/smtpServer.ts';
import { describeDb } from '../support/testDb.ts';

const secret = 'mail-queue-test-secret-0123456789abcdef';
const site = 'https://advice.example';
const minuteMs = 60_000;

describeDb('the mail queue under a crash', () => {
  let smtp: TestSmtp;
  let t: TestApp;
  let real: MailTransport;
  let clientNumber = 0;

  beforeAll(async () => {
    ({ smtp, t, transport: real } = await startMailingApp({ HASH_SECRET: secret, SITE_URL: site }));
  });
  afterAll(() => stopMailingApp({ smtp, t, transport: real }));

  const subscribe = async (email: string) =>
    (await t.post('/api/subscribe', { email }, `203.0.113.${++clientNumber}`)).status;
  const drain = (transport: MailTransport, now: Date) =>
    drainQueue(t.database.db, { transport, context: { secret, siteUrl: site }, confirmPerHour: 0, now });

  it('does not hand a letter to a second drainer while a slow batch may still be sending it', async () => {
    expect(await subscribe(uniqueEmail('slow'))).toBe(201);
    const start = new Date();
    let release: () => void = () => {};
    const sending: Letter[] = [];
    const slow: MailTransport = {
      description: 'slow',
      close: () => {},
      send: (letter) => {
        sending.push(letter);
        return new Promise((resolve) => {
          release = () => resolve({});
        });
      },
    };
    const first = drain(slow, start);
    while (sending.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    // Twenty letters of up to a minute each may be ahead of it: a drain 10 minutes on takes nothing.
    const second = await drain(real, new Date(start.getTime() + 10 * minuteMs));
    expect(second.sent).toBe(0);
    release();
    expect((await first).sent).toBe(1);
    expect(sending).toHaveLength(1);
    expect(letterTimeoutMs).toBeLessThanOrEqual(minuteMs);
  });

  it('sends a confirmation letter tried again after a crash with the same Message-ID and link', async () => {
    const email = uniqueEmail('crash');
    expect(await subscribe(email)).toBe(201);
    // The server takes the letter, then the connection dies before the drainer hears so.
    const cutOff: MailTransport = {
      description: 'cut off',
      close: () => {},
      send: async (letter) => {
        await real.send(letter);
        throw Object.assign(new Error('connection reset'), { code: 'ECONNRESET' });
      },
    };
    const start = new Date();
    expect((await drain(cutOff, start)).retrying).toBe(1);
    expect((await drain(real, new Date(start.getTime() + retryDelayMs(1) + 1000))).sent).toBe(1);
    const letters = smtp.received.filter((letter) => letter.to.includes(email));
    expect(letters).toHaveLength(2);
    const [a, b] = letters;
    expect(a?.mail.messageId).toMatch(/^<confirm\.\d+\.[0-9a-f-]{36}@advice\.example>$/);
    expect(b?.mail.messageId).toBe(a?.mail.messageId);
    expect(b?.mail.text).toBe(a?.mail.text);
  });

  it('under a flood of sign-ups at the hourly cap, sends a visitor who signs up later within the next hour', async () => {
    const cap = 10;
    const sent: Letter[] = [];
    const memory: MailTransport = {
      description: 'memory',
      close: () => {},
      send: async (letter) => {
        sent.push(letter);
        return {};
      },
    };
    const flood = (n: number, at: Date) =>
      t.database.db.insert(subscribers).values(
        Array.from({ length: n }, () => ({
          email: uniqueEmail('flood').replace('@example.com', '@flood.example'),
          confirmWanted: true,
          confirmSentAt: at,
        })),
      );
    // Fifty strangers signed up ten minutes ago; the first hour's cap takes ten of them.
    await flood(50, new Date(Date.now() - 10 * minuteMs));
    const hour = Math.ceil(Date.now() / 3_600_000) * 3_600_000;
    const drainAt = (at: number) =>
      drainQueue(t.database.db, {
        transport: memory,
        context: { secret, siteUrl: site },
        confirmPerHour: cap,
        now: new Date(at),
      });
    expect(await drainAt(hour + minuteMs)).toMatchObject({ sent: cap, capped: true });
    // A visitor signs up, and the flood goes on after them.
    const visitor = uniqueEmail('visitor').replace('@example.com', '@mail.example');
    expect(await subscribe(visitor)).toBe(201);
    await flood(20, new Date(Date.now() + 1000));
    expect((await drainAt(hour + 2 * minuteMs)).sent).toBe(0);
    sent.length = 0;
    // The next hour: the visitor's letter is among the first (not behind the 60 letters before it).
    expect(await drainAt(hour + 3_600_000 + minuteMs)).toMatchObject({ sent: cap, capped: true });
    expect(sent.map((letter) => letter.to)).toContain(visitor);
  });

  // A drain at the cap, in an hour of its own far from the others', into a memory transport.
  const cappedDrain = (sent: Letter[], at: number, extra: Partial<Parameters<typeof drainQueue>[1]> = {}) =>
    drainQueue(t.database.db, {
      transport: {
        description: 'memory',
        close: () => {},
        send: async (letter) => {
          sent.push(letter);
          return {};
        },
      },
      context: { secret, siteUrl: site },
      confirmPerHour: 10,
      now: new Date(at),
      ...extra,
    });

  it('sends the oldest letter first within a turn, so fresh letters from many domains cannot starve it', async () => {
    const sent: Letter[] = [];
    // Other tests' letters are gone first; then one visitor an hour ago, then thirty strangers at thirty
    // domains, each the first (turn 1) of its domain, as fresh as can be.
    while ((await cappedDrain(sent, Date.now(), { confirmPerHour: 0 })).sent > 0);
    const visitor = uniqueEmail('old-visitor').replace('@example.com', '@visitor.example');
    const strangers = Array.from({ length: 30 }, (_, i) => ({
      email: uniqueEmail('fresh').replace('@example.com', `@d${i}.example`),
      confirmWanted: true,
      confirmSentAt: new Date(Date.now() - minuteMs),
    }));
    await t.database.db
      .insert(subscribers)
      .values([
        { email: visitor, confirmWanted: true, confirmSentAt: new Date(Date.now() - 60 * minuteMs) },
        ...strangers,
      ]);
    sent.length = 0;
    const hour = Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 50 * 3_600_000;
    expect(await cappedDrain(sent, hour + minuteMs)).toMatchObject({ sent: 10, capped: true });
    // Thirty-one letters of turn 1 and room for ten: the oldest ten, the visitor's among them.
    expect(sent.map((letter) => letter.to)).toContain(visitor);
  });

  it("sends course letters from their own share of the hourly cap when the confirmations' share is spent", async () => {
    const sent: Letter[] = [];
    while ((await cappedDrain(sent, Date.now(), { confirmPerHour: 0 })).sent > 0);
    // A subscriber confirmed days ago whose course letter is due, and a flood that spends the hour.
    const reader = uniqueEmail('reader');
    const [row] = await t.database.db
      .insert(subscribers)
      .values({ email: reader, status: 'confirmed', confirmedAt: new Date() })
      .returning({ id: subscribers.id });
    await t.database.db
      .insert(courseSchedule)
      .values({ subscriberId: row?.id ?? '', step: 0, dueAt: new Date(), startedAt: new Date() });
    await t.database.db.insert(subscribers).values(
      Array.from({ length: 15 }, () => ({
        email: uniqueEmail('flood').replace('@example.com', '@flood2.example'),
        confirmWanted: true,
        confirmSentAt: new Date(),
      })),
    );
    const hour = Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 60 * 3_600_000;
    const contentDir = path.join(repoRoot, 'content');
    // The first drain spends the confirmations' share; the course letter leaves beside them or after.
    sent.length = 0;
    await cappedDrain(sent, hour + minuteMs, { contentDir, batch: 10 });
    expect(await cappedDrain(sent, hour + 2 * minuteMs, { contentDir })).toMatchObject({ capped: true });
    expect(sent.filter((letter) => letter.to !== reader)).toHaveLength(10);
    expect(sent.filter((letter) => letter.to === reader)).toHaveLength(1);
  });
});
