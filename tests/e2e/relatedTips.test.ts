import { describe, expect, it } from 'vitest';
import { baseURL, newPage, withBrowser } from '../support/browser.ts';

withBrowser();

const langs = [
  {
    lang: 'en',
    article: '/blog/1',
    tips: ['/tips/en_27', '/tips/en_95', '/tips/en_r4', '/tips/en_r6'],
    heading: 'Small tips to go with it',
    tipPage: '/tips/en_27',
    tipWithoutArticle: '/tips/en_33',
    title: 'Overthinking Isn’t Thinking',
  },
  {
    lang: 'bg',
    article: '/bg/blog/1',
    tips: ['/bg/tips/27', '/bg/tips/95', '/bg/tips/r4', '/bg/tips/r6'],
    heading: 'Кратки съвети по темата',
    tipPage: '/bg/tips/27',
    tipWithoutArticle: '/bg/tips/33',
    title: 'Да мислиш много не значи да мислиш',
  },
  // The articles of issue #42: their tips point back to them.
  {
    lang: 'en',
    article: '/blog/2',
    tips: ['/tips/en_r2', '/tips/en_8', '/tips/en_42', '/tips/en_r12'],
    heading: 'Small tips to go with it',
    tipPage: '/tips/en_42',
    tipWithoutArticle: '/tips/en_33',
    title: 'The Reply That Gets Heavier Every Day',
  },
  {
    lang: 'bg',
    article: '/bg/blog/4',
    tips: ['/bg/tips/101', '/bg/tips/58', '/bg/tips/69', '/bg/tips/r8'],
    heading: 'Кратки съвети по темата',
    tipPage: '/bg/tips/r8',
    tipWithoutArticle: '/bg/tips/33',
    title: 'По-добре кратко „не“, отколкото дълго оправдание',
  },
] as const;

/** The page as the server sends it, before any script runs. */
const html = async (path: string) => (await fetch(new URL(path, baseURL))).text();

for (const t of langs) {
  describe(`related reading in ${t.lang} (${t.article})`, () => {
    it("ends the article with its related tips, in the page's own HTML", async () => {
      const page = await newPage();
      await page.goto(t.article);
      const section = page.locator('[data-related-tips]');
      expect(await section.getByRole('heading', { name: t.heading }).count()).toBe(1);
      const links = await section.locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
      expect(links).toEqual(t.tips);
      const texts = await section.locator('a').allTextContents();
      // Each link reads as its tip, word for word.
      await page.goto(t.tips[0]);
      expect((await page.locator('blockquote').textContent())?.trim()).toBe(texts[0]?.trim());
      const source = await html(t.article);
      for (const href of t.tips) expect(source).toContain(`href="${href}"`);
      await page.context().close();
    });

    it('points a tip page to its article with plain HTML, and leaves it out where none fits', async () => {
      const source = await html(t.tipPage);
      expect(source).toMatch(/data-related-article/);
      expect(source).toContain(`href="${t.article}"`);
      expect(source).not.toContain('astro-island');
      const page = await newPage();
      await page.goto(t.tipPage);
      expect(await page.locator('[data-related-article] a').textContent()).toBe(t.title);
      await page.goto(t.tipWithoutArticle);
      expect(await page.locator('[data-related-article]').count()).toBe(0);
      await page.context().close();
    });
  });
}
