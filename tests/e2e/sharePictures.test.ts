// Sharing a tip as a picture, drawn in the browser when Share is pressed (src/lib/sharePicture/), from the
// home card and from a tip's own page: nothing of it is fetched before the press; where the share sheet
// takes files it gets the post picture with the link, elsewhere both pictures are offered to save; every
// tip's story (1080 x 1920) and post (1080 x 1350) are drawn within 120 KiB in both languages.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type Lang, tipIdFor } from '../../functions/contract.ts';
import type { TipCategory } from '../../functions/tipSchema.ts';
import { tipCategoryNames } from '../../src/i18n/categories.ts';
import { actOnPage, baseURL, newPage, withBrowser, withoutCareTips } from '../support/browser.ts';
import { builtDir } from '../support/builtSite.ts';

withBrowser();

const maxBytes = 120 * 1024;
const allTips = JSON.parse(readFileSync('content/tips.json', 'utf8')) as ({
  id: string;
  category: TipCategory;
} & Record<Lang, string>)[];
const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 800 };

const langs = [
  {
    lang: 'en',
    home: '/',
    tipPage: '/tips/en_2',
    copied: 'Link copied',
    get: 'GET WISDOM',
    share: 'Share',
    story: 'Save a story picture',
    post: 'Save a post picture',
  },
  {
    lang: 'bg',
    home: '/bg/',
    tipPage: '/bg/tips/2',
    copied: 'Връзката е копирана',
    get: 'ДАЙ МЪДРОСТ',
    share: 'Сподели',
    story: 'Запази картинка за история',
    post: 'Запази картинка за публикация',
  },
] as const;

/**
 * What the picture module and its fonts are, asked for only after the press: the home card's module is
 * Vite's chunk, the tip pages' the same module published apart (src/lib/sharePicture/pictureScript.ts).
 */
const pictureRequest = /\/(pictures\/fonts\/|_astro\/tipPicture\.|pictures\/scripts\/)/;
const tipPageModule = /^\/pictures\/scripts\/tipPicture\.[\w-]+\.js$/;

/** Width and height from a JPEG's start-of-frame segment. */
function jpegSize(jpeg: Buffer): { width: number; height: number } | null {
  for (let at = 2; at + 9 < jpeg.length; at += 2 + jpeg.readUInt16BE(at + 2)) {
    const marker = jpeg.readUInt16BE(at);
    if (marker >= 0xffc0 && marker <= 0xffc2)
      return { width: jpeg.readUInt16BE(at + 7), height: jpeg.readUInt16BE(at + 5) };
  }
  return null;
}

/** A share sheet that takes files, as a phone's does: it keeps what it was given for the test to read. */
async function withFileSharing(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shared: unknown[] = [];
    Object.assign(window, { shared });
    Object.defineProperty(navigator, 'canShare', { value: (data: ShareData) => Boolean(data.files) });
    Object.defineProperty(navigator, 'share', {
      value: async (data: ShareData) => {
        const files = await Promise.all(
          (data.files ?? []).map(async (file) => {
            const image = await createImageBitmap(file);
            const digest = await crypto.subtle.digest('SHA-256', await file.arrayBuffer());
            return {
              name: file.name,
              type: file.type,
              width: image.width,
              height: image.height,
              size: file.size,
              sha256: [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join(''),
            };
          }),
        );
        shared.push({ url: data.url, files });
      },
    });
  });
}

/** Desktop Chromium on Linux: no share sheet at all, so Share copies the link. */
async function withoutShareSheet(page: Page): Promise<void> {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'share', { value: undefined });
    Object.defineProperty(navigator, 'canShare', { value: undefined });
  });
}

/** What the share sheet of `withFileSharing` was given: the link and one post picture of tip `id`. */
async function sharedPost(page: Page, id: string | null): Promise<{ url: string; sha256: string }> {
  const shared = await page
    .waitForFunction(() => (window as unknown as { shared: unknown[] }).shared[0])
    .then((handle) => handle.jsonValue());
  const { files, url } = shared as { url: string; files: { size: number; sha256: string }[] };
  expect(files).toEqual([
    {
      name: `${id}.post.jpg`,
      type: 'image/jpeg',
      width: 1080,
      height: 1350,
      size: expect.any(Number),
      sha256: expect.any(String),
    },
  ]);
  expect(files[0]?.size).toBeLessThanOrEqual(maxBytes);
  return { url, sha256: files[0]?.sha256 ?? '' };
}

