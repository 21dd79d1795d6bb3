import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage, withBrowser } from '../support/browser.ts';

withBrowser();

// A way around the site: the header's navigation, first for a keyboard, and tip pages that can be
// liked, disliked, shared and followed by another tip.

const langs = [
  {
    lang: 'en',
    home: '/',
    page: '/about',
    tipPage: '/tips/en_1',
    tipText: 'Charge your phone outside the bedroom tonight. It can dream about you from the kitchen.',
    logo: 'Important Advice: home',
    nav: ['Tips', 'Blog', 'Tip of the day'],
    targets: [/\/tips$/, /\/blog$/, /\/tips\/en_\d+$/],
    like: 'Like',
    dislike: 'Dislike',
    thanks: 'Respec.',
    share: 'Share',
    copied: 'Link copied. Go spread the wisdom!',
    another: 'Get another one',
    tipPath: /^\/tips\/en_[\dr]+$/,
    index: '/tips',
    topics: 'Topics',
  },
  {
    lang: 'bg',
    home: '/bg/',
    page: '/bg/about',
    tipPage: '/bg/tips/1',
    tipText: 'Тази нощ зареди телефона извън спалнята. Нека те сънува от кухнята.',
    logo: 'Важен съвет: начало',
    nav: ['Съвети', 'Блог', 'Съвет за деня'],
    targets: [/\/bg\/tips$/, /\/bg\/blog$/, /\/bg\/tips\/\d+$/],
    like: 'Харесвам',
    dislike: 'Не харесвам',
    thanks: 'Респект.',
    share: 'Сподели',
    copied: 'Връзката е копирана. Сподели мъдростта!',
    another: 'Дай ми още един',
    tipPath: /^\/bg\/tips\/[\dr]+$/,
    index: '/bg/tips',
    topics: 'Теми',
  },
] as const;

/** The focused element: its accessible name, whether it is in the header's navigation, and its link. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement;
    return {
      name: (element.getAttribute('aria-label') ?? element.textContent ?? '').trim(),
      inNav: Boolean(element.closest('header nav')),
      href: element.getAttribute('href'),
    };
  });

async function tabs(page: Page, count: number) {
  const seen = [];
  for (let i = 0; i < count; i++) {
    await page.keyboard.press('Tab');
    seen.push(await focused(page));
  }
  return seen;
}

/** The page's main heading: its text, and how many there are. */
const mainHeading = (page: Page) =>
  page.evaluate(() => ({
    count: document.querySelectorAll('h1').length,
    text: document.querySelector('main h1')?.textContent?.trim() ?? '',
  }));

