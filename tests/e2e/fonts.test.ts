import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  fontInspector,
  fontsCached,
  hydrateVisibleIslands,
  newPage,
  pages,
  withBrowser,
  withoutCareTips,
} from '../support/browser.ts';

withBrowser();

/**
 * Each face is cut at build time to the text set in it (src/lib/builtPages/fonts.ts). A character
 * missing from its face is drawn in a fallback font instead, so this reads, for every piece of text on
 * every page, the fonts Chromium really drew it with.
 */
const more = [
  { path: '/no-such-page', lang: 'en' },
  { path: '/bg/no-such-page', lang: 'bg' },
  { path: '/subscribe/confirm', lang: 'en' },
  { path: '/bg/subscribe/confirm', lang: 'bg' },
  { path: '/unsubscribe', lang: 'en' },
  { path: '/bg/unsubscribe', lang: 'bg' },
  // Tip pages have display faces cut to their own text: two more, with figures, quotes and "ѝ".
  { path: '/tips/en_20', lang: 'en' },
  { path: '/bg/tips/3', lang: 'bg' },
] as const;

const ours = /^(Unbounded|Nunito)\b/;
// Nunito and Unbounded have no emoji: a decoration that is only emoji comes from the system's font.
const onlyEmoji = (text: string) => text.replace(/\p{Extended_Pictographic}|\u200d|\ufe0f|\s/gu, '') === '';

interface DomNode {
  nodeId: number;
  nodeType: number;
  nodeName: string;
  nodeValue: string;
  children?: DomNode[];
}

/** Every element with text of its own, and that text. */
function textElements(node: DomNode, found: { nodeId: number; text: string }[] = []) {
  if (['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE'].includes(node.nodeName)) return found;
  const own = (node.children ?? [])
    .filter((child) => child.nodeType === 3)
    .map((child) => child.nodeValue)
    .join('')
    .trim();
  if (own) found.push({ nodeId: node.nodeId, text: own });
  for (const child of node.children ?? []) textElements(child, found);
  return found;
}

/** Text drawn in anything but the site's own faces: `"text" → family`. */
async function fallbacks(page: Page): Promise<string[]> {
  const cdp = await fontInspector(page);
  const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
  const wrong: string[] = [];
  for (const { nodeId, text } of textElements(root as DomNode)) {
    // A widget may have replaced the element since (a list that loaded): it is no longer on screen.
    const drawn = await cdp.send('CSS.getPlatformFontsForNode', { nodeId }).catch(() => undefined);
    const fonts = drawn?.fonts ?? [];
    const others = fonts.filter((font) => !ours.test(font.familyName));
    if (others.length > 0 && !onlyEmoji(text))
      wrong.push(`"${text.slice(0, 60)}" → ${others.map((font) => font.familyName).join(', ')}`);
  }
  await cdp.detach();
  return wrong;
}

/** The font files a page has asked for. */
function fontRequests(page: Page): string[] {
  const files: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'font') files.push(new URL(request.url()).pathname);
  });
  return files;
}

/** The font files the page's document has loaded (from the network or the cache), and what asked. */
async function fontsLoaded(page: Page): Promise<{ url: string; by: string }[]> {
  return page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name.includes('/_astro/fonts/'))
      .map((entry) => ({ url: entry.name, by: (entry as PerformanceResourceTiming).initiatorType })),
  );
}

/**
 * The font files a page fetched that it had not preloaded: found only while laying the page out, an
 * `optional` face comes too late for the first paint and the whole page is drawn in a fallback font
 * (Chromium waits for a preloaded one). The `-rest` files, for visitors' text, are the exception.
 */
async function fontsFoundLate(page: Page): Promise<string[]> {
  const fonts = await fontsLoaded(page);
  return fonts.filter(({ url, by }) => by !== 'link' && !url.includes('-rest.')).map(({ url }) => url);
}

/**
 * A browser's first page, once its font files have been fetched into the cache after its load: the
 * font files asked for before its first contentful paint (each would hold the largest paint a round
 * trip), the files it fetched in all, whether its fonts stayed switched off (the page stays in the
 * fallback faces) and the layout shift of the whole visit.
 */
async function firstPageFonts(page: Page) {
  await fontsCached(page);
  return page.evaluate(async () => {
    await new Promise(requestAnimationFrame);
    const paint = performance.getEntriesByName('first-contentful-paint')[0];
    const fonts = performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name.includes('/_astro/fonts/'));
    const observer = new PerformanceObserver(() => {});
    observer.observe({ type: 'layout-shift', buffered: true });
    await new Promise(requestAnimationFrame);
    const shifts = observer.takeRecords() as (PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
    })[];
    observer.disconnect();
    return {
      painted: paint !== undefined,
      beforePaint: fonts.filter((entry) => entry.startTime <= (paint?.startTime ?? 0)).map((e) => e.name),
      loaded: fonts.length,
      switchedOff: document.head.querySelectorAll('[media=print]').length > 0,
      facesUsed: [...document.fonts].filter((face) => face.status === 'loaded').length,
      shift: shifts.filter((entry) => !entry.hadRecentInput).reduce((sum, entry) => sum + entry.value, 0),
    };
  });
}

/**
 * Opens a page as a browser's first page (no font before its first paint, drawn in the fallback faces
 * throughout, font files in the cache after its load, no layout shift), and then again, when its fonts
 * are switched on before the paint and it must have preloaded every face it fetched.
 */
