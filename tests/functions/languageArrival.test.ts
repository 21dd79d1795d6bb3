// The language rule on arrival at `npm run serve`, over HTTP, before any page is sent: the toggle's
// cookie first, then the country a trusted proxy told, then the browser's language; never a bot, never
// a Bulgarian address; every answer it decides names what it read in Vary. The rules are the lines the
// build writes into _redirects (src/lib/builtPages/languageRules.ts).
import fs from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { choiceCookies } from '../../functions/arrivalDecision.ts';
import { makeContentDir, makeDistDir } from '../support/fixtures.ts';
import { behindProxy, type Served, startServe } from '../support/processes.ts';
import { describeDb, freshDatabaseEnv } from '../support/testDb.ts';

/** The build's three lines for an English page (its file) and its Bulgarian twin. */
const languageLines = (own: string, file: string, bg: string) => [
  `${own}  ${bg}  302!  Cookie=${choiceCookies.bg}`,
  `${own}  ${file}  200!  Cookie=${choiceCookies.en}`,
  `${own}  ${bg}  302!  Country=bg,md`,
];

const browser =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0 Safari/537.36';
const english = { 'user-agent': browser, 'accept-language': 'en-GB,en;q=0.9' };
const bulgarian = { 'user-agent': browser, 'accept-language': 'bg-BG,bg;q=0.9,en;q=0.8' };
const bgCookie = { cookie: `consent=denied; ${choiceCookies.bg}=1` };
const enCookie = { cookie: `${choiceCookies.en}=1` };

describeDb('language on arrival at the Node server', () => {
  /** Behind a trusted proxy that tells the country in X-Test-Country; and one reached directly. */
  let trusted: Served;
  let direct: Served;

  beforeAll(async () => {
    const dist = makeDistDir();
    const rules = [
      ...languageLines('/', '/index.html', '/bg/'),
      ...languageLines('/about', '/about.html', '/bg/about'),
      ...languageLines('/blog/1', '/blog/1.html', '/bg/blog/1'),
    ];
    const site = fs.readFileSync(`${dist}/_redirects`, 'utf8');
    fs.writeFileSync(`${dist}/_redirects`, `${rules.join('\n')}\n${site}`);
    const common = { CONTENT_DIR: makeContentDir(), DIST_DIR: dist, GEO_COUNTRY_HEADER: 'X-Test-Country' };
    [trusted, direct] = await Promise.all([
      freshDatabaseEnv().then(async (db) => startServe({ ...db, ...common, ...(await behindProxy()) })),
      freshDatabaseEnv().then((db) => startServe({ ...db, ...common })),
    ]);
  });
  afterAll(async () => {
    await Promise.all([trusted?.stop(), direct?.stop()]);
  });

  /** Status, where it sends the visitor (or the page's title) and the Vary header. */
  async function arrive(server: Served, path: string, headers: Record<string, string>, method = 'GET') {
    const res = await fetch(`${server.url}${path}`, { method, headers, redirect: 'manual' });
    const title = /<title>(.*?)<\/title>/.exec(await res.text())?.[1];
    return { status: res.status, to: res.headers.get('location') ?? title, vary: res.headers.get('vary') };
  }

  const varies = 'Accept-Encoding, Cookie, Accept-Language, User-Agent, x-test-country';

  it('sends a visitor who chose Bulgarian to the twin, the query kept, before any page', async () => {
    for (const [path, twin] of [
      ['/about', '/bg/about'],
      ['/about/', '/bg/about'],
      ['/', '/bg/'],
      ['/blog/1?from=letter', '/bg/blog/1?from=letter'],
    ]) {
      const answer = await arrive(direct, path ?? '', { ...english, ...bgCookie });
      expect({ path, ...answer }).toEqual({
        path,
        status: 302,
        to: twin,
        vary: 'Cookie, Accept-Language, User-Agent',
      });
    }
    const head = await arrive(trusted, '/about', { ...english, ...bgCookie }, 'HEAD');
    expect([head.status, head.to]).toEqual([302, '/bg/about']);
  });

  it('never moves a visitor who chose English, whatever the country and the browser say', async () => {
    const answer = await arrive(trusted, '/about', { ...bulgarian, ...enCookie, 'x-test-country': 'BG' });
    expect(answer).toEqual({ status: 200, to: 'about', vary: varies });
  });

  it.each(['BG', 'md'])('sends a visitor from %s (told by a trusted proxy) to Bulgarian', async (country) => {
    const answer = await arrive(trusted, '/about', { ...english, 'x-test-country': country });
    expect(answer).toEqual({
      status: 302,
      to: '/bg/about',
      vary: 'Cookie, Accept-Language, User-Agent, x-test-country',
    });
  });

  it('keeps a visitor from elsewhere in English, even with a Bulgarian browser', async () => {
    const answer = await arrive(trusted, '/about', { ...bulgarian, 'x-test-country': 'DE' });
    expect(answer).toEqual({ status: 200, to: 'about', vary: varies });
  });

  it('ignores a country header no trusted proxy wrote', async () => {
    const answer = await arrive(direct, '/about', { ...english, 'x-test-country': 'BG' });
    expect(answer).toEqual({
      status: 200,
      to: 'about',
      vary: 'Accept-Encoding, Cookie, Accept-Language, User-Agent',
    });
  });

  it('follows the browser language when no country is known', async () => {
    expect((await arrive(direct, '/about', bulgarian)).status).toBe(302);
    expect((await arrive(trusted, '/about', { ...bulgarian, 'x-test-country': 'XX' })).status).toBe(302);
    expect((await arrive(direct, '/about', english)).status).toBe(200);
    // Only the first language counts, as navigator.language in the page.
    expect((await arrive(direct, '/about', { 'accept-language': 'en-US,bg;q=0.9' })).status).toBe(200);
  });

  it('never moves a search engine, whatever it carries', async () => {
    const bot = { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' };
    const answer = await arrive(trusted, '/about', {
      ...bulgarian,
      ...bgCookie,
      ...bot,
      'x-test-country': 'BG',
    });
    expect(answer).toEqual({ status: 200, to: 'about', vary: varies });
  });

  it('never redirects a Bulgarian address, nor a path without a twin', async () => {
    for (const path of ['/bg/about', '/bg/', '/bg/blog/1']) {
      const answer = await arrive(trusted, path, { ...english, ...enCookie, 'x-test-country': 'DE' });
      expect([path, answer.status, answer.vary]).toEqual([path, 200, 'Accept-Encoding']);
    }
    // Unknown and other pages keep the site's own rules.
    expect((await arrive(trusted, '/blog/7', { ...bulgarian, ...bgCookie })).to).toBe('/blog');
    expect((await arrive(trusted, '/guide', { ...bulgarian, ...bgCookie })).status).toBe(200);
  });
});
