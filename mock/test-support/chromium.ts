// Debian's Chromium for the browser tests, driven by playwright-core (never a downloaded browser).
import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

export const CHROMIUM = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
  (path): path is string => !!path && existsSync(path),
);

/** Says why a browser test is skipped, once per file, when no Chromium can be had. */
export function warnIfNoChromium(test: string): void {
  if (!CHROMIUM)
    console.warn(
      `${test} skipped: no Chromium at /usr/bin/chromium (install the Debian package "chromium" or set CHROMIUM_PATH)`,
    );
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM!,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
