// Covers: GetRecurringTransactions - seed 002, Transactions ("Recurring transactions identify recurring
// debits and credits"; AccountIds optional); provider 1.35.0 RecurringTransactionsDetails, 404. Each series
// against the lists' transactions: its account, outflows debits, inflows credits, its figures its own.
import { expect, expectFdError, rules, test, type FdBody } from '../../fixtures/financial-data.js';
import { DAY_S, dateOf, lister, readAll, wholeHistory } from './transactions.known.js';

type Stream = {
  transactionIds?: string[];
  countOfTransactions?: number;
  normalizedPayeeName?: string;
  minimumHistoricalAmount?: number;
  maximumHistoricalAmount?: number;
  meanHistoricalAmount?: number;
  medianHistoricalAmount?: number;
  cadence?: number;
  status?: string;
};
const accountIdsOf = (body: any): string[] => (body.accountRecurringTransactions ?? []).map((a: any) => String(a.accountId)).sort();

/** What is wrong with the series of one account (or the customer): ids, signs, counts, amounts. */
function problems(
  streams: { recurringOutflows?: Stream[]; recurringInflows?: Stream[] },
  known: Map<string, any>,
  accounts: Set<string>,
  mock: boolean,
): string[] {
  const out: string[] = [];
  for (const [kind, list, sign] of [
    ['outflow', streams.recurringOutflows ?? [], -1],
    ['inflow', streams.recurringInflows ?? [], 1],
  ] as const) {
    for (const s of list) {
      const ids = (s.transactionIds ?? []).map(String);
      const name = `${kind} ${s.normalizedPayeeName ?? ''}`;
      if (s.countOfTransactions !== undefined && s.countOfTransactions !== ids.length)
        out.push(`${name}: countOfTransactions ${s.countOfTransactions} for ${ids.length} ids`);
      // provider 1.35.0: status "Indicates if the ... stream is currently active or inactive" (example
      // ACTIVE): one of those two states, whatever the case; which one a series is in, no source says.
      if (s.status !== undefined && !/^(active|inactive)$/i.test(String(s.status))) out.push(`${name}: status ${JSON.stringify(s.status)}`);
      const { minimumHistoricalAmount: min, meanHistoricalAmount: mean, maximumHistoricalAmount: max } = s;
      if (min !== undefined && max !== undefined && !(min <= (mean ?? min) && (mean ?? max) <= max))
        out.push(`${name}: min ${min}, mean ${mean}, max ${max}`);
      out.push(
        ...figureProblems(
          name,
          s,
          ids.map((id) => known.get(id)),
        ),
      );
      for (const id of ids) {
        const t = known.get(id);
        if (!t) out.push(`${name}: ${id} is not a transaction the lists give`);
        else if (!accounts.has(String(t.accountId))) out.push(`${name}: ${id} is of account ${t.accountId}`);
        else if (Math.sign(t.amount) !== sign) out.push(`${name}: ${id} has amount ${t.amount}`);
        else if (mock && t.description !== s.normalizedPayeeName) out.push(`${name}: ${id} is of payee ${t.description}`);
      }
    }
  }
  return out;
}

/** A in the cent of B: the provider's figures are amounts, rounded to the cent or not. */
const toCent = (a: number, b: number) => Math.abs(a - b) <= 0.005 + 1e-9;

/**
 * The figures of a series against its transactions (provider 1.35.0 RecurringOutFlowTransaction /
 * RecurringInFlowTransaction): min, max, mean and median of their amounts; cadence "Mean number of days
 * between transactions", within a day (rounding and date are the target's). Only when every id is known.
 */
function figureProblems(name: string, s: Stream, listed: any[]): string[] {
  if (listed.length === 0 || listed.some((t) => t === undefined)) return [];
  const out: string[] = [];
  const amounts = listed.map((t) => Number(t.amount)).sort((a, b) => a - b);
  const mid = Math.floor(amounts.length / 2);
  const figures = {
    minimumHistoricalAmount: amounts[0],
    maximumHistoricalAmount: amounts[amounts.length - 1],
    meanHistoricalAmount: amounts.reduce((sum, n) => sum + n, 0) / amounts.length,
    medianHistoricalAmount: amounts.length % 2 ? amounts[mid] : (amounts[mid - 1] + amounts[mid]) / 2,
  };
  for (const [member, value] of Object.entries(figures)) {
    const given = s[member as keyof typeof figures];
    if (given !== undefined && !toCent(Number(given), value)) out.push(`${name}: ${member} ${given}, its transactions give ${value}`);
  }
  if (s.cadence !== undefined && listed.length > 1) {
    const meanDays = (dates: number[]) => {
      const sorted = [...dates].sort((a, b) => a - b);
      return (sorted[sorted.length - 1] - sorted[0]) / DAY_S / (sorted.length - 1);
    };
    const means = [meanDays(listed.map(dateOf)), meanDays(listed.map((t) => Number(t.postedDate)))];
    if (!means.some((m) => Math.abs(Number(s.cadence) - m) <= 1))
      out.push(`${name}: cadence ${s.cadence}, its transactions are ${means.map((m) => m.toFixed(2)).join(' or ')} days apart on average`);
  }
  return out;
}

