import { describe, expect, it } from 'vitest';
import { newPage, withBrowser } from '../support/browser.ts';

withBrowser();

// One voice per message: a field in error wears a border of the error's colour beside its message, with
// no toast repeating it; a toast is for what no field says, such as the thanks.

const langs = [
  {
    lang: 'en',
    path: '/blog/1',
    stars: '4 stars',
    email: 'Your email (required, never shown)',
    send: 'Send rating',
  },
  {
    lang: 'bg',
    path: '/bg/blog/1',
    stars: '4 звезди',
    email: 'Твоят имейл (задължителен, никога не се показва)',
    send: 'Изпрати оценката',
  },
] as const;

/** The site's coral (src/styles/global.css), as the browser computes a colour. */
const coral = 'rgb(255, 138, 128)';

for (const t of langs) {
  describe(`the article's rating form in ${t.lang}`, () => {
    it('marks a wrong field with a coral border and no toast; a success says thanks and settles the form', async () => {
      const page = await newPage({ viewport: { width: 390, height: 800 } });
      await page.goto(t.path);
      const email = page.getByLabel(t.email);
      await email.scrollIntoViewIfNeeded();
      // The rating hydrates as it comes near (client:reach): pressed before, a star would be set twice.
      await page.waitForFunction(
        () => !document.querySelector('astro-island[ssr][component-url*="ArticleRating"]'),
      );
      // The summary above the stars is loaded: a click aimed at a star lands on it.
      await page.locator('[data-rating-count]').waitFor();
      // Every toast the page shows, as it shows it.
      await page.evaluate(() => {
        const seen: string[] = [];
        (globalThis as { toastsSeen?: string[] }).toastsSeen = seen;
        new MutationObserver(() => {
          for (const toast of document.querySelectorAll<HTMLElement>(
            '[data-sonner-toast]:not([data-seen])',
          )) {
            toast.dataset.seen = '';
            seen.push(toast.dataset.type ?? '');
          }
        }).observe(document.body, { childList: true, subtree: true });
      });
      await page.getByLabel(t.stars, { exact: true }).check({ force: true });
      await email.fill('not an address');
      await page.getByRole('button', { name: t.send }).click();
      await expect.poll(() => email.getAttribute('aria-invalid')).toBe('true');
      const described = await email.getAttribute('aria-describedby');
      expect(described).toBeTruthy();
      expect(await email.evaluate((input) => getComputedStyle(input).borderTopColor)).toBe(coral);

      await email.fill(`reader-${t.lang}-${Date.now()}@example.com`);
      await page.getByRole('button', { name: t.send }).click();
      await page.locator('[data-sonner-toast][data-type="success"]').waitFor();
      expect(await page.evaluate(() => (globalThis as { toastsSeen?: string[] }).toastsSeen)).toEqual([
        'success',
      ]);
      expect(await email.getAttribute('aria-invalid')).toBeNull();
      // Settled: nothing left to press twice.
      expect(await email.isDisabled()).toBe(true);
      expect(await page.getByRole('button', { name: t.send }).isDisabled()).toBe(true);
      expect(await page.getByLabel(t.stars, { exact: true }).isDisabled()).toBe(true);
      await page.context().close();
    });
  });
}
