// Moderation from the operator's side, on the built site served with the real functions and a real
// SMTP server: a reader's comment with a link is held, a letter reaches ADMIN_EMAIL, its approve link
// opens the page that shows the comment (opening it changes nothing), and the page's button publishes
// it, after which it shows on the article. A used link then says so; the Bulgarian page works alike.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { expectAccessible } from '../support/browser.ts';
import { builtDir } from '../support/builtSite.ts';
import { launchChromium } from '../support/chromium.ts';
import { behindProxy, type Served, startServe } from '../support/processes.ts';
import { startSmtpServer, type TestSmtp } from '../support/smtpServer.ts';

const operator = 'operator@example.com';

let browser: Browser;
let server: Served;
let smtp: TestSmtp;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'advice-moderation-e2e-'));
  smtp = await startSmtpServer();
  [server, browser] = await Promise.all([
    behindProxy().then((proxied) =>
      startServe({
        DATA_DIR: dataDir,
        DIST_DIR: builtDir,
        ...proxied,
        SMTP_URL: smtp.url,
        ADMIN_EMAIL: operator,
      }),
    ),
    launchChromium(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function hydrated(page: Page, selector: string) {
  await page.locator(selector).scrollIntoViewIfNeeded();
  await page.waitForFunction((s) => {
    const island = document.querySelector(s)?.closest('astro-island');
    return island !== null && island !== undefined && !island.hasAttribute('ssr');
  }, selector);
}

const commentsOf = (page: Page, articleId: number) =>
  page.request
    .get(`/api/articles/${articleId}/comments`)
    .then(async (answer) => ((await answer.json()) as { comments: { comment: string }[] }).comments);

it('mails a held comment to the operator, whose approve link opens a page whose button publishes it', async () => {
  const context = await browser.newContext({
    baseURL: server.url,
    extraHTTPHeaders: { 'X-Forwarded-For': '10.251.0.1' },
  });
  const page = await context.newPage();
  const text = `Useful: https://example.org/help?id=${Date.now()}`;

  await page.goto('/blog/1');
  await hydrated(page, '[data-comments]');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Reader <i>One</i>');
  await page.getByRole('textbox', { name: 'Comment', exact: true }).fill(text);
  await page.getByRole('button', { name: 'Post comment' }).click();
  await page.getByRole('status').getByText('it will appear after a quick review', { exact: false }).waitFor();

  const [letter] = await smtp.waitFor(1);
  expect(letter?.to).toEqual([operator]);
  expect(letter?.mail.subject).toMatch(/^A comment waits for your review on “.+”$/);
  expect(letter?.mail.text).toContain(text);
  expect(letter?.mail.text).toContain('Reader <i>One</i>');
  const link = (action: 'a' | 'h') =>
    new RegExp(`${server.url}/moderate#token=${action}\\.[A-Za-z0-9._-]+`).exec(
      letter?.mail.text ?? '',
    )?.[0] ?? '';
  const approve = link('a');
  expect(approve).not.toBe('');

  // Opening the link shows the comment as text and changes nothing.
  const operatorPage = await context.newPage();
  await operatorPage.goto(approve);
  await operatorPage.getByText('Publish this comment under the article?', { exact: false }).waitFor();
  await operatorPage.locator('[data-field="comment"]').getByText(text).waitFor();
  await operatorPage.locator('[data-field="name"]').getByText('Reader <i>One</i>').waitFor();
  expect(await operatorPage.locator('[data-field] i').count()).toBe(0);
  await expectAccessible(operatorPage);
  // The token leaves the address once read, and the page sends no referrer.
  expect(new URL(operatorPage.url()).search).toBe('');
  expect(await operatorPage.locator('meta[name="referrer"]').getAttribute('content')).toBe('no-referrer');
  await operatorPage.goto(approve);
  await operatorPage.getByRole('button', { name: 'Publish the comment' }).waitFor();
  expect((await commentsOf(page, 1)).map((c) => c.comment)).not.toContain(text);

  await operatorPage.getByRole('heading', { level: 1, name: 'A held comment', exact: true }).waitFor();
  await operatorPage.getByRole('button', { name: 'Publish the comment' }).click();
  await operatorPage.getByText('Published: the comment now shows under the article.').waitFor();
  await operatorPage.getByRole('heading', { level: 1, name: 'Comment published', exact: true }).waitFor();
  await expect
    .poll(() => operatorPage.evaluate(() => document.activeElement?.textContent?.trim()))
    .toBe('Open the article');

  await page.reload();
  await hydrated(page, '[data-comments]');
  await page.locator('[data-comment]').getByText(text).waitFor();

  // The same link again: already decided, and no button.
  await operatorPage.goto(approve);
  await operatorPage.getByText('This link was already used: the comment is approved.').waitFor();
  await operatorPage.getByRole('heading', { level: 1, name: 'Comment published', exact: true }).waitFor();
  expect(await operatorPage.getByRole('button', { name: 'Publish the comment' }).isVisible()).toBe(false);
  await context.close();
});

it('says in Bulgarian when a link is not valid', async () => {
  const context = await browser.newContext({ baseURL: server.url, locale: 'bg-BG' });
  const page = await context.newPage();
  await page.goto('/bg/moderate?token=a.1.abc.forged');
  await page.getByText('Тази връзка не работи.', { exact: false }).waitFor();
  expect(await page.locator('[data-comment]').isVisible()).toBe(false);
  await expectAccessible(page);
  await context.close();
});
