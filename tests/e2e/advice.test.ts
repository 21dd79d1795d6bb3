import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  actOnPage,
  baseURL,
  fontInspector,
  fontsCached,
  newPage,
  withBrowser,
  withoutCareTips,
} from '../support/browser.ts';

withBrowser();

const langs = [
  {
    lang: 'en',
    home: '/',
    button: 'GET WISDOM',
    loading: 'GENERATING...',
    question: 'Like this advice?',
    like: 'Like',
    dislike: 'Dislike',
    thanks: 'Respec.',
    welcome: 'Overthinking again?',
    idPattern: /^en_r?\d+$/,
  },
  {
    lang: 'bg',
    home: '/bg/',
    button: 'ДАЙ МЪДРОСТ',
    loading: 'ГЕНЕРИРАМ...',
    question: 'Харесва ли ти съветът?',
    like: 'Харесвам',
    dislike: 'Не харесвам',
    thanks: 'Респект.',
    welcome: 'Пак мислиш прекалено много?',
    idPattern: /^r?\d+$/,
  },
] as const;

const card = (page: Page) => page.locator('[data-advice-card]');
const tipText = (page: Page) => card(page).locator('blockquote');

/** Opens a home page with its widgets hydrated; `ownList` leaves the tips list to the test's own route. */
async function openHome(page: Page, home: string, { ownList = false } = {}) {
  if (!ownList) await withoutCareTips(page);
  await page.goto(home);
  // Wait for the island to hydrate before pressing anything.
  await actOnPage(page);
  await page.waitForFunction(() => !document.querySelector('astro-island[ssr]'));
}

/** The generator's own button, whatever it says. */
const generatorButton = (page: Page) => page.locator('[data-advice-card] + button');

/** Opens the home page on Playwright's clock, paused once the island is ready: time moves only on runFor. */
async function openHomeOnClock(page: Page, home: string) {
  await page.clock.install();
  await openHome(page, home);
  // The list comes when the visitor reaches for the button; with it in, only the timers decide what
  // shows when.
  const list = page.waitForResponse((response) => response.url().endsWith('tips.json'));
  await generatorButton(page).hover();
  await list;
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
}

for (const t of langs) {
  describe(`the advice generator in ${t.lang}`, () => {
    it('shows a tip after half a second, takes a like, thanks and fades away', async () => {
      const page = await newPage({ locale: t.lang === 'bg' ? 'bg-BG' : 'en-US' });
      await openHomeOnClock(page, t.home);
      expect(await card(page).textContent()).toContain(t.welcome);
      const button = page.getByRole('button', { name: t.button });
      await button.click();
      const generating = page.getByRole('button', { name: t.loading });
      expect(await generating.getAttribute('aria-disabled')).toBe('true');
      await page.clock.runFor(450);
      expect(await generating.isVisible()).toBe(true);
      expect(await card(page).textContent()).toContain(t.welcome);
      await page.clock.runFor(50);
      await tipText(page).waitFor();
      expect(await card(page).textContent()).not.toContain(t.welcome);
      const first = await tipText(page).textContent();
      expect(first?.length).toBeGreaterThan(10);
      expect(await tipText(page).getAttribute('data-tip-id')).toMatch(t.idPattern);
      expect(await card(page).locator('figcaption span').first().textContent()).toBeTruthy();

      await page.getByText(t.question).waitFor();
      const rating = page.waitForResponse((r) => r.url().endsWith('/api/tip-ratings'));
      await page.getByRole('button', { name: t.like, exact: true }).click();
      await page.getByText(t.thanks).waitFor();
      const response = await rating;
      expect(response.status()).toBe(201);
      const sent = response.request().postDataJSON();
      expect(sent).toMatchObject({
        tipId: await tipText(page).getAttribute('data-tip-id'),
        language: t.lang,
        rating: 1,
      });
      // Its own id, with no start time, never the analytics session's.
      expect(sent.sessionId).toMatch(/^rating_[a-z0-9]{12,}$/);
      const analyticsId = await page.evaluate(() => sessionStorage.getItem('sessionId'));
      expect(sent.sessionId).not.toBe(analyticsId);

      // Thanks for 4 s, then a 300 ms fade, then gone.
      await page.clock.runFor(3_900);
      expect(await page.getByText(t.thanks).isVisible()).toBe(true);
      await page.clock.runFor(400);
      await page.getByText(t.thanks).waitFor({ state: 'detached' });

      await button.click();
      await page.clock.runFor(500);
      await expect.poll(() => tipText(page).textContent()).not.toBe(first);
      await page.getByText(t.question).waitFor();
      await page.context().close();
    });

    it('works with the keyboard alone and keeps focus on the button', async () => {
      const page = await newPage({ locale: t.lang === 'bg' ? 'bg-BG' : 'en-US' });
      await openHome(page, t.home);
      await page.getByRole('button', { name: t.button }).focus();
      await page.keyboard.press('Enter');
      await tipText(page).waitFor();
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
      expect(focused).toBe(t.like);
      await page.keyboard.press('Enter');
      await page.getByText(t.thanks).waitFor();
      expect(
        await page.getByRole('button', { name: t.button }).evaluate((b) => b === document.activeElement),
      ).toBe(true);
      await page.context().close();
    });

    it("sets a first page's tips in a fallback face throughout, and the next page's in the display font", async () => {
      const page = await newPage({ locale: t.lang === 'bg' ? 'bg-BG' : 'en-US' });
      // The font the tip was really drawn with, as Chromium reports it.
      const tipFonts = async () => {
        await page.getByRole('button', { name: t.button }).click();
        await tipText(page).waitFor();
        const cdp = await fontInspector(page);
        const { root } = await cdp.send('DOM.getDocument');
        const quote = await cdp.send('DOM.querySelector', {
          nodeId: root.nodeId,
          selector: '[data-advice-card] blockquote',
        });
        const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId: quote.nodeId });
        return fonts.map((font) => font.familyName);
      };
      await openHome(page, t.home);
      // The first page never switches the site's fonts on (src/lib/fonts/switchOnFonts.ts): no face
      // swaps in under the reader; its files are fetched into the cache once the page has loaded.
      expect(await tipFonts()).toEqual([expect.not.stringMatching(/^Unbounded\b/)]);
      await fontsCached(page);
      await openHome(page, t.home);
      // The face's own name, e.g. "Unbounded SemiBold"; a fallback is "DejaVu Sans" here.
      expect(await tipFonts()).toEqual([expect.stringMatching(/^Unbounded\b/)]);
      await page.context().close();
    });
  });
}

