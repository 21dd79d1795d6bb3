import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { actOnPage, fontsCached, hydrateVisibleIslands, newPage, withBrowser } from '../support/browser.ts';

withBrowser();

const KiB = 1024;

/**
 * What a first visit costs, per page type: everything transferred (compressed, headers included) once
 * the page is quiet with its first-screen widgets hydrated, and the JavaScript of every widget once
 * the visitor has scrolled to all of them. The limits sit a little above today's figures (README,
 * Measurements), so a new font face, library or widget fails here.
 */
const budgets = [
  // Home: a first visit within 130 KiB. The list and the tip's face come only when the visitor reaches for
  // the button (tests/e2e/hydration.test.ts).
  { type: 'home', paths: ['/', '/bg/'], transfer: { en: 130, bg: 130 }, script: 100 },
  { type: 'article', paths: ['/blog/1', '/bg/blog/1'], transfer: { en: 39, bg: 47 }, script: 100 },
  {
    type: 'text page',
    paths: ['/about', '/bg/about', '/blog', '/bg/blog', '/donate', '/bg/donate', '/privacy', '/bg/privacy'],
    // Pages without widgets within 40 KiB, in both languages.
    transfer: { en: 40, bg: 40 },
    // No script file at all: their only scripts are small inline ones (language on arrival, toggle).
    script: 0,
  },
  // No framework either: its one small script (keep, like, dislike, share) is inline; its display faces
  // are cut to its own text.
  { type: 'tip page', paths: ['/tips/en_1', '/bg/tips/1'], transfer: { en: 40, bg: 40 }, script: 0 },
  // Every tip's text in one page, without widgets.
  { type: 'tips index', paths: ['/tips', '/bg/tips'], transfer: { en: 40, bg: 40 }, script: 0 },
];

interface Load {
  transfer: number;
  script: number;
  fonts: string[];
}

/** Counts every response of a fresh, cache-less visit on a phone-sized screen. */
async function visit(path: string, scrollToWidgets: boolean): Promise<Load> {
  const page: Page = await newPage({ viewport: { width: 412, height: 823 } });
  const load: Load = { transfer: 0, script: 0, fonts: [] };
  const counted: Promise<void>[] = [];
  const onFinished = (request: Request) => {
    counted.push(
      request.sizes().then((sizes) => {
        const bytes = sizes.responseBodySize + sizes.responseHeadersSize;
        load.transfer += bytes;
        if (request.resourceType() === 'script') load.script += bytes;
        const { pathname } = new URL(request.url());
        if (pathname.startsWith('/_astro/fonts/')) load.fonts.push(pathname);
      }),
    );
  };
  page.on('requestfinished', onFinished);
  await page.goto(path, { waitUntil: 'networkidle' });
  // A first page fetches its fonts into the cache a second after its load (switchOnFonts.ts): counted.
  await fontsCached(page);
  await actOnPage(page);
  await page.waitForFunction(() => !document.querySelector('astro-island[ssr][client="press"]'));
  if (scrollToWidgets) {
    await hydrateVisibleIslands(page);
  }
  await page.waitForLoadState('networkidle');
  // Nothing more is counted: a late answer's sizes would otherwise be asked of a closed page.
  page.off('requestfinished', onFinished);
  await Promise.all(counted);
  await page.context().close();
  return load;
}

describe('weight of a first visit', () => {
  for (const { type, paths, transfer, script } of budgets) {
    for (const path of paths) {
      const lang = path.startsWith('/bg/') ? 'bg' : 'en';
      it(`${path} (${type}) stays within ${transfer[lang]} KiB, ${script} KiB of it JavaScript`, async () => {
        const first = await visit(path, false);
        const scrolled = await visit(path, true);
        console.log(
          `${path}: ${(first.transfer / KiB).toFixed(1)} KiB on arrival; JavaScript ${(scrolled.script / KiB).toFixed(1)} KiB with every widget; fonts ${first.fonts.length}`,
        );
        expect(first.transfer).toBeLessThanOrEqual(transfer[lang] * KiB);
        expect(scrolled.script).toBeLessThanOrEqual(script * KiB);
        // Each language's pages load only that language's font files.
        expect(first.fonts.length).toBeGreaterThan(0);
        // The body font's other letters (`-rest`) only come with a visitor's text.
        for (const font of first.fonts)
          expect(font).toMatch(new RegExp(`^/_astro/fonts/[a-z]+-${lang}-\\d+(-page)?\\.`));
      });
    }
  }
});
