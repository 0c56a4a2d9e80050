// Covers: POST /decisioning/v2/customers/{customerId}/transactions - seed 002, Transactions
// (required report from and to dates, include pending; at most 24 months between fromDate and
// toDate) and Limits; provider 1.35.0 (toDate later than fromDate; includePending default false;
// FindTransactionConstraints; TransactionsReportConstraintsOut echoed). Known answers: the linked
// customer's transactions as GetAllCustomerTransactions lists them (pending ones included on ask).
import { expect, expectFdError, rules, test, withConflict } from '../../fixtures/financial-data.js';
import {
  DAY_S,
  ensureConsumer,
  generated,
  generatedAll,
  knownTransactions,
  loadHistory,
  reportAccounts,
  reportTransactions,
} from './reports-assets.known.js';
import { expectComponent } from './reports.known.js';
import { atSite, BOTH, cite } from './cite.js';

const OP = 'GenerateTransactionsReport' as const;

test(
  'a transactions report needs fromDate and toDate: without either it is a 400',
  withConflict(rules('FD-TXREPORT-DATES-REQUIRED'), 'FD-CONFLICT-TXREPORT-DATES'),
  async ({ fdApi, fd, fdEntities }) => {
    const customerId = fdEntities.customerId;
    const nowS = Math.floor(fd.now() / 1000);
    expectFdError(await fdApi.call(OP, { path: { customerId }, query: { toDate: nowS }, body: {} }), 400, 'no fromDate');
    expectFdError(await fdApi.call(OP, { path: { customerId }, query: { fromDate: nowS - 30 * DAY_S }, body: {} }), 400, 'no toDate');
    expectFdError(await fdApi.call(OP, { path: { customerId }, body: {} }), 400, 'neither');
  },
);

// The window's edge (FD-TXREPORT-WINDOW), on the run's day and over a month's end, a year's end and 29 February, is the bounded
// windows' property (properties.windows.spec.ts).

test(
  'a transactions report whose toDate is before its fromDate is a 400 @provider',
  rules('FD-TXREPORT-ORDER'),
  async ({ fdApi, fd, fdEntities }) => {
    const nowS = Math.floor(fd.now() / 1000);
    expectFdError(
      await fdApi.call(OP, {
        path: { customerId: fdEntities.customerId },
        query: { fromDate: nowS - 10 * DAY_S, toDate: nowS - 20 * DAY_S },
        body: {},
      }),
      400,
      'toDate before fromDate',
    );
  },
);

test(
  "a transactions report lists exactly the customer's posted transactions of the window on every account, pending ones only with includePending=true",
  rules(
    ...atSite('assets-read', 'FD-TXREPORT-CONTENT', ...cite('FD-TXREPORT-PENDING', [], BOTH)),
    ...cite('FD-ASSETS-ECHO', ['assets-ack', 'assets-read']),
  ),
  async ({ fdApi, fd, fdContract, linkedCustomer, pollReport }) => {
    const { customerId } = linkedCustomer;
    await ensureConsumer(fdApi, customerId);
    await loadHistory(fdApi, customerId, linkedCustomer.accounts);
    const toDate = Math.floor(fd.now() / 1000);
    const fromDate = toDate - 400 * DAY_S;
    const known = (await knownTransactions(fdApi, customerId, toDate)).filter((t) => t.postedDate >= fromDate && t.postedDate <= toDate);
    const key = (list: { id: number; amount: number; postedDate: number }[]) =>
      list.map((t) => `${t.id} ${t.amount} ${t.postedDate}`).sort();
    expect(new Set(known.map((t) => t.accountId)).size, 'the window holds transactions of several accounts').toBeGreaterThan(5);
    const pending = known.some((t) => t.pending);
    expect(pending, 'the window holds pending transactions').toBe(true);

    const [posted, all, explicit] = await generatedAll(fdApi, pollReport, [
      { op: OP, options: { path: { customerId }, query: { fromDate, toDate }, body: {} } },
      { op: OP, options: { path: { customerId }, query: { fromDate, toDate, includePending: true }, body: {} } },
      // includePending=false, sent explicitly, is the same as leaving it out.
      { op: OP, options: { path: { customerId }, query: { fromDate, toDate, includePending: false }, body: {} } },
    ]);
    expectComponent(fdContract, 'AssetsReportContent', posted.report, 'the success content keeps the contract');
    expect({ type: posted.report.type, constraints: posted.report.constraints }, 'the report echoes the window').toMatchObject({
      type: 'transactions',
      constraints: { fromDate, toDate },
    });
    expect(
      key(reportTransactions(posted.report)),
      'without includePending: the posted transactions of the window, amounts and dates as listed',
    ).toEqual(key(known.filter((t) => !t.pending)));
    expect(key(reportTransactions(all.report)), 'with includePending=true: the pending ones too').toEqual(key(known));
    const explicitKeys = key(reportTransactions(explicit.report));
    expect(explicitKeys, 'with includePending=false: posted only').toEqual(key(known.filter((t) => !t.pending)));
  },
);