describe('a visit of many presses', () => {
  it('sees 25 different tips in 25 presses', async () => {
    const page = await newPage();
    await openHomeOnClock(page, '/');
    const seen: string[] = [];
    for (let press = 0; press < 25; press++) {
      await page.getByRole('button', { name: 'GET WISDOM' }).click();
      await page.clock.runFor(500);
      seen.push((await tipText(page).getAttribute('data-tip-id')) ?? '');
    }
    expect(seen.filter((id, index) => seen.indexOf(id) !== index)).toEqual([]);
    await page.context().close();
  });
});

describe('feedback and announcements', () => {
  it('sends a dislike as 0 and announces each new tip politely', async () => {
    const page = await newPage();
    await openHome(page, '/');
    expect(await card(page).getAttribute('aria-live')).toBe('polite');
    await page.getByRole('button', { name: 'GET WISDOM' }).click();
    await tipText(page).waitFor();
    const rating = page.waitForRequest((r) => r.url().endsWith('/api/tip-ratings'));
    await page.getByRole('button', { name: 'Dislike' }).click();
    expect((await rating).postDataJSON().rating).toBe(0);
    expect(await page.getByRole('status').filter({ hasText: 'Respec.' }).count()).toBe(1);
    await page.context().close();
  });

  it('keeps the timing but skips the fade when motion is reduced', async () => {
    const page = await newPage({ reducedMotion: 'reduce' });
    await openHomeOnClock(page, '/');
    await page.getByRole('button', { name: 'GET WISDOM' }).click();
    await page.clock.runFor(500);
    await page.getByRole('button', { name: 'Like', exact: true }).click();
    await page.getByText('Respec.').waitFor();
    const duration = await page
      .locator('[data-feedback]')
      .evaluate((el) => getComputedStyle(el).transitionDuration);
    expect(Number.parseFloat(duration)).toBeLessThan(0.01);
    await page.clock.runFor(3_900);
    expect(await page.getByText('Respec.').isVisible()).toBe(true);
    await page.clock.runFor(400);
    await page.getByText('Respec.').waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('never shows an error when the rating cannot be saved', async () => {
    const page = await newPage();
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await page.route('**/api/tip-ratings', (route) => route.abort());
    await openHome(page, '/');
    await page.getByRole('button', { name: 'GET WISDOM' }).click();
    await page.getByRole('button', { name: 'Like', exact: true }).click();
    await page.getByText('Respec.').waitFor();
    await expect.poll(() => warnings.join('\n')).toContain('Tip rating was not saved');
    expect(await page.locator('[data-sonner-toast]').count()).toBe(0);
    await page.context().close();
  });

  it('says so, and recovers, when the tips cannot be fetched', async () => {
    const page = await newPage();
    let fail = true;
    await page.route('**/tips.json', (route) =>
      fail ? route.fulfill({ status: 503, body: '' }) : route.continue(),
    );
    await openHome(page, '/', { ownList: true });
    await page.getByRole('button', { name: 'GET WISDOM' }).click();
    await page.getByText('The wisdom is stuck in traffic. Please try again in a moment.').waitFor();
    expect(await card(page).textContent()).toContain('Overthinking again?');
    fail = false;
    await page.getByRole('button', { name: 'GET WISDOM' }).click();
    await tipText(page).waitFor();
    await page.context().close();
  });

  it('pushes advice events to a data layer that exists', async () => {
    const page = await newPage();
    await page.addInitScript(() => {
      (window as unknown as { dataLayer: unknown[] }).dataLayer = [];
    });
    await openHome(page, '/');
    await page.getByRole('button', { name: 'GET WISDOM' }).click();
    await tipText(page).waitFor();
    await page.getByRole('button', { name: 'Like', exact: true }).click();
    const events = await page.evaluate(
      () => (window as unknown as { dataLayer: { event: string }[] }).dataLayer,
    );
    const id = await tipText(page).getAttribute('data-tip-id');
    expect(events).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ event: 'advice_generated' }),
        expect.objectContaining({ event: 'advice_displayed', tipId: id }),
        expect.objectContaining({ event: 'advice_rated', rating: 1 }),
      ]),
    );
    const interaction = events.find((e) => e.event === 'advice_interaction') as { text?: string } | undefined;
    expect(interaction?.text?.length).toBeLessThanOrEqual(100);
    await page.context().close();
  });
});

