// Sharing a tip: every tip and article page points link previews at a picture card of its own, the
// share button says what it did, and a shared link opens the tip's own page.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { actOnPage, baseURL, newPage, withBrowser, withoutCareTips } from '../support/browser.ts';

withBrowser();

const tips = JSON.parse(readFileSync('content/tips.json', 'utf8')) as {
  id: string;
  en: string;
  bg: string;
}[];
const tipPages = tips.flatMap(({ id }) => [
  { path: `/tips/en_${id}`, lang: 'en' as const },
  { path: `/bg/tips/${id}`, lang: 'bg' as const },
]);

/** The content of a `<meta>` tag (by property or name) in a page's HTML. */
function meta(html: string, key: string): string | undefined {
  const tag = html.match(new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`));
  return tag?.[1]
    ?.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replaceAll('&quot;', '"')
    .replaceAll('&amp;', '&');
}

async function get(path: string): Promise<Response> {
  const response = await fetch(new URL(path, baseURL));
  expect(response.status, path).toBe(200);
  return response;
}

function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

async function openHome(page: Page, home: string) {
  await withoutCareTips(page);
  await page.goto(home);
  await actOnPage(page);
  await page.waitForFunction(() => !document.querySelector('astro-island[ssr]'));
}

describe('share cards', () => {
  it(`gives each of the ${tipPages.length} tip pages its own 1200 x 630 card, and a person two to look at`, async () => {
    expect(tipPages.length).toBe(2 * tips.length);
    const seen = new Map<string, string>();
    const shown: Partial<Record<'en' | 'bg', Buffer>> = {};
    for (const { path, lang } of tipPages) {
      const html = await (await get(path)).text();
      const image = meta(html, 'og:image') ?? '';
      const cardPath = new URL(image).pathname;
      expect(cardPath, path).toBe(`/cards${path}.png`);
      // X takes the og:* title, description and image (developer.x.com/cards/markup).
      expect(meta(html, 'twitter:image'), path).toBeUndefined();
      expect(meta(html, 'twitter:card'), path).toBe('summary_large_image');
      expect(meta(html, 'og:image:alt'), path).toContain(meta(html, 'og:description'));
      const response = await get(cardPath);
      expect(response.headers.get('content-type'), path).toMatch(/^image\/png/);
      const png = Buffer.from(await response.arrayBuffer());
      expect(pngSize(png), path).toEqual({ width: 1200, height: 630 });
      const hash = createHash('sha256').update(png).digest('hex');
      expect(seen.get(hash), `${path} shows the same picture as ${seen.get(hash)}`).toBeUndefined();
      seen.set(hash, path);
      shown[lang] ??= png;
    }
    // For a person to judge the look: one card per language beside the test report.
    mkdirSync('test-results/share-cards', { recursive: true });
    for (const [lang, png] of Object.entries(shown))
      writeFileSync(`test-results/share-cards/tip-${lang}.png`, png);
  });

  it('gives each article its own card and keeps the site card on other pages', async () => {
    for (const path of ['/blog/1', '/bg/blog/1', '/blog/3', '/bg/blog/3']) {
      const html = await (await get(path)).text();
      const cardPath = new URL(meta(html, 'og:image') ?? '').pathname;
      expect(cardPath).toBe(`/cards${path}.png`);
      expect(pngSize(Buffer.from(await (await get(cardPath)).arrayBuffer()))).toEqual({
        width: 1200,
        height: 630,
      });
      const title = meta(html, 'og:title')?.split(' | ')[0] ?? '';
      expect(title.length).toBeGreaterThan(5);
      expect(meta(html, 'og:image:alt')).toContain(title);
    }
    // The site card: English first on English pages, Bulgarian first on Bulgarian ones.
    for (const path of ['/', '/bg/', '/about', '/bg/blog', '/privacy', '/bg/tips']) {
      const html = await (await get(path)).text();
      const bg = path.startsWith('/bg/');
      const image = new URL(meta(html, 'og:image') ?? '').pathname;
      expect(image, path).toBe(bg ? '/cards/bg/site.png' : '/og-image.png');
      expect(pngSize(Buffer.from(await (await get(image)).arrayBuffer()))).toEqual({
        width: 1200,
        height: 630,
      });
      expect(meta(html, 'og:image:alt'), path).toMatch(bg ? /Важен съвет/ : /Important Advice/);
      expect(meta(html, 'twitter:card'), path).toBe('summary_large_image');
    }
  });
});

const langs = [
  {
    lang: 'en',
    home: '/',
    get: 'GET WISDOM',
    share: 'Share',
    copied: 'Link copied',
    another: 'Get another one',
  },
  {
    lang: 'bg',
    home: '/bg/',
    get: 'ДАЙ МЪДРОСТ',
    share: 'Сподели',
    copied: 'Връзката е копирана',
    another: 'Дай ми още един',
  },
] as const;

for (const t of langs) {
  describe(`the share button in ${t.lang}`, () => {
    it('copies the link, says so, and the link opens the tip on its own page with a button to get another', async () => {
      const page = await newPage({ permissions: ['clipboard-read', 'clipboard-write'] });
      await openHome(page, t.home);
      // Desktop Chromium on Linux has no share sheet; make sure, so the copy path runs.
      await page.evaluate(() => Object.defineProperty(navigator, 'share', { value: undefined }));
      await page.getByRole('button', { name: t.get }).click();
      const shownTip = page.locator('[data-advice-card] blockquote');
      await shownTip.waitFor();
      const text = (await shownTip.textContent())?.trim();
      await page.getByRole('button', { name: t.share }).click();
      await page.getByText(t.copied).waitFor();
      const link = await page.evaluate(() => navigator.clipboard.readText());

      await page.goto(link);
      expect(await page.locator('main blockquote').textContent()).toContain(text);
      expect(await page.locator('meta[property="og:image"]').getAttribute('content')).toMatch(
        /\/cards\/.+\.png$/,
      );
      // Another tip's own page, not the home page's empty card.
      await page.getByRole('link', { name: t.another }).click();
      await page.waitForURL((url) => url.href !== link && url.pathname.includes('/tips/'));
      expect((await page.locator('main h1').textContent())?.trim()).not.toBe(text);
      await page.context().close();
    });

    it('says it could not share and shows the link to copy by hand when neither sharing nor copying works', async () => {
      const page = await newPage();
      await page.addInitScript(() => {
        // A browser without a share sheet or a clipboard (e.g. a page served over plain HTTP).
        Object.defineProperty(navigator, 'share', { value: undefined });
        Object.defineProperty(navigator, 'clipboard', { value: undefined });
      });
      await openHome(page, t.home);
      await page.getByRole('button', { name: t.get }).click();
      const id = await page.locator('[data-advice-card] blockquote').getAttribute('data-tip-id');
      await page.getByRole('button', { name: t.share }).click();
      const url = `${baseURL}${t.lang === 'bg' ? '/bg' : ''}/tips/${id}`;
      await page.getByText(url, { exact: false }).first().waitFor();
      const field = page.locator('[data-share-link] input');
      expect(await field.inputValue()).toBe(url);
      expect(await field.evaluate((input) => input === document.activeElement)).toBe(true);
      await page.context().close();
    });
  });
}
