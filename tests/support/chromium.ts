import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

/** Debian's Chromium (no browser can be downloaded here), for Lighthouse; CHROMIUM_PATH points elsewhere. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Debian's build of the same engine without the browser around it (what Playwright itself uses for
 * headless tests), for the browser tests: the full browser keeps its address-bar popup page busy in
 * the background, and it costs about three times the processor time per page. HEADLESS_SHELL_PATH
 * points elsewhere.
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

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(headlessShellPath))
    throw new Error(
      `Chromium's headless shell not found at ${headlessShellPath}: apt-get install -y chromium-headless-shell`,
    );
  return chromium.launch({ executablePath: headlessShellPath, args: chromiumFlags });
}