describe('sharing a tip', () => {
  it('copies the tip page link and says so with a toast', async () => {
    const page = await newPage({ permissions: ['clipboard-read', 'clipboard-write'] });
    await openHome(page, '/');
    await page.evaluate(() => {
      Object.defineProperty(navigator, 'share', { value: undefined });
    });
    await page.getByRole('button', { name: 'GET WISDOM' }).click();
    await tipText(page).waitFor();
    const id = await tipText(page).getAttribute('data-tip-id');
    await page.getByRole('button', { name: 'Share' }).click();
    await page.getByText('Link copied. Go spread the wisdom!').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/tips/${id}`);
    await page.context().close();
  });

  it('gives each tip a page with its text in the preview tags and a way to get another', async () => {
    const page = await newPage();
    await page.goto('/bg/tips/r1');
    const text = await page.locator('blockquote').textContent();
    expect(text?.trim().length).toBeGreaterThan(10);
    expect(await page.locator('meta[property="og:description"]').getAttribute('content')).toBe(text?.trim());
    // The title is the tip cut at a word to fit search results, then the site's name.
    const title = await page.title();
    expect(await page.locator('meta[property="og:title"]').getAttribute('content')).toBe(title);
    expect(text?.trim().startsWith(title.replace(/(…)? \| [^|]+$/, ''))).toBe(true);
    // "Get another one" gives another tip's page, not the home page's empty card.
    await page.getByRole('link', { name: 'Дай ми още един' }).click();
    await page.waitForURL(
      (url) => /^\/bg\/tips\/[^/]+$/.test(url.pathname) && url.pathname !== '/bg/tips/r1',
    );
    const next = (await page.locator('blockquote').textContent())?.trim();
    expect(next?.length).toBeGreaterThan(10);
    expect(next).not.toBe(text?.trim());
    await page.context().close();
  });
});

describe('weight', () => {
  it('keeps the home page JavaScript under 90 KB gzipped', async () => {
    const page = await newPage();
    const scripts = new Set<string>();
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.add(response.url());
    });
    await page.goto('/', { waitUntil: 'networkidle' });
    let total = 0;
    for (const url of scripts)
      total += gzipSync(Buffer.from(await (await fetch(url)).arrayBuffer()), { level: 9 }).length;
    const inline = await page.evaluate(() =>
      [...document.querySelectorAll('script:not([src])')].map((s) => s.textContent ?? '').join(''),
    );
    total += gzipSync(Buffer.from(inline), { level: 9 }).length;
    console.log(
      `Home page JavaScript: ${(total / 1024).toFixed(1)} KB gzipped in ${scripts.size} files plus inline`,
    );
    expect(total).toBeLessThan(90 * 1024);
    await page.context().close();
  });
});
