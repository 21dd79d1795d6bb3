// Confirmed opt-in against a real SMTP server: subscribe -> one letter in the page's language with a
// confirmation link and the one-click unsubscribe headers -> confirm (once) -> one-click unsubscribe.
// Also the queue's retries when the mail server is down, the hourly cap, the honeypot and the purge.
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../../functions/config.ts';
import { mailQueue, subscribers } from '../../functions/db/schema.ts';
import { drainQueue, queueRequestedLetters } from '../../functions/mail/queue.ts';
import { queueReport } from '../../functions/mail/queueReport.ts';
import { maxAttempts } from '../../functions/mail/retries.ts';
import { confirmToken, unsubscribeToken } from '../../functions/mail/tokens.ts';
import { createMailTransport, type MailTransport } from '../../functions/mail/transport.ts';
import { purgeExpired } from '../../functions/retention.ts';
import { freePort } from '../support/freePort.ts';
import { uniqueEmail } from '../support/http.ts';
import type { TestApp } from '../support/inProcessApp.ts';
import { startMailingApp, stopMailingApp } from '../support/mailingApp.ts';
import type { Received, TestSmtp } from '../support/smtpServer.ts';
import { describeDb } from '../support/testDb.ts';

const secret = 'newsletter-test-secret-0123456789abcdef';
const site = 'https://advice.example';
const hourMs = 3_600_000;

let clientNumber = 0;
/** A different client address per request, so the per-client limit never interferes. */
const client = () => `198.51.100.${(clientNumber++ % 250) + 1}`;

const linkIn = (text: string, path: string) =>
  new RegExp(`${site.replaceAll('.', '\\.')}${path}#token=([A-Za-z0-9._-]+)`).exec(text)?.[1];

