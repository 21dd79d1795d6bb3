import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage, withBrowser } from '../support/browser.ts';

withBrowser();

const pathOf = (page: Page) => new URL(page.url()).pathname;
const stored = (page: Page) => page.evaluate(() => localStorage.getItem('language'));

describe('the language toggle', () => {
  it('goes to the same page in Bulgarian and remembers the choice', async () => {
    const page = await newPage();
    await page.goto('/about');
    await page.getByRole('link', { name: /БГ/ }).click();
    await page.waitForURL('**/bg/about');
    expect(await stored(page)).toBe('bg');
    // From now on an English address brings this visitor to Bulgarian before anything shows.
    await page.goto('/privacy');
    expect(pathOf(page)).toBe('/bg/privacy');
    await page.goto('/');
    expect(pathOf(page)).toBe('/bg/');
    await page.context().close();
  });

  it('goes back to English and remembers that too', async () => {
    const page = await newPage({ locale: 'bg-BG' });
    await page.goto('/bg/blog/3');
    await page.getByRole('link', { name: /^EN/ }).click();
    await page.waitForURL('**/blog/3');
    expect(await stored(page)).toBe('en');
    await page.goto('/');
    await page.waitForTimeout(500);
    expect(pathOf(page)).toBe('/');
    await page.context().close();
  });

  it('works from the keyboard', async () => {
    const page = await newPage();
    await page.goto('/blog');
    await page.locator('[data-language-switch]').focus();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/bg/blog');
    expect(await stored(page)).toBe('bg');
    await page.context().close();
  });
});

describe('language on arrival', () => {
  it('never paints English for a visitor who chose Bulgarian', async () => {
    const page = await newPage();
    // On leaving each page, note whether any text was painted and whether the page hid itself.
    await page.addInitScript(() => {
      addEventListener('pagehide', () => {
        const painted = performance.getEntriesByName('first-contentful-paint').length > 0;
        sessionStorage.setItem(
          `left ${location.pathname}`,
          JSON.stringify({ painted, visibility: document.documentElement.style.visibility }),
        );
      });
    });
    await page.goto('/bg/');
    await page.evaluate(() => localStorage.setItem('language', 'bg'));
    await page.goto('/donate');
    expect(pathOf(page)).toBe('/bg/donate');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Подкрепи ни');
    const left = await page.evaluate(() => sessionStorage.getItem('left /donate'));
    expect(JSON.parse(left ?? '{}')).toEqual({ painted: false, visibility: 'hidden' });
    await page.context().close();
  });

  it('follows a Bulgarian browser when the country is unknown', async () => {
    const page = await newPage({ locale: 'bg-BG' });
    await page.goto('/blog');
    await page.waitForURL('**/bg/blog');
    expect(await stored(page)).toBeNull();
    await page.context().close();
  });

  it('keeps an English browser in English when the country is unknown', async () => {
    const page = await newPage({ locale: 'en-GB' });
    // Waits for the answer itself: on a loaded machine the question, asked after the first paint, can
    // come more than the 500 ms of 'networkidle' after the page's last request.
    const answered = page.waitForResponse((response) => response.url().endsWith('/api/geo'));
    await page.goto('/blog');
    await answered;
    await page.waitForLoadState('networkidle');
    expect(pathOf(page)).toBe('/blog');
    // Asked only once the page has loaded and painted, so the lookup never competes with the first paint.
    const [askedAt, loadedAt, paintedAt] = await page.evaluate(() => [
      performance.getEntriesByType('resource').find((entry) => entry.name.endsWith('/api/geo'))?.startTime,
      performance.getEntriesByType('navigation')[0]?.toJSON().loadEventStart,
      performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
    ]);
    expect(askedAt).toBeGreaterThanOrEqual(loadedAt);
    expect(paintedAt).toBeGreaterThan(0);
    expect(askedAt).toBeGreaterThanOrEqual(paintedAt ?? Number.POSITIVE_INFINITY);
    await page.context().close();
  });

  for (const country of ['BG', 'MD']) {
    it(`sends a visitor from ${country} to Bulgarian without storing the choice`, async () => {
      const page = await newPage({ locale: 'en-US' });
      await page.route('**/api/geo', (route) =>
        route.fulfill({ json: { country_code: country, country_name: 'x', city: 'x', region: 'x' } }),
      );
      await page.goto('/about');
      await page.waitForURL('**/bg/about');
      expect(await stored(page)).toBeNull();
      await page.context().close();
    });
  }

  it('keeps a visitor from elsewhere in English even with a Bulgarian browser', async () => {
    const page = await newPage({ locale: 'bg-BG' });
    await page.route('**/api/geo', (route) =>
      route.fulfill({ json: { country_code: 'DE', country_name: 'Germany', city: 'Berlin', region: 'BE' } }),
    );
    await page.goto('/about', { waitUntil: 'networkidle' });
    await page.waitForTimeout(300);
    expect(pathOf(page)).toBe('/about');
    await page.context().close();
  });

  it('falls back to the browser language when the lookup is rate-limited', async () => {
    const page = await newPage({ locale: 'bg' });
    await page.route('**/api/geo', (route) => route.fulfill({ status: 429, json: { error: 'slow down' } }));
    await page.goto('/');
    await page.waitForURL('**/bg/');
    await page.context().close();
  });

  it('gives up on a lookup after 3 seconds and uses the browser language', async () => {
    const page = await newPage({ locale: 'bg-BG' });
    await page.route('**/api/geo', () => {
      // Never answered: only the 3 s timeout ends the wait.
    });
    // On Playwright's clock, paused from the start: the page waits until the clock is moved on.
    await page.clock.install();
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    // The lookup starts after the load event and the first paint; the 3 s count from the request.
    const asked = page.waitForRequest('**/api/geo');
    await page.goto('/about', { waitUntil: 'load' });
    await asked;
    await page.clock.runFor(2_900);
    expect(pathOf(page)).toBe('/about');
    await page.clock.runFor(100);
    await page.waitForURL('**/bg/about');
    await page.context().close();
  });

  it('a stored choice wins over the country', async () => {
    const page = await newPage({ locale: 'bg-BG' });
    await page.route('**/api/geo', (route) => route.fulfill({ json: { country_code: 'BG' } }));
    await page.goto('/about');
    await page.waitForURL('**/bg/about');
    await page.getByRole('link', { name: /^EN/ }).click();
    await page.waitForURL('**/about');
    await page.waitForTimeout(500);
    expect(pathOf(page)).toBe('/about');
    await page.context().close();
  });

  it('never redirects a Bulgarian address, whatever is stored', async () => {
    const page = await newPage({ locale: 'en-US' });
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.goto('/bg/about', { waitUntil: 'networkidle' });
    expect(pathOf(page)).toBe('/bg/about');
    await page.context().close();
  });

  it('never moves a search engine', async () => {
    const page = await newPage({
      locale: 'bg-BG',
      userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    });
    await page.route('**/api/geo', (route) => route.fulfill({ json: { country_code: 'BG' } }));
    await page.goto('/', { waitUntil: 'networkidle' });
    await page.evaluate(() => localStorage.setItem('language', 'bg'));
    await page.goto('/about', { waitUntil: 'networkidle' });
    expect(pathOf(page)).toBe('/about');
    await page.context().close();
  });
});