/** Saves the story and the post of tip `id` by their links, and checks each file. */
async function expectSavedPictures(page: Page, id: string | null, labels: { story: string; post: string }) {
  for (const [format, size] of [
    ['story', { width: 1080, height: 1920 }],
    ['post', { width: 1080, height: 1350 }],
  ] as const) {
    const link = page.getByRole('link', { name: labels[format], exact: true });
    await link.waitFor();
    expect(await link.getAttribute('download')).toBe(`${id}.${format}.jpg`);
    const download = page.waitForEvent('download');
    await link.click();
    const saved = await download;
    expect(saved.suggestedFilename()).toBe(`${id}.${format}.jpg`);
    const jpeg = readFileSync(await saved.path());
    expect(jpegSize(jpeg)).toEqual(size);
    expect(jpeg.length).toBeLessThanOrEqual(maxBytes);
  }
}

async function openHome(page: Page, home: string): Promise<string[]> {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  await withoutCareTips(page);
  await page.goto(home);
  await actOnPage(page);
  await page.waitForFunction(() => !document.querySelector('astro-island[ssr]'));
  return requested;
}

/** The bytes of the module and fonts the press fetched, as sent (compressed where the server compresses). */
const pressBytes = (page: Page) =>
  page.evaluate(
    (pattern) =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => new RegExp(pattern).test(entry.name))
        .map((entry) => ({
          name: new URL(entry.name).pathname,
          bytes: (entry as PerformanceResourceTiming).encodedBodySize,
        })),
    pictureRequest.source,
  );

function writeFigures(name: string, figures: unknown): void {
  mkdirSync('test-results/share-pictures', { recursive: true });
  writeFileSync(`test-results/share-pictures/${name}.json`, JSON.stringify(figures, null, 1));
}

for (const t of langs) {
  describe(`sharing a tip as a picture in ${t.lang}`, () => {
    it('sends the post picture with the link where files can be shared, fetching nothing for it before', async () => {
      const page = await newPage({ viewport: phone });
      await withFileSharing(page);
      const requested = await openHome(page, t.home);
      await page.getByRole('button', { name: t.get }).click();
      const id = await page.locator('[data-advice-card] blockquote').getAttribute('data-tip-id');
      expect(requested.filter((url) => pictureRequest.test(url))).toEqual([]);

      await page.getByRole('button', { name: t.share }).click();
      const { url } = await sharedPost(page, id);
      expect(url).toBe(`${baseURL}${t.lang === 'bg' ? '/bg' : ''}/tips/${id}`);
      // The share sheet took the picture: nothing to save.
      expect(await page.locator('[data-save-pictures]').count()).toBe(0);
      const loaded = await pressBytes(page);
      expect(loaded.map((entry) => entry.name).sort()).toEqual([
        expect.stringMatching(/^\/_astro\/tipPicture\.[\w-]+\.js$/),
        `/pictures/fonts/${t.lang}-nunito-800.woff2`,
        `/pictures/fonts/${t.lang}-unbounded-700.woff2`,
        `/pictures/fonts/${t.lang}-unbounded-900.woff2`,
      ]);
      writeFigures(`press-${t.lang}`, loaded);
      await page.context().close();
    });

    it('offers both pictures to save where files cannot be shared', async () => {
      const page = await newPage({ viewport: desktop, permissions: ['clipboard-read', 'clipboard-write'] });
      await withoutShareSheet(page);
      await openHome(page, t.home);
      await page.getByRole('button', { name: t.get }).click();
      const id = await page.locator('[data-advice-card] blockquote').getAttribute('data-tip-id');
      await page.getByRole('button', { name: t.share }).click();
      await expectSavedPictures(page, id, t);
      // The next tip's links are its own: the old ones go.
      await page.getByRole('button', { name: t.get }).click();
      await page.locator('[data-save-pictures]').waitFor({ state: 'detached' });
      await page.context().close();
    });

    it(`draws the story and post of every ${t.lang} tip within 120 KiB`, async () => {
      const page = await newPage({ viewport: desktop });
      await page.addInitScript(() => Object.defineProperty(navigator, 'canShare', { value: undefined }));
      await openHome(page, t.home);
      await page.getByRole('button', { name: t.get }).click();
      await page.getByRole('button', { name: t.share }).click();
      await page.locator('[data-save-pictures]').waitFor();
      // Every tip, the rare and crisis ones too, as its page shows it.
      const tips = allTips.map((tip) => ({
        id: tipIdFor(tip.id, t.lang),
        text: tip[t.lang],
        category: tipCategoryNames[t.lang][tip.category],
      }));
      const module = (await pressBytes(page)).find((entry) => entry.name.includes('tipPicture'))?.name;
      // A string, so the test's own module transform leaves its import() alone.
      const drawn = (await page.evaluate(`(async () => {
        const { tipPicture } = await import(${JSON.stringify(module)});
        const pictures = [];
        for (const tip of ${JSON.stringify(tips)}) {
          for (const format of ['story', 'post']) {
            const file = await tipPicture(tip, ${JSON.stringify(t.lang)}, format);
            const { width, height } = await createImageBitmap(file);
            pictures.push({ id: tip.id, format, type: file.type, bytes: file.size, width, height });
          }
        }
        return pictures;
      })()`)) as { id: string; format: string; type: string; bytes: number; width: number; height: number }[];
      expect(drawn).toHaveLength(2 * allTips.length);
      const sizes = { story: [1080, 1920], post: [1080, 1350] } as Record<string, number[]>;
      for (const picture of drawn) {
        const where = `${picture.id} ${picture.format}`;
        expect([picture.width, picture.height], where).toEqual(sizes[picture.format]);
        expect(picture.type, where).toBe('image/jpeg');
        expect(picture.bytes, where).toBeLessThanOrEqual(maxBytes);
      }
      const range = (format: string) => {
        const list = drawn.filter((p) => p.format === format).map((p) => p.bytes);
        return [Math.min(...list), Math.max(...list)];
      };
      writeFigures(`sizes-${t.lang}`, { story: range('story'), post: range('post') });
      await page.context().close();
    });
  });
}

