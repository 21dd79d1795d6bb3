import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

/** Debian's Chromium (no browser can be downloaded here); CHROMIUM_PATH points elsewhere if needed. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

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
  if (!existsSync(chromiumPath))
    throw new Error(`Chromium not found at ${chromiumPath}: apt-get install -y chromium`);
  return chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
}
