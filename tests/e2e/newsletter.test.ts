// The newsletter from a reader's side, in Bulgarian: subscribe on the home page, open the link from the
// letter the server wrote to its outbox (no SMTP_URL), press the page's button, see the confirmation;
// then open the letter's unsubscribe link, press the button, and the address is gone. Opening a link
// alone (as mail scanners do) changes nothing, in either language: the operator's export says so.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { actOnPage, expectAccessible } from '../support/browser.ts';
import { builtDir } from '../support/builtSite.ts';
import { launchChromium } from '../support/chromium.ts';
import { behindProxy, runScript, type Served, startServe } from '../support/processes.ts';

let browser: Browser;
let server: Served;
let dataDir: string;
let env: Record<string, string>;

beforeAll(async () => {
  // A server of its own, so the test can read the outbox in its data folder.
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'advice-newsletter-e2e-'));
  [server, browser] = await Promise.all([
    behindProxy().then((proxied) => {
      env = { DATA_DIR: dataDir, DIST_DIR: builtDir, ...proxied };
      return startServe(env);
    }),
    launchChromium(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Letter number `count` in the outbox (files are named by time), parsed, once the server wrote it (however long that takes; a server that stopped fails the wait). */
async function letterInOutbox(count = 1) {
  const outbox = path.join(dataDir, 'outbox');
  for (;;) {
    const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((f) => f.endsWith('.eml')) : [];
    if (files.length >= count) {
      expect(files).toHaveLength(count);
      return simpleParser(fs.readFileSync(path.join(outbox, files.sort()[count - 1] ?? '')));
    }
    if (server.child.exitCode !== null) throw new Error(`no letter in ${outbox}:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The subscription's status as the operator's export tells it, through the running server. */
async function statusOf(email: string): Promise<string | undefined> {
  const exported = await runScript('functions/cli/admin.ts', ['export', email], env);
  expect(exported.code, exported.stderr).toBe(0);
  return JSON.parse(exported.stdout).subscription?.status;
}

/** The first letter in the outbox to `email` with `subject`, once the server wrote it. */
async function letterTo(email: string, subject: string) {
  const outbox = path.join(dataDir, 'outbox');
  for (;;) {
    for (const file of fs.existsSync(outbox)
      ? fs.readdirSync(outbox).filter((f) => f.endsWith('.eml'))
      : []) {
      const letter = await simpleParser(fs.readFileSync(path.join(outbox, file)));
      if (letter.subject === subject && letter.to && 'text' in letter.to && letter.to.text === email)
        return letter;
    }
    if (server.child.exitCode !== null)
      throw new Error(`no letter to ${email} in ${outbox}:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const subscribeStatus = (page: Page, email: string) =>
  page.request.post('/api/subscribe', { data: { email, language: 'bg' } }).then((answer) => answer.status());

it('subscribes on the Bulgarian home page, confirms from the letter, and unsubscribes with one button', async () => {
  const context = await browser.newContext({
    baseURL: server.url,
    locale: 'bg-BG',
    extraHTTPHeaders: { 'X-Forwarded-For': '10.250.0.1' },
  });
  const page = await context.newPage();
  const email = `reader-${Date.now()}@example.com`;

  await page.goto('/bg/');
  // The box says what a subscriber gets.
  await page.getByText('Курс от пет кратки, топли писма за 30 дни', { exact: false }).waitFor();
  const input = page.getByLabel('Имейл адрес');
  await input.scrollIntoViewIfNeeded();
  await actOnPage(page);
  await page.waitForFunction(
    () => !document.querySelector('form input[type="email"]')?.closest('astro-island[ssr]'),
  );
  await input.fill(email);
  await page.getByRole('button', { name: 'Абонирай се' }).click();
  await page.locator('[data-subscribed]').getByText('Писмото е на път: остава една стъпка.').waitFor();
  await page.getByText('Натисни бутона в него, за да потвърдиш адреса си', { exact: false }).waitFor();

  const letter = await letterInOutbox();
  expect(letter.to && 'text' in letter.to ? letter.to.text : '').toBe(email);
  expect(letter.subject).toBe('Потвърди абонамента си: отвори връзката и натисни веднъж');
  const link = (pagePath: string) =>
    new RegExp(`${server.url}${pagePath}#token=[A-Za-z0-9._-]+`).exec(letter.text ?? '')?.[0] ?? '';
  const confirmLink = link('/bg/subscribe/confirm');
  const unsubscribeLink = link('/bg/unsubscribe');
  expect(confirmLink).not.toBe('');
  expect(unsubscribeLink).not.toBe('');
  // The serve process prints the link just after it writes the file.
  await expect.poll(() => server.output()).toContain(confirmLink);

  // Opening the link changes nothing: the page says what a press does, and the address stays pending.
  await page.goto(confirmLink);
  expect(await page.locator('html').getAttribute('lang')).toBe('bg');
  await page.getByText('Само отварянето на страницата не променя нищо.').waitFor();
  await page.waitForLoadState('networkidle');
  expect(await statusOf(email)).toBe('pending');
  await page.getByRole('button', { name: 'Потвърди абонамента ми' }).click();
  await page.getByText('Успешно се абонира!').waitFor();
  await page.getByText('Първото от петте писма на курса вече пътува.', { exact: false }).waitFor();
  expect(await statusOf(email)).toBe('confirmed');
  await expectAccessible(page);
  // Confirming started the course: its welcome letter follows within seconds.
  expect((await letterInOutbox(2)).subject).toBe('Трийсет дни писма, после те пускаме');
  // The token leaves the address once read, and the page sends no referrer.
  expect(page.url()).toBe(`${server.url}/bg/subscribe/confirm`);
  expect(await page.locator('meta[name="referrer"]').getAttribute('content')).toBe('no-referrer');
  // The link is single use: opened again and pressed, the page says so kindly.
  await page.goto(confirmLink);
  await page.getByRole('button', { name: 'Потвърди абонамента ми' }).click();
  await page.getByText('Тази връзка вече е използвана: абонаментът ти е потвърден.').waitFor();

  // Opening the unsubscribe page changes nothing by itself (link scanners open links too).
  await page.goto(unsubscribeLink);
  await page.getByRole('heading', { name: 'Отписване' }).waitFor();
  await expectAccessible(page);
  await page.waitForURL(`${server.url}/bg/unsubscribe`);
  expect(await page.locator('meta[name="referrer"]').getAttribute('content')).toBe('no-referrer');
  expect(await subscribeStatus(page, email)).toBe(409);

  await page.getByRole('button', { name: 'Отпиши ме' }).click();
  await page.getByText('Готово. Адресът ти е изтрит').waitFor();
  expect(await page.getByRole('button', { name: 'Отпиши ме' }).isVisible()).toBe(false);
  // The row is gone: the same address can subscribe afresh.
  expect(await subscribeStatus(page, email)).toBe(201);
  await context.close();
});

it('confirms nothing in English either until the button is pressed', async () => {
  const context = await browser.newContext({
    baseURL: server.url,
    locale: 'en-US',
    extraHTTPHeaders: { 'X-Forwarded-For': '10.250.0.2' },
  });
  const page = await context.newPage();
  const email = `press-${Date.now()}@example.com`;
  expect((await page.request.post('/api/subscribe', { data: { email, language: 'en' } })).status()).toBe(201);
  const letter = await letterTo(email, 'Confirm your subscription: open the link, then press once');
  expect(letter.text).toContain('where one more press confirms');
  expect(letter.text).toContain('five course letters over 30 days');
  expect(letter.text).toContain('and any issue we send meanwhile');
  const confirmLink = new RegExp(`${server.url}/subscribe/confirm#token=[A-Za-z0-9._-]+`).exec(
    letter.text ?? '',
  )?.[0];
  expect(confirmLink).toBeTruthy();

  await page.goto(confirmLink ?? '');
  await page.getByText('Opening this page alone changes nothing.').waitFor();
  await page.waitForLoadState('networkidle');
  // Opened twice, as a scanner and then the reader might: still pending.
  await page.goto(confirmLink ?? '');
  await page.waitForLoadState('networkidle');
  expect(await statusOf(email)).toBe('pending');
  await page.getByRole('button', { name: 'Confirm my subscription' }).click();
  // The product's own words, now that they are true (DECISIONS.md, 2026-11-27).
  await page.getByText('Successfully subscribed!').waitFor();
  expect(await page.getByRole('button', { name: 'Confirm my subscription' }).isVisible()).toBe(false);
  expect(await statusOf(email)).toBe('confirmed');
  await context.close();
});

it('says a forged confirmation link does not work and offers to subscribe again', async () => {
  const context = await browser.newContext({ baseURL: server.url, locale: 'en-US' });
  const page = await context.newPage();
  await page.goto('/subscribe/confirm#token=forged.token.value');
  await page.getByRole('button', { name: 'Confirm my subscription' }).click();
  await page.getByText('This link does not work.').waitFor();
  await page.getByRole('link', { name: 'Subscribe again' }).waitFor();
  await page.goto('/unsubscribe?token=forged.token.value');
  await page.getByRole('button', { name: 'Unsubscribe me' }).click();
  await page.getByText('This link does not work. Check that it was copied whole from the letter.').waitFor();
  await context.close();
});

for (const [lang, t] of Object.entries({
  en: {
    path: '/unsubscribe',
    how: 'To unsubscribe, press “Unsubscribe” at the end of any of our letters',
    button: 'Unsubscribe me',
    home: 'Back to the advice',
  },
  bg: {
    path: '/bg/unsubscribe',
    how: 'За да се отпишеш, натисни „Отпиши се“ в края на което и да е наше писмо',
    button: 'Отпиши ме',
    home: 'Обратно към съветите',
  },
})) {
  it(`says how to unsubscribe on ${t.path} opened without a letter's link, with no button that could only fail`, async () => {
    const context = await browser.newContext({
      baseURL: server.url,
      locale: lang === 'bg' ? 'bg-BG' : 'en-US',
    });
    const page = await context.newPage();
    await page.goto(t.path);
    await page.getByText(t.how).waitFor();
    expect(await page.getByRole('button', { name: t.button }).isVisible()).toBe(false);
    await page.getByRole('link', { name: t.home }).waitFor();
    await expectAccessible(page);
    await context.close();
  });
}
