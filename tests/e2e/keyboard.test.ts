import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage, withBrowser } from '../support/browser.ts';

withBrowser();

// A visitor with a keyboard only, on a phone-sized screen: Tab, Shift+Tab, Enter, Space and the arrow
// keys; no mouse, and no scrolling but what moving the focus does.

const texts = {
  en: {
    path: '/blog/1',
    stars: ['1 star', '2 stars', '3 stars', '4 stars', '5 stars'],
    ratingEmail: 'Your email (required, never shown)',
    send: 'Send rating',
    name: 'Name',
    commentEmail: 'Email (optional, never published)',
    comment: 'Comment',
    post: 'Post comment',
    back: 'Back to blog',
    emailRequired: 'Email is required to submit a rating',
    invalidEmail: 'Please enter a valid email address',
    thanks: 'Thank you for rating!',
    nameRequired: 'Please fill in your name',
    commentRequired: 'Please write your comment',
    close: 'Close the notification',
    ratingError: 'Error submitting rating',
  },
  bg: {
    path: '/bg/blog/1',
    stars: ['1 звезда', '2 звезди', '3 звезди', '4 звезди', '5 звезди'],
    ratingEmail: 'Твоят имейл (задължителен, никога не се показва)',
    send: 'Изпрати оценката',
    name: 'Име',
    commentEmail: 'Имейл (по желание, никога не се публикува)',
    comment: 'Коментар',
    post: 'Публикувай',
    back: 'Обратно към блога',
    emailRequired: 'Имейлът е задължителен, за да изпратиш оценка',
    invalidEmail: 'Моля, въведи валиден имейл адрес',
    thanks: 'Благодарим за оценката!',
    nameRequired: 'Моля, попълни името си',
    commentRequired: 'Моля, напиши коментара си',
    close: 'Затвори известието',
    ratingError: 'Грешка при изпращането на оценката',
  },
};

/** The focused element's accessible name as a screen reader would give it, and its state. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return { name: '', invalid: null, described: '', text: '' };
    const labelled = (element as HTMLInputElement).labels?.[0]?.textContent ?? '';
    const described = (element.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ');
    return {
      name: (element.getAttribute('aria-label') ?? labelled) || (element.textContent ?? '').trim(),
      invalid: element.getAttribute('aria-invalid'),
      described,
      text: element.textContent ?? '',
    };
  });

/**
 * Waits for the islands' runtime, which the article asks for once it has painted: a press before it
 * has run does nothing at all (the send buttons are plain buttons until then), so a visitor's first
 * press a moment after the paint would be lost; the controls can be reached by Tab before it.
 */
const islandRuntime = (page: Page) =>
  page.waitForFunction(() => customElements.get('astro-island') !== undefined);

/** Presses Tab until the focused element's name is `name` (at most `limit` times); the names passed. */
async function tabTo(page: Page, name: string, limit = 80): Promise<string[]> {
  const passed: string[] = [];
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    const now = (await focused(page)).name.trim();
    passed.push(now);
    if (now.replace(/^←/, '') === name) return passed;
  }
  throw new Error(`Tab never reached "${name}"; passed ${passed.join(' | ')}`);
}

