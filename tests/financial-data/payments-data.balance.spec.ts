// Covers: GetAvailableBalanceLive, GetAvailableBalance (deprecated) and the bundle's balance section - seed
// 002, Payments data ("The balance_cache_interval query decides whether a cached balance is still valid or
// is refreshed"); provider 1.35.0: minutes; older than it refreshed; 0 or none live; bundle default 30,
// 1..1440; live 0..1440. Observed through the balance date; refreshes on the check's own customer.
import {
  changesLinkedCustomer,
  expect,
  expectEpochSecondsNear,
  expectFdError,
  ownLinkedCustomer,
  rules,
  test,
  underRule,
  type OperationClient,
} from '../../fixtures/financial-data.js';
import { BOTH, cite } from './cite.js';

type Where = 'live' | 'peb-login' | 'peb-account';
/** The three paths a balance is read through with an interval, each judged in the checks that go over them all. */
const WHERE: readonly Where[] = ['live', 'peb-login', 'peb-account'];
const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

type Account = { id: string; institutionLoginId: number };

/** The bundle with its balance section, read by the account's login or by the account. */
function balanceBundle(fdApi: OperationClient, where: Where, customerId: string, account: Account, query: Record<string, unknown>) {
  const withBalance = { ...query, include: 'balanceDetails' };
  const login = { customerId, institutionLoginId: account.institutionLoginId };
  return where === 'peb-login'
    ? fdApi.call('GetAccountDetailsByInstitutionLoginId', { path: login, query: withBalance })
    : fdApi.call('GetAccountDetailsByAccountId', { path: { customerId, accountId: account.id }, query: withBalance });
}

/** The checking account's balance date (epoch seconds) read through one path, with an interval. */
async function balanceDate(fdApi: OperationClient, where: Where, customerId: string, account: Account, interval?: number): Promise<number> {
  const query = interval === undefined ? {} : { balance_cache_interval: interval };
  if (where === 'live') {
    const res = await fdApi.call('GetAvailableBalanceLive', { path: { customerId, accountId: account.id }, query });
    expect(res.status, `live balance; body: ${res.text.slice(0, 200)}`).toBe(200);
    return Number(res.body.availableBalanceDate);
  }
  const res = await balanceBundle(fdApi, where, customerId, account, query);
  expect(res.status, `bundle ${where}; body: ${res.text.slice(0, 200)}`).toBe(200);
  const mine = (res.body.accounts as any[]).find((a) => String(a.id) === account.id);
  expect(mine?.balanceDetails, `the bundle (${where}) carries the balance of the checking account`).toBeDefined();
  return seconds(mine.balanceDetails.availableBalanceDate);
}

/** Refreshes the balance now (live, interval 0) and returns the refreshed balance date. */
async function freshRead(fdApi: OperationClient, customerId: string, accountId: string): Promise<number> {
  const res = await fdApi.call('GetAvailableBalanceLive', { path: { customerId, accountId }, query: { balance_cache_interval: 0 } });
  expect(res.status).toBe(200);
  return Number(res.body.availableBalanceDate);
}

// The cache over the mock's clock: a read refreshed now, then reads through one path at ages (seconds) with an
// interval (minutes; none: the default), each giving the cached balance (same date), one exactly the interval
// old (provider 1.35.0 balance_cache_interval: only one "older than" it is refreshed; a real-time tick may
// still refresh), or a refreshed one. Two seconds inside a span: real time may tick a second.
type Step = [interval: number | undefined, age: number, gives: 'cached' | 'edge' | 'refreshed'];
const CACHE_ROWS: { name: string; where: Where; rules: string[]; steps: Step[] }[] = [
  ...WHERE.map((where) => ({
    name: `${where}: a 5-minute balance_cache_interval serves the cached balance 4:58 and exactly 5:00 after the read and refreshes it at 5:01`,
    where,
    rules: [`FD-PAY-BALANCE-CACHE:accept@pay-${where}`, `FD-PAY-BALANCE-CACHE:refuse@pay-${where}`],
    steps: [
      [5, 5 * 60 - 2, 'cached'],
      [5, 5 * 60, 'edge'],
      [5, 5 * 60 + 1, 'refreshed'],
    ] as Step[],
  })),
  {
    name: 'without an interval the bundle serves a 29-minute-old and an exactly 30-minute-old balance and refreshes a 31-minute-old one @provider',
    where: 'peb-account',
    rules: ['FD-PAY-PEB-INTERVAL-DEFAULT:accept@pay-peb-account', 'FD-PAY-PEB-INTERVAL-DEFAULT:refuse@pay-peb-account'],
    steps: [
      [undefined, 29 * 60, 'cached'],
      [undefined, 30 * 60, 'edge'],
      [undefined, 31 * 60, 'refreshed'],
    ],
  },
  ...WHERE.map((where) => ({
    name: `${where}: the largest interval (1440 minutes) serves a balance up to a day old and refreshes one a second past the day, and one a week old; an hour's interval an hour and a second old`,
    where,
    rules: [`FD-PAY-BALANCE-CACHE:accept@pay-${where}`, `FD-PAY-BALANCE-CACHE:refuse@pay-${where}`],
    steps: [
      [60, 3600 - 2, 'cached'],
      [60, 3600 + 1, 'refreshed'],
      [1440, 86_400 - 2, 'cached'],
      [1440, 86_400 + 1, 'refreshed'],
      [1440, 7 * 86_400, 'refreshed'],
    ] as Step[],
  })),
];

