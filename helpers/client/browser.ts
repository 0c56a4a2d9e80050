// The one way the suite starts a browser: Debian's chromium by executablePath (Playwright's builds cannot be downloaded here),
// headless, background services off (a closed network refuses their connections).
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
