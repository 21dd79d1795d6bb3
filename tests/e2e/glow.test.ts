import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { newPage, withBrowser } from '../support/browser.ts';

withBrowser();

// The site's purple glow opens every page, long or short: on a long page it was placed in % of the
// page's height, above the first screen, and the page opened on flat night blue (#140b2b, red 20).

/** The mean red of the page's left margin (nothing drawn there but the background), near the top. */
async function marginRed(page: Page): Promise<number> {
  const shot = await page.screenshot({ clip: { x: 0, y: 80, width: 12, height: 80 } });
  const { data, info } = await sharp(shot).raw().toBuffer({ resolveWithObject: true });
  let red = 0;
  for (let i = 0; i < data.length; i += info.channels) red += data[i] ?? 0;
  return red / (data.length / info.channels);
}

describe('the glow', () => {
  it('is on the first screen of long pages as of short ones, in both languages', async () => {
    const page = await newPage({ viewport: { width: 390, height: 844 } });
    const reds: Record<string, number> = {};
    for (const path of ['/', '/bg/', '/about', '/tips', '/bg/tips', '/blog/1', '/bg/blog/1']) {
      await page.goto(path);
      reds[path] = Math.round(await marginRed(page));
    }
    const home = reds['/'] ?? 0;
    expect(home).toBeGreaterThan(35);
    for (const [path, red] of Object.entries(reds)) expect(Math.abs(red - home), path).toBeLessThanOrEqual(4);
    await page.context().close();
  });
});