/** The home card's drawing module, Vite's chunk, as the build named it. */
function homeModule(): string {
  const file = readdirSync(join(builtDir, '_astro')).find((name) => /^tipPicture\.[\w-]+\.js$/.test(name));
  if (!file) throw new Error(`no tipPicture chunk in ${builtDir}/_astro`);
  return `/_astro/${file}`;
}

/** A tip's page, every request it makes watched, loaded and acted on as a visitor would. */
async function openTipPage(page: Page, path: string): Promise<string[]> {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  await page.goto(path);
  await actOnPage(page);
  await page.waitForLoadState('networkidle');
  return requested;
}

for (const t of langs) {
  describe(`sharing a tip's page as a picture in ${t.lang}`, () => {
    const id = t.tipPage.split('/').pop() ?? '';
    // The tip as the home card shows it, to draw with the home card's module.
    const shown = allTips.find((each) => tipIdFor(each.id, t.lang) === id);
    const tip = shown && { id, text: shown[t.lang], category: tipCategoryNames[t.lang][shown.category] };

    it('sends the post picture with the link where files can be shared, the home card’s very picture, fetching nothing for it before', async () => {
      const page = await newPage({ viewport: phone });
      await withFileSharing(page);
      const requested = await openTipPage(page, t.tipPage);
      expect(requested.filter((url) => pictureRequest.test(url))).toEqual([]);

      const script = page.waitForResponse((response) => tipPageModule.test(new URL(response.url()).pathname));
      await page.getByRole('button', { name: t.share }).click();
      const { url, sha256 } = await sharedPost(page, id);
      expect(url).toBe(`${baseURL}${t.tipPage}`);
      // The share sheet took the picture: nothing to save.
      expect(await page.locator('[data-save-pictures]').isVisible()).toBe(false);
      // A script named by its content, kept for good by the browser.
      const headers = (await script).headers();
      expect(headers['content-type']).toMatch(/^text\/javascript/);
      expect(headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const loaded = await pressBytes(page);
      expect(loaded.map((entry) => entry.name).sort()).toEqual([
        `/pictures/fonts/${t.lang}-nunito-800.woff2`,
        `/pictures/fonts/${t.lang}-unbounded-700.woff2`,
        `/pictures/fonts/${t.lang}-unbounded-900.woff2`,
        expect.stringMatching(tipPageModule),
      ]);
      writeFigures(`tip-page-press-${t.lang}`, loaded);

      // The home card's module draws this tip to the same bytes: one drawing, two ways to fetch it.
      const home = await page.evaluate(`(async () => {
        const { tipPicture } = await import(${JSON.stringify(homeModule())});
        const file = await tipPicture(${JSON.stringify(tip)}, ${JSON.stringify(t.lang)}, 'post');
        const digest = await crypto.subtle.digest('SHA-256', await file.arrayBuffer());
        return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
      })()`);
      expect(home).toBe(sha256);
      await page.context().close();
    });

    it('offers both pictures to save, after copying the link, where files cannot be shared', async () => {
      const page = await newPage({ viewport: desktop, permissions: ['clipboard-read', 'clipboard-write'] });
      await withoutShareSheet(page);
      const requested = await openTipPage(page, t.tipPage);
      expect(requested.filter((url) => pictureRequest.test(url))).toEqual([]);
      expect(await page.locator('[data-save-pictures]').isVisible()).toBe(false);
      await page.getByRole('button', { name: t.share }).click();
      await page.getByRole('status').filter({ hasText: t.copied }).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}${t.tipPage}`);
      await expectSavedPictures(page, id, t);
      await page.context().close();
    });
  });
}
