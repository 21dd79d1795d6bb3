// GET WISDOM stays where it is whatever tip the card shows, so a visitor pressing again and again
// presses the button, not the space it left (src/islands/AdviceGenerator.tsx). Every tip of the real
// list is shown on the real page at three widths in both languages: the first few by real presses,
// the rest steered through Math.random, with the page's clock skipping the half second of thinking.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { actOnPage, newPage, withBrowser } from '../support/browser.ts';
import { randomFor, steerPicks } from '../support/steerTips.ts';

withBrowser();

const button = (page: Page) => page.locator('[data-advice-card] + button');

/** Where the button is laid out (its hover lift is a transform, which layout ignores), and the tip shown. */
function position(page: Page) {
  return page.evaluate(async () => {
    await document.fonts.ready;
    const press = document.querySelector('[data-advice-card] + button') as HTMLElement;
    const card = document.querySelector('[data-advice-card]') as HTMLElement;
    const id = card.querySelector('blockquote')?.getAttribute('data-tip-id') ?? 'welcome';
    return { id, buttonTop: press.offsetTop, buttonLeft: press.offsetLeft };
  });
}

for (const { lang, home, locale } of [
  { lang: 'en', home: '/', locale: 'en-US' },
  { lang: 'bg', home: '/bg/', locale: 'bg-BG' },
] as const) {
  for (const width of [320, 390, 1280]) {
    describe(`GET WISDOM at ${width} px in ${lang}`, () => {
      it('stays in one place over every tip, and before the first', async () => {
        const page = await newPage({ viewport: { width, height: 800 }, locale });
        await steerPicks(page);
        await page.clock.install();
        await page.goto(home);
        // A second visit, its fonts in the cache: on a first visit over a busy machine the display face can
        // miss the first paint (font-display: optional) and the card is laid out in the fallback until
        // the first press. This test is about the tips' lengths, so every layout uses the site's faces.
        await page.evaluate(() => document.fonts.ready);
        await page.reload();
        await actOnPage(page);
        await page.waitForFunction(() => !document.querySelector('astro-island[ssr]'));
        const list: { id: string }[] = await (await page.request.get(`${home}tips.json`)).json();
        const indexOf = new Map(list.map((tip, index) => [tip.id, index]));

        const positions = [await position(page)];
        const shown: number[] = [];
        const record = async () => {
          await page.clock.runFor(500);
          // The first press may still wait for the list, which comes over the real network.
          await page.locator('[data-advice-card][aria-busy="false"] blockquote[data-tip-id]').waitFor();
          const now = await position(page);
          const index = indexOf.get(now.id);
          if (index === undefined) throw new Error(`not a tip of the list: ${now.id}`);
          shown.push(index);
          positions.push(now);
        };
        // Real presses first: the pointer, the hover lift and all.
        for (let i = 0; i < 5; i++) {
          await button(page).click();
          await record();
        }
        for (const index of list.keys()) {
          if (shown.includes(index)) continue;
          const random = randomFor(index, shown, list.length);
          await page.evaluate((value) => {
            (globalThis as { nextRandom?: number }).nextRandom = value;
            document.querySelector<HTMLButtonElement>('[data-advice-card] + button')?.click();
          }, random);
          await record();
        }

        expect(new Set(shown).size).toBe(list.length);
        const first = positions[0];
        const moved = positions
          .filter((p) => p.buttonTop !== first?.buttonTop || p.buttonLeft !== first?.buttonLeft)
          .map(
            (p) =>
              `${p.id}: button at ${p.buttonLeft},${p.buttonTop}, not ${first?.buttonLeft},${first?.buttonTop}`,
          );
        expect(moved).toEqual([]);
        await page.context().close();
      });
    });
  }
}

// What is under the generator (the help link, the newsletter box) stays put too: the like row keeps its
// place from the first paint, so neither the first press, which brings it, nor the thanks going away
// after a like moves the page under a phone reader's thumb.
for (const { lang, home, locale, like } of [
  { lang: 'en', home: '/', locale: 'en-US', like: 'Like' },
  { lang: 'bg', home: '/bg/', locale: 'bg-BG', like: 'Харесвам' },
] as const) {
  it(`keeps the help link and the newsletter box in place at 390 px in ${lang}, from before the first press to after the thanks`, async () => {
    const page = await newPage({ viewport: { width: 390, height: 844 }, locale });
    await steerPicks(page);
    await page.clock.install();
    await page.goto(home);
    await actOnPage(page);
    await page.waitForFunction(() => !document.querySelector('astro-island[ssr]'));
    const below = () =>
      page.evaluate(async () => {
        await document.fonts.ready;
        const top = (selector: string) => (document.querySelector(selector) as HTMLElement).offsetTop;
        return { help: top('[data-help-link]'), subscribe: top('#subscribe') };
      });
    const before = await below();
    // The first tip of the list, a regular one (a tip for someone in crisis shows no like row).
    await page.evaluate(() => {
      (globalThis as { nextRandom?: number }).nextRandom = 0;
    });
    await button(page).click();
    await page.clock.runFor(500);
    await page.locator('[data-feedback="ask"]').waitFor();
    expect(await below()).toEqual(before);
    await page.getByRole('button', { name: like, exact: true }).click();
    await page.locator('[data-feedback="thanks"]').waitFor();
    expect(await below()).toEqual(before);
    // Thanks for 4 s, then a 300 ms fade, then gone.
    await page.clock.runFor(4_400);
    await page.locator('[data-feedback]').waitFor({ state: 'detached' });
    expect(await below()).toEqual(before);
    await page.context().close();
  });
}
