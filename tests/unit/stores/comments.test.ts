// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $commentSending, $comments, loadComments, postComment } from '../../../src/stores/comments.ts';
import { fakeApi } from '../fakeApi.ts';
import { recordDataLayer } from './dataLayer.ts';

const form = { name: ' Ana ', comment: ' Wise words. ', email: '', website: '' };
const saved = {
  id: 8,
  name: 'Ana',
  comment: 'Wise words.',
  language: 'en',
  createdAt: '2026-01-02T10:00:00.000Z',
};

describe('the comments store', () => {
  const pushed = recordDataLayer();
  beforeEach(() => {
    $comments.set([]);
    $commentSending.set(false);
    sessionStorage.clear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("reads the shared list, then, for the cache's lifetime after the visitor's own comment, their own", async () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 0, 2, 10), toFake: ['Date'] });
    const calls = fakeApi(
      [200, { comments: [] }],
      [201, { comment: saved, status: 'published' }],
      [200, { comments: [saved] }],
      [200, { comments: [saved] }],
    );
    await loadComments(4);
    await postComment(4, 'en', form);
    const posted = Date.now();
    // A shared cache may hold the list from before the comment for 15 s: the visitor asks elsewhere.
    vi.setSystemTime(posted + 14_999);
    await loadComments(4);
    vi.setSystemTime(posted + 15_000);
    await loadComments(4);
    expect(calls.map(({ url, method }) => `${method} ${url}`)).toEqual([
      'GET /api/articles/4/comments',
      'POST /api/articles/4/comments',
      `GET /api/articles/4/comments?after=${posted}`,
      'GET /api/articles/4/comments',
    ]);
    expect($comments.get()).toEqual([saved]);
  });

  it('asks for the shared list after a comment that waits for review (nothing of it to show)', async () => {
    const calls = fakeApi([201, { comment: saved, status: 'held' }], [200, { comments: [] }]);
    await postComment(4, 'en', form);
    await loadComments(4);
    expect(calls[1]?.url).toBe('/api/articles/4/comments');
  });

  it('answers published and adds the comment to the thread at once', async () => {
    const calls = fakeApi([201, { comment: saved, status: 'published' }]);
    expect(await postComment(4, 'en', form)).toEqual({ kind: 'published', id: saved.id });
    expect($comments.get()).toEqual([saved]);
    expect($commentSending.get()).toBe(false);
    expect(calls).toEqual([
      {
        url: '/api/articles/4/comments',
        method: 'POST',
        body: { name: 'Ana', comment: 'Wise words.', language: 'en', website: '' },
      },
    ]);
    expect(pushed).toEqual([{ event: 'feature_usage', feature: 'comment', articleId: 4 }]);
  });

  it('answers held and leaves the thread as it was', async () => {
    const calls = fakeApi([201, { comment: saved, status: 'held' }]);
    expect(await postComment(4, 'bg', { ...form, email: ' Ana@Example.com' })).toEqual({ kind: 'held' });
    expect($comments.get()).toEqual([]);
    expect(calls[0]?.body).toEqual({
      name: 'Ana',
      comment: 'Wise words.',
      email: 'ana@example.com',
      language: 'bg',
      website: '',
    });
  });

  const refusals: [kind: string, change: Partial<typeof form>][] = [
    ['required', { name: '  ' }],
    ['required', { comment: '' }],
    ['invalidEmail', { email: 'ana@' }],
  ];
  for (const [kind, change] of refusals) {
    it(`answers ${kind} for ${JSON.stringify(change)} without asking the server`, async () => {
      const calls = fakeApi();
      expect(await postComment(4, 'en', { ...form, ...change })).toEqual({ kind });
      expect(calls).toEqual([]);
      expect(pushed).toEqual([]);
    });
  }

  const answers: [status: number, kind: string][] = [
    [429, 'rateLimited'],
    [503, 'error'],
    [400, 'error'],
  ];
  for (const [status, kind] of answers) {
    it(`answers ${kind} when the server says ${status}`, async () => {
      fakeApi([status, { error: 'no' }]);
      expect(await postComment(4, 'en', form)).toEqual({ kind });
      expect($comments.get()).toEqual([]);
      expect($commentSending.get()).toBe(false);
    });
  }

  it('answers error when the network fails', async () => {
    fakeApi();
    expect(await postComment(4, 'en', form)).toEqual({ kind: 'error' });
    expect($commentSending.get()).toBe(false);
  });

  it('answers nothing while a comment is being sent', async () => {
    const calls = fakeApi([201, { comment: saved, status: 'published' }]);
    $commentSending.set(true);
    expect(await postComment(4, 'en', form)).toBeNull();
    expect(calls).toEqual([]);
  });
});
