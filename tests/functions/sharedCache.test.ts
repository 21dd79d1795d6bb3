// An article's comments and rating behind a shared cache that honours the answers' own headers: Debian's
// Varnish with only its built-in rules, in front of `npm run serve`, a counter between them. Most views
// never reach the origin; a new comment reaches everybody within the cache's lifetime, and its author at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedCacheLifetime } from '../../functions/contract.ts';
import { sharedCacheControl } from '../../functions/http/sharedCache.ts';
import { makeContentDir, makeDistDir } from '../support/fixtures.ts';
import { answer, getJson, postJson, uniqueEmail } from '../support/http.ts';
import { type Served, startServe } from '../support/processes.ts';
import { tempDir } from '../support/tempDirs.ts';
import { countingProxy, startVarnish, type Varnish, varnishMissing } from '../support/varnish.ts';

const lifetime = sharedCacheLifetime.freshSeconds + sharedCacheLifetime.staleSeconds;
const comments = '/api/articles/1/comments';
const rating = '/api/articles/1/rating';

describe('comments and ratings served by the origin', () => {
  let server: Served;
  beforeAll(async () => {
    server = await startServe({
      DATA_DIR: tempDir('data'),
      CONTENT_DIR: makeContentDir(),
      DIST_DIR: makeDistDir(),
    });
  });
  afterAll(async () => {
    await server?.stop();
  });

  for (const path of [comments, rating]) {
    it(`${path}: a shared cache may keep it briefly, and an unchanged one is a 304`, async () => {
      const first = await fetch(`${server.url}${path}`);
      expect(first.status).toBe(200);
      expect(first.headers.get('cache-control')).toBe(sharedCacheControl);
      expect(first.headers.get('set-cookie')).toBeNull();
      const tag = first.headers.get('etag');
      expect(tag).toMatch(/^"[0-9a-f]+"$/);
      const again = await fetch(`${server.url}${path}`, { headers: { 'If-None-Match': tag ?? '' } });
      expect(again.status).toBe(304);
      expect(again.headers.get('cache-control')).toBe(sharedCacheControl);
      expect(await again.text()).toBe('');
      // The author's own address for a while after their change answers the same.
      const own = await fetch(`${server.url}${path}?after=${Date.now()}`);
      expect([own.status, own.headers.get('etag')]).toEqual([200, tag]);
    });
  }

  it('keeps errors out of shared caches, and refuses an `after` that is not a time', async () => {
    const unknown = await fetch(`${server.url}/api/articles/999/comments`);
    expect([unknown.status, unknown.headers.get('cache-control')]).toEqual([404, 'no-store']);
    const bad = await getJson(`${server.url}${comments}?after=yesterday`);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('after must be a time in milliseconds');
    expect(bad.headers.get('cache-control')).toBe('no-store');
  });
});

describe.skipIf(varnishMissing)(
  `behind Varnish's built-in rules${varnishMissing ? ` [skipped: ${varnishMissing}]` : ''}`,
  () => {
    let server: Served;
    let counter: Awaited<ReturnType<typeof countingProxy>>;
    let varnish: Varnish;
    beforeAll(async () => {
      server = await startServe({
        DATA_DIR: tempDir('data'),
        CONTENT_DIR: makeContentDir(),
        DIST_DIR: makeDistDir(),
      });
      counter = await countingProxy(server.url);
      varnish = await startVarnish(counter.url);
    });
    afterAll(async () => {
      await varnish?.stop();
      await counter?.stop();
      await server?.stop();
    });

    it('sends at most 1 % of 10,000 views’ reads to the origin', async () => {
      const views = 10_000;
      let next = 0;
      // 20 visitors at a time, each view reading the comments and the rating, as the article's widgets do.
      const visitor = async () => {
        while (next++ < views) {
          const [list, stars] = await Promise.all([
            fetch(`${varnish.url}${comments}`),
            fetch(`${varnish.url}${rating}`),
          ]);
          expect([list.status, stars.status]).toEqual([200, 200]);
          await Promise.all([list.arrayBuffer(), stars.arrayBuffer()]);
        }
      };
      await Promise.all(Array.from({ length: 20 }, visitor));
      const reached = counter.count(comments) + counter.count(rating);
      console.log(`${views} views: ${reached} of ${2 * views} reads reached the origin`);
      expect(reached).toBeLessThanOrEqual((2 * views) / 100);
    });

    it('shows a new comment to its author at once and to everybody within the cache’s lifetime', async () => {
      // The list is in the cache, fresh.
      await fetch(`${varnish.url}${comments}`).then((r) => r.arrayBuffer());
      const email = uniqueEmail('cached');
      const posted = await postJson(`${varnish.url}${comments}`, {
        name: 'Ana',
        comment: `Seen by all ${Date.now()}`,
        email,
        language: 'en',
      });
      expect(posted.status).toBe(201);
      const text = (posted.body.comment as { comment: string }).comment;
      const shows = (body: Record<string, unknown>) =>
        (body.comments as { comment: string }[]).some((comment) => comment.comment === text);
      // The author's page asks at an address of its own (src/lib/api/ownChanges.ts).
      const own = await answer(await fetch(`${varnish.url}${comments}?after=${Date.now()}`));
      expect(shows(own.body)).toBe(true);
      // A fresh visitor: any answer still without it is one the cache has held for less than its lifetime.
      for (;;) {
        const seen = await answer(await fetch(`${varnish.url}${comments}`));
        expect(JSON.stringify(seen.body)).not.toContain(email);
        if (shows(seen.body)) break;
        expect(Number(seen.headers.get('age'))).toBeLessThanOrEqual(lifetime);
        await new Promise((done) => setTimeout(done, 250));
      }
    });
  },
);