for (const t of langs) {
  describe(`the header's navigation in ${t.lang}`, () => {
    it('is what a keyboard reaches first after the skip link: the logo, then tips, blog and the tip of the day', async () => {
      const page = await newPage({ viewport: { width: 320, height: 640 } });
      await page.goto(t.page);
      const [skip, ...rest] = await tabs(page, 5);
      expect(skip?.href).toBe('#main');
      expect(rest.map((stop) => stop.name)).toEqual([t.logo, ...t.nav]);
      expect(rest.every((stop) => stop.inNav)).toBe(true);
      // On the home page the logo is no link: the navigation's links come straight after the skip link.
      await page.goto(t.home);
      const [, ...home] = await tabs(page, 4);
      expect(home.map((stop) => stop.name)).toEqual(t.nav);
      expect(home.every((stop) => stop.inNav)).toBe(true);
      await page.context().close();
    });

    it('leads to the tips, the blog and the tip of the day, and marks where the reader is', async () => {
      const page = await newPage();
      for (const [index, name] of t.nav.entries()) {
        await page.goto(t.page);
        await page.locator('header nav').getByRole('link', { name, exact: true }).click();
        await page.waitForURL(t.targets[index] ?? '');
        const current = await page.locator('header nav [aria-current]').allTextContents();
        expect(current.map((text) => text.trim())).toEqual(index === 1 ? [name] : [t.nav[0]]);
      }
      await page.context().close();
    });

    for (const width of [320, 390]) {
      it(`keeps the wordmark whole, the header in two rows and the page within the screen at ${width} px, before and after the site's fonts`, async () => {
        const page = await newPage({ viewport: { width, height: 700 } });
        // The second visit of the same browser draws the page with the site's own faces, now cached.
        for (const visit of [1, 2]) {
          for (const path of [t.home, t.page, t.tipPage]) {
            await page.goto(path);
            const box = await page.evaluate(() => {
              const word = document.querySelector('[data-logo] span');
              return {
                lines: word?.getClientRects().length ?? 0,
                height: word?.getBoundingClientRect().height ?? 0,
                lineHeight: Number.parseFloat(getComputedStyle(word ?? document.body).lineHeight),
                scrollWidth: document.documentElement.scrollWidth,
                // The language switch beside the logo, the links in one row below: a header of two rows.
                logoTop: document.querySelector('[data-logo]')?.getBoundingClientRect().top,
                switchTop: document.querySelector('[data-language-switch]')?.getBoundingClientRect().top,
                navHeight: document.querySelector('header nav')?.getBoundingClientRect().height ?? 0,
              };
            });
            expect(box.lines, `${path}, visit ${visit}`).toBe(1);
            expect(box.height, `${path}, visit ${visit}`).toBeLessThan(box.lineHeight * 1.5);
            expect(box.scrollWidth, `${path}, visit ${visit}`).toBeLessThanOrEqual(width);
            expect(box.switchTop, `${path}, visit ${visit}`).toBe(box.logoTop);
            expect(box.navHeight, `${path}, visit ${visit}`).toBeLessThanOrEqual(88);
          }
        }
        await page.context().close();
      });
    }
  });

  describe(`a tip's page in ${t.lang}`, () => {
    it('is headed by the tip itself', async () => {
      const page = await newPage();
      await page.goto(t.tipPage);
      const heading = await mainHeading(page);
      expect(heading.count).toBe(1);
      expect(heading.text).toBe(
        (await page.locator('meta[name="description"]').getAttribute('content'))?.trim(),
      );
      expect(heading.text).toBe(t.tipText);
      await page.context().close();
    });

    it('takes a like once, tells the server, thanks, and moves focus on to sharing', async () => {
      const page = await newPage();
      await page.goto(t.tipPage);
      const answer = page.waitForResponse((response) => response.url().endsWith('/api/tip-ratings'));
      await page.getByRole('button', { name: t.like, exact: true }).click();
      const response = await answer;
      expect(response.status()).toBeLessThan(300);
      expect(response.request().postDataJSON()).toMatchObject({
        tipId: t.tipPage.split('/').pop(),
        language: t.lang,
        rating: 1,
      });
      await page.getByRole('status').filter({ hasText: t.thanks }).waitFor();
      expect(await page.getByRole('button', { name: t.like, exact: true }).count()).toBe(0);
      expect((await focused(page)).name).toBe(t.share);
      await page.context().close();
    });

    it('takes a dislike as a rating of 0', async () => {
      const page = await newPage();
      await page.goto(t.tipPage);
      const request = page.waitForRequest((r) => r.url().endsWith('/api/tip-ratings'));
      await page.getByRole('button', { name: t.dislike, exact: true }).click();
      expect((await request).postDataJSON()).toMatchObject({ rating: 0, language: t.lang });
      await page.getByRole('status').filter({ hasText: t.thanks }).waitFor();
      await page.context().close();
    });

    it('shares its own address: copied, and said so beside the button', async () => {
      const page = await newPage({ permissions: ['clipboard-read', 'clipboard-write'] });
      await page.addInitScript(() => Object.defineProperty(navigator, 'share', { value: undefined }));
      await page.goto(`${t.tipPage}?from=letter#top`);
      await page.getByRole('button', { name: t.share }).click();
      await page.getByRole('status').filter({ hasText: t.copied }).waitFor();
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      expect(new URL(copied).pathname).toBe(t.tipPage);
      expect(new URL(copied).search + new URL(copied).hash).toBe('');
      await page.context().close();
    });

    it('gives another tip at each "get another one", none of them twice in a row of ten', async () => {
      const page = await newPage();
      await page.goto(t.tipPage);
      const seen = [(await mainHeading(page)).text];
      for (let i = 0; i < 10; i++) {
        const from = page.url();
        await page.getByRole('link', { name: t.another }).click();
        await page.waitForURL((url) => url.href !== from);
        expect(new URL(page.url()).pathname).toMatch(t.tipPath);
        seen.push((await mainHeading(page)).text);
      }
      expect(new Set(seen).size).toBe(seen.length);
      await page.context().close();
    });

    it('loads no framework and no script file: its few lines come inline', async () => {
      const page = await newPage();
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(request.url());
      });
      await page.goto(t.tipPage, { waitUntil: 'networkidle' });
      expect(await page.locator('astro-island').count()).toBe(0);
      expect(scripts).toEqual([]);
      // And yet the buttons work (shown by that script: hidden in the page's HTML).
      expect(await page.getByRole('button', { name: t.like, exact: true }).isVisible()).toBe(true);
      await page.context().close();
    });
  });

  describe(`the tips index in ${t.lang}`, () => {
    it('keeps its topics in reach while scrolling, and a topic opens below them', async () => {
      const page = await newPage({ viewport: { width: 320, height: 640 } });
      await page.goto(t.index);
      const topics = page.getByRole('navigation', { name: t.topics });
      await page.evaluate(() => scrollTo(0, document.documentElement.scrollHeight));
      const bar = await topics.boundingBox();
      expect(bar?.y).toBe(0);
      // One row that scrolls sideways, not a wall over half the screen.
      expect(bar?.height).toBeLessThan(80);
      const last = topics.getByRole('link').last();
      await last.click();
      const id = (await last.getAttribute('href'))?.slice(1) ?? '';
      await expect
        .poll(async () => (await page.locator(`[id="${id}"]`).boundingBox())?.y ?? -1)
        .toBeGreaterThanOrEqual((bar?.y ?? 0) + (bar?.height ?? 0));
      await page.context().close();
    });
  });
}
