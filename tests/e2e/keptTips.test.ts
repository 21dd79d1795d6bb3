// Tips you keep (issue #39): three tips kept from the home card, with no request made by keeping, are on
// /saved after a reload and on the other language's /saved, newest first; the list's link opens them in
// a fresh browser, where one press keeps them; one can be removed; a tip page keeps its tip too.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  actOnPage,
  expectAccessible,
  fontsCached,
  newContext,
  newPage,
  withBrowser,
  withoutCareTips,
} from '../support/browser.ts';

withBrowser();

const langs = [
  {
    lang: 'en',
    other: 'bg',
    home: '/',
    keep: 'Keep',
    keepHere: 'Keep these here',
    remove: 'Remove',
    noscript: 'This list lives in your browser',
    loading: 'Finding your tips',
  },
  {
    lang: 'bg',
    other: 'en',
    home: '/bg/',
    keep: 'Запази',
    keepHere: 'Запази ги тук',
    remove: 'Махни',
    noscript: 'Списъкът живее в браузъра ти',
    loading: 'Търся съветите ти',
  },
] as const;
const viewports = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];
const prefix = (lang: 'en' | 'bg') => (lang === 'en' ? '' : '/bg');
const base = (id: string | null) => (id ?? '').replace(/^en_/, '');

/** The language-neutral ids /saved lists, in order, once its script has filled it. */
async function savedIds(page: Page, path: string, count: number): Promise<string[]> {
  await page.goto(path);
  const items = page.locator('[data-saved="list"] li');
  await expect.poll(() => items.count()).toBe(count);
  return items.evaluateAll((list) => list.map((item) => (item as HTMLElement).dataset.tip ?? ''));
}

for (const { lang, other, home, keep, keepHere, remove, noscript, loading } of langs) {
  for (const viewport of viewports) {
    describe(`kept tips in ${lang} at ${viewport.width} x ${viewport.height}`, () => {
      it('keeps three tips with no request, finds them after a reload in both languages, and sends the list', async () => {
        const page = await newPage({ viewport });
        await withoutCareTips(page);
        await page.goto(home);
        await actOnPage(page);
        await page.waitForFunction(() => !document.querySelector('astro-island[ssr]'));
        // The first page's font warm-up is a request of its own, not the keeping's.
        await fontsCached(page);
        const kept: string[] = [];
        const requests: string[] = [];
        for (let i = 0; i < 3; i++) {
          await page.locator('[data-advice-card] + button').click();
          const quote = page.locator('[data-advice-card][aria-busy="false"] blockquote[data-tip-id]');
          await expect.poll(() => quote.getAttribute('data-tip-id')).not.toBe(kept.at(-1) ?? null);
          const id = base(await quote.getAttribute('data-tip-id'));
          const button = page.locator('[data-advice-card]').getByRole('button', { name: keep });
          page.on('request', (request) => requests.push(request.url()));
          await button.click();
          await expect.poll(() => button.getAttribute('aria-pressed')).toBe('true');
          page.removeAllListeners('request');
          kept.push(id);
        }
        expect(requests).toEqual([]);
        await page.reload();
        const newestFirst = [...kept].reverse();
        expect(await savedIds(page, `${prefix(lang)}/saved`, 3)).toEqual(newestFirst);
        expect(await savedIds(page, `${prefix(other)}/saved`, 3)).toEqual(newestFirst);
        await expectAccessible(page);

        await page.goto(`${prefix(lang)}/saved`);
        const send = page.locator('[data-saved="sendLink"]');
        await expect.poll(() => send.isVisible()).toBe(true);
        const link = new URL((await send.getAttribute('href')) ?? '', page.url()).href;
        expect(new URL(link).hash).toBe(`#keep=${newestFirst.join(',')}`);

        // Another browser: the list arrives in the link, and one press keeps it there.
        const elsewhere = await (await newContext({ viewport })).newPage();
        await elsewhere.goto(link);
        const sent = elsewhere.locator('[data-saved="sentList"] li');
        await expect.poll(() => sent.count()).toBe(3);
        expect(await elsewhere.locator('[data-saved="list"] li').count()).toBe(0);
        await elsewhere.getByRole('button', { name: keepHere }).click();
        await expect.poll(() => elsewhere.locator('[data-saved="list"] li').count()).toBe(3);
        expect(new URL(elsewhere.url()).hash).toBe('');
        await elsewhere.reload();
        expect(await savedIds(elsewhere, `${prefix(lang)}/saved`, 3)).toEqual(newestFirst);

        // Removed one by one.
        await elsewhere.getByRole('button', { name: remove }).first().click();
        await expect.poll(() => elsewhere.locator('[data-saved="list"] li').count()).toBe(2);
        expect(await savedIds(elsewhere, `${prefix(other)}/saved`, 2)).toEqual(newestFirst.slice(1));
        await elsewhere.context().close();
        await page.context().close();
      });
    });
  }

  it(`keeps a tip from its page in ${lang}, and says what the list needs without JavaScript`, async () => {
    const page = await newPage();
    await page.goto(`${prefix(lang)}/tips/${lang === 'en' ? 'en_12' : '12'}`);
    const button = page.getByRole('button', { name: keep });
    await button.click();
    await expect.poll(() => button.getAttribute('aria-pressed')).toBe('true');
    expect(await savedIds(page, `${prefix(other)}/saved`, 1)).toEqual(['12']);
    await page.goto(`${prefix(lang)}/tips/${lang === 'en' ? 'en_12' : '12'}`);
    await expect
      .poll(() => page.getByRole('button', { name: keep }).getAttribute('aria-pressed'))
      .toBe('true');
    await page.context().close();

    const noScript = await newPage({ javaScriptEnabled: false });
    await noScript.goto(`${prefix(lang)}/saved`);
    // biome-ignore lint/performance/useDomNodeTextContent: what is on screen is the point: the rendered <noscript> line counts
    const shown = await noScript.locator('main').innerText();
    expect(shown).toContain(noscript);
    expect(shown).not.toContain(loading);
    expect(await noScript.getByRole('button', { name: keep }).count()).toBe(0);
    await noScript.context().close();
  });
}
