// The one way the suite starts a real browser: Debian's chromium through Playwright's
// executablePath (Playwright's own browser builds cannot be downloaded here), headless, with the
// background services off (a closed network refuses their connections, many at a time).
import fs from 'node:fs';
import { chromium, type Browser } from '@playwright/test';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** Why no browser can be started here, or undefined when one can. */
export function browserMissing(): string | undefined {
  return fs.existsSync(CHROMIUM_PATH)
    ? undefined
    : `needs Debian's chromium at ${CHROMIUM_PATH} (apt-get install chromium, or set CHROMIUM_PATH)`;
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}