for (const row of CACHE_ROWS)
  test(`${row.name} @mock-only`, rules(...row.rules), async ({ fdApi, fdPowers, fd, createCustomer }) => {
    // A read refreshes the balance: a customer of the check's own, the prepared one left as others read it.
    const c = await ownLinkedCustomer(fdPowers, createCustomer);
    const checking = c.account('checking');
    let last = await freshRead(fdApi, c.customerId, checking.id);
    for (const [interval, age, gives] of row.steps) {
      await fdPowers.setClock((last + age) * 1000);
      const date = await balanceDate(fdApi, row.where, c.customerId, checking, interval);
      const what = `interval ${interval ?? '(none)'}, a balance ${age} s old`;
      if (gives === 'cached') expect(date, `${what}: the cached balance (same date)`).toBe(last);
      else if (gives === 'edge')
        expect(date === last || date > last + age, `${what}: the cached balance (date ${date}, read ${last})`).toBe(true);
      else {
        expect(date, `${what}: refreshed (the date moves)`).toBeGreaterThanOrEqual(last + age);
        expectEpochSecondsNear(date, fd.now(), `${what}: the refreshed balance date`);
        last = date;
      }
    }
  });

test(
  'an interval of 0, or none, refreshes the live balance ten seconds after a read; 1 minute does not',
  rules('FD-PAY-BALANCE-LIVE-DEFAULT', 'FD-PAY-BALANCE-CACHE:accept@pay-live'),
  async ({ fdApi, fdPowers, createCustomer }) => {
    // Ten seconds: the mock's clock, or real time on a sandbox; the refreshes on a customer of the check's own.
    const c = await ownLinkedCustomer(fdPowers, createCustomer);
    const checking = c.account('checking');
    let read = await freshRead(fdApi, c.customerId, checking.id);
    await fdPowers.advanceClock(10);
    // A minute's interval keeping a ten-second-old balance is the cache rule's (minutes, provider 1.35.0), not the default's.
    const cached = await balanceDate(fdApi, 'live', c.customerId, checking, 1);
    underRule(
      test.info(),
      'FD-PAY-BALANCE-CACHE',
      () => expect(cached, 'interval 1: the cached balance').toBe(read),
      'GetAvailableBalanceLive',
    );
    const zero = await balanceDate(fdApi, 'live', c.customerId, checking, 0);
    expect(zero, 'interval 0: refreshed').toBeGreaterThan(read);
    read = zero;
    await fdPowers.advanceClock(10);
    expect(await balanceDate(fdApi, 'live', c.customerId, checking), 'no interval: refreshed').toBeGreaterThan(read);
  },
);

test(
  'balance_cache_interval: live accepts 0 and 1440 and refuses -1 and 1441; the bundle accepts 1 and 1440 and refuses 0 and 1441 (400) @provider',
  changesLinkedCustomer(rules(...cite('FD-PAY-CACHE-INTERVAL-RANGE', ['pay-live', 'pay-peb-login', 'pay-peb-account'], BOTH))),
  async ({ fdApi, linkedCustomer }) => {
    const checking = linkedCustomer.account('checking');
    const customerId = linkedCustomer.customerId;
    const live = (v: number) =>
      fdApi.call('GetAvailableBalanceLive', { path: { customerId, accountId: checking.id }, query: { balance_cache_interval: v } });
    for (const v of [0, 1440]) expect((await live(v)).status, `live, interval ${v}`).toBe(200);
    for (const v of [-1, 1441]) expectFdError(await live(v), 400, `live, interval ${v}`);
    for (const [name, where] of [
      ['by login', 'peb-login'],
      ['by account', 'peb-account'],
    ] as const) {
      const call = (v: number) => balanceBundle(fdApi, where, customerId, checking, { balance_cache_interval: v });
      for (const v of [1, 1440]) expect((await call(v)).status, `bundle ${name}, interval ${v}`).toBe(200);
      for (const v of [0, 1441]) expectFdError(await call(v), 400, `bundle ${name}, interval ${v}`);
    }
  },
);