const unique = (label: string) =>
  `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

for (const [lang, t] of Object.entries(texts)) {
  describe(`the article's rating and comments by keyboard at 320 x 640 (${lang})`, () => {
    it('reaches every control from the top, marks what is wrong beside it and keeps focus after sending', async () => {
      const page = await newPage({
        viewport: { width: 320, height: 640 },
        locale: lang === 'bg' ? 'bg-BG' : 'en-US',
      });
      await page.goto(t.path, { waitUntil: 'load' });
      await islandRuntime(page);
      expect(await page.evaluate(() => scrollY)).toBe(0);

      // Down the page: the star group (one Tab stop), the e-mail and the button, then the comment form,
      // then the link after them: every control in order, none skipped.
      const passed = await tabTo(page, t.back);
      const controls = [t.stars[0], t.ratingEmail, t.send, t.name, t.commentEmail, t.comment, t.post];
      expect(passed.filter((name) => controls.includes(name ?? ''))).toEqual(controls);

      // Back up to the stars with Shift+Tab, four of them with the arrow keys, and send without an e-mail.
      for (let i = 0; i < 7; i++) await page.keyboard.press('Shift+Tab');
      // Into the group from below: on its first or last star (browsers differ while none is chosen).
      const landed = t.stars.indexOf((await focused(page)).name);
      expect([0, 4]).toContain(landed);
      expect(passed.filter((name) => t.stars.includes(name))).toEqual([t.stars[0]]);
      for (let i = landed; i !== 3; i += landed < 3 ? 1 : -1)
        await page.keyboard.press(landed < 3 ? 'ArrowRight' : 'ArrowLeft');
      expect((await focused(page)).name).toBe(t.stars[3]);
      expect(await page.getByLabel(t.stars[3] ?? '', { exact: true }).isChecked()).toBe(true);
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      expect((await focused(page)).name).toBe(t.send);
      await page.keyboard.press('Enter');
      // Focus on the e-mail field, marked and described.
      await expect.poll(async () => (await focused(page)).name).toBe(t.ratingEmail);
      expect(await focused(page)).toMatchObject({ invalid: 'true' });
      expect((await focused(page)).described).toContain(t.emailRequired);
      // Still described while wrong, cleared once right.
      await page.keyboard.type('me@');
      expect((await focused(page)).described).toContain(t.invalidEmail);
      for (let i = 0; i < 3; i++) await page.keyboard.press('Backspace');
      await page.keyboard.type(unique(`keys-${lang}`));
      expect(await focused(page)).toMatchObject({ invalid: null });
      await page.keyboard.press('Tab');
      await page.keyboard.press('Space');
      // Sent: focus on the status, not on the page.
      await expect.poll(async () => (await focused(page)).text).toBe(t.thanks);

      // The comment form: sent empty, both required fields marked, focus on the first.
      await tabTo(page, t.post, 6);
      await page.keyboard.press('Enter');
      await expect.poll(async () => (await focused(page)).name).toBe(t.name);
      expect(await focused(page)).toMatchObject({ invalid: 'true' });
      expect((await focused(page)).described).toContain(t.nameRequired);
      expect(
        await page.getByRole('textbox', { name: t.comment, exact: true }).getAttribute('aria-invalid'),
      ).toBe('true');
      const commentHelp = await page
        .getByRole('textbox', { name: t.comment, exact: true })
        .evaluate(
          (field) => document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent,
        );
      expect(commentHelp).toBe(t.commentRequired);
      // Corrected and sent: focus on the new comment.
      await page.keyboard.type('Keyboard Reader');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      const words = `Typed with keys only ${Date.now()}`;
      await page.keyboard.type(words);
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await expect.poll(async () => (await focused(page)).text).toContain(words);
      expect(await page.evaluate(() => document.activeElement?.hasAttribute('data-comment'))).toBe(true);
      await page.context().close();
    });

    it('keeps a toast while it has focus, closes it with Escape, and never lets it cover the focused field', async () => {
      const page = await newPage({
        viewport: { width: 320, height: 640 },
        locale: lang === 'bg' ? 'bg-BG' : 'en-US',
      });
      // A failure no field can say, so a toast says it (and the line under the form, where focus goes).
      await page.route('**/api/articles/*/rating', (route) =>
        route.request().method() === 'POST'
          ? route.fulfill({ status: 500, json: { error: 'down' } })
          : route.continue(),
      );
      await page.goto(t.path, { waitUntil: 'load' });
      await islandRuntime(page);
      await tabTo(page, t.stars[0] ?? '');
      await page.keyboard.press('ArrowRight');
      expect((await focused(page)).name).toBe(t.stars[1]);
      await page.keyboard.press('Tab');
      expect((await focused(page)).name).toBe(t.ratingEmail);
      await page.keyboard.type('reader@example.com');
      await page.keyboard.press('Tab');
      expect((await focused(page)).name).toBe(t.send);
      await page.keyboard.press('Enter');
      const toast = page.locator('[data-sonner-toast]');
      await toast.waitFor();
      // The pointer rests on the toast, which holds its 4 s, until focus is inside it: on a busy machine
      // the walk there can take longer. Then it leaves, and focus alone must keep the toast.
      await toast.hover();
      await expect.poll(async () => (await focused(page)).name).toBe(t.ratingError);
      // The toast sits at the bottom; the focused field, and each control Tab moves to next, stays
      // above it (the page scrolls them clear).
      const overlap = async () =>
        page.evaluate(() => {
          const field = document.activeElement?.getBoundingClientRect();
          const shown = [...document.querySelectorAll('[data-sonner-toast]')].map((e) =>
            e.getBoundingClientRect(),
          );
          return shown.some((r) => field && r.top < field.bottom && r.bottom > field.top);
        });
      await page.waitForTimeout(500);
      const where = () =>
        page.evaluate(() =>
          JSON.stringify({
            focused: document.activeElement?.getBoundingClientRect(),
            toasts: [...document.querySelectorAll('[data-sonner-toast]')].map((e) =>
              e.getBoundingClientRect(),
            ),
            padding: document.documentElement.style.scrollPaddingBottom,
            scrollY,
          }),
        );
      expect(await overlap(), await where()).toBe(false);
      for (const next of [t.name, t.commentEmail, t.comment]) {
        await page.keyboard.press('Tab');
        expect((await focused(page)).name).toBe(next);
        await expect.poll(overlap, { message: next }).toBe(false);
      }
      expect(await page.getByRole('button', { name: t.close }).count()).toBe(1);

      // On along the page into the toast: it stays past its 4 s while focused, with a focus ring.
      const inToast = () =>
        page.evaluate(() => document.activeElement?.closest('[data-sonner-toaster]') !== null);
      await tabTo(page, t.back, 4);
      for (let i = 0; i < 4 && !(await inToast()); i++) await page.keyboard.press('Tab');
      expect(await inToast()).toBe(true);
      await page.mouse.move(0, 0);
      const outline = await page.evaluate(
        () => getComputedStyle(document.activeElement as Element).outlineStyle,
      );
      expect(outline).not.toBe('none');
      await page.waitForTimeout(5000);
      expect(await toast.count()).toBe(1);
      // Escape closes it, and focus goes back to where it came from.
      await page.keyboard.press('Escape');
      await expect.poll(() => toast.count()).toBe(0);
      expect((await focused(page)).name.replace(/^←/, '')).toBe(t.back);

      // Escape from the page closes a toast too.
      await page.getByRole('button', { name: t.send }).focus();
      await page.keyboard.press('Enter');
      await toast.first().waitFor();
      await page.keyboard.press('Escape');
      await expect.poll(() => toast.count()).toBe(0);
      await page.context().close();
    });
  });
}

describe('the title at 320 px with the text spacing a reader may set', () => {
  for (const path of ['/', '/bg/']) {
    it(`breaks between words, never inside one (${path})`, async () => {
      const page = await newPage({ viewport: { width: 320, height: 640 } });
      await page.goto(path);
      await page.addStyleTag({
        content:
          '* { letter-spacing: 0.12em !important; word-spacing: 0.16em !important; line-height: 1.5 !important; } p { margin-bottom: 2em !important; }',
      });
      await page.evaluate(() => document.fonts.ready);
      const lines = await page.locator('h1').evaluate((title) => {
        const text = title.firstChild?.textContent ?? '';
        return [...text.matchAll(/\S+/g)].map((word) => {
          const range = document.createRange();
          range.setStart(title.firstChild as Node, word.index ?? 0);
          range.setEnd(title.firstChild as Node, (word.index ?? 0) + word[0].length);
          return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
        });
      });
      expect(lines.length).toBeGreaterThan(1);
      expect(lines.every((count) => count === 1)).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
      await page.context().close();
    });
  }
});
