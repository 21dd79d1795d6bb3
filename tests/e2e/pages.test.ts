import { loadEnv } from 'vite';
import { describe, expect, it } from 'vitest';
import { privacyContact } from '../../src/lib/privacy/privacyContact.ts';
import { baseURL, expectAccessible, fontsCached, newPage, pages, withBrowser } from '../support/browser.ts';

withBrowser();

describe('every page in both languages', () => {
  for (const { path, lang, heading } of pages) {
    it(`serves ${path} in ${lang} with its heading, alternates and no accessibility violations`, async () => {
      const page = await newPage({ locale: lang === 'bg' ? 'bg-BG' : 'en-US' });
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      expect(new URL(page.url()).pathname.replace(/(.)\/$/, '$1')).toBe(path.replace(/(.)\/$/, '$1'));
      expect(await page.getAttribute('html', 'lang')).toBe(lang);
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).first().textContent())
        .toContain(heading);
      expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(/^https?:\/\//);
      expect(await page.locator('link[rel="alternate"][hreflang="en"]').count()).toBe(1);
      expect(await page.locator('link[rel="alternate"][hreflang="bg"]').count()).toBe(1);
      expect(await page.locator('meta[name="description"]').getAttribute('content')).toBeTruthy();
      expect(await page.locator('meta[property="og:title"]').getAttribute('content')).toBeTruthy();
      await expectAccessible(page);
      await page.context().close();
    });
  }

  it('fits a 320 px phone without sideways scrolling', async () => {
    const page = await newPage({ viewport: { width: 320, height: 640 } });
    for (const { path } of pages) {
      await page.goto(path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
    await page.context().close();
  });

  it('loads no framework JavaScript on pages without widgets', async () => {
    for (const path of [
      '/about',
      '/bg/blog',
      '/donate',
      '/bg/privacy',
      '/tips/en_3',
      '/bg/tips/r1',
      '/bg/tips',
    ]) {
      const page = await newPage();
      const scripts: string[] = [];
      page.on('response', (response) => {
        if (response.request().resourceType() === 'script') scripts.push(response.url());
      });
      await page.goto(path, { waitUntil: 'networkidle' });
      expect(await page.locator('astro-island').count(), path).toBe(0);
      const sizes = await Promise.all(scripts.map(async (url) => (await (await fetch(url)).text()).length));
      expect(
        sizes.reduce((a, b) => a + b, 0),
        `${path} loads ${scripts.join(', ')}`,
      ).toBeLessThan(5_000);
      await page.context().close();
    }
  });
});

describe('the layout', () => {
  it('links the logo home everywhere but on the home page', async () => {
    const page = await newPage();
    await page.goto('/');
    expect(await page.locator('[data-logo]').evaluate((el) => el.tagName)).toBe('SPAN');
    await page.goto('/about');
    expect(await page.locator('a[data-logo]').getAttribute('href')).toBe('/');
    await page.goto('/bg/about');
    expect(await page.locator('a[data-logo]').getAttribute('href')).toBe('/bg/');
    await page.context().close();
  });

  it('shows БГ on English pages and EN on Bulgarian pages', async () => {
    const page = await newPage();
    await page.goto('/blog/1');
    await expect.poll(() => page.locator('[data-language-switch]').textContent()).toMatch(/^\s*БГ/);
    expect(await page.locator('[data-language-switch]').getAttribute('href')).toBe('/bg/blog/1');
    await page.goto('/bg/tips/7');
    await expect.poll(() => page.locator('[data-language-switch]').textContent()).toMatch(/^\s*EN/);
    expect(await page.locator('[data-language-switch]').getAttribute('href')).toBe('/tips/en_7');
    await page.context().close();
  });

  it('has the footer links of each language', async () => {
    const page = await newPage();
    await page.goto('/privacy');
    const footer = page.getByRole('navigation', { name: 'Footer' });
    expect(
      await footer
        .getByRole('link')
        .evaluateAll((links) => links.map((a) => [a.textContent?.trim(), a.getAttribute('href')])),
    ).toEqual([
      ['My Mission', '/about'],
      ['Blog', '/blog'],
      ['All tips', '/tips'],
      ['Privacy', '/privacy'],
    ]);
    await page.goto('/bg/privacy');
    const bgFooter = page.getByRole('navigation', { name: 'Долно меню' });
    expect(
      await bgFooter
        .getByRole('link')
        .evaluateAll((links) => links.map((a) => [a.textContent?.trim(), a.getAttribute('href')])),
    ).toEqual([
      ['Моята мисия', '/bg/about'],
      ['Блог', '/bg/blog'],
      ['Всички съвети', '/bg/tips'],
      ['Поверителност', '/bg/privacy'],
    ]);
    expect(await page.locator('a[href$="/donate"]').count()).toBe(0);
    await page.context().close();
  });
});

describe('page contents', () => {
  it('lists the articles newest first with dates, teasers and categories per language', async () => {
    const page = await newPage();
    await page.goto('/blog');
    const articles = page.locator('main article');
    expect(await articles.count()).toBe(4);
    // Newest first; the two of one day, the higher id first.
    const hrefs = await articles.evaluateAll((all) =>
      all.map((a) => a.querySelector('a')?.getAttribute('href')),
    );
    expect(hrefs).toEqual(['/blog/4', '/blog/2', '/blog/3', '/blog/1']);
    expect(await articles.nth(0).getByRole('heading').textContent()).toContain(
      'A Short No Beats a Long Excuse',
    );
    expect(await articles.nth(1).getByRole('heading').textContent()).toContain('The Reply That Gets Heavier');
    expect(await articles.nth(2).getByRole('heading').textContent()).toContain('The Tone You Set');
    expect(await articles.nth(0).locator('time').textContent()).toBe('November 27, 2026');
    expect(await articles.nth(2).locator('time').textContent()).toBe('August 15, 2025');
    expect(await articles.nth(3).locator('time').textContent()).toBe('August 1, 2025');
    expect(await articles.nth(0).textContent()).toContain('Relationships');
    expect(await articles.nth(1).textContent()).toContain('Productivity');
    expect(await articles.nth(3).textContent()).toContain('Mental health');
    const teaser = (await articles.nth(2).locator('p').nth(0).textContent()) ?? '';
    expect(teaser.endsWith('…')).toBe(true);
    expect(teaser.length).toBeLessThanOrEqual(201);
    await page.goto('/bg/blog');
    expect(await page.locator('main article time').first().textContent()).toBe('27 ноември 2026 г.');
    expect(await page.locator('main article').first().textContent()).toContain('Взаимоотношения');
    expect(await page.locator('main article a').first().getAttribute('href')).toBe('/bg/blog/4');
    expect(await page.locator('main article').nth(1).textContent()).toContain('Продуктивност');
    await page.context().close();
  });

  it('shows an article with its category, date, body and a way back', async () => {
    const page = await newPage();
    await page.goto('/bg/blog/1');
    expect(await page.locator('main time').first().textContent()).toBe('1 август 2025 г.');
    expect(await page.locator('main').textContent()).toContain('Психично здраве');
    expect(await page.locator('.prose-advice p').count()).toBeGreaterThan(10);
    expect(await page.getByRole('link', { name: 'Обратно към блога' }).getAttribute('href')).toBe('/bg/blog');
    await page.context().close();
  });

  it('shows the about page with its disclaimer', async () => {
    const page = await newPage();
    await page.goto('/about');
    expect(await page.locator('main p').count()).toBeGreaterThanOrEqual(4);
    expect(await page.locator('main').textContent()).toMatch(/professional help/);
    expect(await page.getByRole('link', { name: /Back to the advice/ }).getAttribute('href')).toBe('/');
    await page.context().close();
  });

  for (const { path, title } of [
    { path: '/about', title: 'Need help right now?' },
    { path: '/bg/about', title: 'Трябва ти помощ веднага?' },
  ]) {
    it(`offers crisis help on ${path} within the first screen of a 320 px phone`, async () => {
      const page = await newPage();
      await page.setViewportSize({ width: 320, height: 640 });
      await page.goto(path);
      const help = page.getByRole('complementary', { name: title });
      const call = help.getByRole('link', { name: '112' });
      expect(await call.getAttribute('href')).toBe('tel:112');
      expect(await help.getByRole('link', { name: 'findahelpline.com' }).getAttribute('href')).toBe(
        'https://findahelpline.com',
      );
      const box = await call.boundingBox();
      expect(box?.y).toBeLessThan(640);
      await page.context().close();
    });
  }

  it('shows the donation tiers, and a choice only writes to the console', async () => {
    const page = await newPage();
    const logs: string[] = [];
    const requests: string[] = [];
    page.on('console', (message) => logs.push(message.text()));
    await page.goto('/donate', { waitUntil: 'networkidle' });
    // The first page's font warm-up is a request of its own, not the choice's.
    await fontsCached(page);
    page.on('request', (request) => requests.push(request.url()));
    for (const text of [
      'Quality Content',
      'Community',
      'Choose Donation Amount',
      'Coffee',
      '$5',
      'Lunch',
      '$15',
      'Big Support',
      '$50',
    ]) {
      expect(await page.locator('main').textContent()).toContain(text);
    }
    await page.getByRole('button', { name: /Lunch/ }).click();
    await expect.poll(() => logs).toContain('Donation selected: lunch $15');
    expect(requests).toEqual([]);
    await page.goto('/bg/donate');
    expect(await page.locator('main').textContent()).toContain('5\u00a0$');
    await page.context().close();
  });

  it('states the privacy promises in nine sections', async () => {
    const page = await newPage();
    await page.goto('/privacy');
    expect(await page.locator('main h2').allTextContents()).toEqual([
      'Introduction',
      'Information we collect',
      'How we use your information',
      'Data security & storage',
      'Third-party services',
      'Your rights',
      'Data retention',
      'Contact',
      'Policy updates',
    ]);
    const text = await page.locator('main').textContent();
    // The date of the policy's last real change (DECISIONS.md, 2026-11-27).
    expect(text).toContain('Last updated: November 28, 2026');
    // The one cookie, named, with what it holds and how long (#44: the host reads the language choice).
    expect(text).toContain(
      'a cookie named language_bg or language_en that holds nothing else and expires after a year',
    );
    expect(text).toContain('deleted automatically after 30 days');
    // It agrees with the subscribe box and the welcome letter: five course letters, and any issue sent meanwhile.
    expect(text).toContain(
      'five course letters over the 30 days we keep your address, and any issue we send out in that time',
    );
    // The contact is the operator's mailbox, as the build was configured (or the obvious placeholder).
    expect(await page.locator('[data-privacy-contact]').getAttribute('href')).toBe(
      `mailto:${privacyContact({ ...loadEnv('production', process.cwd(), ''), ...process.env })}`,
    );
    expect(text).toContain('at most 26 months');
    // Backups are named as the server makes them: nightly, a week at most (nightlyBackups.ts), and a restore
    // applies every erasure made since (erasure.ts).
    expect(text).toContain('made once a night');
    expect(text).toContain('gone from every backup within a week');
    expect(text).toContain('applied again before any letter goes out');
    expect(text).toMatch(/country or city/);
    // The confirmation cap's hash (routes/subscribe.ts), kept a day (retention.ts).
    expect(text).toContain('For one day after each confirmation letter, we keep the same kind of hash');
    // The rights list reads as one sentence: the lead-in, then each item in turn.
    const rights = page.locator('#your-rights').locator('xpath=..').locator('p, li');
    expect((await rights.allTextContents()).join(' ')).toBe(
      'At any time, you can: see the information we hold about you; have it corrected; have it deleted; and opt out of the newsletter and of analytics.',
    );
    await page.goto('/bg/privacy');
    expect(await page.locator('main h2').count()).toBe(9);
    const bgText = await page.locator('main').textContent();
    expect(bgText).toContain('Последна актуализация: 28 ноември 2026 г.');
    expect(bgText).toContain('бисквитка с име language_bg или language_en, която не съдържа нищо друго');
    await page.context().close();
  });
});

describe('unknown addresses', () => {
  for (const [path, lang, home, title] of [
    ['/no-such-page', 'en', '/', 'Oops! Page not found'],
    ['/bg/no-such-page', 'bg', '/bg/', 'Опа! Страницата не е намерена'],
  ] as const) {
    it(`answers ${path} with a ${lang} 404 page that logs the path`, async () => {
      const page = await newPage();
      const logs: string[] = [];
      const errors: string[] = [];
      page.on('console', (message) => {
        logs.push(message.text());
        if (message.type() === 'error') errors.push(message.text());
      });
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      expect(await page.getAttribute('html', 'lang')).toBe(lang);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(title);
      const back = page.getByRole('link', { name: lang === 'en' ? 'Return to Home' : 'Към началото' });
      expect(await back.getAttribute('href')).toBe(home);
      await expect.poll(() => logs.join('\n')).toContain(path);
      // Only the browser's own line about the 404 answer; the page adds no error of its own.
      expect(errors.filter((text) => !text.startsWith('Failed to load resource'))).toEqual([]);
      await expectAccessible(page);
      await page.context().close();
    });
  }

  for (const [path, target] of [
    ['/blog/999', '/blog'],
    ['/blog/abc', '/blog'],
    ['/bg/blog/999', '/bg/blog'],
    ['/bg/blog/abc', '/bg/blog'],
  ] as const) {
    it(`sends ${path} to ${target}, replacing it in the history`, async () => {
      const page = await newPage();
      await page.goto('/about');
      await page.goto(path);
      expect(new URL(page.url()).pathname).toBe(target);
      await page.goBack();
      expect(new URL(page.url()).pathname).toBe('/about');
      await page.context().close();
    });
  }

  it('sends unknown articles to the blog from the 404 page too, for hosts without redirect rules', async () => {
    const page = await newPage();
    const notFound = await (await fetch(`${baseURL}/bg/404`)).text();
    // A host that knows no redirect rules answers with its 404 page, as this route pretends.
    await page.route('**/bg/blog/12345', (route) =>
      route.fulfill({ status: 404, contentType: 'text/html', body: notFound }),
    );
    await page.goto('/bg/about');
    await page.goto('/bg/blog/12345');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/bg/blog');
    await page.goBack();
    expect(new URL(page.url()).pathname).toBe('/bg/about');
    await page.context().close();
  });
});
