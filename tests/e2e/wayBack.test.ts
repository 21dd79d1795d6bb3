// The way back (issue #39): after 21 tips, "Earlier" steps back through 20 of them and "Newer" forward
// again to the newest, by pointer and by keyboard, announcing each in the card's live region, while GET
// WISDOM stays where it was and no analytics "generated" event is sent for a tip seen again.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { actOnPage, newPage, withBrowser, withoutCareTips } from '../support/browser.ts';

withBrowser();

const langs = [
  { lang: 'en', home: '/', back: 'Earlier', forward: 'Newer', of: 'of' },
  { lang: 'bg', home: '/bg/', back: 'Назад', forward: 'Напред', of: 'от' },
] as const;
const viewports = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

const shown = (page: Page) =>
  page.locator('[data-advice-card][aria-busy="false"] blockquote[data-tip-id]').getAttribute('data-tip-id');
const wisdom = (page: Page) => page.locator('[data-advice-card] + button');
const buttonBox = async (page: Page) =>
  page.evaluate(async () => {
    await document.fonts.ready;
    const button = document.querySelector('[data-advice-card] + button') as HTMLElement;
    return { top: button.offsetTop, left: button.offsetLeft };
  });
const generated = (page: Page) =>
  page.evaluate(
    () =>
      (window as { dataLayer?: { event?: string }[] }).dataLayer?.filter(
        (e) => e.event === 'advice_generated',
      ).length,
  );

for (const { lang, home, back, forward, of } of langs) {
  for (const viewport of viewports) {
    describe(`the way back in ${lang} at ${viewport.width} x ${viewport.height}`, () => {
      it('steps back through 20 tips and forward to the newest, GET WISDOM fixed, no new tip counted', async () => {
        const page = await newPage({ viewport });
        await page.addInitScript(() => {
          (window as { dataLayer?: unknown[] }).dataLayer = [];
        });
        await withoutCareTips(page);
        await page.clock.install();
        await page.goto(home);
        // A second visit, its fonts cached, as in buttonStaysPut.test.ts: a first visit on a busy machine may
        // lay the card out in the fallback face until the first press.
        await page.evaluate(() => document.fonts.ready);
        await page.reload();
        await actOnPage(page);
        await page.waitForFunction(() => !document.querySelector('astro-island[ssr]'));
        const nav = page.locator('[data-history-nav]');
        await expect.poll(() => nav.isVisible()).toBe(false);

        const ids: (string | null)[] = [];
        // Where GET WISDOM was over each tip when it came: stepping back to it finds the button there
        // (that it is one place over every tip is buttonStaysPut.test.ts's to check).
        const places: { top: number; left: number }[] = [];
        for (let i = 0; i < 21; i++) {
          await wisdom(page).click();
          await page.clock.runFor(500);
          await page.locator('[data-advice-card][aria-busy="false"] blockquote[data-tip-id]').waitFor();
          await expect.poll(() => shown(page)).not.toBe(ids.at(-1));
          ids.push(await shown(page));
          places.push(await buttonBox(page));
        }
        expect(new Set(ids).size).toBe(21);
        expect(await nav.textContent()).toContain(`21 ${of} 21`);
        const events = await generated(page);
        expect(events).toBe(21);

        const earlier = nav.getByRole('button', { name: back });
        const newer = nav.getByRole('button', { name: forward });
        expect(await newer.getAttribute('aria-disabled')).toBe('true');
        // Ten by pointer, ten by keyboard (the focus stays on the button).
        for (let step = 1; step <= 20; step++) {
          if (step <= 10) await earlier.click();
          else await page.keyboard.press('Enter');
          await expect.poll(() => shown(page)).toBe(ids[20 - step]);
          expect(await buttonBox(page)).toEqual(places[20 - step]);
        }
        expect(await page.locator('[data-advice-card]').getAttribute('aria-live')).toBe('polite');
        expect(await nav.textContent()).toContain(`1 ${of} 21`);
        expect(await earlier.getAttribute('aria-disabled')).toBe('true');
        await newer.focus();
        for (let step = 1; step <= 20; step++) {
          await page.keyboard.press('Space');
          await expect.poll(() => shown(page)).toBe(ids[step]);
          expect(await buttonBox(page)).toEqual(places[step]);
        }
        expect(await newer.getAttribute('aria-disabled')).toBe('true');
        expect(await generated(page)).toBe(events);
        await page.context().close();
      });
    });
  }
}
