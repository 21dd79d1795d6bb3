// The tip of the day (issue #39) on the real tips: one regular tip per Sofia date, the same id in both
// languages, no repeat for as many days as there are regular tips, never a crisis tip; and what serves
// it: GET /api/tips/today, /today and /bg/today (302 to the tip's page), the feeds (valid RSS, a stable
// guid per day) and the embed (no script, no cookie, framable, at most 3 KiB). TODAY sets the date.
import { readFileSync } from 'node:fs';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../functions/app.ts';
import { ConfigError, loadConfig } from '../../functions/config.ts';
import { createContent } from '../../functions/content.ts';
import { createServices } from '../../functions/services.ts';
import { addDays, dayTipIds, sofiaDate, tipOfTheDay } from '../../functions/tipOfTheDay.ts';
import { careTipIds, isRare } from '../../functions/tipSchema.ts';
import { createTodayApp, todayPaths } from '../../functions/today/todayApp.ts';

const contentDir = new URL('../../content', import.meta.url).pathname;
const tips: { id: string; en: string; bg: string }[] = JSON.parse(
  readFileSync(`${contentDir}/tips.json`, 'utf8'),
);
const site = 'https://advice.example';
const date = '2026-11-27';

function apps(today: string) {
  const config = loadConfig({
    CONTENT_DIR: contentDir,
    SITE_URL: site,
    TODAY: today,
    DATA_DIR: '/nonexistent',
  });
  const content = createContent(contentDir);
  const noDatabase = async () => {
    throw new Error('the tip of the day needs no database');
  };
  return {
    api: createApp(createServices(config, content, noDatabase)),
    pages: createTodayApp({ content, siteUrl: config.siteUrl, today: config.today }),
  };
}

describe('the choice', () => {
  const ids = dayTipIds(tips.map((tip) => tip.id));

  it('takes every regular tip once in as many days as there are, never a rare or crisis tip', () => {
    expect(ids.length).toBe(tips.filter((tip) => !isRare(tip.id)).length - careTipIds.size);
    for (const start of [date, '2027-03-28', '2030-01-01']) {
      const days = ids.map((_, day) => tipOfTheDay(addDays(start, day), ids));
      expect(new Set(days).size).toBe(ids.length);
      expect(days.filter((id) => isRare(id) || careTipIds.has(id))).toEqual([]);
    }
  });

  it('follows the calendar in Sofia, across midnight and the clock changes', () => {
    expect(sofiaDate(new Date('2026-11-27T21:59:59Z'))).toBe('2026-11-27');
    expect(sofiaDate(new Date('2026-11-27T22:00:00Z'))).toBe('2026-11-28');
    expect(sofiaDate(new Date('2026-07-01T20:59:59Z'))).toBe('2026-07-01');
    expect(sofiaDate(new Date('2026-07-01T21:00:00Z'))).toBe('2026-07-02');
  });

  it('refuses a TODAY that is not a date', () => {
    expect(() => loadConfig({ TODAY: '27.11.2026' })).toThrow(ConfigError);
    expect(() => loadConfig({ TODAY: '2026-02-30' })).toThrow(ConfigError);
  });
});

describe('GET /api/tips/today', () => {
  it('answers the day, the id and each language’s id, text and page, the same all day', async () => {
    const answer = await apps(date).api.request('/api/tips/today');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('public, max-age=300');
    const body = await answer.json();
    const tip = tips.find((entry) => entry.id === body.id);
    expect(tip).toBeDefined();
    expect(body).toEqual({
      date,
      id: tip?.id,
      tips: {
        en: { id: `en_${tip?.id}`, text: tip?.en, url: `${site}/tips/en_${tip?.id}` },
        bg: { id: tip?.id, text: tip?.bg, url: `${site}/bg/tips/${tip?.id}` },
      },
    });
    const next = await (await apps(addDays(date, 1)).api.request('/api/tips/today')).json();
    expect(next.date).toBe('2026-11-28');
    expect(next.id).not.toBe(body.id);
  });
});

