import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { tipIdFor } from '../../functions/contract.ts';
import { tipCategoryNames } from '../../src/i18n/categories.ts';
import type { Lang } from '../../src/i18n/languages.ts';
import { careTipIds } from '../../src/lib/tips/careTips.ts';
import { parseTips } from '../../src/lib/tips/tipRules.ts';
import { actOnPage, fontInspector, newPage, withBrowser, withSiteFonts } from '../support/browser.ts';
import { randomFor, steerPicks } from '../support/steerTips.ts';

withBrowser();

const tips = parseTips(JSON.parse(readFileSync(new URL('../../content/tips.json', import.meta.url), 'utf8')));

/** Every tip of one language (the rare ones the generator never reaches too), as the generator's list holds them. */
function everyTip(lang: Lang) {
  return tips.map((tip) => ({
    id: tipIdFor(tip.id, lang),
    text: tip[lang],
    category: tipCategoryNames[lang][tip.category],
    ...(careTipIds.has(tip.id) ? { care: true } : {}),
  }));
}

interface Measured {
  id: string;
  buttonTop: number;
  buttonBottom: number;
  viewport: number;
  scrollY: number;
  pageWidth: number;
  fontsReady: boolean;
}

/** Presses GET WISDOM without scrolling to it (a real tap on a button in view does not scroll either). */
async function pressForTip(page: Page, random: number | undefined): Promise<void> {
  await page.evaluate((value) => {
    (globalThis as { nextRandom?: number }).nextRandom = value;
    document.querySelector<HTMLButtonElement>('[data-advice-card] + button')?.click();
  }, random);
  await page.clock.runFor(500);
}

async function measure(page: Page, id: string): Promise<Measured> {
  await page
    .locator(`[data-advice-card] blockquote[data-tip-id="${id}"]`)
    .waitFor({ timeout: 30_000 })
    .catch(async () => {
      const shown = await page.evaluate(() =>
        document.querySelector('[data-advice-card] blockquote')?.getAttribute('data-tip-id'),
      );
      throw new Error(`tip ${id} was asked for, the card shows ${shown ?? 'no tip'}`);
    });
  return page.evaluate(async (tipId) => {
    await document.fonts.ready;
    const quote = document.querySelector('[data-advice-card] blockquote') as HTMLElement;
    const style = getComputedStyle(quote);
    const button = document.querySelector('[data-advice-card] + button') as HTMLElement;
    const box = button.getBoundingClientRect();
    return {
      id: tipId,
      buttonTop: box.top,
      buttonBottom: box.bottom,
      viewport: window.innerHeight,
      scrollY: window.scrollY,
      pageWidth: document.documentElement.scrollWidth,
      // True only when the faces this text needs are loaded, so the layout measured is the real one.
      fontsReady: document.fonts.check(
        `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`,
        quote.textContent ?? '',
      ),
    };
  }, id);
}

for (const { lang, home, locale } of [
  { lang: 'en', home: '/', locale: 'en-US' },
  { lang: 'bg', home: '/bg/', locale: 'bg-BG' },
] as const) {
  describe(`every ${lang} tip on a 320 x 640 phone`, () => {
    it('leaves GET WISDOM wholly on the first screen', async () => {
      const list = everyTip(lang);
      const page = await newPage({ viewport: { width: 320, height: 640 }, locale });
      // The generator picks with Math.random: the test chooses each pick, the rest stays random.
      await steerPicks(page);
      // The real list has the 112 tips of the combined list; this one holds all of them.
      await page.route('**/tips.json', (route) => route.fulfill({ json: list }));
      // The tips as a later page draws them, in the display face (a first page stays in a fallback).
      await withSiteFonts(page, home);
      await page.clock.install();
      await page.goto(home);
      await actOnPage(page);
      await page.waitForFunction(() => !document.querySelector('astro-island[ssr]'));
      // The list is in before the first press (focus fetches it), so each pick follows its steer at once:
      // a list slow to arrive would leave a gap in which some other Math.random call takes the steer.
      const listed = page.waitForResponse('**/tips.json');
      await page.locator('[data-advice-card] + button').focus();
      await listed;

      const measured: Measured[] = [];
      const shown: number[] = [];
      for (const [index, tip] of list.entries()) {
        await pressForTip(page, randomFor(index, shown, list.length));
        shown.push(index);
        measured.push(await measure(page, tip.id));
      }

      // The tip is drawn in the display face, not a fallback with other widths.
      const cdp = await fontInspector(page);
      const { root } = await cdp.send('DOM.getDocument');
      const quote = await cdp.send('DOM.querySelector', {
        nodeId: root.nodeId,
        selector: '[data-advice-card] blockquote',
      });
      const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId: quote.nodeId });
      expect(fonts.map((font) => font.familyName)).toEqual([expect.stringMatching(/^Unbounded\b/)]);

      expect(measured).toHaveLength(tips.length);
      const misfits = measured
        .filter(
          (m) =>
            !m.fontsReady ||
            m.scrollY !== 0 ||
            m.pageWidth > 320 ||
            m.buttonTop < 0 ||
            m.buttonBottom > m.viewport,
        )
        .map(
          (m) =>
            `${m.id}: button ${m.buttonTop}-${m.buttonBottom} of ${m.viewport} px, page ${m.pageWidth} px wide, scrolled ${m.scrollY}, fonts ${m.fontsReady ? 'ready' : 'missing'}`,
        );
      expect(misfits).toEqual([]);
      const lowest = Math.max(...measured.map((m) => m.buttonBottom));
      console.info(`${lang}: the button's lowest bottom edge is ${lowest.toFixed(0)} px of 640`);
      await page.context().close();
    });
  });
}