async function openWarm(path: string, lang: string): Promise<Page> {
  const page = await newPage({ locale: lang === 'bg' ? 'bg-BG' : 'en-US' });
  await page.goto(path, { waitUntil: 'networkidle' });
  const { loaded, ...first } = await firstPageFonts(page);
  expect(first, `${path}, first page`).toEqual({
    painted: true,
    beforePaint: [],
    switchedOff: true,
    facesUsed: 0,
    shift: 0,
  });
  expect(loaded, `${path}, fonts loaded after the first page's paint`).toBeGreaterThan(0);
  // `font-display: optional` gives a cached font about 100 ms before the first paint. A busy machine can
  // miss that, and the page then stays in the fallback faces, as a visitor's would, until the next one.
  // So a page drawn in the fallback is opened again, twice at most; a font that never comes still fails.
  for (let visit = 2; visit <= 4; visit++) {
    await page.reload({ waitUntil: 'networkidle' });
    await page.evaluate(() => document.fonts.ready);
    expect(await fontsFoundLate(page), `${path}, page ${visit}`).toEqual([]);
    if ((await fallbacks(page)).length === 0) break;
  }
  // Widgets further down hydrate when seen; they render their own labels.
  await hydrateVisibleIslands(page);
  await page.waitForLoadState('networkidle');
  return page;
}

describe('every text is drawn in the site fonts, not a fallback', () => {
  for (const { path, lang } of [...pages, ...more]) {
    it(path, async () => {
      const page = await openWarm(path, lang);
      const files = fontRequests(page);
      expect(await fallbacks(page)).toEqual([]);
      // The body font's other letters are for visitors' text: no page of the site's own needs them.
      await page.reload({ waitUntil: 'networkidle' });
      if (!/\/blog\/\d/.test(path)) expect(files.filter((file) => file.includes('-rest.'))).toEqual([]);
      await page.context().close();
    });
  }

  for (const { home, button, share, lang } of [
    { home: '/', button: 'GET WISDOM', share: 'Share', lang: 'en' },
    { home: '/bg/', button: 'ДАЙ МЪДРОСТ', share: 'Сподели', lang: 'bg' },
  ]) {
    it(`${home} while busy, then with a tip and its feedback`, async () => {
      const page = await openWarm(home, lang);
      // The list is held back, so the button stays busy ("GENERATING...") while it is read.
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await withoutCareTips(page);
      await page.route('**/tips.json', async (route) => {
        await held;
        await route.fallback();
      });
      await page.getByRole('button', { name: button }).click();
      await page.locator('[data-advice-card] + button[aria-disabled="true"]').waitFor();
      expect(await fallbacks(page)).toEqual([]);
      release();
      await page.locator('[data-advice-card] blockquote').waitFor();
      // Sharing: the toast quotes the tip's address, whose rarer characters come with the body font's
      // -rest file and are swapped in when it arrives, as for a visitor's comment.
      await page.locator('[data-advice-card]').getByRole('button', { name: share }).click();
      await page.locator('[data-feedback]').waitFor();
      await page.locator('[data-sonner-toast]').first().waitFor();
      await page.evaluate(async () => {
        await new Promise(requestAnimationFrame);
        await document.fonts.ready;
      });
      expect(await fallbacks(page)).toEqual([]);
      await page.context().close();
    });
  }

  it("sets a visitor's comment in the body font, letters no page shows included", async () => {
    const page = await openWarm('/bg/blog/1', 'bg');
    // Щ and Q (bold name), Ѝ, Ф and z (comment): letters of the alphabet no page of the site shows.
    const name = `Щастлив Quinn ${Date.now()}`;
    await page.getByRole('textbox', { name: 'Име', exact: true }).fill(name);
    await page.getByRole('textbox', { name: 'Коментар', exact: true }).fill('Ѝ, Quiz и Фар');
    await page.getByRole('button', { name: 'Публикувай' }).click();
    await page.locator('[data-comment]').getByText(name).waitFor();
    await page.evaluate(() => document.fonts.ready);
    expect(await fallbacks(page)).toEqual([]);
    // Loaded for this comment, or already for the thread's earlier ones (other tests comment too).
    expect((await fontsLoaded(page)).filter(({ url }) => url.includes('-rest.')).length).toBeGreaterThan(0);
    await page.context().close();

    // The English article shows the same thread: its pages have the Bulgarian letters for it too.
    const english = await openWarm('/blog/1', 'en');
    await english.locator('[data-comment]').getByText(name).waitFor();
    await english.evaluate(() => document.fonts.ready);
    expect(await fallbacks(english)).toEqual([]);
    await english.context().close();
  });
});

// The display face's Bulgarian forms (its `locl`) turn п, т, и into Latin n, m, u: "Опа!" read as
// "Ona!". The pages' cuts leave them out, so a heading is drawn alike whether or not the browser asks.
describe('Bulgarian headings', () => {
  for (const path of ['/bg/donate', '/bg/no-such-page']) {
    it(`draw the common Cyrillic forms on ${path}`, async () => {
      const page = await openWarm(path, 'bg');
      const widths = await page.evaluate(() => {
        const heading = document.querySelector('h1') as HTMLElement;
        const width = (features: string) => {
          const copy = heading.cloneNode(true) as HTMLElement;
          Object.assign(copy.style, {
            position: 'absolute',
            width: 'max-content',
            fontFeatureSettings: features,
          });
          heading.after(copy);
          const measured = copy.getBoundingClientRect().width;
          copy.remove();
          return measured;
        };
        return { text: heading.textContent, asked: width('"locl" 1'), left: width('"locl" 0') };
      });
      expect(widths.text).toMatch(/[птип]/);
      expect(widths.asked).toBe(widths.left);
      await page.context().close();
    });
  }
});
