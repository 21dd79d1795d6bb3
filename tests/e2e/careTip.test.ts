import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { actOnPage, newPage, withBrowser } from '../support/browser.ts';

withBrowser();

const langs = [
  {
    lang: 'en',
    home: '/',
    about: '/about',
    tipPage: '/tips/en_85',
    everydayTipPage: '/tips/en_1',
    careId: 'en_85',
    button: 'GET WISDOM',
    question: 'Like this advice?',
    share: 'Share',
    helpLink: 'Need help now?',
    call: 'Call 112',
  },
  {
    lang: 'bg',
    home: '/bg/',
    about: '/bg/about',
    tipPage: '/bg/tips/85',
    everydayTipPage: '/bg/tips/1',
    careId: '85',
    button: 'ДАЙ МЪДРОСТ',
    question: 'Харесва ли ти съветът?',
    share: 'Сподели',
    helpLink: 'Трябва ти помощ сега?',
    call: 'Обади се на 112',
  },
] as const;

const helpHrefs = ['tel:112', 'tel:116111', 'https://findahelpline.com'];

/** The hrefs of the help links inside `scope`. */
const helpLinkHrefs = (page: Page, scope: string) =>
  page
    .locator(`${scope} [data-help-links] a`)
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')));

/** Opens the home page with the generator's next pick steered to the tip `id` of the real list. */
async function showTip(page: Page, home: string, id: string): Promise<void> {
  await page.addInitScript(() => {
    const random = Math.random;
    Math.random = () => (globalThis as { nextRandom?: number }).nextRandom ?? random();
  });
  await page.goto(home);
  await actOnPage(page);
  await page.waitForFunction(() => !document.querySelector('astro-island[ssr]'));
  const list: { id: string }[] = await (await page.request.get(`${home}tips.json`)).json();
  const index = list.findIndex((tip) => tip.id === id);
  expect(index).toBeGreaterThanOrEqual(0);
  await page.evaluate(
    (value) => {
      (globalThis as { nextRandom?: number }).nextRandom = value;
    },
    (index + 0.5) / list.length,
  );
  await page.locator('[data-advice-card] + button').click();
  await page.locator(`[data-advice-card] blockquote[data-tip-id="${id}"]`).waitFor();
}

for (const t of langs) {
  describe(`the crisis tip in ${t.lang}`, () => {
    it('comes with tappable help links in the generator, and no rating or sharing', async () => {
      const page = await newPage({ locale: t.lang === 'bg' ? 'bg-BG' : 'en-US' });
      await showTip(page, t.home, t.careId);
      expect(await helpLinkHrefs(page, '[data-advice-card]')).toEqual(helpHrefs);
      expect(await page.getByRole('link', { name: t.call }).getAttribute('href')).toBe('tel:112');
      // The generator has settled: the button is back, and still nothing to rate or share.
      await page.getByRole('button', { name: t.button }).waitFor();
      expect(await page.getByText(t.question).count()).toBe(0);
      expect(await page.locator('[data-feedback]').count()).toBe(0);
      expect(await page.getByRole('button', { name: t.share }).count()).toBe(0);
      await page.context().close();
    });

    it('keeps rating and sharing for every other tip', async () => {
      const page = await newPage({ locale: t.lang === 'bg' ? 'bg-BG' : 'en-US' });
      await showTip(page, t.home, t.lang === 'en' ? 'en_84' : '84');
      await page.getByText(t.question).waitFor();
      expect(await page.getByRole('button', { name: t.share }).count()).toBe(1);
      expect(await page.locator('[data-advice-card] [data-help-links]').count()).toBe(0);
      await page.context().close();
    });

    it('has the same links on its own page, and other tip pages have none', async () => {
      const page = await newPage();
      await page.goto(t.tipPage);
      expect(await helpLinkHrefs(page, 'main')).toEqual(helpHrefs);
      expect(await page.locator('[data-related-article]').count()).toBe(0);
      await page.goto(t.everydayTipPage);
      expect(await page.locator('[data-help-links]').count()).toBe(0);
      await page.context().close();
    });
  });

  describe(`the home page in ${t.lang}`, () => {
    it('has a quiet link to help, leading to the numbers on the about page', async () => {
      const page = await newPage();
      await page.goto(t.home);
      const link = page.getByRole('link', { name: t.helpLink });
      expect(await link.getAttribute('href')).toBe(`${t.about}#help`);
      await link.click();
      await page.waitForURL(`**${t.about}#help`);
      const section = page.locator('#help');
      expect(await section.locator('a[href="tel:112"]').count()).toBe(1);
      expect(await section.locator('a[href="tel:116111"]').count()).toBe(1);
      expect(await section.locator('a[href="https://findahelpline.com"]').count()).toBe(1);
      await page.context().close();
    });
  });
}
