// Held comments reach the operator: with ADMIN_EMAIL, a held comment queues a letter (the first of a
// quiet hour at once, the next ones gathered into one digest an hour after it) sent by the mail queue to
// a real SMTP server. Its approve and hide links carry signed tokens that /api/moderation checks, always
// in a request's body: asking shows the comment and changes nothing, a decision is taken once, old or
// forged links are refused.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../functions/config.ts';
import { comments, mailQueue } from '../../functions/db/schema.ts';
import { queueModerationLetter } from '../../functions/mail/moderationLetters.ts';
import { drainQueue } from '../../functions/mail/queue.ts';
import { queueReport } from '../../functions/mail/queueReport.ts';
import { moderationToken } from '../../functions/mail/tokens.ts';
import type { MailTransport } from '../../functions/mail/transport.ts';
import { operatorMail } from '../../functions/services.ts';
import { createTestApp, type TestApp } from '../support/inProcessApp.ts';
import { startMailingApp, stopMailingApp } from '../support/mailingApp.ts';
import type { Received, TestSmtp } from '../support/smtpServer.ts';
import { describeDb, freshDatabaseEnv } from '../support/testDb.ts';

const secret = 'moderation-test-secret-0123456789abcdef';
const site = 'https://advice.example';
const operator = 'operator@advice.example';
const refused = 'refused@advice.example';
const hourMs = 3_600_000;

let clientNumber = 0;
/** A different client address per request, so the per-client limit only counts where a test means it. */
const uniqueClient = () => `198.51.${Math.floor(clientNumber / 250) % 250}.${(clientNumber++ % 250) + 1}`;

const linksIn = (text: string, prefix = '') =>
  [
    ...text.matchAll(
      new RegExp(`${site.replaceAll('.', '\\.')}${prefix}/moderate#token=([A-Za-z0-9._-]+)`, 'g'),
    ),
  ].map((match) => match[1] as string);

