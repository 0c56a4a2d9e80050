// Faults written blind (independent set 61): from seed 002 and the provider's document 1.35.0 only, the suite unread. Each names the
// statement it breaks, and is shown live against `npm run mock` (/work/w61f-live/I61.md).
import { blind, provider } from '../kit/faults.js';
import type { AppSeams } from './app-registration.records.js';
import { faultKit } from './fault-builders.js';
import type { PaymentsDataSeams } from './payments-data.records.js';
import type { PsiSeams } from './psi.records.js';
import type { BillingSeams } from './reports/billing.records.js';
import { findCustomer } from './state.js';
import type { StatementSeams } from './statements.records.js';
import type { TransactionSeams } from './transactions.records.js';

const transactions = faultKit<TransactionSeams>();
const payments = faultKit<PaymentsDataSeams>();
const apps = faultKit<AppSeams>();
const statements = faultKit<StatementSeams>();
const billing = faultKit<BillingSeams>();
const psi = faultKit<PsiSeams>();

const DAY_S = 86_400;
/** An epoch-seconds day written as an ISO 8601 calendar date (YYYY-MM-DD). */
const calendarDate = (s: unknown) => (typeof s === 'number' ? new Date(s * 1000).toISOString().slice(0, 10) : s);

export const INDEPENDENT_61_FAULTS = [
  transactions.fault('i61-fd-txn-daily-balance-false', {
    rule: 'FD-TXN-DAILY-BALANCE: GetCustomerAccountTransactions sent showDailyBalance=false answers dailyBalances as if it were true (the parameter read as present, not by its value), where provider 1.35.0 ShowDailyBalance gives the daily balances only when it is true',
    family: 'transactions',
    judge: transactions.foldOn('GetCustomerAccountTransactions', 'page', (x) => {
      if (x.input.query.showDailyBalance === false) x.input.query.showDailyBalance = true;
    }),
    ...provider,
    ...blind,
  }),
  transactions.fault('i61-fd-txn-daily-balance-date-text', {
    rule: 'FD-TXN-DAILY-BALANCE, FD-RESP-FORMS: each dailyBalances item of GetCustomerAccountTransactions carries its date as a calendar date text (YYYY-MM-DD), not the epoch seconds (UnixDate integer) provider 1.35.0 DailyBalance.date names',
    family: 'transactions',
    answer: transactions.answered('GetCustomerAccountTransactions', (body) =>
      Array.isArray(body.dailyBalances)
        ? { ...body, dailyBalances: body.dailyBalances.map((d: any) => ({ ...d, date: calendarDate(d.date) })) }
        : body,
    ),
    ...provider,
    ...blind,
  }),
  transactions.fault('i61-fd-txn-account-page-default-max', {
    rule: 'FD-TXN-PAGE-DEFAULT: GetCustomerAccountTransactions sent without limit pages by the largest page size the limit takes instead of its default, where provider 1.35.0 LimitParameter gives the page its default size when limit is left out (the customer-wide list keeps it)',
    family: 'transactions',
    judge: transactions.foldOn('GetCustomerAccountTransactions', 'page', (x) => {
      if (x.input.query.limit === undefined && x.page) x.page = { ...x.page, limit: x.pageMax };
    }),
    ...provider,
    ...blind,
  }),
  transactions.fault('i61-fd-txn-todate-optional', {
    rule: 'FD-TXN-DATES-REQUIRED: GetAllCustomerTransactions without toDate is served up to now (the end of the window defaulted) instead of refused 400, where seed 002 Transactions makes fromDate and toDate required',
    family: 'transactions',
    judge: transactions.skipOn(
      'GetAllCustomerTransactions',
      'dates',
      (x) => x.input.query.fromDate !== undefined && x.input.query.toDate === undefined,
      (x) => {
        x.input.query.toDate = x.nowS;
      },
    ),
    ...blind,
  }),
  transactions.fault('i61-fd-txn-account-of-other-customer', {
    rule: "FD-TXN-OWNER-404: GetCustomerAccountTransactions finds the path's account among all the partner's accounts, so another customer's account addressed under a customer that exists lists its transactions (200) instead of 404, where seed 002 Errors 404 and Transactions read an account through its own customer only",
    family: 'transactions',
    judge: transactions.skipOn(
      'GetCustomerAccountTransactions',
      'account',
      (x) => {
        const a = x.world.accounts.get(String(x.input.path.accountId));
        return Boolean(
          a &&
            findCustomer(x.world, String(x.input.path.customerId), x.input.partner?.id) &&
            findCustomer(x.world, a.customerId, x.input.partner?.id),
        );
      },
      (x) => {
        x.account = x.world.accounts.get(String(x.input.path.accountId));
        x.accounts = x.account ? [x.account] : [];
      },
    ),
    ...blind,
  }),
  transactions.fault('i61-fd-txn-found-counts-deleted-account', {
    rule: "FD-TXN-COUNTS-AFTER-DELETE: after DeleteCustomerAccount, GetAllCustomerTransactions still counts in found the deleted account's transactions of the window (counted from the transaction store, not the live accounts) while it no longer lists them, where seed 002 Accounts says the delete removes the account and its transactions",
    family: 'transactions',
    answer: transactions.answered('GetAllCustomerTransactions', (body, x) => {
      const w = x.window;
      if (!w || typeof body.found !== 'number') return body;
      let gone = 0;
      for (const t of x.world.transactions.values())
        if (
          t.customerId === String(x.input.path.customerId) &&
          !x.world.accounts.has(t.accountId) &&
          inWindowOf(w.from, w.to, t.transactionDate ?? t.postedDate) &&
          (x.pending || t.status !== 'pending')
        )
          gone += 1;
      return { ...body, found: body.found + gone };
    }),
    ...blind,
  }),
  transactions.fault('i61-fd-txn-later-page-sort-desc', {
    rule: 'FD-TXN-PAGE-KEEPS-QUERY: a page of GetAllCustomerTransactions after the first (start past one) echoes sort desc whatever sort was sent, so a page of an ascending list says it is descending, where provider 1.35.0 SortParameter and the paged list echo the query of the request on every page',
    family: 'transactions',
    answer: transactions.answered('GetAllCustomerTransactions', (body, x) =>
      Number(x.input.query.start ?? 1) > 1 ? { ...body, sort: 'desc' } : body,
    ),
    ...provider,
    ...blind,
  }),
  payments.fault('i61-fd-peb-include-space-refused', {
    rule: 'FD-PAY-PEB-INCLUDE-VALUES: an include list of GetAccountDetailsByAccountId with a space after its comma (balanceDetails, accountIdentity) is refused 400 as naming an unknown section, where provider 1.35.0 include takes the section names comma-separated, spaces allowed',
    family: 'payments-data',
    judge: payments.refuse('include', (x) => x.op === 'GetAccountDetailsByAccountId' && /,\s/.test(String(x.input.query.include ?? '')), {
      status: 400,
      message: 'include must name balanceDetails, paymentInstruction or accountIdentity',
    }),
    ...provider,
    ...blind,
  }),
  payments.fault('i61-fd-loan-details-student-loan-refused', {
    rule: 'FD-PAY-LOAN-TYPES: GetLoanPaymentDetails of a studentLoan account is refused 400 as an unsupported account type, the student loan left out of the loan types served, where provider 1.35.0 GetLoanPaymentDetails serves loan-type accounts, student loans included (their own loan members)',
    family: 'payments-data',
    judge: payments.refuse('type', (x) => x.op === 'GetLoanPaymentDetails' && x.account?.type === 'studentLoan', {
      status: 400,
      message: 'Bad request. (Account type not supported).',
    }),
    ...provider,
    ...blind,
  }),
  apps.fault('i61-fd-app-modify-unknown-400', {
    rule: 'FD-APP-UNKNOWN: ModifyAppRegistration of a preAppId the partner never registered is refused 400 (filed as a malformed request) instead of 404, where seed 002 App registration gives the 404 for a registration not found',
    family: 'app-registration',
    judge: (x, s, r) => (s === 'registration' && x.op === 'ModifyAppRegistration' && r?.status === 404 ? { ...r, status: 400 } : r),
    ...blind,
  }),
  statements.fault('i61-fd-stmt-multi-last-index-refused', {
    rule: 'FD-STMT-INDEXES-RANGE: GetCustomerAccountMultipleStatement refuses 400 an index list holding the oldest statement index (its maximum), the upper bound taken as exclusive, where provider 1.35.0 StatementIndexesParameter and seed 002 Limits take indexes up to the oldest statement',
    family: 'statements',
    judge: statements.refuse(
      'indexes',
      (x) =>
        x.op === 'GetCustomerAccountMultipleStatement' &&
        String(x.input.query.index ?? '')
          .split(',')
          .map(Number)
          .includes(24),
      { status: 400, message: 'index out of range' },
    ),
    ...provider,
    ...blind,
  }),
  billing.fault('i61-fd-billing-end-edge-excluded', {
    rule: 'FD-BILLING-EDGES: getResellerBillingReport leaves out a report made exactly at endDate (the window read as ending before its endDate), where provider 1.35.0 startDate and endDate bound the billed range inclusively',
    family: 'billing',
    judge: billing.fold(
      'range',
      () => true,
      (x) => {
        x.inWindow = (s) => s >= x.start && s < x.end;
      },
    ),
    ...provider,
    ...blind,
  }),
  billing.fault('i61-fd-billing-enddate-optional', {
    rule: 'FD-BILLING-DATES-REQUIRED: getResellerBillingReport without endDate is served over the largest window from startDate (the end defaulted) instead of refused 400, where seed 002 Report retrieval requires both startDate and endDate for the billing range',
    family: 'billing',
    judge: billing.skip(
      'dates',
      (x) => x.input.query.startDate !== undefined && x.input.query.endDate === undefined,
      (x) => {
        x.input.query.endDate = Number(x.input.query.startDate) + x.maxDays * DAY_S;
      },
    ),
    ...blind,
  }),
  statements.fault('i61-fd-asset-unknown-400', {
    rule: 'FD-ASSET-UNKNOWN: GetAssetByCustomerID of an asset id never issued, for a customer that exists, is refused 400 (the id read as malformed) instead of 404, where seed 002 Errors 404 files an unknown resource as not found',
    family: 'statements',
    judge: (x, s, r) =>
      s === 'asset' && r?.status === 404 && findCustomer(x.world, String(x.input.path.customerId), x.input.partner?.id)
        ? { ...r, status: 400 }
        : r,
    ...blind,
  }),
  psi.fault('i61-fd-psi-settle-by-request-date', {
    rule: "FD-PSI-READ-BACK: a payment success indicator run stores the request's date as its transaction settleByDate (the wrong date of the run taken), so the 202 and the read back name today instead of the settle-by date sent, where seed 002 Payment success indicators reads the run back with the transaction it was generated for",
    family: 'psi',
    state: (_x, c) =>
      c.kind === 'run' ? { ...c, run: { ...c.run, transaction: { ...c.run.transaction, settleByDate: c.run.requestDate } } } : c,
    ...blind,
  }),
];

function inWindowOf(from: number, to: number, key: number) {
  return key >= from && key <= to;
}
