import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage, withBrowser } from '../support/browser.ts';

withBrowser();

// An answer at the first touch: a control shows it was pressed in the next frame, from the page's own
// CSS, while its widget's script is still on its way (held back here, as a slow network would).

/** Holds back every request matching `pattern` until `release()`. */
async function holdBack(page: Page, pattern: RegExp) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(pattern, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** The control's computed transform in the first frame after a click on it. */
async function transformAfterClick(control: Locator): Promise<string> {
  // Listening on the window, before the widget's own listener, which keeps the press from the control.
  await control.evaluate((element) => {
    const frame = new Promise<string>((resolve) =>
      addEventListener(
        'click',
        () => requestAnimationFrame(() => resolve(getComputedStyle(element).transform)),
        { capture: true, once: true },
      ),
    );
    (globalThis as { pressedFrame?: Promise<string> }).pressedFrame = frame;
  });
  await control.click();
  return control.evaluate(() => (globalThis as { pressedFrame?: Promise<string> }).pressedFrame ?? '');
}

const widths = (control: Locator) => control.evaluate((element) => element.getBoundingClientRect().width);

for (const t of [
  { lang: 'en', home: '/', button: 'GET WISDOM', busy: 'GENERATING...', subscribe: 'Subscribe' },
  { lang: 'bg', home: '/bg/', button: 'ДАЙ МЪДРОСТ', busy: 'ГЕНЕРИРАМ...', subscribe: 'Абонирай се' },
] as const) {
  describe(`a press before the widgets have loaded (${t.lang})`, () => {
    it('shows GET WISDOM pressed in the next frame and until its tip comes', async () => {
      const page = await newPage({ viewport: { width: 320, height: 640 } });
      const release = await holdBack(page, /\/_astro\/AdviceGenerator\.[^/]+\.js$/);
      await page.goto(t.home);
      const button = page.getByRole('button', { name: t.button });
      expect(await button.evaluate((element) => getComputedStyle(element).transform)).toBe('none');
      expect(await transformAfterClick(button)).not.toBe('none');
      // Still shown while the script is held back: the press is kept, and seen to be.
      expect(await page.locator('astro-island[ssr][component-url*="/AdviceGenerator."]').count()).toBe(1);
      expect(await button.evaluate((element) => getComputedStyle(element).transform)).not.toBe('none');
      release();
      await page.locator('[data-advice-card] blockquote').waitFor();
      await expect.poll(() => button.evaluate((element) => element.hasAttribute('data-held'))).toBe(false);
      await page.context().close();
    });

    it('shows the subscribe button pressed in the next frame, before its script', async () => {
      const page = await newPage();
      const release = await holdBack(page, /\/_astro\/SubscribeBox\.[^/]+\.js$/);
      await page.goto(t.home);
      const button = page.getByRole('button', { name: t.subscribe });
      await button.scrollIntoViewIfNeeded();
      expect(await transformAfterClick(button)).not.toBe('none');
      release();
      await expect.poll(() => button.evaluate((element) => element.hasAttribute('data-held'))).toBe(false);
      await page.context().close();
    });

    it('keeps GET WISDOM the same size while it is busy', async () => {
      const page = await newPage({ viewport: { width: 320, height: 640 } });
      const release = await holdBack(page, /tips\.json$/);
      await page.goto(t.home);
      const button = page.getByRole('button', { name: t.button });
      await page.waitForFunction(() => !document.querySelector('astro-island[ssr]'));
      const idle = await widths(button);
      await button.click();
      const busy = page.getByRole('button', { name: t.busy });
      await busy.waitFor();
      expect(await widths(busy)).toBe(idle);
      release();
      await page.locator('[data-advice-card] blockquote').waitFor();
      expect(await widths(button)).toBe(idle);
      await page.context().close();
    });

    it('shows a link pressed while it is held down, with no script at all', async () => {
      const page = await newPage({ javaScriptEnabled: false });
      await page.goto(t.home);
      const link = page.locator('header nav a').first();
      const box = await link.boundingBox();
      await page.mouse.move((box?.x ?? 0) + 5, (box?.y ?? 0) + 5);
      await page.mouse.down();
      expect(await link.evaluate((element) => getComputedStyle(element).transform)).not.toBe('none');
      await page.context().close();
    });
  });
}
