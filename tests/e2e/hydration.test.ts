import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fontsCached, newPage, withBrowser } from '../support/browser.ts';

withBrowser();

/** Holds back a widget's script until `release()`, as a slow phone network would. */
async function holdScript(page: Page, pattern: RegExp) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let requested = false;
  await page.route(pattern, async (route) => {
    requested = true;
    await released;
    await route.continue();
  });
  return { release, requested: () => requested };
}

const island = (page: Page, component: string) =>
  page.locator(`astro-island[component-url*="/${component}."]`);

describe('before a widget has hydrated', () => {
  it('the generator keeps a press made before its script ran and answers it', async () => {
    const page = await newPage();
    const held = await holdScript(page, /\/_astro\/AdviceGenerator\.[^/]+\.js$/);
    await page.goto('/');
    await page.getByRole('button', { name: 'GET WISDOM' }).click();
    expect(await island(page, 'AdviceGenerator').getAttribute('ssr')).not.toBeNull();
    held.release();
    await page.locator('[data-advice-card] blockquote').waitFor();
    expect((await page.locator('[data-advice-card] blockquote').textContent())?.length).toBeGreaterThan(10);
    await page.context().close();
  });

  it('the generator loads no script before the page has loaded', async () => {
    const page = await newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto('/', { waitUntil: 'load' });
    const atLoad = [...scripts];
    expect(atLoad.filter((url) => /AdviceGenerator|SubscribeBox|client\./.test(url))).toEqual([]);
    await page.waitForFunction(() => !document.querySelector('astro-island[ssr]'));
    expect(scripts.some((url) => url.includes('AdviceGenerator'))).toBe(true);
    await page.context().close();
  });

  it("the home page's widgets load nothing in the first seconds unless the visitor acts", async () => {
    const page = await newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto('/', { waitUntil: 'load' });
    await page.waitForTimeout(2500);
    expect(scripts.filter((url) => /AdviceGenerator|SubscribeBox|client\./.test(url))).toEqual([]);
    // A key anywhere on the page (a keyboard visitor's first Tab) hydrates them.
    await page.keyboard.press('Shift');
    await page.waitForFunction(() => !document.querySelector('astro-island[ssr]'));
    await page.context().close();
  });

  // The home page's widgets wait for the paint themselves; an article's wait for its island scripts,
  // which load after the paint (src/lib/builtPages/islandScripts.ts), then for a scroll down to them:
  // the test waits for the first widget that hydrates.
  for (const path of ['/', '/bg/', '/blog/1', '/bg/blog/1']) {
    it(`the widgets ask for no script before ${path} has painted its first screen`, async () => {
      const page = await newPage();
      await page.goto(path, { waitUntil: 'load' });
      await page.waitForFunction(() => {
        window.scrollTo(0, document.body.scrollHeight);
        return document.querySelector('astro-island:not([ssr])') !== null;
      });
      const { paint, scripts } = await page.evaluate(() => ({
        paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
        scripts: performance
          .getEntriesByType('resource')
          .filter((entry) => entry.name.includes('/_astro/') && entry.name.endsWith('.js'))
          .map((entry) => entry.startTime),
      }));
      expect(paint).toBeGreaterThan(0);
      expect(scripts.length).toBeGreaterThan(0);
      expect(Math.min(...scripts)).toBeGreaterThan(paint ?? Number.POSITIVE_INFINITY);
      await page.context().close();
    });
  }

  for (const { home, lang, button } of [
    { home: '/', lang: 'en', button: 'GET WISDOM' },
    { home: '/bg/', lang: 'bg', button: 'ДАЙ МЪДРОСТ' },
  ]) {
    it(`the generator fetches its list and the tip's face only when reached for (${lang})`, async () => {
      const page = await newPage({ locale: lang === 'bg' ? 'bg-BG' : 'en-US' });
      const fetched: string[] = [];
      page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
      const forTip = (path: string) => path.endsWith('tips.json') || path.includes(`unbounded-${lang}-600.`);
      // A browser's first page has the site's fonts switched off (src/lib/fonts/switchOnFonts.ts): the
      // list comes when reached for, the face never.
      await page.goto(home, { waitUntil: 'networkidle' });
      await page.waitForFunction(() => !document.querySelector('astro-island[ssr]'));
      await page.getByRole('button', { name: button }).hover();
      await expect
        .poll(() => fetched.filter(forTip))
        .toEqual([lang === 'bg' ? '/bg/tips.json' : '/tips.json']);
      await fontsCached(page);
      expect(fetched.filter(forTip)).toHaveLength(1);
      // A later page: both, and only when reached for.
      fetched.length = 0;
      await page.goto(home, { waitUntil: 'networkidle' });
      await page.waitForFunction(() => !document.querySelector('astro-island[ssr]'));
      await page.waitForLoadState('networkidle');
      expect(fetched.filter(forTip)).toEqual([]);
      await page.getByRole('button', { name: button }).hover();
      await expect.poll(() => fetched.filter(forTip).length).toBe(2);
      await page.context().close();
    });
  }

  // The controls can be reached and pressed from the first paint: a press on a form's button before
  // its script has run is kept, and answered once the widget has hydrated (here: the field's error).
  for (const { name, component, path, button, error } of [
    {
      name: 'the subscribe box',
      component: 'SubscribeBox',
      path: '/',
      button: 'Subscribe',
      error: 'Please enter a valid email address',
    },
    {
      name: 'the article rating',
      component: 'ArticleRating',
      path: '/blog/1',
      button: 'Send rating',
      error: 'Please choose from 1 to 5 stars',
    },
    {
      name: 'the comment form',
      component: 'Comments',
      path: '/blog/1',
      button: 'Post comment',
      error: 'Please fill in your name',
    },
  ]) {
    it(`${name} can be focused before its script arrives, and a press then is answered`, async () => {
      const page = await newPage();
      const held = await holdScript(page, new RegExp(`/_astro/${component}\\.[^/]+\\.js$`));
      await page.goto(path);
      const widget = island(page, component);
      await widget.locator('button[data-submit]').scrollIntoViewIfNeeded();
      await page.waitForFunction(() => document.readyState === 'complete');
      const controls = widget.locator('input:not([tabindex="-1"]), textarea, button');
      const disabled = await controls.evaluateAll((all) => all.map((c) => (c as HTMLInputElement).disabled));
      expect(disabled.length).toBeGreaterThan(0);
      expect(disabled.some(Boolean)).toBe(false);
      await widget.getByRole('button', { name: button }).click();
      await expect.poll(() => held.requested()).toBe(true);
      expect(await widget.getAttribute('ssr')).not.toBeNull();
      expect(page.url()).toBe(new URL(path, page.url()).href);
      held.release();
      await widget.locator('[data-field-error]').getByText(error).waitFor();
      expect(page.url()).toBe(new URL(path, page.url()).href);
      await page.context().close();
    });
  }
});

describe('without JavaScript', () => {
  for (const { path, line, loading } of [
    {
      path: '/blog/1',
      line: 'Ratings and comments need JavaScript',
      loading: ['Loading ratings...', 'Loading comments...'],
    },
    {
      path: '/bg/blog/1',
      line: 'Оценките и коментарите имат нужда от JavaScript',
      loading: ['Зареждане на оценките...', 'Зареждане на коментарите...'],
    },
    { path: '/', line: 'Subscribing needs JavaScript', loading: [] },
    { path: '/bg/', line: 'Абонирането има нужда от JavaScript', loading: [] },
  ]) {
    it(`${path} says which parts need it and never says it is loading`, async () => {
      const page = await newPage({ javaScriptEnabled: false });
      await page.goto(path);
      // biome-ignore lint/performance/useDomNodeTextContent: what is on screen is the point: the rendered <noscript> line counts, hidden text does not
      const shown = await page.locator('main').innerText();
      expect(shown).toContain(line);
      for (const phrase of loading) expect(shown).not.toContain(phrase);
      await page.context().close();
    });
  }
});
