// Faults written blind (independent set 48): from seed 002 and the provider's document 1.35.0 only, the suite unread. Each names the
// statement it breaks, and is shown live against `npm run mock` (/work/w48f-live/I48.md).
import { blind, inFamily, provider } from '../kit/faults.js';
import { accountsOf, viewer, type AccountSeams } from './accounts.records.js';
import type { CustomerSeams } from './customers.records.js';
import { faultKit } from './fault-builders.js';
import type { InstitutionSeams } from './institutions.records.js';
import type { PaymentsDataSeams } from './payments-data.records.js';
import type { Account } from './state.js';
import type { TransactionSeams } from './transactions.records.js';

const accounts = faultKit<AccountSeams>();
const customers = faultKit<CustomerSeams>();
const institutions = faultKit<InstitutionSeams>();
const payments = faultKit<PaymentsDataSeams>();
const transactions = faultKit<TransactionSeams>();

/** Epoch seconds of an ISO date-time text (the form the bundle's dates are not to take). */
const epochOf = (iso: unknown) => (typeof iso === 'string' ? Math.floor(Date.parse(iso) / 1000) : iso);

export const INDEPENDENT_48_FAULTS = [
  ...inFamily('accounts', [
    accounts.fault('i48-fd-acct-simple-login-id-text', {
      rule: 'FD-ACCT-IDS, FD-RESP-FORMS: GetCustomerAccountSimple answers institutionLoginId as text, where every reader shows it as the integer id of its login (provider CustomerAccountSimple.institutionLoginId, an integer).',
      answer: accounts.answered('GetCustomerAccountSimple', (b) => ({ ...b, institutionLoginId: String(b.institutionLoginId) })),
      ...provider,
      ...blind,
    }),
    accounts.fault('i48-fd-acct-login-simple-carries-balance', {
      rule: 'FD-ACCT-SIMPLE-BASIC: the simple list of an institution login carries each account balance and balanceDate, members only the full record has, where the simple variants return only basic information (seed Accounts; provider CustomerAccountSimple).',
      answer: accounts.answered('GetCustomerAccountsByInstitutionLoginSimple', (b, x) => ({
        ...b,
        accounts: b.accounts.map((v: Record<string, unknown>, i: number) => ({
          ...v,
          balance: x.list?.[i]?.balance,
          balanceDate: x.list?.[i]?.balanceDate,
        })),
      })),
      ...blind,
    }),
    accounts.fault('i48-fd-acct-credit-gets-available-amount', {
      rule: 'FD-ACCT-DETAIL-TYPES: the by-institution list gives every account detail an availableBalanceAmount, a card, a line of credit and an investment account too (taken from its balance), where the provider CustomerAccountDetail description names that member for deposit accounts and loans only.',
      answer: accounts.answered('GetCustomerAccountsByInstitution', (b, x) => ({
        ...b,
        accounts: b.accounts.map((v: Record<string, any>, i: number) => ({
          ...v,
          detail: { ...v.detail, availableBalanceAmount: v.detail?.availableBalanceAmount ?? x.list?.[i]?.balance },
        })),
      })),
      ...provider,
      ...blind,
    }),
    accounts.fault('i48-fd-acct-deleted-kept-by-institution-simple', {
      rule: 'FD-ACCT-DELETE-ACCOUNT: after a 204 DeleteCustomerAccount, the simple list by institution still lists the deleted account (its cached list not cleared), where the seed says the delete removes access to that account and it is absent from every list.',
      state: accounts.changed('delete', (c, _x, m) => {
        m.gone = [...(m.gone ?? []), ...c.gone];
      }),
      answer: (x, a, m) => {
        if (x.op !== 'GetCustomerAccountsByInstitutionSimple' || a.status !== 200 || !m.gone?.length) return a;
        const back = (m.gone as Account[]).filter(
          (g) => g.customerId === x.input.path.customerId && g.institutionId === x.input.path.institutionId,
        );
        if (!back.length) return a;
        const view = viewer(x.world, x.input.path.customerId);
        return { ...a, body: { ...a.body, accounts: [...a.body.accounts, ...back.map((g) => view.simple(g))] } };
      },
      ...blind,
    }),
    accounts.fault('i48-fd-acct-refresh-v2-deleted-login', {
      rule: 'FD-ACCT-DELETE-AGAIN: once an institution login is deleted, a v2 refresh of that login is answered 204 as if it had refreshed, where a refresh of the deleted login is a 404 (seed Accounts: the delete removes access to that login; Errors 404).',
      state: accounts.changed('delete', (_c, x, m) => {
        if (x.op === 'DeleteCustomerAccountsByInstitutionLogin' && x.login) m.logins = [...(m.logins ?? []), String(x.login.id)];
      }),
      judge: accounts.skip(
        'login',
        (x, m) => x.op === 'RefreshCustomerAccountsByInstitutionLoginV2' && (m.logins ?? []).includes(x.input.path.institutionLoginId),
        (x) => {
          x.list = [];
        },
      ),
      ...blind,
    }),
  ]),
  ...inFamily('customers', [
    customers.fault('i48-fd-customers-found-keeps-deleted', {
      rule: 'FD-CUST-COUNTS-AFTER-DELETE: once a customer is deleted, GetCustomers still counts it in found (a total kept from before the delete), where found covers only the customers the query lists (seed Customers: delete removes access to the customer).',
      state: customers.changed('delete', (c, _x, m) => {
        if (c.removed) m.deleted = (m.deleted ?? 0) + 1;
      }),
      answer: customers.answered('GetCustomers', (b, _x, m) => (m.deleted ? { ...b, found: b.found + m.deleted } : b)),
      ...blind,
    }),
  ]),
  ...inFamily('institutions', [
    institutions.fault('i48-fd-institutions-more-available-full-page', {
      rule: 'FD-DERIVED-COUNTS: GetInstitutions answers moreAvailable true when the page holds every institution found (found compared to the page size with at least instead of more than), where moreAvailable is true only when more results are available (provider MoreResultsAvailable).',
      answer: institutions.answered('GetInstitutions', (b) => ({
        ...b,
        moreAvailable: b.moreAvailable || (b.displaying > 0 && b.found >= b.displaying),
      })),
      ...provider,
      ...blind,
    }),
    institutions.fault('i48-fd-routing-record-oauth-off', {
      rule: 'FD-INST-SAME-RECORD: the routing-number lookup answers every institution with oauthEnabled false, where the provider Institution record reads the same on every reader (GetInstitution and GetInstitutions say true for an OAuth institution).',
      answer: institutions.answered('GetInstitutionsByRoutingNumber', (b) => ({
        ...b,
        institutions: b.institutions.map((i: Record<string, unknown>) => ({ ...i, oauthEnabled: false })),
      })),
      ...provider,
      ...blind,
    }),
    institutions.fault('i48-fd-branding-none-empty-200', {
      rule: 'FD-BRAND-NONE-404: GetInstitutionBranding of an institution without branding answers 200 with an empty body, where the seed (Institutions) says branding is a 404 when the institution has none.',
      judge: institutions.skip('branding', (x) => x.op === 'GetInstitutionBranding'),
      ...blind,
    }),
    institutions.fault('i48-fd-institution-id-text', {
      rule: 'FD-RESP-FORMS: GetInstitution answers institution.id as text, where the provider Institution.id (InstitutionId) is an integer.',
      answer: institutions.answered('GetInstitution', (b) =>
        b.institution ? { ...b, institution: { ...b.institution, id: String(b.institution.id) } } : b,
      ),
      ...provider,
      ...blind,
    }),
  ]),
  ...inFamily('payments-data', [
    payments.fault('i48-fd-peb-success-counts-every-account', {
      rule: 'FD-PAY-PEB-COUNTS: the bundle by institution login counts every account listed in balanceDetailsSuccessCount and paymentInstructionSuccessCount, those whose section failed too, where each success count is the number of accounts carrying that section (provider PaymentEnablementBundle counts).',
      answer: payments.answered('GetAccountDetailsByInstitutionLoginId', (b) => ({
        ...b,
        balanceDetailsSuccessCount: b.accountCount,
        paymentInstructionSuccessCount: b.accountCount,
      })),
      ...provider,
      ...blind,
    }),
    payments.fault('i48-fd-peb-created-date-epoch', {
      rule: 'FD-RESP-FORMS: the bundle gives accountDetails.createdDate in epoch seconds, where the provider AccountSimpleDetails.createdDate is a date-time string.',
      answer: payments.answered(['GetAccountDetailsByInstitutionLoginId', 'GetAccountDetailsByAccountId'], (b) =>
        Array.isArray(b.accounts)
          ? {
              ...b,
              accounts: b.accounts.map((a: Record<string, any>) =>
                a.accountDetails
                  ? { ...a, accountDetails: { ...a.accountDetails, createdDate: epochOf(a.accountDetails.createdDate) } }
                  : a,
              ),
            }
          : b,
      ),
      ...provider,
      ...blind,
    }),
    payments.fault('i48-fd-live-balance-last-four-first-account', {
      rule: "FD-PAY-LAST-FOUR: the live available balance of a customer's other account carries realAccountNumberLast4 of the customer's first account, where it is the last four digits of the account read (provider AvailableBalance.realAccountNumberLast4).",
      answer: payments.answered('GetAvailableBalanceLive', (b, x) => {
        const first = x.account ? accountsOf(x.world, x.account.customerId)[0] : undefined;
        return first ? { ...b, realAccountNumberLast4: first.number.slice(-4) } : b;
      }),
      ...provider,
      ...blind,
    }),
  ]),
  ...inFamily('transactions', [
    transactions.fault('i48-fd-txn-all-displaying-limit', {
      rule: 'FD-DERIVED-COUNTS: GetAllCustomerTransactions answers displaying as the limit asked on a last page holding fewer transactions, where displaying is the number of transactions the page lists (provider DisplayingResults).',
      answer: transactions.answered('GetAllCustomerTransactions', (b, x) => {
        const limit = Number(x.input.query.limit);
        return Number.isFinite(limit) && limit > b.displaying ? { ...b, displaying: limit } : b;
      }),
      ...provider,
      ...blind,
    }),
  ]),
];
