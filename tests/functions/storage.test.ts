// What the routes leave in the database: the privacy promises, checked on the rows themselves.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { articleRatings, comments, rateLimits, subscribers, tipRatings } from '../../functions/db/schema.ts';
import { uniqueEmail } from '../support/http.ts';
import { createTestApp, type TestApp } from '../support/inProcessApp.ts';
import { describeDb, freshDatabaseEnv } from '../support/testDb.ts';

describeDb('what is stored', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ ...(await freshDatabaseEnv()), RATING_LIMIT_PER_HOUR: '1000' });
  });
  afterAll(async () => {
    await t?.database.close();
  });

  /** Every text value in every table, to prove something is NOT stored anywhere. */
  async function everything(): Promise<string> {
    const tables = ['subscribers', 'tip_ratings', 'article_ratings', 'comments', 'rate_limits', 'settings'];
    const dumps = [];
    for (const table of tables) {
      dumps.push(JSON.stringify(await t.database.db.execute(sql.raw(`select * from ${table}`))));
    }
    return dumps.join('\n');
  }

  it('stores a subscriber trimmed and lower-cased, once, with its date', async () => {
    const email = uniqueEmail();
    expect((await t.post('/api/subscribe', { email: ` ${email.toUpperCase()} ` })).status).toBe(201);
    const rows = await t.database.db.select().from(subscribers).where(eq(subscribers.email, email));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.createdAt).toBeInstanceOf(Date);
  });

  it('keeps one tip rating per tip, language and session; the latest wins; no address stored', async () => {
    const sessionId = `session_${Date.now()}`;
    await t.post('/api/tip-ratings', { tipId: 'en_5', language: 'en', rating: 1, sessionId }, '203.0.113.77');
    await t.post('/api/tip-ratings', { tipId: 'en_5', language: 'en', rating: 0, sessionId }, '203.0.113.77');
    await t.post('/api/tip-ratings', { tipId: '5', language: 'bg', rating: 1, sessionId }, '203.0.113.77');
    const rows = await t.database.db.select().from(tipRatings).where(eq(tipRatings.sessionId, sessionId));
    expect(rows.map((r) => [r.tipId, r.language, r.rating]).sort()).toEqual([
      ['5', 'bg', 1],
      ['en_5', 'en', 0],
    ]);
    expect(await everything()).not.toContain('203.0.113.77');
  });

  it('stores article ratings under a keyed hash, never the address', async () => {
    const email = uniqueEmail('rater');
    await t.post('/api/articles/21/rating', { rating: 3, email });
    await t.post('/api/articles/21/rating', { rating: 4, email });
    const rows = await t.database.db.select().from(articleRatings).where(eq(articleRatings.articleId, 21));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.rating).toBe(4);
    expect(rows[0]?.emailHash).toMatch(/^[0-9a-f]{64}$/);
    expect(await everything()).not.toContain(email);
  });

  it('keeps only a keyed hash of a comment e-mail, for privacy requests, and never returns it', async () => {
    const email = uniqueEmail('commenter');
    const posted = await t.post('/api/articles/22/comments', {
      name: 'A',
      comment: 'B',
      email,
      language: 'en',
    });
    expect(JSON.stringify(await posted.json())).not.toContain(email);
    const rows = await t.database.db.select().from(comments).where(eq(comments.articleId, 22));
    expect(rows.map((r) => [r.email, r.emailHash?.length, r.status])).toEqual([[null, 64, 'published']]);
    expect(JSON.stringify(rows)).not.toContain(email);
    expect(JSON.stringify(await (await t.get('/api/articles/22/comments')).json())).not.toContain(email);
  });

  it('stores nothing for a filled honeypot', async () => {
    const res = await t.post('/api/articles/23/comments', {
      name: 'A',
      comment: 'B',
      language: 'en',
      website: 'x',
    });
    expect(res.status).toBe(201);
    expect(await t.database.db.select().from(comments).where(eq(comments.articleId, 23))).toEqual([]);
  });

  it('stores held comments as held', async () => {
    await t.post('/api/articles/24/comments', { name: 'A', comment: 'www.spam', language: 'en' });
    const rows = await t.database.db.select().from(comments).where(eq(comments.articleId, 24));
    expect(rows.map((r) => r.status)).toEqual(['held']);
  });

  it('keys rate limits on a daily hash of the client, never the raw address', async () => {
    await t.post('/api/subscribe', { email: uniqueEmail() }, '198.51.100.42');
    const rows = await t.database.db.select().from(rateLimits);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.clientKey).toMatch(/^[0-9a-f]{64}$/);
    expect(await everything()).not.toContain('198.51.100.42');
  });

  it('generates the hash secret once and keeps it in the database', async () => {
    const secrets = await t.database.db.execute(sql`select value from settings where key = 'hash_secret'`);
    expect(JSON.stringify(secrets)).toMatch(/"value":"[A-Za-z0-9_-]{40,}"/);
  });
});
