// What feed readers and search engines read besides the pages: the feeds, the sitemap, titles and
// the articles' structured data, all naming the same canonical addresses the pages do.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { siteConfig } from '../../src/config.ts';
import { baseURL } from '../support/browser.ts';

const tips = JSON.parse(readFileSync('content/tips.json', 'utf8')) as { id: string }[];

async function text(path: string): Promise<string> {
  const response = await fetch(new URL(path, baseURL));
  expect(response.status, path).toBe(200);
  return response.text();
}

/** The few entities Astro writes in text: quotes, apostrophes, ampersands. */
const decoded = (html: string) =>
  html
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replaceAll('&quot;', '"')
    .replaceAll('&amp;', '&');
/** A sitemap date (the sitemap package writes a full timestamp): its day. */
const days = (dates: string[]) => dates.map((date) => date.slice(0, 10));

const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
const tags = (xml: string, name: string) =>
  [...xml.matchAll(new RegExp(`<${name}>([^<]*)</${name}>`, 'g'))].map((match) => match[1] ?? '');

for (const { lang, feed, blog } of [
  { lang: 'en', feed: '/rss.xml', blog: '/blog' },
  { lang: 'bg', feed: '/bg/rss.xml', blog: '/bg/blog' },
] as const) {
  describe(`the ${lang} feed`, () => {
    it("links each item to its article's canonical address and the channel to its own blog", async () => {
      const xml = await text(feed);
      const [channel = '', ...items] = xml.split('<item>');
      const blogCanonical = canonicalOf(await text(blog)) ?? '';
      expect(tags(channel, 'link')).toEqual([blogCanonical]);
      expect(channel).toContain(`<language>${lang}</language>`);
      const self = /<atom:link href="([^"]+)" rel="self" type="application\/rss\+xml"\/>/.exec(channel)?.[1];
      expect(new URL(self ?? '').pathname).toBe(feed);
      expect(xml).toContain('xmlns:atom="http://www.w3.org/2005/Atom"');
      // One item per article of the language: 1 and 3, and 2 and 4 (issue #42).
      expect(
        items.map((item) => new URL(tags(item, 'link')[0] ?? '').pathname.split('/').at(-1)).sort(),
      ).toEqual(['1', '2', '3', '4']);
      for (const item of items) {
        const [link = ''] = tags(item, 'link');
        const page = await text(new URL(link).pathname);
        expect(link).toBe(canonicalOf(page));
        expect(link).not.toMatch(/\/$/);
      }
    });
  });
}

describe('the sitemap', () => {
  it('dates the articles and blog lists, and names x-default among the alternates', async () => {
    const index = await text('/sitemap-index.xml');
    const xml = await text(new URL(tags(index, 'loc')[0] ?? '').pathname);
    const entries = xml.split('<url>').slice(1);
    expect(entries.length).toBeGreaterThan(2 * tips.length);
    const entry = (path: string) =>
      entries.find((url) => new URL(tags(url, 'loc')[0] ?? '').pathname === path);
    expect(days(tags(entry('/blog/1') ?? '', 'lastmod'))).toEqual(['2025-08-01']);
    expect(days(tags(entry('/bg/blog/3') ?? '', 'lastmod'))).toEqual(['2025-08-15']);
    expect(days(tags(entry('/blog/2') ?? '', 'lastmod'))).toEqual(['2026-11-27']);
    expect(days(tags(entry('/bg/blog/4') ?? '', 'lastmod'))).toEqual(['2026-11-27']);
    expect(days(tags(entry('/blog') ?? '', 'lastmod'))).toEqual(['2026-11-27']);
    // The privacy page is dated by its policy's last change (src/config.ts).
    expect(days(tags(entry('/privacy') ?? '', 'lastmod'))).toEqual([
      siteConfig.privacyUpdated.toISOString().slice(0, 10),
    ]);
    // Undated pages carry no invented date.
    expect(tags(entry('/tips/en_1') ?? '', 'lastmod')).toEqual([]);
    for (const url of entries) {
      const [loc = ''] = tags(url, 'loc');
      const alternates = Object.fromEntries(
        [...url.matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map((match) => [match[1], match[2]]),
      );
      expect(Object.keys(alternates).sort(), loc).toEqual(['bg', 'en', 'x-default']);
      expect(alternates['x-default'], loc).toBe(alternates.en);
    }
  });
});

describe('titles and structured data', () => {
  it('keeps every tip page title within about 60 characters, ending in the site name', async () => {
    for (const { id } of tips) {
      for (const [path, site] of [
        [`/tips/en_${id}`, 'Important Advice'],
        [`/bg/tips/${id}`, 'Важен съвет'],
      ] as const) {
        const title = decoded(/<title>([^<]*)<\/title>/.exec(await text(path))?.[1] ?? '');
        expect(title.length, `${path}: ${title}`).toBeLessThanOrEqual(60);
        expect(title.endsWith(` | ${site}`), path).toBe(true);
        expect(title.length, path).toBeGreaterThan(site.length + 10);
      }
    }
  });

  it("gives each article's JSON-LD an author, its share card and dateModified", async () => {
    for (const path of ['/blog/1', '/bg/blog/3']) {
      const html = await text(path);
      const json = /<script type="application\/ld\+json">([^<]+)<\/script>/.exec(html)?.[1] ?? '{}';
      const data = JSON.parse(json) as Record<string, unknown>;
      const image = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];
      expect(data.image).toBe(image);
      expect(new URL(String(data.image)).pathname).toBe(`/cards${path}.png`);
      expect(data.author).toMatchObject({ '@type': 'Organization', name: expect.any(String) });
      expect(data.dateModified).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(data.mainEntityOfPage).toBe(canonicalOf(html));
    }
  });
});