/** Every transaction of the customer the lists give, by id (whole history, pending included). */
async function customerTransactions(fdApi: any, fd: any, linked: any) {
  const checking = linked.account('checking');
  const list = lister(fdApi, linked.customerId, checking.id);
  const all = await readAll(list, 'GetAllCustomerTransactions', {
    ...wholeHistory(checking.createdDate, Math.floor(fd.now() / 1000)),
    includePending: true,
  });
  return new Map(all.map((t) => [String(t.id), t]));
}

test(
  'recurring series name debits as outflows and credits as inflows, of the account they are listed under, with the amounts and cadence of their own transactions',
  rules('FD-TXN-RECURRING', 'FD-TXN-RECURRING-FIGURES'),
  async ({ fdApi, fd, linkedCustomer }) => {
    const known = await customerTransactions(fdApi, fd, linkedCustomer);
    const res = await fdApi.call('GetRecurringTransactions', { path: { customerId: linkedCustomer.customerId } });
    expect(res.status).toBe(200);
    const perAccount: any[] = res.body.accountRecurringTransactions ?? [];
    const found = perAccount.flatMap((a) => [...(a.recurringOutflows ?? []), ...(a.recurringInflows ?? [])]).length;
    // The known data repeats eight payees on every account: the mock finds series of both kinds.
    if (fd.kind === 'mock') {
      const kinds = perAccount.map((a) => [a.recurringOutflows?.length ?? 0, a.recurringInflows?.length ?? 0]);
      expect(kinds.some(([o]) => o > 0) && kinds.some(([, i]) => i > 0), 'outflows and inflows are identified').toBe(true);
    }
    test.info().annotations.push({ type: 'recurring series (per account)', description: String(found) });
    for (const a of perAccount)
      expect(problems(a, known, new Set([String(a.accountId)]), fd.kind === 'mock'), `account ${a.accountId}`).toEqual([]);
    const mine = new Set(linkedCustomer.accounts.map((a) => String(a.id)));
    expect(problems(res.body.customerRecurringTransactions ?? {}, known, mine, fd.kind === 'mock'), 'the customer series').toEqual([]);
  },
);

test(
  'accountIds narrows the series to the accounts asked for; without a body every account is looked at',
  rules('FD-TXN-RECURRING-ACCOUNTS:accept', 'FD-TXN-RECURRING-ACCOUNTS:refuse'),
  async ({ fdApi, fd, linkedCustomer }) => {
    const { customerId } = linkedCustomer;
    const checking = String(linkedCustomer.account('checking').id);
    const savings = String(linkedCustomer.account('savings').id);
    const known = await customerTransactions(fdApi, fd, linkedCustomer);
    const call = (body?: FdBody<'GetRecurringTransactions'>) => fdApi.call('GetRecurringTransactions', { path: { customerId }, body });
    const everyAccount = await call();
    expect(everyAccount.status).toBe(200);
    const mine = linkedCustomer.accounts.map((a) => String(a.id)).sort();
    // On the mock every linked account is looked at; a sandbox lists at least both asked for below.
    if (fd.kind === 'mock') expect(accountIdsOf(everyAccount.body), 'without a body: every account of the customer').toEqual(mine);
    else expect(accountIdsOf(everyAccount.body), 'without a body').toEqual(expect.arrayContaining([checking, savings]));
    for (const asked of [[savings], [checking, savings]]) {
      const res = await call({ accountIds: asked });
      expect(res.status).toBe(200);
      expect(accountIdsOf(res.body), `accountIds ${asked.length}: exactly those accounts`).toEqual([...asked].sort());
      // The customer series hold transactions of the accounts asked for only.
      const seen = problems(res.body.customerRecurringTransactions ?? {}, known, new Set(asked), fd.kind === 'mock');
      expect(seen, `customer series for ${asked.length} account(s)`).toEqual([]);
    }
  },
);

test(
  "an accountIds entry that is not an account of the customer, unknown or another customer's, is a 404 @provider",
  // Another customer's account under that customer is also the owner rule's case on the recurring call (FD-TXN-OWNER-404).
  rules('FD-TXN-RECURRING-UNKNOWN-ACCOUNT', 'FD-TXN-OWNER-404'),
  async ({ fdApi, fdEntities, linkedCustomer, createCustomer }) => {
    const { customerId } = linkedCustomer;
    const checking = String(linkedCustomer.account('checking').id);
    // provider 1.35.0, GetRecurringTransactions 404: "Customer ID or Account ID does not exist".
    const unknown = `99${Date.now() % 1e10}`;
    const refused = await fdApi.call('GetRecurringTransactions', { path: { customerId }, body: { accountIds: [unknown] }, negative: true });
    expectFdError(refused, 404, 'an unknown account');
    const refusal = await fdApi.call('GetRecurringTransactions', {
      path: { customerId },
      body: { accountIds: [checking, unknown] },
      negative: true,
    });
    expectFdError(refusal, 404, 'a known and an unknown account');
    // Another customer of the partner (the worker's own; on a sandbox, where that is the linked one, a new one) sent the account.
    const other = fdEntities.customerId !== customerId ? fdEntities.customerId : await createCustomer('testing');
    const denied = await fdApi.call('GetRecurringTransactions', {
      path: { customerId: other },
      body: { accountIds: [checking] },
      negative: true,
    });
    expectFdError(denied, 404, "another customer's account");
    const answered = (await fdApi.call('GetRecurringTransactions', { path: { customerId }, body: { accountIds: [checking] } })).status;
    expect(answered, 'the known account alone').toBe(200);
  },
);
