// Covers: the sandbox stand-in (mocks/stand-in.ts) of each service: no /__mock/ route answers, the
// request-rate limit (429 in the service's error shape with Retry-After, counted), env() giving what a
// sandbox .env needs (helpers/config/env-schema.ts) in lines dotenv reads back. Financial data: the
// testing-customer quota of the provider Test the APIs page (100 per partner), the Connect page
// completed in a real browser for both FinBank institutions, refused credentials, the 20-account
// limit, bad input to the page, and the inventory of created objects.
import { parse as parseDotenv } from 'dotenv';
import { expect, test } from '../../../fixtures/self.js';
import { closing } from '../support.known.js';
import { browserMissing, launchChromium } from '../../../helpers/client/browser.js';
import { ENV_SCHEMA, ONE_OF } from '../../../helpers/config/env-schema.js';
import { serviceProfile } from '../../../helpers/contract/services.js';
import { loadContract } from '../../../helpers/contract/contract.js';
import { startFinancialDataMock } from '../../../mocks/financial-data/index.js';
import type { Account } from '../../../mocks/financial-data/state.js';
import { startStandIn, toDotenv, type StandInHandle, type StandInService } from '../../../mocks/stand-in.js';
import { addTesting, fdHeaders, newTestingCustomer } from './fd-stand-in.known.js';

const SERVICES: StandInService[] = ['card-enrollment', 'installments', 'financial-data'];
/** What the suite's preparation creates, or the user's own side (listener, receiver, issuer): never in env(). */
const NOT_PROVIDED = `FD_LINKED_CUSTOMER_ID FD_SAMPLE_REPORT_ID FD_SAMPLE_PORTFOLIO_ID FD_LISTENER_PUBLIC_URL FD_LISTENER_PORT
  INSTALLMENTS_RECEIVER_PUBLIC_URL INSTALLMENTS_RECEIVER_PORT INSTALLMENTS_ISSUER_ENDPOINT_URL INSTALLMENTS_ISSUER_ICA
  INSTALLMENTS_ISSUER_CID`.split(/\s+/);
/** The control routes of the kit and of the financial data mock. */
const CONTROL: [string, string][] = [
  ['GET', '/__mock/state'],
  ['GET', '/__mock/world'],
  ['GET', '/__mock/deliveries'],
  ['POST', '/__mock/reset'],
  ['POST', '/__mock/clock/advance'],
  ['PUT', '/__mock/faults'],
  ['POST', '/__mock/partners/unlock'],
  ['POST', '/__mock/customers/1005060001/link'],
  ['POST', '/__mock/customers/1005060001/security-freeze'],
  ['POST', '/__mock/app-registrations/1/reject'],
  ['POST', '/__mock/reports/generate'],
  ['POST', '/__mock/reports/abc/outcome'],
  ['GET', '/__mock/micro-entries/1'],
];

/** The body's shape against the service's error schemas (helpers/contract/services.ts). */
async function expectErrorShape(contracts: (s: string) => Promise<any>, service: string, body: unknown) {
  const contract = await contracts(service);
  const matches = serviceProfile(service).errorSchemas.some((name) => contract.component(name)(body));
  expect(matches, `${service} error body ${JSON.stringify(body)} matches one of ${serviceProfile(service).errorSchemas.join(', ')}`).toBe(
    true,
  );
}

