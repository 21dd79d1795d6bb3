import { describe, expect, it } from 'vitest';
import { actOnPage, expectAccessible, newPage, withBrowser, withoutCareTips } from '../support/browser.ts';

withBrowser();

// What a screen reader is told: each word in its own language, a status region there before its text,
// and no rule broken while the forms show their errors.

describe('the language toggle', () => {
  for (const { path, other, word, explained } of [
    { path: '/', other: 'bg', word: 'БГ', explained: 'Read this page in Bulgarian' },
    { path: '/bg/', other: 'en', word: 'EN', explained: 'Прочети страницата на английски' },
  ]) {
    it(`marks only its ${other} word as ${other}, and explains itself in the page's language (${path})`, async () => {
      const page = await newPage();
      await page.goto(path);
      const toggle = page.locator('[data-language-switch]');
      expect(await toggle.getAttribute('lang')).toBeNull();
      expect(await toggle.locator(`[lang="${other}"]`).textContent()).toBe(word);
      // The hidden explanation inherits the page's language: no element around it says otherwise.
      const explanationLang = await toggle
        .locator('.sr-only')
        .evaluate((span) => span.closest('[lang]')?.getAttribute('lang'));
      expect(explanationLang).toBe(path === '/' ? 'en' : 'bg');
      expect(await toggle.locator('.sr-only').textContent()).toContain(explained);
      await page.context().close();
    });
  }
});

describe('status regions', () => {
  it('the advice feedback has its status region, empty, before "Respec." arrives in it', async () => {
    const page = await newPage();
    await withoutCareTips(page);
    await page.goto('/');
    await actOnPage(page);
    await page.waitForFunction(() => !document.querySelector('astro-island[ssr]'));
    await page.getByRole('button', { name: 'GET WISDOM' }).click();
    const region = page.locator('[data-feedback] [role="status"]');
    await region.waitFor({ state: 'attached' });
    expect(await region.textContent()).toBe('');
    await region.evaluate((element) => {
      (window as unknown as { region: Element }).region = element;
    });
    await page.getByRole('button', { name: 'Like', exact: true }).click();
    await expect.poll(() => region.textContent()).toBe('Respec.');
    // The same element: its text changed, so it is announced.
    expect(
      await region.evaluate((element) => (window as unknown as { region: Element }).region === element),
    ).toBe(true);
    await page.context().close();
  });

  it("each form's status region is on the page before anything is sent", async () => {
    const page = await newPage();
    await page.goto('/blog/1');
    for (const widget of ['[data-article-rating]', '[data-comments]'])
      expect(await page.locator(`${widget} [data-form-status][role="status"]`).textContent()).toBe('');
    await page.context().close();
  });
});

describe('forms showing their errors', () => {
  for (const { path, send } of [
    { path: '/blog/1', send: ['Send rating', 'Post comment'] },
    { path: '/bg/blog/1', send: ['Изпрати оценката', 'Публикувай'] },
  ]) {
    it(`keep them beside the fields, with no toast repeating them, and break no accessibility rule (${path})`, async () => {
      const page = await newPage();
      await page.goto(path);
      for (const name of send) {
        const button = page.getByRole('button', { name });
        await button.scrollIntoViewIfNeeded();
        await page.waitForFunction((label) => {
          const found = [...document.querySelectorAll('button[data-submit]')].find(
            (b) => b.textContent === label,
          );
          return found?.getAttribute('type') === 'submit';
        }, name);
        await button.click();
      }
      await expect.poll(() => page.locator('[aria-invalid="true"]').count()).toBeGreaterThanOrEqual(3);
      // Said once, beside the fields: the toast area has nothing (it listens: it hydrates with the first form).
      await page.waitForFunction(() => document.documentElement.hasAttribute('data-toasts'));
      expect(await page.locator('[data-sonner-toast]').count()).toBe(0);
      expect(await page.locator('[data-field-error]').count()).toBeGreaterThanOrEqual(3);
      await expectAccessible(page);
      await page.context().close();
    });
  }
});
