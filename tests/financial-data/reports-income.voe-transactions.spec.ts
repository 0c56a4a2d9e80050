// Covers: GenerateVOETransactionsReport (and its accountIds with GenerateVOIEPaystubWithTXVerifyReport) - seed 002, Decisioning report generation ("VOE transactions
// shows transaction descriptions without amounts"); provider 1.35.0 VOETransactionsReportAck and
// VOETransactionsReportExample (income streams per account). The known answer: the customer's
// payroll deposits read through GetAllCustomerTransactions.
import { expect, rules, test, type FdOperationId } from '../../fixtures/financial-data.js';
import {
  customerWithPay,
  expectSameKind,
  generatedAll,
  memberPaths,
  PAYROLL_DESCRIPTION,
  payrollDeposits,
  storePaystub,
} from './reports-income.known.js';
import { expectComponent, reportAccounts } from './reports.known.js';

/** The transactions of every income stream of a report, each with the account whose stream holds it. */
const streamCredits = (report: any): any[] =>
  reportAccounts(report).flatMap((a) =>
    a.incomeStreams.flatMap((s: any) => s.transactions.map((t: any) => ({ ...t, accountId: String(a.id) }))),
  );

/** Member names that would carry money: an amount, a balance, a net or gross figure. */
const MONEY = /amount|balance|^net|^gross|pay(current|ytd)/i;

test(
  "a VOE transactions report lists the descriptions of the customer's payroll deposits and no amount anywhere, from fromDate on when given @smoke @mock-only",
  rules(
    'FD-VOE-TXN-NO-AMOUNTS@income-read',
    'FD-INCOME-REPORT-TYPE@income-ack',
    'FD-INCOME-REPORT-TYPE@income-read',
    'FD-VOE-TXN-FROM-DATE@income-read',
  ),
  async ({ fdApi, fd, fdContract, fdPowers, createCustomer, pollReport }) => {
    // Deposits on two accounts at least: every deposit account is read, not the first one only.
    const nowS = Math.floor(fd.now() / 1000);
    const {
      customerId,
      accounts,
      deposits: linked,
    } = await customerWithPay(
      fdApi,
      nowS,
      () => createCustomer('testing'),
      (id) => fdPowers.linkAccounts(id),
    );
    // Inputs on both sides of "a credit": described as pay, of 0.01, 0 and -0.01 (provider 1.35.0
    // GenerateVOETransactionsReport: the borrower's credit transactions; TestTxPushTransaction.amount
    // negative for a debit). Only the 0.01 is income; the known answer below is read after them.
    const accountId = String(linked[0].accountId);
    for (const amount of [0.01, 0, -0.01]) {
      const body = { amount, description: PAYROLL_DESCRIPTION, postedDate: nowS, transactionDate: nowS };
      const res = await fdApi.call('CreateTxPushTestTransaction', { path: { customerId, accountId }, body });
      expect(res.status, `CreateTxPushTestTransaction of ${amount} described as pay`).toBe(201);
    }
    const deposits = await payrollDeposits(fdApi, customerId, accounts, nowS);
    expect(deposits, 'the known answer holds the credit of 0.01 added').toHaveLength(linked.length + 1);
    // provider 1.35.0 VOETransactionsReportConstraints.fromDate: the deposits from that date on. A date
    // halfway between two deposits, so whichever of its dates a target reads, the split is the same.
    const dates = [...new Set(deposits.map((d) => Number(d.postedDate)))].sort((a, b) => a - b);
    expect(dates.length, 'deposits on several dates').toBeGreaterThan(2);
    const k = Math.floor(dates.length / 2);
    const fromDate = Math.floor((dates[k - 1] + dates[k]) / 2);
    const [{ ack, report }, later] = await generatedAll(fdApi, pollReport, [
      { op: 'GenerateVOETransactionsReport', options: { path: { customerId }, body: { incomeStreamConfidenceMinimum: 0 } } },
      {
        op: 'GenerateVOETransactionsReport',
        options: { path: { customerId }, body: { incomeStreamConfidenceMinimum: 0, fromDate } },
      },
    ]);
    expectSameKind(ack, report);
    expectComponent(fdContract, 'VOETransactionsReportContent', report, 'the content keeps VOETransactionsReportContent');
    const fields = (t: any) => ({ id: t.id, accountId: t.accountId, description: t.description, postedDate: t.postedDate });
    const shown = streamCredits(report).map(fields);
    const paid = deposits.map((d) => ({ ...fields(d), accountId: String(d.accountId) }));
    const byId = (a: { id: number }, b: { id: number }) => a.id - b.id;
    const described = "the income deposits shown are the customer's payroll deposits, described as the transactions are";
    expect(shown.sort(byId), described).toEqual(paid.sort(byId));
    const content = Object.fromEntries(Object.entries(report).filter(([k]) => !['constraints', 'reportCustomFields'].includes(k)));
    const moneyPaths = memberPaths(content).filter((p) => MONEY.test(p.split('/').pop()!));
    expect(moneyPaths, 'seed 002: descriptions without amounts (members carrying money)').toEqual([]);
    const shownFrom = streamCredits(later.report).map((t) => String(t.id));
    const postedFrom = deposits.filter((d) => Number(d.postedDate) >= fromDate).map((d) => String(d.id));
    expect(shownFrom.sort(), `fromDate ${fromDate}: exactly the deposits posted after it`).toEqual(postedFrom.sort());
  },
);

