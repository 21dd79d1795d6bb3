import type { CDPSession, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage, pages, withBrowser } from '../support/browser.ts';

withBrowser();

/**
 * Each face is cut at build time to the text set in it (src/integrations/fonts.ts). A character
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
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
  const wrong: string[] = [];
  for (const { nodeId, text } of textElements(root as DomNode)) {
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
    const others = fonts.filter((font) => !ours.test(font.familyName));
    if (others.length > 0 && !onlyEmoji(text))
      wrong.push(`"${text.slice(0, 60)}" → ${others.map((font) => font.familyName).join(', ')}`);
  }
  await cdp.detach();
  return wrong;
}

/** Opens a page the second time, so every face is in the cache and none is skipped for being late. */
async function openWarm(path: string, lang: string): Promise<Page> {
  const page = await newPage({ locale: lang === 'bg' ? 'bg-BG' : 'en-US' });
  await page.goto(path, { waitUntil: 'networkidle' });
  await page.evaluate(() => document.fonts.ready);
  await page.reload({ waitUntil: 'networkidle' });
  // Widgets further down hydrate when seen; they render their own labels.
  for (const island of await page.locator('astro-island[client="visible"] > :first-child').all())
    await island.scrollIntoViewIfNeeded();
  await page.waitForFunction(() => !document.querySelector('astro-island[ssr]'));
  return page;
}

describe('every text is drawn in the site fonts, not a fallback', () => {
  for (const { path, lang } of [...pages, ...more]) {
    it(path, async () => {
      const page = await openWarm(path, lang);
      expect(await fallbacks(page)).toEqual([]);
      await page.context().close();
    });
  }

  for (const { home, button, lang } of [
    { home: '/', button: 'GET WISDOM', lang: 'en' },
    { home: '/bg/', button: 'ДАЙ МЪДРОСТ', lang: 'bg' },
  ]) {
    it(`${home} with a tip, its feedback and the toast`, async () => {
      const page = await openWarm(home, lang);
      await page.getByRole('button', { name: button }).click();
      await page.locator('[data-advice-card] blockquote').waitFor();
      await page.locator('[data-advice-card] button').first().click();
      await page.locator('[data-feedback]').waitFor();
      expect(await fallbacks(page)).toEqual([]);
      await page.context().close();
    });
  }
});