describeDb('newsletter: confirmed opt-in and one-click unsubscribe', () => {
  let smtp: TestSmtp;
  let t: TestApp;
  let transport: MailTransport;

  beforeAll(async () => {
    ({ smtp, t, transport } = await startMailingApp({ HASH_SECRET: secret, SITE_URL: site }));
  });
  afterAll(() => stopMailingApp({ smtp, t, transport }));

  const drain = (options: Partial<Parameters<typeof drainQueue>[1]> = {}) =>
    drainQueue(t.database.db, {
      transport,
      context: { secret, siteUrl: site },
      confirmPerHour: 0,
      ...options,
    });

  async function subscribe(body: object) {
    const res = await t.post('/api/subscribe', body, client());
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }

  const confirm = async (token: unknown) => {
    const res = await t.post('/api/subscribe/confirm', { token }, client());
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  const rowOf = async (email: string) =>
    (await t.database.db.select().from(subscribers).where(eq(subscribers.email, email)))[0];

  const queuedFor = async (email: string) => {
    await queueRequestedLetters(t.database.db);
    const row = await rowOf(email);
    return row ? t.database.db.select().from(mailQueue).where(eq(mailQueue.subscriberId, row.id)) : [];
  };

  const letterTo = (email: string): Received => {
    const letters = smtp.received.filter((letter) => letter.to.includes(email));
    expect(letters).toHaveLength(1);
    return letters[0] as Received;
  };

  it('stores a pending address with its language, sends one letter in that language, and confirms it once', async () => {
    const [en, bg] = [uniqueEmail('opt-en'), uniqueEmail('opt-bg')];
    expect(await subscribe({ email: en })).toEqual({ status: 201, body: { success: true } });
    expect(await subscribe({ email: `  ${bg.toUpperCase()} `, language: 'bg' })).toEqual({
      status: 201,
      body: { success: true },
    });
    expect(await rowOf(en)).toMatchObject({ status: 'pending', language: 'en', confirmedAt: null });
    expect(await rowOf(bg)).toMatchObject({ status: 'pending', language: 'bg' });
    expect(await queuedFor(bg)).toHaveLength(1);

    const before = smtp.received.length;
    expect((await drain()).sent).toBe(2);
    expect(smtp.received.length).toBe(before + 2);
    expect(await queuedFor(en)).toEqual([]);

    const english = letterTo(en);
    const bulgarian = letterTo(bg);
    expect(english.mail.subject).toBe('Confirm your subscription: open the link, then press once');
    expect(bulgarian.mail.subject).toBe('Потвърди абонамента си: отвори връзката и натисни веднъж');
    for (const [letter, own, other, prefix] of [
      [english, en, bg, ''],
      [bulgarian, bg, en, '/bg'],
    ] as const) {
      // Both parts carry the confirmation link of the right language and a visible unsubscribe link.
      expect(linkIn(letter.mail.text ?? '', `${prefix}/subscribe/confirm`)).toBeTruthy();
      expect(linkIn(String(letter.mail.html), `${prefix}/subscribe/confirm`)).toBeTruthy();
      expect(linkIn(letter.mail.text ?? '', `${prefix}/unsubscribe`)).toBeTruthy();
      expect(linkIn(String(letter.mail.html), `${prefix}/unsubscribe`)).toBeTruthy();
      expect(letter.raw).toMatch(
        /List-Unsubscribe:\s*<https:\/\/advice\.example\/api\/unsubscribe\?token=[^>]+>/,
      );
      expect(letter.raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
      // No address in the letter's text: not another person's, and not even the reader's own.
      expect(letter.raw).not.toContain(other);
      expect(`${letter.mail.text}${letter.mail.html}`).not.toContain(own);
    }

    const token = linkIn(bulgarian.mail.text ?? '', '/bg/subscribe/confirm');
    expect(await confirm(token)).toEqual({ status: 200, body: { confirmed: true } });
    expect(await rowOf(bg)).toMatchObject({ status: 'confirmed', confirmedAt: expect.any(Date) });
    // Single use: the same link again is refused, and says why.
    expect(await confirm(token)).toEqual({
      status: 409,
      body: { error: 'This confirmation link was already used: the subscription is confirmed' },
    });
    expect((await rowOf(en))?.status).toBe('pending');
  });

  it('answers forged, malformed and expired confirmation tokens with 4xx and a reason, never confirming', async () => {
    const email = uniqueEmail('forged');
    await subscribe({ email });
    const row = await rowOf(email);
    if (!row) throw new Error('no row');
    const good = confirmToken(secret, row.id, new Date());
    const flipped = `${good.slice(0, -1)}${good.endsWith('A') ? 'B' : 'A'}`;
    const invalid = { status: 400, body: { error: 'This confirmation link is not valid' } };
    expect(await confirm(flipped)).toEqual(invalid);
    expect(await confirm(confirmToken('another-secret-0123456789abcdefghijkl', row.id, new Date()))).toEqual(
      invalid,
    );
    expect(await confirm('not-a-token')).toEqual(invalid);
    expect(await confirm('')).toEqual(invalid);
    expect(await confirm(42)).toEqual(invalid);
    expect(await confirm('x'.repeat(500))).toEqual(invalid);
    expect(await confirm(unsubscribeToken(secret, row.id))).toEqual(invalid);
    const expired = {
      status: 410,
      body: { error: 'This confirmation link has expired: please subscribe again' },
    };
    expect(await confirm(confirmToken(secret, row.id, new Date(Date.now() - 49 * hourMs)))).toEqual(expired);
    expect((await rowOf(email))?.status).toBe('pending');
    // A genuine token whose pending address was purged since: expired too.
    await t.database.db.delete(subscribers).where(eq(subscribers.id, row.id));
    expect(await confirm(good)).toEqual(expired);
  });

  it('tells a pending address its letter is on its way (another after ten minutes), and answers 409 once it is confirmed', async () => {
    const email = uniqueEmail('again');
    await subscribe({ email, language: 'bg' });
    const pending = { status: 200, body: { success: true, pending: true } };
    const taken = { status: 409, body: { success: false, error: 'Email already registered' } };
    expect(await subscribe({ email: ` ${email.toUpperCase()}` })).toEqual(pending);
    expect(await queuedFor(email)).toHaveLength(1);

    const eleven = new Date(Date.now() - 11 * 60_000);
    await t.database.db
      .update(subscribers)
      .set({ confirmSentAt: eleven })
      .where(eq(subscribers.email, email));
    expect(await subscribe({ email })).toEqual(pending);
    expect(await queuedFor(email)).toHaveLength(2);
    // Its language stays the one it subscribed with.
    expect((await rowOf(email))?.language).toBe('bg');
    // Two letters in a day are the most: later it is told to look for them, and gets no third.
    await t.database.db
      .update(subscribers)
      .set({ confirmSentAt: eleven })
      .where(eq(subscribers.email, email));
    expect(await subscribe({ email })).toEqual(pending);
    expect(await queuedFor(email)).toHaveLength(2);

    await t.database.db
      .update(subscribers)
      .set({ status: 'confirmed', confirmSentAt: eleven })
      .where(eq(subscribers.email, email));
    expect(await subscribe({ email })).toEqual(taken);
    expect(await queuedFor(email)).toHaveLength(2);
    await t.database.db.delete(mailQueue);
  });

  it('takes a filled honeypot for a bot: answers like a success, stores and sends nothing', async () => {
    const email = uniqueEmail('bot');
    expect(await subscribe({ email, website: 'https://spam.example' })).toEqual({
      status: 201,
      body: { success: true },
    });
    expect(await rowOf(email)).toBeUndefined();
  });

  it('keeps letters while the mail server is down, retries with back-off, sends them once it is back', async () => {
    const deadUrl = `smtp://127.0.0.1:${await freePort()}`;
    const dead = createMailTransport(loadConfig({ SMTP_URL: deadUrl }));
    const email = uniqueEmail('down');
    expect((await subscribe({ email })).status).toBe(201);
    // A second on: the database stores microseconds, so "now" in milliseconds may fall just before it.
    const now = new Date(Date.now() + 1000);
    try {
      expect(await drain({ transport: dead, now })).toMatchObject({ sent: 0, retrying: 1, failed: 0 });
      const [waiting] = await queuedFor(email);
      expect(waiting).toMatchObject({
        status: 'waiting',
        attempts: 1,
        lastError: expect.stringMatching(/ECONNREFUSED/),
      });
      expect(waiting?.nextAttemptAt.getTime()).toBe(now.getTime() + 30_000);
      // Not due yet: nothing is tried.
      expect(await drain({ transport: dead, now: new Date(now.getTime() + 10_000) })).toMatchObject({
        retrying: 0,
      });
      expect(await drain({ transport: dead, now: new Date(now.getTime() + 31_000) })).toMatchObject({
        retrying: 1,
      });
      expect((await queuedFor(email))[0]?.nextAttemptAt.getTime()).toBe(now.getTime() + 31_000 + 60_000);
    } finally {
      dead.close();
    }
    expect(await drain({ now: new Date(now.getTime() + 2 * 60_000) })).toMatchObject({ sent: 1 });
    expect(letterTo(email).mail.subject).toBe('Confirm your subscription: open the link, then press once');
    expect(await queuedFor(email)).toEqual([]);
  });

  it('marks a letter failed after its last try, and the queue view shows it without the address', async () => {
    const dead = createMailTransport(loadConfig({ SMTP_URL: `smtp://127.0.0.1:${await freePort()}` }));
    const email = uniqueEmail('gives-up');
    await subscribe({ email });
    let now = Date.now() + 1000;
    try {
      for (let attempt = 1; attempt < maxAttempts; attempt++) {
        expect(await drain({ transport: dead, now: new Date(now) })).toMatchObject({ retrying: 1 });
        now += 2 * hourMs;
      }
      expect(await drain({ transport: dead, now: new Date(now) })).toMatchObject({ retrying: 0, failed: 1 });
    } finally {
      dead.close();
    }
    expect((await queuedFor(email))[0]).toMatchObject({ status: 'failed', attempts: maxAttempts });
    // A failed letter is not tried again by the drainer; it waits for the operator.
    expect(await drain({ now: new Date(now + 10 * hourMs) })).toMatchObject({ sent: 0 });
    const report = await queueReport(t.database.db);
    expect(report).toMatch(/Mail queue: \d+ waiting, 1 failed\./);
    expect(report).toMatch(/confirm {2}en {2}failed/);
    expect(report).not.toContain(email);
    await t.database.db.delete(mailQueue);
  });

  it('sends at most CONFIRM_MAIL_PER_HOUR confirmation letters an hour; the rest wait for the next hour', async () => {
    const emails = [uniqueEmail('cap-a'), uniqueEmail('cap-b'), uniqueEmail('cap-c')];
    for (const email of emails) await subscribe({ email });
    // Far from any real hour, so the counter starts at zero.
    const hour = new Date(Math.floor(Date.now() / hourMs) * hourMs + 1000 * hourMs);
    expect(await drain({ confirmPerHour: 2, now: hour })).toMatchObject({ sent: 2, capped: true });
    expect(await drain({ confirmPerHour: 2, now: new Date(hour.getTime() + 60_000) })).toMatchObject({
      sent: 0,
      capped: true,
    });
    const rows = await t.database.db.select().from(subscribers).where(inArray(subscribers.email, emails));
    const waiting = await t.database.db
      .select()
      .from(mailQueue)
      .where(
        inArray(
          mailQueue.subscriberId,
          rows.map((row) => row.id),
        ),
      );
    // One letter waits: still asked for on its row (a drain moves only what it may send) or queued.
    expect(waiting.length + rows.filter((row) => row.confirmWanted).length).toBe(1);
    expect(await drain({ confirmPerHour: 2, now: new Date(hour.getTime() + hourMs) })).toMatchObject({
      sent: 1,
    });
  });

  it('moves into the queue no more letters than a drain sends, oldest first, the rest on the next drain', async () => {
    const emails = [uniqueEmail('batch-a'), uniqueEmail('batch-b'), uniqueEmail('batch-c')];
    for (const email of emails) await subscribe({ email });
    // Other tests' letters may wait too: drain until these three have left, one letter at a time.
    const wanted = async () =>
      (await t.database.db.select().from(subscribers).where(inArray(subscribers.email, emails))).filter(
        (row) => row.confirmWanted,
      ).length;
    let drains = 0;
    while ((await wanted()) > 0 && drains < 50) {
      const before = await wanted();
      expect(await drain({ batch: 1 })).toMatchObject({ sent: 1 });
      expect(before - (await wanted())).toBeLessThanOrEqual(1);
      drains++;
    }
    for (const email of emails) expect(letterTo(email)).toBeDefined();
  });

  it('unsubscribes with one click: the RFC 8058 POST deletes the row at once; a GET only leads to the page', async () => {
    const email = uniqueEmail('leaving');
    await subscribe({ email, language: 'bg' });
    await drain();
    const header = /List-Unsubscribe:\s*<([^>]+)>/.exec(letterTo(email).raw)?.[1];
    if (!header) throw new Error('no List-Unsubscribe header');
    const path = header.slice(site.length);
    await confirm(linkIn(letterTo(email).mail.text ?? '', '/bg/subscribe/confirm'));

    // A link scanner's GET changes nothing; it is sent to the page in the letter's language.
    const opened = await t.app.request(path, {}, { clientAddress: client() });
    expect(opened.status).toBe(303);
    // The page gets the token in its fragment, which no request of the browser sends on.
    expect(opened.headers.get('location')).toBe(`${site}/bg/unsubscribe#${new URL(header).searchParams}`);
    expect((await rowOf(email))?.status).toBe('confirmed');

    const oneClick = () =>
      t.app.request(
        path,
        {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: 'List-Unsubscribe=One-Click',
        },
        { clientAddress: client() },
      );
    const gone = await oneClick();
    expect(gone.status).toBe(200);
    expect(await gone.json()).toEqual({ unsubscribed: true });
    expect(await rowOf(email)).toBeUndefined();
    // Asked again (a provider retrying), the answer stays a success: the address is gone either way.
    expect((await oneClick()).status).toBe(200);

    const forged = await t.app.request(
      `${path.slice(0, -2)}xy`,
      { method: 'POST', body: 'List-Unsubscribe=One-Click' },
      { clientAddress: client() },
    );
    expect(forged.status).toBe(400);
    expect(await forged.json()).toEqual({ error: 'This unsubscribe link is not valid' });
    const none = await t.app.request('/api/unsubscribe', { method: 'POST' }, { clientAddress: client() });
    expect(none.status).toBe(415);
    const empty = await t.post('/api/unsubscribe', {}, client());
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({ error: 'This unsubscribe link is not valid' });
  });

  it("unsubscribes from the page's button with the token in the JSON body, never in a URL", async () => {
    const email = uniqueEmail('page-leaving');
    await subscribe({ email });
    await drain();
    const text = letterTo(email).mail.text ?? '';
    // Every page link of the letter holds its token in the fragment only.
    expect(text).not.toMatch(/advice\.example\/(?!api\/)\S*\?token=/);
    const token = linkIn(text, '/unsubscribe');
    const gone = await t.post('/api/unsubscribe', { token }, client());
    expect(gone.status).toBe(200);
    expect(await rowOf(email)).toBeUndefined();
  });

  it('purges pending addresses after 48 hours and keeps confirmed ones for 30 days', async () => {
    const ago = (hours: number) => new Date(Date.now() - hours * hourMs);
    const [oldPending, newPending, oldConfirmed] = [
      uniqueEmail('p-old'),
      uniqueEmail('p-new'),
      uniqueEmail('c-old'),
    ];
    await t.database.db.insert(subscribers).values([
      { email: oldPending, createdAt: ago(49) },
      { email: newPending, createdAt: ago(47) },
      { email: oldConfirmed, createdAt: ago(24 * 29), status: 'confirmed' },
    ]);
    const oldId = (await rowOf(oldPending))?.id ?? '';
    await t.database.db.insert(mailQueue).values({ subscriberId: oldId });
    await purgeExpired(t.database.db);
    expect(await rowOf(oldPending)).toBeUndefined();
    expect(await rowOf(newPending)).toBeDefined();
    expect(await rowOf(oldConfirmed)).toBeDefined();
    // Its queued letter went with it.
    expect(await t.database.db.select().from(mailQueue).where(eq(mailQueue.subscriberId, oldId))).toEqual([]);
  });
});
