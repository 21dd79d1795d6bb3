import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/chromium.ts';
import { type ServedSite, serveSite } from '../support/serveSite.ts';

// A second build of the site with an operator's tag configured, served on its own.
let outDir: string;
let site: ServedSite;
let browser: Browser;

beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), 'advice-tagged-'));
  const build = spawnSync('node_modules/.bin/astro', ['build', '--outDir', outDir], {
    env: { ...process.env, PUBLIC_GTM_ID: 'GTM-TEST123' },
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`Tagged build failed:\n${build.stdout}\n${build.stderr}`);
  site = await serveSite({ DIST_DIR: outDir });
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await site?.stop();
  rmSync(outDir, { recursive: true, force: true });
});

async function visit(): Promise<{ page: Page; tagRequests: string[] }> {
  const context = await browser.newContext({ baseURL: site.baseURL });
  const tagRequests: string[] = [];
  await context.route('https://www.googletagmanager.com/**', (route) => {
    tagRequests.push(route.request().url());
    return route.fulfill({ contentType: 'text/javascript', body: '/* stand-in for the tag */' });
  });
  const page = await context.newPage();
  return { page, tagRequests };
}

describe('an operator tag', () => {
  it('loads nothing until the visitor accepts, then loads it with ad signals off', async () => {
    const { page, tagRequests } = await visit();
    await page.goto('/', { waitUntil: 'networkidle' });
    const banner = page.locator('[data-consent-banner]');
    expect(await banner.isVisible()).toBe(true);
    expect(tagRequests).toEqual([]);
    expect(await page.evaluate(() => 'dataLayer' in window)).toBe(false);
    await page.getByRole('button', { name: 'Accept' }).click();
    await expect.poll(() => tagRequests).toEqual(['https://www.googletagmanager.com/gtm.js?id=GTM-TEST123']);
    expect(await banner.isVisible()).toBe(false);
    const layer = await page.evaluate(() =>
      JSON.stringify((window as unknown as { dataLayer: unknown[] }).dataLayer),
    );
    expect(layer).toContain('"allow_ad_personalization_signals":false');
    expect(layer).toContain('"page_view"');
    // The choice is remembered: the next page loads the tag without asking.
    await page.goto('/about', { waitUntil: 'networkidle' });
    expect(await banner.isVisible()).toBe(false);
    expect(tagRequests).toHaveLength(2);
    await page.context().close();
  });

  it('makes rejecting as easy as accepting, and remembers it', async () => {
    const { page, tagRequests } = await visit();
    await page.goto('/bg/', { waitUntil: 'networkidle' });
    const reject = page.getByRole('button', { name: 'Отказвам' });
    const accept = page.getByRole('button', { name: 'Приемам' });
    const [rejectBox, acceptBox] = [await reject.boundingBox(), await accept.boundingBox()];
    expect(rejectBox?.height).toBe(acceptBox?.height);
    await reject.click();
    await page.goto('/bg/about', { waitUntil: 'networkidle' });
    expect(await page.locator('[data-consent-banner]').isVisible()).toBe(false);
    expect(tagRequests).toEqual([]);
    await page.context().close();
  });
});
