// Completes the stand-in's Connect page in a browser as a person would, each FinBank bank with its documented test profile;
// stand-in only (`npm run mock -- --as-sandbox`: FD_CONNECT_IN_BROWSER=true), for `npm run sandbox:prepare --complete-stand-in`
// and checks linking accounts of their own (fixtures/financial-data/customers.ts fdConnect, behind fdPowers.linkAccounts).
import type { Browser } from '@playwright/test';
import { browserMissing, launchChromium } from '../../client/browser.js';

/** Signs in at every FinBank bank of the Connect page at `url`; answers how many were linked. */
export async function completeConnectPage(browser: Browser, url: string, profile: { username: string; password: string }): Promise<number> {
  // The stand-in serves its Connect links over HTTPS with a certificate it made at start (mocks/kit/tls.ts).
  const context = await browser.newContext({ ignoreHTTPSErrors: true });
  try {
    const page = await context.newPage();
    await page.goto(url);
    const banks = await page
      .locator('select[name="institutionId"] option')
      .evaluateAll((options) => options.map((o) => ({ value: (o as HTMLOptionElement).value, text: o.textContent ?? '' })));
    const finbanks = banks.filter((b) => /finbank/i.test(b.text) && b.value);
    if (finbanks.length === 0) throw new Error('the Connect page offers no FinBank bank');
    let linked = 0;
    for (const bank of finbanks) {
      await page.goto(url);
      await page.locator('select[name="institutionId"]').selectOption(bank.value);
      await page.locator('input[name="username"]').fill(profile.username);
      await page.locator('input[name="password"]').fill(profile.password);
      await page.locator('#connect-submit').click();
      const result = (await page.locator('#connect-result').textContent({ timeout: 10_000 }))?.trim();
      if (result !== 'linked') throw new Error(`signing in to ${bank.text.trim()} answered '${result}'`);
      linked++;
    }
    return linked;
  } finally {
    await context.close();
  }
}

/** The same in a browser of its own, started and closed here (sandbox:prepare). */
export async function completeStandInConnect(url: string, profile: { username: string; password: string }): Promise<number> {
  const missing = browserMissing();
  if (missing) throw new Error(`cannot complete the Connect page: ${missing}`);
  const browser = await launchChromium();
  try {
    return await completeConnectPage(browser, url, profile);
  } finally {
    await browser.close();
  }
}