describe('/today, the feeds and the embed', () => {
  it('routes the same paths on Netlify as on the Node server', () => {
    // The Netlify entry's paths are a literal (Netlify reads them when it bundles); read them as text.
    const entry = readFileSync('functions/platforms/netlify-today.ts', 'utf8');
    const literal = /path: \[([^\]]*)\]/.exec(entry)?.[1] ?? '';
    const paths = [...literal.matchAll(/'([^']+)'/g)].map((match) => match[1]);
    expect(new Set(paths)).toEqual(todayPaths);
  });

  it('leads /today and /bg/today to the same tip’s page in each language', async () => {
    const { pages, api } = apps(date);
    const { id } = await (await api.request('/api/tips/today')).json();
    for (const [path, page] of [
      ['/today', `${site}/tips/en_${id}`],
      ['/bg/today', `${site}/bg/tips/${id}`],
    ] as const) {
      const answer = await pages.request(path);
      expect(answer.status).toBe(302);
      expect(answer.headers.get('location')).toBe(page);
      expect(answer.headers.get('cache-control')).toBe('public, max-age=300');
    }
  });

  for (const { lang, path } of [
    { lang: 'en', path: '/today.xml' },
    { lang: 'bg', path: '/bg/today.xml' },
  ] as const) {
    it(`serves ${path}: valid RSS of the last 30 days, one item a day, each day's guid kept`, async () => {
      const feedOn = async (day: string) => {
        const answer = await apps(day).pages.request(path);
        expect(answer.status).toBe(200);
        expect(answer.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
        const xml = await answer.text();
        expect(XMLValidator.validate(xml)).toBe(true);
        return new XMLParser({ ignoreAttributes: false }).parse(xml).rss;
      };
      const rss = await feedOn(date);
      expect(rss['@_version']).toBe('2.0');
      const { channel } = rss;
      expect(channel.language).toBe(lang);
      expect(channel['atom:link']['@_href']).toBe(`${site}${path}`);
      expect(channel.item).toHaveLength(30);
      const guids = channel.item.map((item: { guid: { '#text': string } }) => item.guid['#text']);
      expect(new Set(guids).size).toBe(30);
      const dates = channel.item.map((item: { pubDate: string }) => Date.parse(item.pubDate));
      expect(dates.every((time: number, i: number) => i === 0 || time < dates[i - 1])).toBe(true);
      const first = channel.item[0];
      const texts = tips.map((tip) => tip[lang]);
      expect(texts).toContain(first.title);
      expect(first.link).toMatch(new RegExp(`^${site}${lang === 'en' ? '/tips/en_' : '/bg/tips/'}\\d+$`));
      // The next day's feed adds one item on top and keeps the others as they were.
      const next = (await feedOn(addDays(date, 1))).channel.item;
      expect(next[1]).toEqual(first);
      expect(next[0].guid['#text']).not.toBe(first.guid['#text']);
    });
  }

  it('serves the embed in each language: the tip and a link back, framable, no script or cookie, at most 3 KiB', async () => {
    const { pages, api } = apps(date);
    const day = await (await api.request('/api/tips/today')).json();
    for (const lang of ['en', 'bg'] as const) {
      const answer = await pages.request(lang === 'en' ? '/embed/today' : '/bg/embed/today');
      expect(answer.status).toBe(200);
      const html = await answer.text();
      expect(new TextEncoder().encode(html).length).toBeLessThanOrEqual(3072);
      expect(html).toContain(`lang="${lang}"`);
      expect(html).toContain(day.tips[lang].text.replaceAll('"', '&quot;').replaceAll("'", '&apos;'));
      expect(html).toContain(`href="${day.tips[lang].url}"`);
      expect(html).not.toMatch(/<script|<link|@import|url\(/i);
      expect(answer.headers.get('set-cookie')).toBeNull();
      const csp = answer.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain('frame-ancestors *');
      expect(answer.headers.get('x-frame-options')).toBeNull();
    }
  });
});
