// Nothing jumps (#44): every page type, in both languages, opened as a first visit over slow 3G, shifts
// nothing from its first paint to when it has settled (CLS 0). The throttle is Chromium's own (DevTools'
// Slow 3G: 2 s round trips, 400 kbit/s each way); every wait is for an event: the load, the fonts, the
// widgets in view hydrated, the network gone quiet, two frames drawn.
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { moderationToken } from '../../functions/mail/tokens.ts';
import { counterpartPath } from '../../src/i18n/paths.ts';
import { baseURL, newContext, withBrowser } from '../support/browser.ts';
import { builtDir, builtPageFiles } from '../support/builtSite.ts';
import { postJson } from '../support/http.ts';
import { proxiedHashSecret } from '../support/processes.ts';

withBrowser();

/** The article whose thread has comments (seeded below); no other test writes to its thread. */
const threadArticle = 4;

/** An English page's path and its Bulgarian counterpart's. */
const inBothLanguages = (path: string) => [path, counterpartPath(path, 'bg')];

/**
 * Each page type once per language; /today leads to the day's tip page; the rest are status pages. The
 * article's thread has comments; /blog/2's has none (no other test writes to it either).
 */
const paths = [
  '/',
  '/about',
  '/donate',
  '/privacy',
  '/blog',
  `/blog/${threadArticle}`,
  '/tips',
  '/tips/en_1',
  '/saved',
]
  .flatMap(inBothLanguages)
  .concat([
    '/blog/2',
    '/today',
    '/bg/today',
    '/no-such-page',
    '/bg/no-such-page',
    '/moderate',
    '/bg/moderate',
  ])
  // As a letter's link opens them (with a token, which they hold until the button is pressed) and as a
  // reader typing the address does (without: the page says so in the room every outcome shares).
  .concat(
    ['/subscribe/confirm', '/bg/subscribe/confirm', '/unsubscribe', '/bg/unsubscribe'].flatMap((path) => [
      `${path}#token=letter`,
      path,
    ]),
  );

/** The moderation page's token for a held comment, as the operator's letter links it. */
let heldToken = '';

/** Comments posted through the real API, as readers post them: a short and a long one, in both languages. */
async function post(comment: string, language: 'en' | 'bg') {
  const answer = await postJson(
    `${baseURL}/api/articles/${threadArticle}/comments`,
    { name: language === 'en' ? 'Mira' : 'Мира', comment, language, website: '' },
    { 'x-forwarded-for': '10.254.44.1' },
  );
  expect(answer.status).toBe(201);
  return answer.body as unknown as { comment: { id: number }; status: 'published' | 'held' };
}

beforeAll(async () => {
  await post('Short and kind.', 'en');
  await post(`${'Това ми помогна да спра да мисля в кръг. '.repeat(8)}\nБлагодаря!`, 'bg');
  const held = await post('More on this at https://example.org/thinking', 'en');
  expect(held.status).toBe('held');
  heldToken = moderationToken(proxiedHashSecret, 'approve', held.comment.id, new Date());
});

/** What a view shows once its answer has come, where the page fetches what it shows. */
const answered = (path: string) =>
  path.includes(`/blog/${threadArticle}`) || path.includes('moderate#')
    ? '[data-comment]:not([hidden])'
    : undefined;

/** Pages loading at once, each on its own throttled line: the file's run stays near a minute. */
const atOnce = 4;

interface Shift {
  value: number;
  sources: string[];
}