for (const service of SERVICES) {
  test.describe(`${service} stand-in`, () => {
    test("no /__mock/ route answers: each is the service's own 404", async ({ contracts }) => {
      await closing(startStandIn(service), async (h) => {
        const unknown = await fetch(`${h.origin}/no-such-path`);
        const unknownBody = await unknown.json();
        expect(unknown.status).toBe(404);
        for (const [method, path] of CONTROL) {
          const res = await fetch(`${h.origin}${path}`, {
            method,
            headers: { 'content-type': 'application/json' },
            body: method === 'GET' ? undefined : '{"seconds": 60, "faults": [], "partnerId": "2445580002"}',
          });
          expect(res.status, `${method} ${path}`).toBe(404);
          const body = await res.json();
          // The same body as any unknown path, but for the path it names.
          expect(JSON.stringify(body).replace(/No route \w+ \S+?"/, 'X"')).toBe(
            JSON.stringify(unknownBody).replace(/No route \w+ \S+?"/, 'X"'),
          );
          await expectErrorShape(contracts, service, body);
        }
      });
    });

    test("over the request rate: 429 with Retry-After in the service's error shape, counted; then answered again", async ({
      contracts,
    }) => {
      const probeOf = (h: StandInHandle) =>
        service === 'financial-data' ? `${h.baseURL}/institution/v2/institutions` : `${h.origin}/keys`;
      await closing(startStandIn(service, { requestsPerSecond: 2 }), async (h) => {
        const probe = probeOf(h);
        const answers = await Promise.all(Array.from({ length: 6 }, () => fetch(probe)));
        const limited = answers.filter((r) => r.status === 429);
        // A burst of 2: the other 4 (at most a few more tokens refilled meanwhile) are refused.
        expect(limited.length).toBeGreaterThanOrEqual(3);
        expect(h.rateLimited()).toBe(limited.length);
        for (const res of limited) {
          expect(res.headers.get('retry-after')).toMatch(/^[1-9][0-9]*$/);
          await expectErrorShape(contracts, service, await res.json());
        }
        // The Connect page is a person's browser session, not a call of the partner's API: never limited.
        if (service === 'financial-data') {
          const pages = await Promise.all(Array.from({ length: 6 }, () => fetch(`${h.origin}/connect/no-such-session`)));
          expect(pages.map((r) => r.status)).not.toContain(429);
        }
        await new Promise((resolve) => setTimeout(resolve, 1000 * Number(limited[0].headers.get('retry-after'))));
        expect((await fetch(probe)).status).not.toBe(429);
      });
      // No limit asked: none applied.
      await closing(startStandIn(service), async (h) => {
        const answers = await Promise.all(Array.from({ length: 8 }, () => fetch(probeOf(h))));
        expect(answers.map((r) => r.status)).not.toContain(429);
        expect(h.rateLimited()).toBe(0);
      });
    });

    test('env() holds every service variable and one complete alternative of each one-of group, no prepared data, and reads back through dotenv', async () => {
      await closing(startStandIn(service), async (h) => {
        const env = h.env();
        const mine = ENV_SCHEMA.filter((e) => e.service === service);
        for (const e of mine.filter((x) => x.need === 'service')) expect(env[e.name], e.name).toBeTruthy();
        for (const group of new Set(mine.filter((x) => x.need === 'one-of').map((x) => x.group!))) {
          const complete = ONE_OF[group].some((alt) => alt.every((name) => Boolean(env[name])));
          expect(complete, `one complete alternative of ${group}`).toBe(true);
        }
        const names = mine.map((e) => e.name);
        for (const name of Object.keys(env)) expect(names, `${name} is a variable of helpers/config/env-schema.ts`).toContain(name);
        for (const name of NOT_PROVIDED) expect(env[name], name).toBeUndefined();
        for (const value of Object.values(env)) expect(typeof value).toBe('string');
        expect(env[Object.keys(env).find((k) => k.endsWith('_BASE_URL'))!]).toBe(h.baseURL);
        expect(parseDotenv(toDotenv(env))).toEqual(env);
        if (service === 'financial-data') expect(env.FD_HEADER_NAMES).toBe('provider');
        if (service === 'installments') expect(env.INSTALLMENTS_SIGNING_KEY_PEM).toContain('\n');
      });
    });
  });
}

// --- Financial data

test('financial data stand-in: the 101st live testing customer of a partner is a 400 naming the limit; a deleted one frees its place', async () => {
  await closing(startStandIn('financial-data'), async (h) => {
    const headers = await fdHeaders(h, h.env());
    const listed = (await (await fetch(`${h.baseURL}/aggregation/v1/customers?type=testing&limit=1000`, { headers })).json()) as {
      found: number;
    };
    const created: string[] = [];
    for (let n = listed.found; n < 100; n++) created.push(await newTestingCustomer(h.baseURL, headers, `quota_${n}`));
    const refused = await addTesting(h.baseURL, headers, 'quota_over');
    expect(refused.status).toBe(400);
    const body = (await refused.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['code', 'message']);
    expect(String(body.message)).toMatch(/limit of 100 testing customers/);
    // An active customer is no testing customer; the spare partner has its own 100.
    const active = { method: 'POST', headers, body: JSON.stringify({ username: 'quota_active' }) };
    expect((await fetch(`${h.baseURL}/aggregation/v2/customers/active`, active)).status).toBe(201);
    expect((await addTesting(h.baseURL, await fdHeaders(h, h.env(), 'spare'), 'quota_spare')).status).toBe(201);
    expect((await fetch(`${h.baseURL}/aggregation/v1/customers/${created[0]}`, { method: 'DELETE', headers })).status).toBe(204);
    expect((await addTesting(h.baseURL, headers, 'quota_again')).status).toBe(201);
    expect((await addTesting(h.baseURL, headers, 'quota_over_again')).status).toBe(400);
    // The inventory reads the live state: the deleted customer is gone, the others are there.
    const customers = h.inventory().filter((o) => o.kind === 'customer');
    expect(customers).toHaveLength(created.length - 1 + 3);
    expect(customers.map((c) => c.id)).not.toContain(created[0]);
    expect(customers.every((c) => !c.undeletable)).toBe(true);
  });
});

test('financial data plain mock: no testing-customer quota', async () => {
  await closing(startFinancialDataMock({ headerNames: 'provider' }), async (mock) => {
    const [partner] = mock.world.partners.values();
    const headers = await fdHeaders(mock, {
      FD_APP_KEY: mock.world.appKeys[0],
      FD_PARTNER_ID: partner.id,
      FD_PARTNER_SECRET: partner.secret,
    });
    for (let n = 0; n < 101; n++) await newTestingCustomer(mock.baseURL, headers, `plain_${n}`);
    // The control surface is still there.
    expect((await fetch(`${mock.origin}/__mock/state`)).status).toBe(200);
  });
});

test('financial data stand-in: Connect completed in a real browser links both FinBank institutions; invalid credentials link nothing', async ({
  contracts,
}) => {
  test.skip(Boolean(browserMissing()), browserMissing());
  await closing(startStandIn('financial-data'), async (h) => {
    const env = h.env();
    const headers = await fdHeaders(h, env);
    const customerId = await newTestingCustomer(h.baseURL, headers, 'connect_browser');
    const res = await fetch(`${h.baseURL}/connect/v2/generate`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ partnerId: env.FD_PARTNER_ID, customerId }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { link: string };
    // The contract's ConnectUrl: an https link; the suite reads the customer from it (FD-CONNECT-URL).
    const contract = await contracts('financial-data');
    expect(contract.responseValidator('GenerateConnectUrl', '200')!(body)).toBe(true);
    const link = new URL(body.link);
    expect(link.protocol).toBe('https:');
    expect(link.host).toBe(new URL(h.origin).host);
    expect(link.searchParams.get('customerId')).toBe(customerId);
    await closing(launchChromium(), async (browser) => {
      // The stand-in's certificate is self-signed (mocks/kit/tls.ts).
      const page = await (await browser.newContext({ ignoreHTTPSErrors: true })).newPage();
      // Signs in at an institution of the page as it stands; the result the page shows.
      const signIn = async (institution: string, username: string, result: string) => {
        await page.getByLabel('Institution', { exact: true }).selectOption(institution);
        await page.getByLabel('Username').fill(username);
        await page.getByLabel('Password').fill('go');
        await page.locator('#connect-submit').click();
        await expect(page.locator('#connect-result')).toHaveText(result);
      };
      await page.goto(body.link);
      const offered = await page
        .locator('#institution option')
        .evaluateAll((options) => options.map((o) => ({ id: (o as HTMLOptionElement).value, name: o.textContent ?? '' })));
      expect(offered.map((o) => o.id)).toEqual(['101732', '102105']);
      expect(offered.every((o) => o.name.includes('FinBank'))).toBe(true);
      // Wrong credentials first: an error, nothing linked.
      await signIn('101732', 'invalid_user', 'error');
      await expect(page.locator('#connect-message')).toContainText(/invalid credentials/i);
      const none = (await (await fetch(`${h.baseURL}/aggregation/v1/customers/${customerId}/accounts`, { headers })).json()) as {
        accounts: unknown[];
      };
      expect(none.accounts).toHaveLength(0);
      const added: Record<string, number> = { '101732': 7, '102105': 5 };
      for (const { id } of offered) {
        await page.goto(body.link);
        // The search box narrows the list on the server (no script on the page).
        await page.getByLabel('Search institutions').fill('FinBank');
        await page.locator('#connect-search').click();
        await signIn(id, 'demo', 'linked');
        await expect(page.locator('#connect-message')).toContainText(`Accounts added: ${added[id]}`);
      }
      // Signing in again at a connected institution adds nothing.
      await page.goto(body.link);
      await signIn('101732', 'demo', 'linked');
      await expect(page.locator('#connect-message')).toContainText('Accounts added: 0');
    });
    const accounts = await fetch(`${h.baseURL}/aggregation/v1/customers/${customerId}/accounts`, { headers });
    expect(accounts.status).toBe(200);
    const list = ((await accounts.json()) as { accounts: { type: string; status: string; institutionId: string | number }[] }).accounts;
    expect(list).toHaveLength(12);
    const active = new Set(list.filter((a) => a.status === 'active').map((a) => a.type));
    const types = 'checking savings creditCard investment mortgage loan lineOfCredit studentLoan moneyMarket cd'.split(' ');
    expect([...active], 'an active account of each type').toEqual(expect.arrayContaining(types));
    // No legacy Harbor Savings login in the stand-in: only the FinBank institutions.
    expect(new Set(list.map((a) => String(a.institutionId)))).toEqual(new Set(['101732', '102105']));
  });
});

/** The Connect form signing in at an institution with the demo credentials. */
const demo = (institutionId: string) => ({ institutionId, username: 'demo', password: 'go' });

/** Posts the Connect form of a link over plain HTTP (the stand-in answers both on its port). */
async function postForm(
  origin: string,
  link: string,
  form: Record<string, string> | string,
): Promise<{ status: number; result?: string; message?: string }> {
  const url = new URL(link);
  const res = await fetch(`${origin}${url.pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: typeof form === 'string' ? form : new URLSearchParams(form).toString(),
  });
  const html = await res.text();
  return {
    status: res.status,
    result: /id="connect-result">([^<]*)</.exec(html)?.[1],
    message: /id="connect-message">([^<]*)</.exec(html)?.[1],
  };
}

test('financial data stand-in: the 20-account limit refuses a sign-in that would pass it and links nothing; bad input to the page is a 4xx', async () => {
  // The mock in stand-in mode directly (what startStandIn runs): its world lets the test give the
  // customer accounts first, which no API can (on a sandbox only Connect adds them).
  await closing(startFinancialDataMock({ standIn: {} }), async (mock) => {
    const [partner] = mock.world.partners.values();
    const env = { FD_APP_KEY: mock.world.appKeys[0], FD_PARTNER_ID: partner.id, FD_PARTNER_SECRET: partner.secret };
    const headers = await fdHeaders(mock, env);
    const customerId = await newTestingCustomer(mock.baseURL, headers, 'connect_limit');
    const generate = async (path: string, body: Record<string, unknown>) => {
      const res = await fetch(`${mock.baseURL}/connect/v2/${path}`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ partnerId: partner.id, customerId, ...body }),
      });
      expect(res.status, path).toBe(200);
      return ((await res.json()) as { link: string }).link;
    };
    const link = await generate('generate', {});
    // 13 accounts at another institution already: FinBank Profiles - A (7) reaches 20 exactly, B (5) would pass it.
    const nowS = Math.floor(Date.now() / 1000);
    mock.world.logins.set(1, { id: 1, customerId, institutionId: '102168', legacy: false });
    for (let n = 0; n < 13; n++) {
      const account: Account = {
        id: `77000${n}`,
        customerId,
        institutionLoginId: 1,
        institutionId: '102168',
        type: 'checking',
        status: 'active',
        name: 'Prior',
        number: `9051000${n}`,
        routingNumber: '122000247',
        balance: 1,
        linkedBalance: 1,
        availableBalance: 1,
        currency: 'USD',
        createdDate: nowS,
        aggregationAttemptDate: nowS,
        aggregationSuccessDate: nowS,
        balanceDate: nowS,
        mfa: false,
        historicLoaded: false,
      };
      mock.world.accounts.set(account.id, account);
    }
    const count = async () =>
      (
        (await (await fetch(`${mock.baseURL}/aggregation/v1/customers/${customerId}/accounts`, { headers })).json()) as {
          accounts: unknown[];
        }
      ).accounts.length;
    expect(await postForm(mock.origin, link, demo('101732'))).toMatchObject({
      status: 200,
      result: 'linked',
      message: expect.stringContaining('Accounts added: 7'),
    });
    expect(await count()).toBe(20);
    const over = await postForm(mock.origin, link, demo('102105'));
    expect(over).toMatchObject({ status: 403, result: 'error' });
    expect(over.message).toMatch(/at most 20 accounts/);
    expect(await count()).toBe(20);

    // Bad input, an institution the session does not offer (Lite Connect offers only its own; a Connect
    // Transfer session has no sign-in), an unknown session: a 4xx page, never a 500.
    const lite = await generate('generate/lite', { institutionId: 102105 });
    const microentry = await generate('generate/microentry/verify', {});
    const refusals: [at: string, form: Record<string, string> | string, status: number][] = [
      [link, { institutionId: '102105', username: 'invalid_user', password: 'go' }, 401],
      [link, { username: 'demo', password: 'go' }, 400],
      [link, '%%%&&=', 400],
      [link, demo('170778'), 400],
      [`${mock.origin}/connect/no-such-token`, demo('101732'), 404],
      [lite, demo('101732'), 400],
      [microentry, demo('101732'), 400],
    ];
    for (const [at, form, status] of refusals)
      expect(await postForm(mock.origin, at, form), `${at} ${JSON.stringify(form)}`).toMatchObject({ status, result: 'error' });
    expect((await fetch(`${mock.origin}/connect/no-such-token`)).status).toBe(404);
    expect((await fetch(`${mock.origin}/connect/${'x'.repeat(5000)}`)).status).toBeLessThan(500);
    const litePage = await (await fetch(`${mock.origin}${new URL(lite).pathname}`)).text();
    expect(litePage).toContain('value="102105"');
    expect(litePage).not.toContain('value="101732"');
    expect((await fetch(`${mock.origin}${new URL(microentry).pathname}`)).status).toBe(200);
    // A customer deleted after its link: nothing to link to.
    expect((await fetch(`${mock.baseURL}/aggregation/v1/customers/${customerId}`, { method: 'DELETE', headers })).status).toBe(204);
    expect(await postForm(mock.origin, link, demo('102105'))).toMatchObject({
      status: 404,
      result: 'error',
    });
  });
});

test("financial data stand-in: a report ends within one of the seed's waits between reads, not inProgress at once", async () => {
  const { sandboxLimits } = await import('../../../mocks/financial-data/stand-in-limits.js');
  const { limitOf } = await import('../../../helpers/contract/facts.js');
  const contract = await loadContract('financial-data');
  const { reportReadyAfterS } = sandboxLimits(contract);
  expect(reportReadyAfterS, 'some real time inProgress: a client reads, waits and reads again').toBeGreaterThan(0);
  expect(reportReadyAfterS, 'ended by the read after one wait (x-limits reportPollSeconds)').toBeLessThan(
    limitOf(contract, 'reportPollSeconds'),
  );
});

test("certify:stand-in reads when each service ended into the run from the progress reporter's closing lines", async () => {
  const { serviceWallTimes } = await import('../../../scripts/certify-stand-in.js');
  const { ServiceProgress } = await import('../../../helpers/verdict/progress-reporter.js');
  const progress = new ServiceProgress({ 'card-enrollment': 1, 'financial-data': 2 }, 4, 0);
  progress.end('card-enrollment', 'passed', 1000, undefined, false, 45_000);
  progress.end('financial-data', 'passed', 1000, undefined, false, 100_000);
  progress.end('financial-data', 'skipped', 0, undefined, false, 552_000);
  const output = [
    'card-enrollment: 1/1 checks, 0 failed, 0 skipped, 45s elapsed, ~9m left in the run',
    ...progress.finalLines(600_000),
    'Run passed in 10m00s',
  ].join('\n');
  expect(serviceWallTimes(output)).toEqual({ 'card-enrollment': '45s', 'financial-data': '9m12s' });
});
