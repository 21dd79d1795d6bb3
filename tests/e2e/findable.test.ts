// Found as a search engine or a returning reader finds pages: by plain links from the home pages, with
// every tip listed by topic, and the pages that are no one's landing page kept out of the index.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { baseURL, expectAccessible, newPage, withBrowser } from '../support/browser.ts';

withBrowser();

const tips = JSON.parse(readFileSync('content/tips.json', 'utf8')) as { id: string }[];

/** The paths a sitemap lists (its addresses name the public site, not this test server). */
async function sitemapPaths(): Promise<string[]> {
  const index = await (await fetch(new URL('/sitemap-index.xml', baseURL))).text();
  const paths: string[] = [];
  for (const [, sitemap] of index.matchAll(/<loc>([^<]+)<\/loc>/g)) {
    const xml = await (await fetch(new URL(new URL(sitemap ?? '').pathname, baseURL))).text();
    for (const [, url] of xml.matchAll(/<url><loc>([^<]+)<\/loc>/g)) paths.push(new URL(url ?? '').pathname);
  }
  return paths;
}

/** Every page reached by following `<a href>` from the start pages, as a crawler that runs no script. */
async function crawl(start: string[]): Promise<Set<string>> {
  const seen = new Set(start);
  const queue = [...start];
  while (queue.length > 0) {
    const path = queue.shift() as string;
    const response = await fetch(new URL(path, baseURL));
    if (!response.ok || !response.headers.get('content-type')?.startsWith('text/html')) continue;
    const html = await response.text();
    for (const [, href] of html.matchAll(/<a\b[^>]*?\shref="([^"]+)"/g)) {
      const url = new URL((href ?? '').replaceAll('&amp;', '&'), new URL(path, baseURL));
      if (url.origin !== new URL(baseURL).origin) continue;
      const next = url.pathname.replace(/(.)\/$/, '$1');
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return seen;
}

describe('a crawl of plain links', () => {
  it('reaches every tip page the sitemap lists from / and /bg/', async () => {
    const listed = (await sitemapPaths()).filter((path) => /\/tips\/[^/]+$/.test(path));
    expect(listed.length).toBe(2 * tips.length);
    const reached = await crawl(['/', '/bg']);
    expect(listed.filter((path) => !reached.has(path))).toEqual([]);
  });
});

for (const { lang, path, title, rare, footer } of [
  { lang: 'en', path: '/tips', title: 'Every tip, by topic', rare: 'Rare', footer: 'Footer' },
  { lang: 'bg', path: '/bg/tips', title: 'Всички съвети по теми', rare: 'Рядък', footer: 'Долно меню' },
] as const) {
  describe(`the tips index in ${lang}`, () => {
    it('lists every tip under its category, the categories in alphabetical order, rare tips marked', async () => {
      const page = await newPage({ locale: lang === 'bg' ? 'bg-BG' : 'en-US' });
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(request.url());
      });
      const response = await page.goto(path, { waitUntil: 'networkidle' });
      expect(response?.status()).toBe(200);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain(title);
      // Every heading but the tip of the day's, which comes first.
      const categories = await page.locator('main h2:not([data-today-title])').allTextContents();
      expect(categories.length).toBeGreaterThan(10);
      expect(categories.map((name) => name.trim())).toEqual(
        categories.map((name) => name.trim()).sort(new Intl.Collator(lang).compare),
      );
      const links = page.locator('[data-tips-index] a');
      expect(await links.count()).toBe(tips.length);
      const hrefs = await links.evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')));
      const prefix = lang === 'bg' ? '/bg/tips/' : '/tips/en_';
      expect(new Set(hrefs)).toEqual(new Set(tips.map((tip) => `${prefix}${tip.id}`)));
      const rareTips = page.locator('[data-tips-index] li', { has: page.locator('[data-rare]') });
      expect(await rareTips.count()).toBe(tips.filter((tip) => tip.id.startsWith('r')).length);
      expect(await rareTips.first().locator('[data-rare]').textContent()).toBe(rare);
      expect(await rareTips.first().locator('a').getAttribute('href')).toMatch(/[/_]r\d+$/);
      // A static page: no widget and no script file (only the small inline ones every page has).
      expect(await page.locator('astro-island').count()).toBe(0);
      expect(scripts.filter((url) => !url.startsWith('data:'))).toEqual([]);
      // Linked from the footer of every page (checked here on the index itself and the home page).
      await page.goto(lang === 'bg' ? '/bg/' : '/');
      expect(await page.getByRole('navigation', { name: footer }).locator(`a[href="${path}"]`).count()).toBe(
        1,
      );
      await page.goto(path);
      await expectAccessible(page);
      await page.context().close();
    });

    it('is linked from a tip page, which links the previous and next tip of its category', async () => {
      const page = await newPage();
      // From the index, the second tip of the first category: it has a tip before it.
      await page.goto(path);
      const group = page.locator('[data-tips-index]').first();
      const [first, second, third] = await group
        .locator('a')
        .evaluateAll((anchors) => anchors.slice(0, 3).map((a) => a.getAttribute('href')));
      await page.goto(second ?? '');
      expect(await page.locator('a[data-all-tips]').getAttribute('href')).toBe(path);
      expect(await page.locator('a[rel="prev"]').getAttribute('href')).toBe(first);
      expect(await page.locator('a[rel="next"]').getAttribute('href')).toBe(third ?? null);
      await page.goto(first ?? '');
      expect(await page.locator('a[rel="prev"]').count()).toBe(0);
      await page.context().close();
    });
  });
}

