// The page events on the plain build (no tag configured): pushed wherever a data layer exists, for
// instance one a host's own tag puts on the page, and not a byte of script fetched where none does.
// With a tag, tests/e2e/consent.test.ts proves them on the tagged build.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage, withBrowser } from '../support/browser.ts';

withBrowser();

type Pushed = { event?: string; [key: string]: unknown };

/**
 * A page with a data layer that someone other than the site creates before it loads, as a host's tag
 * does. Each push is also kept in sessionStorage, so what a page pushes as it is left can be read on
 * the next one.
 */
async function pageWithDataLayer(): Promise<Page> {
  const page = await newPage({ viewport: { width: 800, height: 600 } });
  await page.addInitScript(() => {
    const layer: unknown[] = [];
    layer.push = (...items: unknown[]) => {
      const kept = JSON.parse(sessionStorage.getItem('pushed') ?? '[]');
      sessionStorage.setItem('pushed', JSON.stringify([...kept, ...items]));
      return Array.prototype.push.apply(layer, items);
    };
    (window as unknown as { dataLayer: unknown[] }).dataLayer = layer;
  });
  return page;
}

const pushed = (page: Page): Promise<Pushed[]> =>
  page.evaluate(() => JSON.parse(sessionStorage.getItem('pushed') ?? '[]'));

describe('page events without a configured tag', () => {
  it('go to a data layer the page did not create: a view, one visit, the time spent and the language switch', async () => {
    const page = await pageWithDataLayer();
    await page.goto('/about');
    // site_visit waits 100 ms and the place lookup (none here: "Unknown").
    await expect.poll(async () => (await pushed(page)).map((e) => e.event)).toContain('site_visit');
    const first = await pushed(page);
    expect(first[0]).toEqual({ event: 'page_view', path: '/about', title: 'My Mission | Important Advice' });
    expect(first.find((e) => e.event === 'site_visit')).toMatchObject({
      referrer: 'direct',
      viewport: '800x600',
      country: 'Unknown',
      city: 'Unknown',
      region: 'Unknown',
      sessionId: expect.stringMatching(/^session_[a-z0-9]+_\d+$/),
    });

    await page.getByRole('link', { name: /БГ/ }).click();
    await page.waitForURL('**/bg/about');
    await expect.poll(async () => (await pushed(page)).length).toBe(first.length + 3);
    const after = (await pushed(page)).slice(first.length);
    expect(after).toEqual([
      { event: 'language_switch', language: 'bg', from: 'en' },
      { event: 'page_time_spent', path: '/about', seconds: expect.any(Number) },
      { event: 'page_view', path: '/bg/about', title: expect.stringContaining('Важен съвет') },
    ]);
    // One visit per browser session: the second page counts none.
    await page.waitForTimeout(500);
    expect((await pushed(page)).filter((e) => e.event === 'site_visit')).toHaveLength(1);
    await page.context().close();
  });

  it('fetch no script at all where no data layer exists', async () => {
    const page = await newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    for (const path of ['/about', '/bg/privacy', '/tips/en_1']) {
      await page.goto(path, { waitUntil: 'networkidle' });
      expect(await page.evaluate(() => 'dataLayer' in window)).toBe(false);
    }
    expect(scripts).toEqual([]);
    await page.context().close();
  });
});
