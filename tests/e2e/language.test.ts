import type { BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { choiceCookies } from '../../functions/arrivalDecision.ts';
import { baseURL, newPage, withBrowser } from '../support/browser.ts';
import { builtDir } from '../support/builtSite.ts';
import { behindProxy } from '../support/processes.ts';
import { type ServedSite, serveSite } from '../support/serveSite.ts';

withBrowser();

const pathOf = (page: Page) => new URL(page.url()).pathname;
const stored = (page: Page) => page.evaluate(() => localStorage.getItem('language'));

/** The language cookies this browser holds, with what a host sees of them. */
async function choiceCookiesOf(page: Page) {
  const names: string[] = Object.values(choiceCookies);
  return (await page.context().cookies())
    .filter((cookie) => names.includes(cookie.name))
    .map(({ name, value, path, sameSite, expires }) => ({
      name,
      value,
      path,
      sameSite,
      // A year from now, give or take the test's own minutes.
      days: Math.round((expires - Date.now() / 1000) / 86_400),
    }));
}

/**
 * A page that notes every document it gets, in order (in sessionStorage, which a redirect keeps): a
 * visitor the host sends on before any page shows has only the Bulgarian one; no English document
 * means no English paint.
 */
async function documentsNoted(options: BrowserContextOptions = {}) {
  const page = await newPage(options);
  await page.addInitScript(() => {
    const seen = JSON.parse(sessionStorage.getItem('documents') ?? '[]');
    sessionStorage.setItem('documents', JSON.stringify([...seen, location.pathname]));
  });
  return page;
}
const documents = (page: Page) =>
  page.evaluate(() => JSON.parse(sessionStorage.getItem('documents') ?? '[]'));

describe('the language toggle', () => {
  it('goes to the same page in Bulgarian and remembers the choice', async () => {
    const page = await newPage();
    await page.goto('/about');
    await page.getByRole('link', { name: /БГ/ }).click();
    await page.waitForURL('**/bg/about');
    expect(await stored(page)).toBe('bg');
    expect(await choiceCookiesOf(page)).toEqual([
      { name: choiceCookies.bg, value: '1', path: '/', sameSite: 'Lax', days: 365 },
    ]);
    // From now on an English address brings this visitor to Bulgarian before anything shows: the
    // server answers with a redirect, no English page at all.
    const answer = await page.goto('/privacy');
    expect(pathOf(page)).toBe('/bg/privacy');
    expect(
      await answer
        ?.request()
        .redirectedFrom()
        ?.response()
        .then((first) => first?.status()),
    ).toBe(302);
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
    // Only the English choice's cookie stays.
    expect(await choiceCookiesOf(page)).toEqual([
      { name: choiceCookies.en, value: '1', path: '/', sameSite: 'Lax', days: 365 },
    ]);
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
  it('sends a visitor with the Bulgarian cookie on at the host: no English document, no English paint', async () => {
    const page = await documentsNoted();
    await page.context().addCookies([{ name: choiceCookies.bg, value: '1', url: baseURL }]);
    await page.goto('/about');
    expect(pathOf(page)).toBe('/bg/about');
    expect(await documents(page)).toEqual(['/bg/about']);
    await page.context().close();
  });

  it('sends a Bulgarian browser on at the host when no country is known', async () => {
    const page = await documentsNoted({ locale: 'bg-BG' });
    await page.goto('/about');
    expect(pathOf(page)).toBe('/bg/about');
    expect(await documents(page)).toEqual(['/bg/about']);
    expect(await stored(page)).toBeNull();
    await page.context().close();
  });

  // Before the cookie, a choice was only in localStorage, which only the page can read.
  it('never paints English for a visitor whose choice only the page knows', async () => {
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

  it('falls back to the browser language when the lookup is rate-limited', async () => {
    const page = await pageDecides('bg');
    await page.route('**/api/geo', (route) => route.fulfill({ status: 429, json: { error: 'slow down' } }));
    await page.goto('/');
    await page.waitForURL('**/bg/');
    await page.context().close();
  });

  it('gives up on a lookup after 3 seconds and uses the browser language', async () => {
    const page = await pageDecides('bg-BG');
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

/**
 * A page in `locale` whose language the host does not hear (its pages are asked for with an English
 * Accept-Language), so the page's own check decides, as it does on a host without the rule.
 */
async function pageDecides(locale: string): Promise<Page> {
  const page = await newPage({ locale });
  await page.route(
    (url) => !url.pathname.startsWith('/api/'),
    (route) =>
      route.request().isNavigationRequest()
        ? route.continue({ headers: { ...route.request().headers(), 'accept-language': 'en' } })
        : route.fallback(),
  );
  return page;
}

describe('language on arrival behind a proxy that tells the country', () => {
  let site: ServedSite;
  beforeAll(async () => {
    site = await serveSite({
      DIST_DIR: builtDir,
      ...(await behindProxy()),
      GEO_COUNTRY_HEADER: 'X-Test-Country',
    });
  });
  afterAll(async () => {
    await site?.stop();
  });
  const from = (country: string, locale = 'en-US') =>
    documentsNoted({ baseURL: site.baseURL, locale, extraHTTPHeaders: { 'X-Test-Country': country } });

  it('sends a visitor from Bulgaria on before any English paints, until they choose English', async () => {
    const page = await from('BG');
    await page.goto('/about');
    expect(pathOf(page)).toBe('/bg/about');
    expect(await documents(page)).toEqual(['/bg/about']);
    // The toggle: English from now on, from this country too.
    await page.getByRole('link', { name: /^EN/ }).click();
    await page.waitForURL('**/about');
    for (const path of ['/about', '/privacy', '/']) {
      const answer = await page.goto(path, { waitUntil: 'networkidle' });
      expect([path, pathOf(page), answer?.request().redirectedFrom()]).toEqual([path, path, null]);
    }
    expect(await documents(page)).toEqual(['/bg/about', '/about', '/about', '/privacy', '/']);
    await page.context().close();
  });

  it('keeps a visitor from elsewhere in English even with a Bulgarian browser', async () => {
    const page = await from('DE', 'bg-BG');
    await page.goto('/about', { waitUntil: 'networkidle' });
    expect(pathOf(page)).toBe('/about');
    await page.context().close();
  });
});
