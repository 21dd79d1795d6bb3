// Every row of the route table through app.request() on the real app and database: each success with its
// failures. (What needs a real server process, such as raw HTTP and signals, is in hostileInput and durability.)
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { errorMessages } from '../../functions/contract.ts';
import { article, makeContentDir } from '../support/fixtures.ts';
import { getJson as getJsonFrom, postJson, sessionId, uniqueClient, uniqueEmail } from '../support/http.ts';
import { createTestApp, type TestApp } from '../support/inProcessApp.ts';
import { oneWait } from '../support/patience.ts';
import { describeDb, freshDatabaseEnv } from '../support/testDb.ts';

describeDb('API routes', () => {
  const origin = 'http://localhost';
  const api = `${origin}/api`;
  let t: TestApp;
  let contentDir: string;

  beforeAll(async () => {
    contentDir = makeContentDir();
    t = await createTestApp({ ...(await freshDatabaseEnv()), CONTENT_DIR: contentDir, TRUST_PROXY: 'true' });
  });
  afterAll(async () => {
    await t?.database.close();
  });

  // Each test is its own client, so per-client rate limits never couple tests.
  const post = (route: string, body: unknown, headers: Record<string, string> = {}) =>
    postJson(`${api}${route}`, body, { ...uniqueClient(), ...headers }, t.fetch);
  const getJson = (url: string) => getJsonFrom(url, {}, t.fetch);

  // ---- POST /api/subscribe ----

  it('subscribes a new address with 201 {success:true}', async () => {
    const res = await post('/subscribe', { email: uniqueEmail() });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ success: true });
  });

  it('trims and lower-cases, so the same address in other case and spacing is the same subscriber', async () => {
    const email = uniqueEmail('Case');
    expect((await post('/subscribe', { email: `  ${email.toUpperCase()}  ` })).status).toBe(201);
    const again = await post('/subscribe', { email });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ success: true, pending: true });
  });

  it.each([
    ['empty', ''],
    ['blank', '   '],
    ['no @', 'person.example.com'],
    ['no dot after @', 'person@example'],
    ['a space inside', 'per son@example.com'],
    ['two @', 'a@b@example.com'],
    ['longer than 254', `${'a'.repeat(250)}@example.com`],
    ['a number', 42],
    ['null', null],
  ])('refuses an address that is %s with 400 and the valid-email message', async (_, email) => {
    const res = await post('/subscribe', { email });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error: 'Please enter a valid email address' });
  });

  it('refuses a body without email with 400', async () => {
    const res = await post('/subscribe', {});
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Please enter a valid email address');
  });

  // ---- POST /api/tip-ratings ----

  it.each([
    ['en_5', 'en'],
    ['en_r3', 'en'],
    ['5', 'bg'],
    ['r3', 'bg'],
  ])('stores a rating for tip %s in %s with 201 {ok:true}', async (tipId, language) => {
    for (const rating of [1, 0]) {
      const res = await post('/tip-ratings', { tipId, language, rating, sessionId: sessionId() });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ ok: true });
    }
  });

  it('accepts a changed mind: a second rating of the same tip in the same session', async () => {
    const body = { tipId: 'en_1', language: 'en', rating: 1, sessionId: sessionId() };
    expect((await post('/tip-ratings', body)).status).toBe(201);
    expect((await post('/tip-ratings', { ...body, rating: 0 })).status).toBe(201);
  });

  it.each([
    ['an English id for Bulgarian', '5', 'en'],
    ['a bare id for English', 'en_5', 'bg'],
    ['a tip that does not exist', 'en_999', 'en'],
    ['a rare tip that does not exist', 'r99', 'bg'],
  ])('refuses %s as an unknown tip with 400', async (_, tipId, language) => {
    const res = await post('/tip-ratings', { tipId, language, rating: 1, sessionId: sessionId() });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: errorMessages.unknownTip });
  });

  it.each([
    ['rating 2', { rating: 2 }, errorMessages.tipRatingInvalid],
    ['rating "1"', { rating: '1' }, errorMessages.tipRatingInvalid],
    ['rating true', { rating: true }, errorMessages.tipRatingInvalid],
    ['no rating', { rating: undefined }, errorMessages.tipRatingInvalid],
    ['a short sessionId', { sessionId: 'abc' }, errorMessages.sessionIdInvalid],
    ['a sessionId with spaces', { sessionId: 'abc def ghi' }, errorMessages.sessionIdInvalid],
    ['a 101-character sessionId', { sessionId: 'a'.repeat(101) }, errorMessages.sessionIdInvalid],
    ['language fr', { language: 'fr' }, errorMessages.languageInvalid],
    ['a tipId that is no id', { tipId: "1' or '1'='1" }, errorMessages.tipIdInvalid],
    ['a numeric tipId', { tipId: 5 }, errorMessages.tipIdInvalid],
  ])('refuses a tip rating with %s with 400 naming the field', async (_, change, message) => {
    const res = await post('/tip-ratings', {
      tipId: 'en_5',
      language: 'en',
      rating: 1,
      sessionId: sessionId(),
      ...change,
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: message });
  });

  // ---- GET/POST /api/articles/:id/rating ----

  it('answers {average:0,count:0} for an article nobody rated', async () => {
    const res = await getJson(`${api}/articles/10/rating`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ average: 0, count: 0 });
  });

  it('rates an article with the new summary, and answers a change of rating the same way (200 both)', async () => {
    const email = uniqueEmail();
    const first = await post('/articles/11/rating', { rating: 5, email });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ average: 5, count: 1 });

    const changed = await post('/articles/11/rating', { rating: 2, email: `  ${email.toUpperCase()} ` });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ average: 2, count: 1 });

    expect((await getJson(`${api}/articles/11/rating`)).body).toEqual({ average: 2, count: 1 });
  });

  it('averages over people and rounds to one decimal', async () => {
    for (const rating of [5, 4, 4]) await post('/articles/12/rating', { rating, email: uniqueEmail() });
    expect((await getJson(`${api}/articles/12/rating`)).body).toEqual({ average: 4.3, count: 3 });
  });

  it.each([
    ['no email', {}, errorMessages.ratingEmailRequired],
    ['an empty email', { email: '' }, errorMessages.ratingEmailRequired],
    ['a blank email', { email: '   ' }, errorMessages.ratingEmailRequired],
    ['a null email', { email: null }, errorMessages.ratingEmailRequired],
    ['an invalid email', { email: 'not-an-address' }, errorMessages.invalidEmail],
  ])('refuses a rating with %s with 400', async (_, fields, message) => {
    const res = await post('/articles/13/rating', { rating: 4, ...fields });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: message });
  });

  it.each([0, 6, 2.5, '3', null, -1])('refuses rating %j with 400', async (rating) => {
    const res = await post('/articles/13/rating', { rating, email: uniqueEmail() });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: errorMessages.articleRatingInvalid });
  });

  // ---- GET/POST /api/articles/:id/comments ----

  it('answers an empty list for an article without comments', async () => {
    const res = await getJson(`${api}/articles/14/comments`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ comments: [] });
  });

  it('publishes a comment at once and lists it, never with the e-mail address', async () => {
    const email = uniqueEmail('commenter');
    const res = await post('/articles/15/comments', {
      name: ' Ana ',
      comment: ' Lovely! ',
      email,
      language: 'bg',
    });
    expect(res.status).toBe(201);
    expect(res.body.status).toBe('published');
    expect(res.body.comment).toEqual({
      id: expect.any(Number),
      name: 'Ana',
      comment: 'Lovely!',
      language: 'bg',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const list = await getJson(`${api}/articles/15/comments`);
    expect(list.body.comments).toEqual([res.body.comment]);
    expect(JSON.stringify(list.body)).not.toContain(email);
    expect(JSON.stringify(res.body)).not.toContain(email);
  });

  it('lists comments of both languages in one thread, oldest first', async () => {
    const ids: unknown[] = [];
    for (const [i, language] of ['en', 'bg', 'en'].entries()) {
      const res = await post('/articles/16/comments', { name: `N${i}`, comment: `C${i}`, language });
      ids.push((res.body.comment as { id: number }).id);
    }
    const list = await getJson(`${api}/articles/16/comments`);
    expect((list.body.comments as { id: number }[]).map((c) => c.id)).toEqual(ids);
  });

  it.each([
    ['an http link', 'see http://spam.example/offer'],
    ['an https link', 'see https://spam.example'],
    ['a www. address', 'visit www.spam'],
    ['a bare domain', 'cheap pills at example.com today'],
    ['an ideographic dot', 'cheap pills at example。com today'],
    ['a fullwidth dot', 'cheap pills at example．com today'],
    ['fullwidth letters', 'see ｈｔｔｐｓ：／／spam'],
    ['hidden text in tag characters', 'nice \u{E0063}\u{E006C}\u{E0069}\u{E0063}\u{E006B} post'],
  ])('holds a comment with %s for review: 201 held, not listed', async (_, comment) => {
    const res = await post('/articles/17/comments', { name: 'Bot', comment, language: 'en' });
    expect(res.status).toBe(201);
    expect(res.body.status).toBe('held');
    expect(res.body.comment).toMatchObject({ name: 'Bot', comment });
    const list = await getJson(`${api}/articles/17/comments`);
    expect(JSON.stringify(list.body)).not.toContain(comment);
  });

  it('removes characters that only hide something, and finds the link they split', async () => {
    const res = await post('/articles/17/comments', {
      name: '\u202EAna\u200B',
      comment: 'cheap pills at example.\u200Bcom, \u2066reordered\u2069 text\u00AD',
      language: 'en',
    });
    expect(res.status).toBe(201);
    expect(res.body.status).toBe('held');
    expect(res.body.comment).toMatchObject({
      name: 'Ana',
      comment: 'cheap pills at example.com, reordered text',
    });
    // A name of nothing but invisible fillers is no name; emoji joiners stay.
    const empty = await post('/articles/17/comments', {
      name: '\u3164\u200B',
      comment: 'hi',
      language: 'en',
    });
    expect([empty.status, empty.body.error]).toEqual([400, 'Please fill in your name and comment']);
    const family = await post('/articles/17/comments', {
      name: 'Ana',
      comment: '👨\u200D👩\u200D👧',
      language: 'en',
    });
    expect([family.body.status, (family.body.comment as { comment: string }).comment]).toEqual([
      'published',
      '👨\u200D👩\u200D👧',
    ]);
  });

  it('holds a comment whose name is a link', async () => {
    const res = await post('/articles/17/comments', {
      name: 'shop.example.com',
      comment: 'hi',
      language: 'en',
    });
    expect(res.body.status).toBe('held');
  });

  it('answers a filled honeypot like an accepted comment but stores nothing', async () => {
    const res = await post('/articles/18/comments', {
      name: 'Bot',
      comment: 'honeypot text',
      language: 'en',
      website: 'http://bot.example',
    });
    expect(res.status).toBe(201);
    expect(res.body.comment).toMatchObject({ name: 'Bot', comment: 'honeypot text' });
    expect((await getJson(`${api}/articles/18/comments`)).body).toEqual({ comments: [] });
  });

  it('stores HTML and SQL-looking text verbatim and returns it as plain text', async () => {
    const name = `Robert'); DROP TABLE comments;--`;
    const comment = `<script>alert("x")</script> <img src=x onerror=alert(1)> ' OR 1=1 -- \\ "quotes" 😀 кирилица`;
    const res = await post('/articles/19/comments', { name, comment, language: 'en' });
    expect(res.status).toBe(201);
    expect(res.body.comment).toMatchObject({ name, comment });
    const list = await getJson(`${api}/articles/19/comments`);
    expect(list.body.comments).toEqual([expect.objectContaining({ name, comment })]);
  });

  it.each([
    ['no name', { name: undefined }, errorMessages.commentFieldsRequired],
    ['a blank name', { name: '   ' }, errorMessages.commentFieldsRequired],
    ['no comment', { comment: undefined }, errorMessages.commentFieldsRequired],
    ['an empty comment', { comment: '' }, errorMessages.commentFieldsRequired],
    ['an 81-character name', { name: 'n'.repeat(81) }, errorMessages.nameTooLong],
    ['a 2001-character comment', { comment: 'c'.repeat(2001) }, errorMessages.commentTooLong],
    // What the form would have cut silently once: the field is named, not the body's size.
    ['a 5600-character Bulgarian comment', { comment: 'ж'.repeat(5600) }, errorMessages.commentTooLong],
    ['an 81-character Bulgarian name', { name: 'Ж'.repeat(81) }, errorMessages.nameTooLong],
    ['an invalid email', { email: 'nope' }, errorMessages.invalidEmail],
    ['no language', { language: undefined }, errorMessages.languageInvalid],
    ['language de', { language: 'de' }, errorMessages.languageInvalid],
    ['a numeric name', { name: 12 }, errorMessages.commentFieldsRequired],
  ])('refuses a comment with %s with 400', async (_, change, message) => {
    const res = await post('/articles/20/comments', {
      name: 'Ana',
      comment: 'Hi',
      language: 'en',
      ...change,
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: message });
  });

  it('accepts a name of 80 and a comment of 2000 characters, and an empty optional email', async () => {
    const res = await post('/articles/20/comments', {
      name: 'n'.repeat(80),
      comment: 'c'.repeat(2000),
      email: '',
      language: 'en',
    });
    expect(res.status).toBe(201);
    // As long in Bulgarian (two bytes a letter) or in emoji (four), with an address: within the body limit.
    for (const letter of ['ж', '😀']) {
      const wide = await post('/articles/20/comments', {
        name: 'Ж'.repeat(80),
        comment: letter.repeat(2000),
        email: `${'a'.repeat(64)}@${'b'.repeat(60)}.example.com`,
        language: 'bg',
      });
      expect(wide.status).toBe(201);
    }
  });

  // ---- Unknown articles ----

  it.each(['999', '2', 'abc', '0', '-1', '1.5', '3a', '%203', '1e3', '99999999999999999999', '%20'])(
    'answers 404 for article id %s on every article route',
    async (id) => {
      for (const route of ['rating', 'comments']) {
        const get = await getJson(`${api}/articles/${id}/${route}`);
        expect(get.status).toBe(404);
        expect(get.body).toEqual({ error: 'Article not found' });
      }
      const rate = await post(`/articles/${id}/rating`, { rating: 5, email: uniqueEmail() });
      expect(rate.status).toBe(404);
      const comment = await post(`/articles/${id}/comments`, { name: 'a', comment: 'b', language: 'en' });
      expect(comment.status).toBe(404);
    },
  );

  it('picks up a newly dropped article file without a restart', async () => {
    expect((await getJson(`${api}/articles/4242/comments`)).status).toBe(404);
    fs.writeFileSync(path.join(contentDir, 'blog', 'bg', 'new.mdx'), article(4242, 'bg'));
    await expect
      .poll(async () => (await getJson(`${api}/articles/4242/comments`)).status, { timeout: oneWait })
      .toBe(200);
  });

  // ---- GET /api/health, unknown routes, headers ----

  it('answers /api/health with 200 when the database answers', async () => {
    const res = await getJson(`${api}/health`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it.each([
    ['GET', '/api/nope'],
    ['GET', '/api'],
    ['GET', '/api/subscribe'],
    ['DELETE', '/api/articles/1/comments'],
    ['POST', '/api/geo'],
  ])('answers %s %s with a JSON 404', async (method, route) => {
    const res = await t.fetch(`${origin}${route}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: method === 'GET' ? undefined : '{}',
    });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'Not found' });
  });

  it('sends the security headers and the API CSP on every API response, errors included', async () => {
    for (const res of [
      await t.fetch(`${api}/health`),
      await t.fetch(`${api}/nope`),
      await t.fetch(`${api}/subscribe`, {
        method: 'POST',
        body: 'x',
        headers: { 'content-type': 'application/json' },
      }),
    ]) {
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      // frame-ancestors does X-Frame-Options' work; the browsers' default referrer policy is ours.
      expect(res.headers.get('x-frame-options')).toBeNull();
      expect(res.headers.get('referrer-policy')).toBeNull();
      expect(res.headers.get('permissions-policy')).toContain('camera=()');
      expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
      expect(res.headers.get('strict-transport-security')).toBeNull();
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('adds HSTS to API responses when the request came over HTTPS through the trusted proxy', async () => {
    const res = await t.fetch(`${api}/health`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers.get('strict-transport-security')).toBe('max-age=63072000; includeSubDomains');
  });
});