describeDb('moderation letters to the operator', () => {
  let smtp: TestSmtp;
  let t: TestApp;
  let transport: MailTransport;
  // The drains' clock: it only moves forward, and never behind the real one the routes use.
  let clock = Date.now();
  const later = (ms: number) => {
    clock = Math.max(clock, Date.now()) + ms;
    return new Date(clock);
  };

  beforeAll(async () => {
    const env = {
      HASH_SECRET: secret,
      SITE_URL: site,
      ADMIN_EMAIL: operator,
      MODERATION_LIMIT_PER_HOUR: '5',
    };
    ({ smtp, t, transport } = await startMailingApp(env, { refuse: (recipient) => recipient === refused }));
  });
  afterAll(() => stopMailingApp({ smtp, t, transport }));

  const drain = (now: Date, overrides: { email?: string; language?: 'en' | 'bg' } = {}) => {
    const configured = operatorMail(t.services.config, t.services);
    if (!configured) throw new Error('ADMIN_EMAIL should be set');
    return drainQueue(t.database.db, {
      transport,
      context: { secret, siteUrl: site },
      confirmPerHour: 0,
      operator: { ...configured, ...overrides },
      now,
    });
  };

  async function comment(body: { name?: string; comment: string; article?: number; language?: 'en' | 'bg' }) {
    const res = await t.post(
      `/api/articles/${body.article ?? 1}/comments`,
      { name: body.name ?? 'Visitor', comment: body.comment, language: body.language ?? 'en' },
      uniqueClient(),
    );
    expect(res.status).toBe(201);
    return ((await res.json()) as { comment: { id: number }; status: string }).comment.id;
  }

  // SHOW asks for the comment (POST /api/moderation/comment), DECIDE sends the decision.
  const request = (method: 'SHOW' | 'DECIDE', token: unknown, client = uniqueClient()) =>
    t.app.request(
      method === 'SHOW' ? '/api/moderation/comment' : '/api/moderation',
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token }) },
      { clientAddress: client },
    );
  const call = async (method: 'SHOW' | 'DECIDE', token: unknown, client?: string) => {
    const res = await request(method, token, client);
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  const statusOf = async (id: number) =>
    (await t.database.db.select({ status: comments.status }).from(comments).where(eq(comments.id, id)))[0]
      ?.status;
  const publicIds = async () => {
    const res = await t.get('/api/articles/1/comments');
    return ((await res.json()) as { comments: { id: number }[] }).comments.map((c) => c.id);
  };
  const waitingLetters = () =>
    t.database.db
      .select()
      .from(mailQueue)
      .where(and(eq(mailQueue.kind, 'moderation'), eq(mailQueue.status, 'waiting')));
  const lettersTo = (address: string) => smtp.received.filter((letter) => letter.to.includes(address));

  let first: { id: number; letter: Received };

  it('sends the first held comment of a quiet hour at once, with the article, name, escaped text and both links', async () => {
    await comment({ comment: 'No link here, published at once.' });
    expect(await waitingLetters()).toHaveLength(0);

    const id = await comment({
      name: 'Spam <b>King</b>',
      comment: 'Buy at https://spam.example <script>alert(1)</script>',
    });
    expect(await statusOf(id)).toBe('held');
    expect(await waitingLetters()).toHaveLength(1);
    expect(await queueReport(t.database.db)).toMatch(/#\d+ {2}moderation {2}operator {2}waiting/);

    expect((await drain(later(1000))).sent).toBe(1);
    const letters = lettersTo(operator);
    expect(letters).toHaveLength(1);
    const letter = letters[0] as Received;
    expect(letter.mail.subject).toBe('A comment waits for your review on “Article 1”');
    const html = String(letter.mail.html);
    // What the visitor typed is text in the HTML part, never markup.
    expect(html).toContain('Spam &lt;b&gt;King&lt;/b&gt;');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>King');
    expect(letter.mail.text).toContain('Spam <b>King</b>');
    expect(letter.mail.text).toContain('Buy at https://spam.example');
    expect(letter.mail.text).toContain(`${site}/blog/1`);
    const tokens = linksIn(letter.mail.text ?? '');
    expect(tokens.map((token) => token[0])).toEqual(['a', 'h']);
    expect(linksIn(html)).toEqual(tokens);
    expect(await waitingLetters()).toHaveLength(0);
    first = { id, letter };
  });

  it('gathers the comments held within the hour after a letter into one digest an hour after it', async () => {
    const sentAt = clock;
    const second = await comment({ comment: 'Second www.example.org' });
    const third = await comment({ name: 'Third', comment: 'Third http://example.net', article: 3 });
    expect(await waitingLetters()).toHaveLength(1);
    const [waiting] = await waitingLetters();
    expect(waiting?.nextAttemptAt.getTime()).toBe(sentAt + hourMs);

    expect((await drain(new Date(sentAt + hourMs - 1000))).sent).toBe(0);
    expect(lettersTo(operator)).toHaveLength(1);

    expect((await drain(later(hourMs))).sent).toBe(1);
    const letters = lettersTo(operator);
    expect(letters).toHaveLength(2);
    const digest = letters[1] as Received;
    expect(digest.mail.subject).toBe('2 comments wait for your review');
    expect(digest.mail.text).toContain('Second www.example.org');
    expect(digest.mail.text).toContain('Third http://example.net');
    expect(digest.mail.text).toContain(`#${second}`);
    expect(digest.mail.text).toContain(`#${third}`);
    expect(digest.mail.text).not.toContain('spam.example');
    expect(linksIn(digest.mail.text ?? '')).toHaveLength(4);
  });

  it('writes in the operator language and retries a letter the mail server refused', async () => {
    await comment({ comment: 'Fourth https://four.example' });
    // Written on /bg/blog/3: its link leads to the Bulgarian article, whatever the operator's language.
    await comment({ comment: 'Пети https://five.example', article: 3, language: 'bg' });
    // Refused: the letter waits for its retry and the comment is still untold.
    const failing = await drain(later(hourMs), { email: refused });
    expect(failing).toMatchObject({ sent: 0, retrying: 1 });
    const [waiting] = await waitingLetters();
    expect(waiting?.lastError).toMatch(/550/);
    // The mail server's answer quotes the address; only its code is kept.
    expect(waiting?.lastError).not.toContain(refused);

    expect((await drain(later(hourMs), { language: 'bg' })).sent).toBe(1);
    const letter = lettersTo(operator).at(-1) as Received;
    expect(letter.mail.subject).toBe('2 коментара чакат преглед');
    expect(letter.mail.text).toContain('Fourth https://four.example');
    expect(letter.mail.text).toContain('Пети https://five.example');
    expect(linksIn(letter.mail.text ?? '', '/bg')).toHaveLength(4);
    // Each comment links to the article in the language it was written in.
    expect(letter.mail.text).toContain(`${site}/blog/1`);
    expect(letter.mail.text).not.toContain(`${site}/bg/blog/1`);
    expect(letter.mail.text).toContain(`${site}/bg/blog/3`);
  });

  it('shows the comment when asked without changing it, publishes it on the decision once, and then says so', async () => {
    const [approve, hide] = linksIn(first.letter.mail.text ?? '');
    // A token in a query (which proxies log) is not taken at all.
    const inQuery = await t.app.request(
      `/api/moderation?token=${encodeURIComponent(approve ?? '')}`,
      {},
      {
        clientAddress: uniqueClient(),
      },
    );
    expect(inQuery.status).toBe(404);
    for (let i = 0; i < 2; i++) {
      const shown = await call('SHOW', approve);
      expect(shown).toEqual({
        status: 200,
        body: {
          action: 'approve',
          status: 'held',
          comment: expect.objectContaining({ id: first.id, name: 'Spam <b>King</b>', language: 'en' }),
          article: { id: 1, title: 'Article 1' },
        },
      });
    }
    expect(await statusOf(first.id)).toBe('held');
    expect(await publicIds()).not.toContain(first.id);

    expect(await call('DECIDE', approve)).toEqual({ status: 200, body: { status: 'published' } });
    expect(await statusOf(first.id)).toBe('published');
    expect(await publicIds()).toContain(first.id);

    expect(await call('DECIDE', approve)).toEqual({
      status: 409,
      body: { error: 'This comment was already approved', status: 'published' },
    });
    expect(await call('DECIDE', hide)).toMatchObject({ status: 409, body: { status: 'published' } });
    expect(await call('SHOW', hide)).toMatchObject({
      status: 200,
      body: { action: 'hide', status: 'published' },
    });
    expect(await statusOf(first.id)).toBe('published');
  });

  it('hides with the hide link', async () => {
    const id = await comment({ comment: 'Hide me https://hide.example' });
    const token = moderationToken(secret, 'hide', id, new Date());
    expect(await call('DECIDE', token)).toEqual({ status: 200, body: { status: 'hidden' } });
    expect(await statusOf(id)).toBe('hidden');
    expect(await call('DECIDE', moderationToken(secret, 'approve', id, new Date()))).toEqual({
      status: 409,
      body: { error: 'This comment was already hidden', status: 'hidden' },
    });
  });

  it('refuses expired, forged, altered and missing tokens with a JSON error, changing nothing', async () => {
    const id = await comment({ comment: 'Old link https://old.example' });
    const eightDaysAgo = new Date(Date.now() - 8 * 24 * hourMs);
    const expired = moderationToken(secret, 'approve', id, eightDaysAgo);
    expect(await call('SHOW', expired)).toEqual({
      status: 410,
      body: { error: 'This moderation link has expired: decide with npm run admin -- approve or hide' },
    });
    expect((await call('DECIDE', expired)).status).toBe(410);
    // Six days old still works for a look.
    expect(
      (await call('SHOW', moderationToken(secret, 'approve', id, new Date(Date.now() - 6 * 24 * hourMs))))
        .status,
    ).toBe(200);

    const valid = moderationToken(secret, 'approve', id, new Date());
    const invalid = { status: 400, body: { error: 'This moderation link is not valid' } };
    for (const token of [
      moderationToken('another-secret-0123456789abcdef0123', 'approve', id, new Date()),
      `h${valid.slice(1)}`,
      valid.replace(`.${id.toString(36)}.`, `.${(id + 1).toString(36)}.`),
      `${valid}.x`,
      'not-a-token',
      '',
    ]) {
      expect(await call('DECIDE', token), token).toEqual(invalid);
      expect(await call('SHOW', token), token).toEqual(invalid);
    }
    expect(await call('DECIDE', 42)).toEqual(invalid);
    expect(await call('DECIDE', 'x'.repeat(300))).toEqual(invalid);
    expect(await statusOf(id)).toBe('held');

    await t.database.db.delete(comments).where(eq(comments.id, id));
    expect(await call('DECIDE', valid)).toEqual({
      status: 404,
      body: { error: 'This comment no longer exists' },
    });
    expect(await call('SHOW', valid)).toEqual({
      status: 404,
      body: { error: 'This comment no longer exists' },
    });
  });

  it('covers at most 500 comments in a letter, shows 20, and leaves the rest for the next one', async () => {
    // A flood, written straight to the table (the per-client limit would stop it at the door).
    const flood = Array.from({ length: 501 }, (_, i) => ({
      articleId: 3,
      name: `Bot ${i}`,
      comment: `flood ${i} https://flood.example`,
      language: 'en' as const,
      status: 'held' as const,
    }));
    await t.database.db.insert(comments).values(flood);
    await queueModerationLetter(t.database.db, new Date(clock));
    expect((await drain(later(hourMs))).sent).toBe(1);
    const letter = lettersTo(operator).at(-1) as Received;
    expect(letter.mail.subject).toBe('500 comments wait for your review');
    expect(linksIn(letter.mail.text ?? '')).toHaveLength(40);
    expect(letter.mail.text).toContain('480 more held comments are not listed here');
    // The 501st waits for the next letter, an hour after this one.
    const [next] = await waitingLetters();
    expect(next?.nextAttemptAt.getTime()).toBe(clock + hourMs);
    expect((await drain(later(hourMs))).sent).toBe(1);
    expect((lettersTo(operator).at(-1) as Received).mail.text).toContain('flood 500 https://flood.example');
  });

  it('limits each client to MODERATION_LIMIT_PER_HOUR requests', async () => {
    const client = uniqueClient();
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push((await request('SHOW', 'not-a-token', client)).status);
    expect(answers).toEqual([400, 400, 400, 400, 400, 429]);
    const res = await request('DECIDE', 'not-a-token', client);
    expect(res.status).toBe(429);
    expect(await res.json()).toEqual({ error: 'Too many moderation requests. Please try again later.' });
  });
});

