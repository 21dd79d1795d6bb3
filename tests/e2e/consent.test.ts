import { existsSync, readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/chromium.ts';
import { type ServedSite, serveSite } from '../support/serveSite.ts';

// A copy of the site built with an operator's tag (`npm run build:tagged`, which `npm test` runs
// beside the plain build), served on its own.
const taggedDir = 'dist-tagged';
let site: ServedSite;
let browser: Browser;

beforeAll(async () => {
  // Only a tagged build lets the tag's host into its Content-Security-Policy.
  const headers = `${taggedDir}/_headers`;
  if (!existsSync(headers) || !readFileSync(headers, 'utf8').includes('www.googletagmanager.com')) {
    throw new Error(`No tagged build in ${taggedDir}/: run \`npm run build:tagged\` first.`);
  }
  site = await serveSite({ DIST_DIR: taggedDir });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

async function visit(): Promise<{ page: Page; tagRequests: string[] }> {
  const context = await browser.newContext({ baseURL: site.baseURL });
  const tagRequests: string[] = [];
  await context.route('https://www.googletagmanager.com/**', (route) => {
    tagRequests.push(route.request().url());
    return route.fulfill({ contentType: 'text/javascript', body: '/* stand-in for the tag */' });
  });
  const page = await context.newPage();
  return { page, tagRequests };
}

describe('an operator tag', () => {
  it('loads nothing until the visitor accepts, then loads it with ad signals off', async () => {
    const { page, tagRequests } = await visit();
    await page.goto('/', { waitUntil: 'networkidle' });
    const banner = page.locator('[data-consent-banner]');
    expect(await banner.isVisible()).toBe(true);
    expect(tagRequests).toEqual([]);
    expect(await page.evaluate(() => 'dataLayer' in window)).toBe(false);
    await page.getByRole('button', { name: 'Accept' }).click();
    await expect.poll(() => tagRequests).toEqual(['https://www.googletagmanager.com/gtm.js?id=GTM-TEST123']);
    expect(await banner.isVisible()).toBe(false);
    const layer = await page.evaluate(() =>
      JSON.stringify((window as unknown as { dataLayer: unknown[] }).dataLayer),
    );
    expect(layer).toContain('"allow_ad_personalization_signals":false');
    expect(layer).toContain('"page_view"');
    // The choice is remembered: the next page loads the tag without asking.
    await page.goto('/about', { waitUntil: 'networkidle' });
    expect(await banner.isVisible()).toBe(false);
    expect(tagRequests).toHaveLength(2);
    await page.context().close();
  });

  it('makes rejecting as easy as accepting, and remembers it', async () => {
    const { page, tagRequests } = await visit();
    await page.goto('/bg/', { waitUntil: 'networkidle' });
    const reject = page.getByRole('button', { name: 'Отказвам' });
    const accept = page.getByRole('button', { name: 'Приемам' });
    const [rejectBox, acceptBox] = [await reject.boundingBox(), await accept.boundingBox()];
    expect(rejectBox?.height).toBe(acceptBox?.height);
    await reject.click();
    await page.goto('/bg/about', { waitUntil: 'networkidle' });
    expect(await page.locator('[data-consent-banner]').isVisible()).toBe(false);
    expect(tagRequests).toEqual([]);
    await page.context().close();
  });

  it('with consent, pushes page views and one visit per session', async () => {
    const { page } = await visit();
    await page.addInitScript(() => localStorage.setItem('analyticsConsent', 'granted'));
    await page.setViewportSize({ width: 800, height: 600 });
    type Pushed = { event?: string; [key: string]: unknown };
    const events = () => page.evaluate(() => (window as unknown as { dataLayer: Pushed[] }).dataLayer);
    await page.goto('/about');
    await expect.poll(async () => (await events()).some((e) => e.event === 'site_visit')).toBe(true);
    const first = await events();
    expect(first).toContainEqual(
      expect.objectContaining({ event: 'page_view', path: '/about', title: 'My Mission | Important Advice' }),
    );
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
    await expect.poll(async () => (await events()).some((e) => e.event === 'page_view')).toBe(true);
    const second = await events();
    expect(second).toContainEqual(expect.objectContaining({ event: 'page_view', path: '/bg/about' }));
    expect(second.some((e) => e.event === 'site_visit')).toBe(false);
    await page.context().close();
  });

  it('with consent, pushes the language switch and the time spent as a page is left', async () => {
    const { page } = await visit();
    await page.addInitScript(() => {
      localStorage.setItem('analyticsConsent', 'granted');
      // Whatever data layer the tag's loader sets up also keeps its pushes in sessionStorage, so what
      // a page pushes as it is left can be read on the next one.
      let layer: unknown[] | undefined;
      Object.defineProperty(window, 'dataLayer', {
        configurable: true,
        get: () => layer,
        set(value: unknown[]) {
          const push = value.push.bind(value);
          value.push = (...items: unknown[]) => {
            const kept = JSON.parse(sessionStorage.getItem('pushed') ?? '[]');
            sessionStorage.setItem('pushed', JSON.stringify([...kept, ...items]));
            return push(...items);
          };
          layer = value;
        },
      });
    });
    type Pushed = { event?: string; [key: string]: unknown };
    const events = async () =>
      ((await page.evaluate(() => JSON.parse(sessionStorage.getItem('pushed') ?? '[]'))) as Pushed[])
        .filter((e) => e.event && !e.event.startsWith('gtm.'))
        .map(({ event, path, language, from }) => ({ event, path, language, from }));
    await page.goto('/about');
    await expect.poll(events).toContainEqual({ event: 'page_view', path: '/about' });
    await page.getByRole('link', { name: /БГ/ }).click();
    await page.waitForURL('**/bg/about');
    await expect.poll(events).toContainEqual({ event: 'page_view', path: '/bg/about' });
    const left = await events();
    expect(left).toContainEqual({ event: 'language_switch', language: 'bg', from: 'en' });
    expect(left).toContainEqual({ event: 'page_time_spent', path: '/about' });
    await page.context().close();
  });
});
