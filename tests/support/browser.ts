import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, BrowserContextOptions, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { launchChromium } from './chromium.ts';

export const baseURL = inject('baseURL');

let browser: Browser;
let clients = 0;

/** One Chromium per test file; call at the top of the file. */
export function withBrowser(): void {
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
}

/**
 * A fresh, isolated browser context (its own storage) with its own client address, so rate limits
 * and stored choices never leak between tests.
 */
export async function newContext(options: BrowserContextOptions = {}): Promise<BrowserContext> {
  clients += 1;
  const address = `10.${process.pid % 250}.${Math.floor(clients / 250)}.${(clients % 250) + 1}`;
  return browser.newContext({
    baseURL,
    locale: 'en-US',
    ...options,
    extraHTTPHeaders: { 'X-Forwarded-For': address, ...options.extraHTTPHeaders },
  });
}

/** A new page in a fresh context. */
export async function newPage(options: BrowserContextOptions = {}): Promise<Page> {
  const context = await newContext(options);
  return context.newPage();
}

/**
 * A DevTools session on `page` that can tell which fonts Chromium really drew a node's text with
 * (`CSS.getPlatformFontsForNode`: a face's own name, e.g. "Unbounded SemiBold", or a fallback).
 */
export async function fontInspector(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  return cdp;
}

/**
 * Makes `path` a browser's later page: the first page a browser opens here is drawn in fallback faces
 * and fetches the site's fonts into the cache once loaded (src/lib/fonts/switchOnFonts.ts); from the
 * next page on they are switched on before the first paint.
 */
export async function withSiteFonts(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await fontsCached(page);
}

/** Waits until a first page has fetched the site's fonts into the cache and said so (switchOnFonts.ts). */
export async function fontsCached(page: Page): Promise<void> {
  await page.waitForFunction(() => localStorage.getItem('fonts') === '1');
}

/** Fails on any serious or critical accessibility violation axe-core finds. */
export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
    page.url(),
  ).toEqual([]);
}

/** The site's pages, English and Bulgarian, with the heading each must show. */
export const pages = [
  { path: '/', lang: 'en', heading: 'IMPORTANT ADVICE' },
  { path: '/bg/', lang: 'bg', heading: 'ВАЖЕН СЪВЕТ' },
  { path: '/about', lang: 'en', heading: 'My Mission' },
  { path: '/bg/about', lang: 'bg', heading: 'Моята мисия' },
  { path: '/blog', lang: 'en', heading: 'A collection of reflections' },
  { path: '/bg/blog', lang: 'bg', heading: 'Колекция от размисли' },
  { path: '/blog/1', lang: 'en', heading: 'Overthinking Isn’t Thinking' },
  { path: '/bg/blog/1', lang: 'bg', heading: 'Да мислиш много не значи да мислиш' },
  { path: '/blog/3', lang: 'en', heading: 'The Tone You Set is the Future You Get' },
  { path: '/bg/blog/3', lang: 'bg', heading: 'Какъвто тон зададеш, такова бъдеще получаваш' },
  { path: '/blog/2', lang: 'en', heading: 'The Reply That Gets Heavier Every Day' },
  { path: '/bg/blog/2', lang: 'bg', heading: 'Отговорът, който тежи все повече' },
  { path: '/blog/4', lang: 'en', heading: 'A Short No Beats a Long Excuse' },
  { path: '/bg/blog/4', lang: 'bg', heading: 'По-добре кратко „не“, отколкото дълго оправдание' },
  { path: '/donate', lang: 'en', heading: 'Support Us' },
  { path: '/bg/donate', lang: 'bg', heading: 'Подкрепи ни' },
  { path: '/privacy', lang: 'en', heading: 'Privacy policy' },
  { path: '/bg/privacy', lang: 'bg', heading: 'Политика за поверителност' },
  // A tip's page is headed by its tip.
  { path: '/tips/en_1', lang: 'en', heading: 'Charge your phone outside the bedroom tonight.' },
  { path: '/bg/tips/1', lang: 'bg', heading: 'Тази нощ зареди телефона извън спалнята.' },
  { path: '/tips', lang: 'en', heading: 'Every tip, by topic' },
  { path: '/bg/tips', lang: 'bg', heading: 'Всички съвети по теми' },
] as const;

/**
 * Serves the generator's lists without the tips for someone in crisis, for tests that rate or share the
 * tip they are shown: those tips have neither, and one press in 244 would show one (careTip.test.ts
 * shows them). Other routes of the same page may hold the list back first (`route.fallback()`).
 */
export async function withoutCareTips(page: Page): Promise<void> {
  await page.route('**/tips.json', async (route) => {
    const response = await route.fetch();
    const list: unknown = await response.json();
    const ordinary = Array.isArray(list)
      ? list.filter((tip: unknown) => !(typeof tip === 'object' && tip !== null && 'care' in tip))
      : list;
    await route.fulfill({ response, json: ordinary });
  });
}

/**
 * Acts on the page as a visitor's first key press does (Shift changes nothing on it), so widgets that
 * hydrate at the first act (`client:press`) do so now instead of after the seconds a page left alone
 * waits.
 */
export async function actOnPage(page: Page): Promise<void> {
  await page.keyboard.press('Shift');
}

/**
 * Scrolls to each widget that hydrates when seen, waiting for it before the next: scrolled past before
 * a frame is drawn, a widget is never seen and stays unhydrated (as for a visitor who flings past it).
 */
export async function hydrateVisibleIslands(page: Page): Promise<void> {
  for (const island of await page
    .locator('astro-island[client="visible"], astro-island[client="reach"]')
    .all()) {
    await island.locator('> :first-child').scrollIntoViewIfNeeded();
    await expect.poll(() => island.getAttribute('ssr')).toBeNull();
  }
  await actOnPage(page);
  await page.waitForFunction(() => !document.querySelector('astro-island[ssr]'));
}