/** Collects every layout shift not caused by the visitor's own input, with what moved, from the start. */
function recordShifts() {
  const shifts: Shift[] = [];
  (globalThis as { shifts?: Shift[] }).shifts = shifts;
  const describe = (node: Node | null | undefined) => {
    if (!(node instanceof Element)) return node?.nodeName ?? 'gone';
    const classes = [...node.classList].slice(0, 3).join('.');
    return `${node.localName}${node.id ? `#${node.id}` : ''}${classes ? `.${classes}` : ''} "${(node.textContent ?? '').trim().slice(0, 40)}"`;
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources: { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
    })[]) {
      if (!entry.hadRecentInput)
        shifts.push({
          value: entry.value,
          sources: entry.sources.map(({ node, previousRect: a, currentRect: b }) => {
            const rect = (r: DOMRectReadOnly) =>
              `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)}`;
            return `${describe(node)} from ${rect(a)} to ${rect(b)}`;
          }),
        });
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/** Requests each page has on the way, and who waits for none to be left. */
const inFlight = new WeakMap<Page, { count: number; waiting: (() => void)[] }>();

function countRequests(page: Page) {
  const state = { count: 0, waiting: [] as (() => void)[] };
  inFlight.set(page, state);
  const done = () => {
    state.count -= 1;
    if (state.count === 0) for (const resolve of state.waiting.splice(0)) resolve();
  };
  page.on('request', () => (state.count += 1));
  page.on('requestfinished', done);
  page.on('requestfailed', done);
}

/** No request of the page's left on the way (what the widgets asked for has come), two frames drawn. */
async function settled(page: Page) {
  const state = inFlight.get(page);
  if (state && state.count > 0) await new Promise<void>((resolve) => state.waiting.push(resolve));
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

/** Opens `path` as a first visit over slow 3G and waits until it has settled; returns its shifts. */
async function shiftsOf(page: Page, path: string): Promise<Shift[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 2000,
    downloadThroughput: (400 * 1000) / 8,
    uploadThroughput: (400 * 1000) / 8,
  });
  await page.addInitScript(recordShifts);
  countRequests(page);
  await page.goto(path, { waitUntil: 'load' });
  await page.evaluate(() => document.fonts.ready);
  // The widgets in view hydrate by themselves (after the first paint, or when seen): wait for each.
  await page.waitForFunction(() =>
    [...document.querySelectorAll('astro-island[ssr]')].every((island) => {
      const box = (island.firstElementChild ?? island).getBoundingClientRect();
      const waitsForPress = ['press', 'companion'].includes(island.getAttribute('client') ?? '');
      return waitsForPress || box.top >= innerHeight || box.bottom <= 0;
    }),
  );
  await settled(page);
  // Then read down the page as a visitor would: each widget further down hydrates when reached, and
  // whatever it shows while its answer is on the way must take the room of what replaces it.
  for (const island of await page
    .locator('astro-island[client="visible"], astro-island[client="reach"]')
    .all()) {
    // The island itself is `display: contents`: its first child is what can be seen.
    await island.evaluate((element) => element.firstElementChild?.scrollIntoView({ block: 'center' }));
    await page.waitForFunction((element) => !element.hasAttribute('ssr'), await island.elementHandle());
    await settled(page);
  }
  const shown = answered(path);
  if (shown) {
    await page.locator(shown).first().waitFor();
    await settled(page);
  }
  return page.evaluate(() => (globalThis as { shifts?: Shift[] }).shifts ?? []);
}

/** A page's shifts as the failure shows them: its CLS, then each shift's value and what moved, how. */
const report = (shifts: Shift[]) => [
  `CLS ${shifts.reduce((sum, shift) => sum + shift.value, 0)}`,
  ...shifts.map((shift) => `${shift.value}: ${shift.sources.join('; ')}`),
];

// Chromium draws a page before it is all parsed unless told otherwise: the status line of a letter
// page, drawn with only its first outcome parsed, grew as the others (hidden, keeping their room)
// arrived. The head's `<link rel="expect" blocking="render">` holds the first frame until the footer is
// parsed; Chromium ignores one that names no element (`href="#"`), so every page names its own footer.
it("holds every page's first frame until its footer is parsed", () => {
  const pages = builtPageFiles();
  expect(pages.length).toBeGreaterThan(250);
  for (const file of pages) {
    const html = fs.readFileSync(`${builtDir}/${file}`, 'utf8');
    const id = /<link rel="expect" href="#([^"]+)" blocking="render">/.exec(html)?.[1];
    expect(id, file).toBeTruthy();
    expect(html.match(new RegExp(`<footer id="${id}"`, 'g')), file).toHaveLength(1);
    expect(html.indexOf(`<footer id="${id}"`), file).toBeGreaterThan(html.lastIndexOf('</main>'));
  }
});

/** Every page at a phone's 390 px; at 320 and 1280 px, those whose widgets or outcomes could move. */
const sizes = [
  { width: 390, height: 844, paths },
  ...[
    { width: 320, height: 640 },
    { width: 1280, height: 800 },
  ].map((size) => ({
    ...size,
    paths: ['/', `/blog/${threadArticle}`, '/tips/en_1', '/unsubscribe#token=letter'].flatMap(
      inBothLanguages,
    ),
  })),
];

for (const { width, height, paths: sizePaths } of sizes) {
  it(`shifts nothing on any of ${sizePaths.length + 2} pages over slow 3G at ${width} px`, async () => {
    const shifted: Record<string, string[]> = {};
    // A held comment's page, as the operator's letter opens it (the token held until a button is pressed).
    const queue = [...sizePaths, `/moderate#token=${heldToken}`, `/bg/moderate#token=${heldToken}`];
    const worker = async () => {
      for (let path = queue.shift(); path; path = queue.shift()) {
        // Each page a browser's first: its own storage and cookies, nothing cached.
        const context = await newContext({ viewport: { width, height } });
        const shifts = await shiftsOf(await context.newPage(), path);
        if (shifts.length) shifted[path] = report(shifts);
        await context.close();
      }
    };
    await Promise.all(Array.from({ length: atOnce }, worker));
    // Each page that moved, with how much and what.
    expect(shifted).toEqual({});
  });
}