// provider 1.35.0 VOETransactionsReportConstraints and VOIEWithTXVerifyReportConstraints.accountIds
// (ReportAccountIdsString: "account IDs to be included in the report"): the deposits of the accounts named,
// and another customer's account never read (refused, seed 002 Errors 404 or 400, or left out): a lookup
// among every account would show its pay. One customer pair for both reports (CPU).
const ACCOUNT_ID_REPORTS: { op: FdOperationId; body: (assetId: string) => Record<string, unknown> }[] = [
  { op: 'GenerateVOETransactionsReport', body: () => ({}) },
  { op: 'GenerateVOIEPaystubWithTXVerifyReport', body: (assetId) => ({ voieWithInterviewData: { txVerifyInterview: [{ assetId }] } }) },
];

test(
  "the VOE transactions and VOIE TXVerify reports with accountIds show the payroll deposits of the customer's accounts named only; another customer's account is refused or left out @provider @mock-only",
  rules('FD-INCOME-ACCOUNT-IDS@income-read'),
  async ({ fdApi, fd, fdPowers, createCustomer, pollReport }) => {
    const nowS = Math.floor(fd.now() / 1000);
    const link = (id: string) => fdPowers.linkAccounts(id);
    const mine = await customerWithPay(fdApi, nowS, () => createCustomer('testing'), link);
    const theirs = await customerWithPay(fdApi, nowS, () => createCustomer('testing'), link);
    const named = String(mine.deposits[0].accountId);
    const foreign = String(theirs.deposits[0].accountId);
    const expected = mine.deposits
      .filter((d) => String(d.accountId) === named)
      .map((d) => d.id)
      .sort((a, b) => Number(a) - Number(b));
    const shownBy = (report: any) =>
      streamCredits(report)
        .map((t) => t.id)
        .sort((a, b) => Number(a) - Number(b));
    // Every report is generated first, then all are polled together (20 s between reads, as the
    // seed says): a sandbox waits for the slowest once, not once per report. Each is judged by its
    // operation and the accountIds it was sent.
    const made: { op: FdOperationId; accountIds: string; kind: 'named' | 'near' | 'foreign'; id: string }[] = [];
    for (const { op, body } of ACCOUNT_ID_REPORTS) {
      // A pay statement of its own for each request (a TXVerify request reusing one is a refresh, seed 002).
      const request = async (accountIds: string) => ({
        path: { customerId: mine.customerId },
        body: { incomeStreamConfidenceMinimum: 0, ...body(await storePaystub(fdApi, mine.customerId)), accountIds },
      });
      const narrowed = await fdApi.callBuilt(op, await request(named));
      expect(narrowed.status, `${op} accountIds ${named}: 202; body ${narrowed.text.slice(0, 200)}`).toBe(202);
      made.push({ op, accountIds: named, kind: 'named', id: narrowed.body.id });
      // An entry one character away from the named account (a digit added, the last removed) names no account.
      for (const near of [`${named}7`, named.slice(0, -1)]) {
        if (mine.accounts.some((a) => String(a.id) === near)) continue;
        const nearAck = await fdApi.callBuilt(op, await request(near));
        if (nearAck.status !== 202) {
          expect([400, 404], `${op} accountIds ${near}, one character from ${named}: refused, ${nearAck.status}`).toContain(nearAck.status);
          continue;
        }
        made.push({ op, accountIds: near, kind: 'near', id: nearAck.body.id });
      }
      const both = `${named} ${foreign}`;
      const ack = await fdApi.callBuilt(op, await request(both));
      if (ack.status !== 202) {
        expect([400, 404], `${op} accountIds with another customer's account ${foreign}: refused, ${ack.status}`).toContain(ack.status);
        continue;
      }
      made.push({ op, accountIds: both, kind: 'foreign', id: ack.body.id });
    }
    const polled = await pollReport.all(
      made.map((m) => ({ id: m.id, customerId: mine.customerId, label: `${m.op} with accountIds ${m.accountIds}, report ${m.id}` })),
    );
    for (const [i, { op, accountIds, kind }] of made.entries()) {
      const report = polled[i].final.body;
      if (kind === 'named') {
        expect(report.status, `${op} accountIds ${named}: the report ends success`).toBe('success');
        expect(shownBy(report), `${op} accountIds ${named}: the deposits of that account only`).toEqual(expected);
      } else if (kind === 'near')
        expect(
          shownBy(report).filter((id: unknown) => expected.includes(id as never)),
          `${op} accountIds ${accountIds}, one character from ${named}: that account's deposits never shown`,
        ).toEqual([]);
      else
        expect(shownBy(report), `${op} accountIds ${named} and another customer's ${foreign}: its deposits never shown`).toEqual(expected);
    }
  },
);