test(
  'balance dates are epoch seconds: a refreshed one is the target clock, a cached one not in the future @provider',
  changesLinkedCustomer(rules('FD-PAY-DATE-SECONDS@pay-live', 'FD-PAY-DATE-SECONDS@pay-cached')),
  async ({ fdApi, fd, linkedCustomer }) => {
    const path = { customerId: linkedCustomer.customerId, accountId: linkedCustomer.account('checking').id };
    const live = await fdApi.call('GetAvailableBalanceLive', { path, query: { balance_cache_interval: 0 } });
    expect(live.status).toBe(200);
    expectEpochSecondsNear(live.body.availableBalanceDate, fd.now(), 'live availableBalanceDate');
    expectEpochSecondsNear(live.body.clearedBalanceDate, fd.now(), 'live clearedBalanceDate');
    const cached = await fdApi.call('GetAvailableBalance', { path });
    expect(cached.status).toBe(200);
    for (const key of ['availableBalanceDate', 'clearedBalanceDate']) {
      const value = Number(cached.body[key]);
      // Seconds, not milliseconds: no later than now, no earlier than two years ago.
      const seen = Number.isInteger(value) && value <= fd.now() / 1000 + 600 && value >= fd.now() / 1000 - 2 * 366 * 86_400;
      expect(seen, `cached ${key} ${value} is epoch seconds`).toBe(true);
    }
  },
);

// The ages a cache is judged at: a minute, an hour, a day and one second, a week (each a second past
// its span, so an "older than" comparison and an inclusive one both count it past).
const AGES: [string, number][] = [
  ['a minute', 60 + 1],
  ['an hour', 3600 + 1],
  ['a day', 86_400 + 1],
  ['a week', 7 * 86_400 + 1],
];

test(
  'the cached variant shows what the live variant last read (not its own first read an hour before), on every account type it serves, and never refreshes: a minute, an hour, a day and a week after the live read it still shows that read @mock-only',
  rules('FD-PAY-CACHED-READER'),
  async ({ fdApi, fdPowers, createCustomer }) => {
    const linkedCustomer = await ownLinkedCustomer(fdPowers, createCustomer);
    const pick = (b: any) => ({
      availableBalance: b.availableBalance,
      availableBalanceDate: Number(b.availableBalanceDate),
      clearedBalance: b.clearedBalance,
      clearedBalanceDate: Number(b.clearedBalanceDate),
    });
    // seed 002, Payments data: the balance reads serve checking, savings, moneyMarket and cd accounts.
    const accounts = ['checking', 'savings', 'moneyMarket', 'cd'].map((type) => linkedCustomer.account(type));
    const paths = accounts.map((a) => ({ customerId: linkedCustomer.customerId, accountId: a.id }));
    // A first cached read of each, an hour before the live reads: the cached variant then follows the live one.
    for (const path of paths) expect((await fdApi.call('GetAvailableBalance', { path })).status, 'a first cached read').toBe(200);
    await fdPowers.advanceClock(3600);
    const lives: ReturnType<typeof pick>[] = [];
    for (const path of paths) {
      const live = await fdApi.call('GetAvailableBalanceLive', { path, query: { balance_cache_interval: 0 } });
      expect(live.status).toBe(200);
      lives.push(pick(live.body));
    }
    const start = Math.max(...lives.map((l) => l.availableBalanceDate));
    for (const [age, seconds] of AGES) {
      await fdPowers.setClock((start + seconds) * 1000);
      for (const [i, path] of paths.entries()) {
        const cached = await fdApi.call('GetAvailableBalance', { path });
        expect(cached.status).toBe(200);
        expect(pick(cached.body), `the cached ${accounts[i].type} balance ${age} after the live read: not refreshed`).toEqual(lives[i]);
      }
    }
  },
);