// provider 1.35.0: transactions "starting from" fromDate and "up to and including" toDate. Two
// posted transactions a few apart in the known list bound the window; the report is compared with
// the known list on that window, then with each edge moved one second inside.
test(
  'a transactions report holds what was posted exactly at fromDate and at toDate; a window one second inside either edge leaves it out @provider',
  rules('FD-TXREPORT-WINDOW-EDGES:accept@assets-read', 'FD-TXREPORT-WINDOW-EDGES:refuse@assets-read'),
  async ({ fdApi, fd, linkedCustomer, pollReport }) => {
    const { customerId } = linkedCustomer;
    await ensureConsumer(fdApi, customerId);
    const nowS = Math.floor(fd.now() / 1000);
    const posted = (await knownTransactions(fdApi, customerId, nowS)).filter((t) => !t.pending && t.postedDate > nowS - 300 * DAY_S);
    const dates = [...new Set(posted.map((t) => t.postedDate))].sort((a, b) => a - b);
    test.skip(dates.length < 8, 'the linked customer has too few posted transactions in the last 300 days');
    const [from, to] = [dates[Math.floor(dates.length / 2)], dates[Math.floor(dates.length / 2) + 4]];
    const problems: string[] = [];
    const windows = [
      ['both edges', from, to],
      ['fromDate one second after the first posting', from + 1, to],
      ['toDate one second before the last posting', from, to - 1],
    ] as const;
    const asked = windows.map(([, fromDate, toDate]) => ({
      op: OP,
      options: { path: { customerId }, query: { fromDate, toDate }, body: {} },
    }));
    const reports = await generatedAll(fdApi, pollReport, asked);
    for (const [i, [what, fromDate, toDate]] of windows.entries()) {
      const expected = posted.filter((t) => t.postedDate >= fromDate && t.postedDate <= toDate).map((t) => t.id);
      const got = reportTransactions(reports[i].report).map((t) => t.id);
      const missing = expected.filter((id) => !got.includes(id));
      const extra = got.filter((id) => !expected.includes(id));
      if (missing.length || extra.length)
        problems.push(
          `${what} [${fromDate}, ${toDate}]: missing ${missing.join(', ') || 'none'}; outside it ${extra.join(', ') || 'none'}`,
        );
    }
    expect(problems, 'each report holds exactly the postings within its edges, edges included').toEqual([]);
  },
);

test(
  'findTransaction with an amount range keeps exactly the transactions of the window within it; with a description and a category, only transactions meeting both @provider',
  rules('FD-TXREPORT-FIND@assets-read'),
  async ({ fdApi, fd, linkedCustomer, pollReport }) => {
    const { customerId } = linkedCustomer;
    await ensureConsumer(fdApi, customerId);
    const toDate = Math.floor(fd.now() / 1000);
    const fromDate = toDate - 120 * DAY_S;
    const known = (await knownTransactions(fdApi, customerId, toDate)).filter(
      (t) => !t.pending && t.postedDate >= fromDate && t.postedDate <= toDate,
    );
    // provider 1.35.0 FindTransactionAmountFrom / FindTransactionAmountTo: "between (inclusive)". The
    // edges are amounts of the window's own transactions (the lowest from 10, the highest to 150), so a
    // range read as exclusive leaves out the transactions at its edges.
    const amounts = known.map((t) => t.amount).filter((a) => a >= 10 && a <= 150);
    expect(amounts.length, 'the window holds transactions from 10 to 150').toBeGreaterThan(0);
    const find = { findTransactionAmountFrom: Math.min(...amounts), findTransactionAmountTo: Math.max(...amounts) };
    const inRange = known
      .filter((t) => t.amount >= find.findTransactionAmountFrom && t.amount <= find.findTransactionAmountTo)
      .map((t) => t.id)
      .sort();
    const { ack, report } = await generated(fdApi, pollReport, OP, {
      path: { customerId },
      query: { fromDate, toDate },
      body: { findTransaction: find },
    });
    expect(ack.constraints?.findTransaction, 'the ack echoes findTransaction').toEqual(find);
    const listed = reportTransactions(report).map((t) => t.id);
    const range = `from ${find.findTransactionAmountFrom} to ${find.findTransactionAmountTo}`;
    expect(listed.sort(), `only the transactions with an amount ${range}, both included`).toEqual(inRange);
    // provider 1.35.0 FindTransactionConstraints: several criteria hold together (AND): a description or
    // memo of one transaction with a category of others, each transaction shown meeting both (the
    // description, the memo or a text holding both: how the provider combines Description/Memo is its own).
    const shown: { description?: string; memo?: string; category?: string }[] = reportAccounts(report).flatMap(
      (a: any) => a.transactions ?? [],
    );
    const text = shown.find((t) => t.description)?.description;
    const otherCategory = shown.find((t) => t.category && t.description !== text)?.category;
    test.skip(!text || !otherCategory, 'the report names no description and another category to combine');
    const both = { findTransactionDescriptionMemo: text, findTransactionCategory: [otherCategory] };
    const combined = await generated(fdApi, pollReport, OP, {
      path: { customerId },
      query: { fromDate, toDate },
      body: { findTransaction: both },
    });
    const unmet = (reportAccounts(combined.report).flatMap((a: any) => a.transactions ?? []) as typeof shown)
      .filter((t) => {
        const memoOk = t.description === text || t.memo === text || `${t.description ?? ''} ${t.memo ?? ''}`.includes(text!);
        return !memoOk || t.category !== otherCategory;
      })
      .map((t) => `${t.description} / ${t.memo} / ${t.category}`);
    expect(unmet, `transactions shown for description or memo "${text}" and category "${otherCategory}" that miss one`).toEqual([]);
  },
);