describeDb('without ADMIN_EMAIL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ...(await freshDatabaseEnv()), HASH_SECRET: secret, SITE_URL: site });
  });
  afterAll(async () => {
    await t?.database.close();
  });

  it('holds a comment with a link and queues no letter', async () => {
    const res = await t.post('/api/articles/1/comments', {
      name: 'A',
      comment: 'https://x.example',
      language: 'en',
    });
    expect(res.status).toBe(201);
    expect(((await res.json()) as { status: string }).status).toBe('held');
    expect(await t.database.db.select().from(mailQueue)).toEqual([]);
    expect(operatorMail(t.services.config, t.services)).toBeUndefined();
  });
});

describe('ADMIN_EMAIL and ADMIN_LANGUAGE', () => {
  it('are checked when the configuration is read', () => {
    expect(loadConfig({}).admin).toEqual({ email: undefined, language: 'en' });
    expect(loadConfig({ ADMIN_EMAIL: 'me@example.org', ADMIN_LANGUAGE: 'bg' }).admin).toEqual({
      email: 'me@example.org',
      language: 'bg',
    });
    expect(() => loadConfig({ ADMIN_EMAIL: 'nobody' })).toThrow(/ADMIN_EMAIL: expected one e-mail address/);
    expect(() => loadConfig({ ADMIN_LANGUAGE: 'de' })).toThrow(/ADMIN_LANGUAGE: expected en or bg/);
  });
});
