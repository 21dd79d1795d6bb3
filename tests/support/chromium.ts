import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';
import { oneWait } from './patience.ts';

/**
 * Debian's Chromium without the browser around it (no browser can be downloaded here; this is what
 * Playwright itself uses for headless tests). Headless, the full browser keeps its hidden address-bar
 * popup page rendering: a third of a core all the time, three times the processor time per page, and
 * longer tasks in the page it measures. HEADLESS_SHELL_PATH points elsewhere.
 */
export const headlessShellPath = process.env.HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';

/** Flags that keep headless Chromium off the (closed) network and quiet. */
export const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * The headless shell, whose every context waits up to `oneWait` rather than Playwright's 30 s, which a
 * busy machine can exceed.
 */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(headlessShellPath))
    throw new Error(
      `Chromium's headless shell not found at ${headlessShellPath}: apt-get install -y chromium-headless-shell`,
    );
  const browser = await chromium.launch({
    executablePath: headlessShellPath,
    args: chromiumFlags,
    timeout: oneWait,
  });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    context.setDefaultTimeout(oneWait);
    return context;
  };
  return browser;
}