const keptOut = [
  '/subscribe/confirm',
  '/bg/subscribe/confirm',
  '/unsubscribe',
  '/bg/unsubscribe',
  '/moderate',
  '/bg/moderate',
  '/saved',
  '/bg/saved',
  '/404',
  '/bg/404',
];

describe('pages kept out of search', () => {
  it('say noindex, each with a description of its own, and are not in the sitemap', async () => {
    const listed = await sitemapPaths();
    const descriptions = new Set<string>();
    const homeDescription = /<meta name="description" content="([^"]*)"/.exec(
      await (await fetch(new URL('/', baseURL))).text(),
    )?.[1];
    for (const path of keptOut) {
      const html = await (await fetch(new URL(path, baseURL))).text();
      expect(html, path).toContain('<meta name="robots" content="noindex">');
      const description = /<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? '';
      expect(description.length, path).toBeGreaterThan(20);
      expect(description, path).not.toBe(homeDescription);
      descriptions.add(description);
      expect(listed, path).not.toContain(path);
    }
    expect(descriptions.size).toBe(keptOut.length);
    // The 404 page has no address of its own: no canonical naming the home page.
    expect(await (await fetch(new URL('/no-such-page', baseURL))).text()).not.toContain('rel="canonical"');
  });

  it('leaves every page of the sitemap indexable', async () => {
    const listed = await sitemapPaths();
    for (const path of listed.filter((_, i) => i % 10 === 0).concat(['/', '/bg/', '/tips', '/bg/tips'])) {
      const html = await (await fetch(new URL(path, baseURL))).text();
      expect(html, path).not.toContain('noindex');
    }
    expect(listed).toEqual(expect.arrayContaining(['/tips', '/bg/tips']));
  });
});

describe("an article's structured data", () => {
  for (const { path, site } of [
    { path: '/blog/1', site: 'Important Advice' },
    { path: '/bg/blog/1', site: 'Важен съвет' },
  ]) {
    it(`names what Google's Article documentation asks for on ${path}`, async () => {
      const html = await (await fetch(new URL(path, baseURL))).text();
      const data = JSON.parse(
        /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1] ?? '{}',
      );
      const ogImage = /<meta property="og:image" content="([^"]*)"/.exec(html)?.[1];
      const heading = /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];
      expect(data).toEqual({
        '@context': 'https://schema.org',
        '@type': 'BlogPosting',
        headline: heading,
        datePublished: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        dateModified: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        inLanguage: path.startsWith('/bg/') ? 'bg' : 'en',
        mainEntityOfPage: expect.stringMatching(new RegExp(`${path.replaceAll('/', '\\/')}$`)),
        image: ogImage,
        author: { '@type': 'Organization', name: site, url: expect.any(String) },
      });
    });
  }
});
