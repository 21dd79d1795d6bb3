// The tip of the day (issue #39) through the real Node server on the real build, its date set by TODAY:
// /today and /bg/today lead, without JavaScript, to the same tip's page in each language, and to another
// the next day; the feeds answer; the home page links to it; and the embed's one line, pasted into a page
// of another origin, shows the day's tip with a link back.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage, withBrowser } from '../support/browser.ts';
import { builtDir } from '../support/builtSite.ts';
import { type ServedSite, serveSite } from '../support/serveSite.ts';

withBrowser();

const viewports = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];
let today: ServedSite;
let tomorrow: ServedSite;
// Another site: a page of its own origin (another port) whose HTML the test sets. A real server, as
// Chromium lets a public page (which a faked origin would be) frame nothing on this machine.
let hostPage = '';
let host: Server;
let hostURL: string;

beforeAll(async () => {
  [today, tomorrow] = await Promise.all([
    serveSite({ DIST_DIR: builtDir, TODAY: '2026-11-27' }),
    serveSite({ DIST_DIR: builtDir, TODAY: '2026-11-28' }),
  ]);
  host = createServer((_, response) =>
    response.writeHead(200, { 'Content-Type': 'text/html' }).end(hostPage),
  );
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  hostURL = `http://127.0.0.1:${(host.address() as AddressInfo).port}/`;
});
afterAll(async () => {
  host?.close();
  await Promise.all([today?.stop(), tomorrow?.stop()]);
});

/** Where /today and /bg/today lead a browser without JavaScript on `site`: the tip ids of the pages. */
async function todayIds(site: ServedSite, viewport: { width: number; height: number }) {
  const page = await newPage({ baseURL: site.baseURL, javaScriptEnabled: false, viewport });
  const ids: Record<string, string> = {};
  for (const [lang, path, pattern] of [
    ['en', '/today', /\/tips\/en_(\d+)$/],
    ['bg', '/bg/today', /\/bg\/tips\/(\d+)$/],
  ] as const) {
    const answer = await page.goto(path);
    expect(answer?.status()).toBe(200);
    ids[lang] = pattern.exec(new URL(page.url()).pathname)?.[1] ?? `not a tip page: ${page.url()}`;
    expect(await page.locator('blockquote').textContent()).toBeTruthy();
  }
  await page.context().close();
  return ids;
}

describe('the tip of the day', () => {
  for (const viewport of viewports) {
    it(`leads /today in both languages to one tip, another the next day (${viewport.width} px)`, async () => {
      const first = await todayIds(today, viewport);
      expect(first.bg).toBe(first.en);
      const second = await todayIds(tomorrow, viewport);
      expect(second.bg).toBe(second.en);
      expect(second.en).not.toBe(first.en);
      const api = await (await fetch(`${today.baseURL}/api/tips/today`)).json();
      expect(api).toMatchObject({ date: '2026-11-27', id: first.en });
    });
  }

  it('is linked from the home page in both languages, and its feeds are RSS', async () => {
    for (const [home, target, feed] of [
      ['/', '/today', '/today.xml'],
      ['/bg/', '/bg/today', '/bg/today.xml'],
    ] as const) {
      const page = await newPage({ baseURL: today.baseURL });
      await page.goto(home);
      expect(await page.locator('[data-today-link]').getAttribute('href')).toBe(target);
      const answer = await fetch(`${today.baseURL}${feed}`);
      expect(answer.headers.get('content-type')).toContain('application/rss+xml');
      expect((await answer.text()).match(/<item>/g)).toHaveLength(30);
      await page.context().close();
    }
  });

  for (const viewport of viewports) {
    it(`shows in the embed on a page of another origin, with a link back (${viewport.width} px)`, async () => {
      const page = await newPage({ baseURL: today.baseURL, viewport });
      const day = await (await fetch(`${today.baseURL}/api/tips/today`)).json();
      for (const lang of ['en', 'bg'] as const) {
        await page.goto(lang === 'en' ? '/tips' : '/bg/tips');
        // The line as the tips index offers it, its address moved to this test's server.
        const href = (await page.locator('[data-embed-line]').getAttribute('href')) ?? '';
        const offered = await (await fetch(new URL(href, today.baseURL))).text();
        const line = offered.trim().replace(/https?:\/\/[^/"]+/, today.baseURL);
        expect(line).toMatch(/^<iframe [^\n]+><\/iframe>$/);
        hostPage = `<!doctype html><html><head><style>*{color:red!important;font-size:40px}</style></head><body>${line}</body></html>`;
        await page.goto(hostURL);
        const frame = page.frameLocator('iframe');
        await expect.poll(() => frame.locator('blockquote').textContent()).toBe(day.tips[lang].text);
        expect(await frame.locator('a').getAttribute('href')).toBe(
          day.tips[lang].url.replace(/^https?:\/\/[^/]+/, today.baseURL),
        );
        // The host's styles stay out of the frame.
        const color = await frame.locator('blockquote').evaluate((node) => getComputedStyle(node).color);
        expect(color).not.toBe('rgb(255, 0, 0)');
      }
      await page.context().close();
    });
  }
});
