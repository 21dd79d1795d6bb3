// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  $ratingSending,
  $ratingStatus,
  $ratingSummary,
  rateArticle,
} from '../../../src/stores/articleRating.ts';
import { fakeApi } from '../fakeApi.ts';
import { recordDataLayer } from './dataLayer.ts';

describe('the article rating store', () => {
  const pushed = recordDataLayer();
  beforeEach(() => {
    $ratingSummary.set(null);
    $ratingStatus.set('loading');
    $ratingSending.set(false);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('answers success and takes the new average and count from the server', async () => {
    const calls = fakeApi([200, { average: 4.5, count: 2 }]);
    expect(await rateArticle(3, 5, ' Me@Example.com')).toEqual({ kind: 'success' });
    expect($ratingSummary.get()).toEqual({ average: 4.5, count: 2 });
    expect($ratingStatus.get()).toBe('ready');
    expect($ratingSending.get()).toBe(false);
    expect(calls).toEqual([
      { url: '/api/articles/3/rating', method: 'POST', body: { rating: 5, email: 'me@example.com' } },
    ]);
    expect(pushed).toEqual([{ event: 'feature_usage', feature: 'article_rating', articleId: 3 }]);
  });

  const refusals: [kind: string, stars: number, email: string][] = [
    ['chooseStars', 0, 'me@example.com'],
    ['chooseStars', 6, 'me@example.com'],
    ['emailRequired', 4, '   '],
    ['invalidEmail', 4, 'me@example'],
  ];
  for (const [kind, stars, email] of refusals) {
    it(`answers ${kind} for ${stars} stars from ${JSON.stringify(email)} without asking the server`, async () => {
      const calls = fakeApi();
      expect(await rateArticle(3, stars, email)).toEqual({ kind });
      expect(calls).toEqual([]);
      expect(pushed).toEqual([]);
    });
  }

  const answers: [status: number, kind: string][] = [
    [429, 'rateLimited'],
    [500, 'error'],
    [404, 'error'],
  ];
  for (const [status, kind] of answers) {
    it(`answers ${kind} when the server says ${status}, keeping the summary`, async () => {
      $ratingSummary.set({ average: 3, count: 1 });
      fakeApi([status, { error: 'no' }]);
      expect(await rateArticle(3, 4, 'me@example.com')).toEqual({ kind });
      expect($ratingSummary.get()).toEqual({ average: 3, count: 1 });
      expect($ratingSending.get()).toBe(false);
    });
  }

  it('answers error when the network fails', async () => {
    fakeApi();
    expect(await rateArticle(3, 4, 'me@example.com')).toEqual({ kind: 'error' });
    expect($ratingSending.get()).toBe(false);
  });

  it('answers nothing while a rating is being sent', async () => {
    const calls = fakeApi([200, { average: 4, count: 1 }]);
    $ratingSending.set(true);
    expect(await rateArticle(3, 4, 'me@example.com')).toBeNull();
    expect(calls).toEqual([]);
  });
});
