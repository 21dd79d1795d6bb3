import { describe, expect, it } from 'vitest';
import { newPage, withBrowser } from '../support/browser.ts';

withBrowser();

describe('the rating and comment cards on an article', () => {
  for (const [path, width] of [
    ['/blog/1', 390],
    ['/bg/blog/1', 1280],
  ] as const) {
    it(`stand apart on ${path} at ${width} px`, async () => {
      const page = await newPage({ viewport: { width, height: 900 } });
      await page.goto(path);
      const gap = await page.evaluate(() => {
        const rating = document.querySelector('[data-rating-summary]')?.closest('section');
        const comments = document.querySelector('[data-comments]');
        if (!rating || !comments) return null;
        return comments.getBoundingClientRect().top - rating.getBoundingClientRect().bottom;
      });
      expect(gap).toBeGreaterThanOrEqual(24);
      await page.context().close();
    });
  }
});
