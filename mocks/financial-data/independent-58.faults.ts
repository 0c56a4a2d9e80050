// Faults written blind (independent set 58): from seed 002 and the provider's document 1.35.0 only, the suite unread. Each names the
// statement it breaks, and is shown live against `npm run mock` (/work/w58f-live/I58.md).
import { blind, provider } from '../kit/faults.js';
import type { AccountSeams } from './accounts.records.js';
import type { AuthSeams } from './auth.records.js';
import type { BusinessSeams } from './businesses.records.js';
import { faultKit } from './fault-builders.js';
import type { InstitutionSeams } from './institutions.records.js';
import type { FrontSeams } from './middleware.records.js';
import type { PsiSeams } from './psi.records.js';
import type { TransactionSeams } from './transactions.records.js';

const front = faultKit<FrontSeams>();
const auth = faultKit<AuthSeams>();
const businesses = faultKit<BusinessSeams>();
const institutions = faultKit<InstitutionSeams>();
const accounts = faultKit<AccountSeams>();
const transactions = faultKit<TransactionSeams>();
const psi = faultKit<PsiSeams>();

/** The by-institution list before its active filter (kept from the 'institution' step to the 'scope' step). */
const unfiltered = new WeakMap<object, unknown[]>();
/** An epoch-seconds date member written in milliseconds. */
const millis = (v: unknown) => (typeof v === 'number' ? v * 1000 : v);

export const INDEPENDENT_58_FAULTS = [
  accounts.fault('i58-fd-acct-by-institution-pending', {
    rule: "FD-ACCT-BY-INSTITUTION: GetCustomerAccountsByInstitution (the full variant) lists the customer's pending account at that institution beside its active ones, the active filter applied on the simple variant only, where seed 002 Accounts and provider 1.35.0 GetCustomerAccountsByInstitution give all the active accounts of the customer at the institution",
    family: 'accounts',
    judge: (x, step, r) => {
      if (x.op !== 'GetCustomerAccountsByInstitution') return r;
      if (step === 'institution' && !r && x.list) unfiltered.set(x, [...x.list]);
      if (step === 'scope' && !r && unfiltered.has(x)) x.list = unfiltered.get(x) as typeof x.list;
      return r;
    },
    ...blind,
  }),
  accounts.fault('i58-fd-acct-get-pending-404', {
    rule: 'FD-ACCT-FULL-PENDING: GetCustomerAccount of the pending account is refused 404 as not found (the active filter of the simple lists applied to the by-id reader), where provider 1.35.0 GetCustomerAccount answers any account of the customer, pending too',
    family: 'accounts',
    judge: (x, step, r) =>
      r ??
      (step === 'account' && x.op === 'GetCustomerAccount' && x.account?.status === 'pending'
        ? { status: 404, message: 'Account not found' }
        : undefined),
    ...provider,
    ...blind,
  }),
  transactions.fault('i58-fd-txn-sort-undated-first', {
    rule: 'FD-TXN-SORT: the transaction lists sort by transactionDate alone, a transaction without one keyed as zero (so it comes last in desc, first in asc, whatever its postedDate), where seed 002 Transactions orders by transactionDate and by postedDate when no transaction date exists',
    family: 'transactions',
    judge: (x, step, r) => {
      if (step === 'order' && !r) x.sortKey = (t) => t.transactionDate ?? 0;
      return r;
    },
    ...blind,
  }),
  transactions.fault('i58-fd-txn-by-id-millis', {
    rule: 'FD-TXN-DATE-SECONDS: GetCustomerTransaction answers transactionDate, postedDate and createdDate in epoch milliseconds (the by-id reader converting for display), where provider 1.35.0 Transaction gives those dates in epoch seconds, as the lists give them',
    family: 'transactions',
    answer: transactions.answered('GetCustomerTransaction', (body) => ({
      ...body,
      transactionDate: millis(body.transactionDate),
      postedDate: millis(body.postedDate),
      createdDate: millis(body.createdDate),
    })),
    ...provider,
    ...blind,
  }),
  front.fault('i58-fd-micro-verify-one-dollar', {
    rule: 'FD-MICRO-AMOUNT-RANGE: VerifyMicroAmountDeposits takes an amount past the maximum of its items (a whole dollar, the bound not checked) and evaluates the pair as an attempt that fails the entries, where seed 002 Micro entries and Limits give micro amounts each under a dollar and provider 1.35.0 MicroDepositVerification bounds them, so such a pair is a 400 and no attempt',
    relax: [{ schema: 'MicroDepositVerification', at: ['properties', 'amounts', 'items'], drop: ['maximum'] }],
    ...blind,
  }),
  front.fault('i58-fd-cust-modify-no-name', {
    rule: 'FD-CUST-MODIFY-REQUIRED: ModifyCustomer with neither firstName nor lastName (an empty object) is answered 204 with nothing changed, where seed 002 Customers says modify requires firstName, lastName, or both',
    relax: [{ schema: 'CustomerUpdate', drop: ['anyOf'] }],
    ...blind,
  }),
  front.fault('i58-fd-cons-zip-optional', {
    rule: 'FD-CONS-REQUIRED: CreateConsumer without zip is created (201) and reads back with an empty zip, where provider 1.35.0 NewConsumer requires zip (as ssn and birthday)',
    relax: [{ schema: 'NewConsumer', unrequire: ['zip'] }],
    ...provider,
    ...blind,
  }),
  front.fault('i58-fd-enrich-empty-batch', {
    rule: 'FD-ENRICH-BATCH-EMPTY: enrichTransactions with an empty transactions list is served 200 (an empty enrichment), where provider 1.35.0 EnrichTransactionsPayload.transactions holds at least its minItems and an empty list is a 400',
    relax: [{ schema: 'EnrichTransactionsPayload', at: ['properties', 'transactions'], shift: { minItems: -1 } }],
    ...provider,
    ...blind,
  }),
  institutions.fault('i58-fd-routing-first-only', {
    rule: 'FD-ROUTING-MATCH: GetInstitutionsByRoutingNumber of a routing number two institutions hold lists only the first of them (the lookup stopped at its first hit), where seed 002 Institutions gives the institutions mapped to the routing number, every one',
    family: 'institutions',
    judge: (x, step, r) => {
      if (step === 'routing' && !r && x.found) x.found = x.found.slice(0, 1);
      return r;
    },
    ...blind,
  }),
  institutions.fault('i58-fd-rssd-search-ignored', {
    rule: 'FD-INST-SEARCH: GetCertifiedInstitutionsWithRSSD ignores its search text and lists every certified institution (the parameter not passed on by that variant), where seed 002 Institutions gives the RSSD variant the same search query as the certified list',
    family: 'institutions',
    judge: (x, step, r) => {
      if (step === 'search' && !r && x.op === 'GetCertifiedInstitutionsWithRSSD' && x.keep) x.keep = { ...x.keep, search: () => true };
      return r;
    },
    ...blind,
  }),
  businesses.fault('i58-fd-bus-update-created-from-body', {
    rule: "FD-OBJ-READ-ONLY: UpdateBusiness sent a createdDate in its body stores it as the record's createdDate (the body bound to the record member by member), so both readers then date the business at the value sent, where provider 1.35.0 gives a business's createdDate as set by the service when it was added and seed 002 Businesses has the update replace the details only",
    family: 'businesses',
    state: (x, c) =>
      x.op === 'UpdateBusiness' && typeof c.fields.createdDate === 'string' ? { ...c, createdDate: c.fields.createdDate } : c,
    ...provider,
    ...blind,
  }),
  auth.fault('i58-fd-token-partner-by-secret', {
    rule: 'FD-TOKEN-ISSUE: CreateToken with a partnerId no partner holds but the secret of a registered partner gets a token for that partner (the partner looked up by its secret when its id finds none), where seed 002 Authentication answers an unknown partner 401',
    family: 'auth',
    judge: (x, step, r) => {
      if (step !== 'partner' || !r || x.op !== 'CreateToken') return r;
      const bySecret = [...x.world.partners.values()].find((p) => p.secret === x.input.body?.partnerSecret);
      if (!bySecret) return r;
      x.partner = bySecret;
      return undefined;
    },
    ...blind,
  }),
  front.fault('i58-fd-app-key-prefix', {
    rule: 'FD-AUTH-KEY-WHOLE: a Partner-App-Key holding a registered key followed by further characters is accepted (the key matched by its start), where seed 002 Authentication has the header carry the app key itself, compared whole, and another value is a 401',
    family: 'front',
    judge: (x, step, r) =>
      step === 'known' && r && typeof x.key === 'string' && x.world.appKeys.some((k) => (x.key as string).startsWith(k)) ? undefined : r,
    ...blind,
  }),
  psi.fault('i58-fd-psi-settle-date-pacific', {
    rule: "FD-PSI-SETTLE-DATE-NOT-PAST: the settle-by date is judged against the service's date in US Pacific time, not UTC, so in the first UTC hours of a day (over a month end too) yesterday's date is rated (200) instead of refused, where provider 1.35.0 SettleByDate must not be in the past (its 400) and the service's today is the UTC date",
    family: 'psi',
    judge: (x, step, r) => {
      if (step !== 'settle-date' || !r || !x.settleBy) return r;
      const pacificToday = new Date((x.nowS - 8 * 3600) * 1000).toISOString().slice(0, 10);
      return x.settleBy >= pacificToday ? undefined : r;
    },
    ...provider,
    ...blind,
  }),
];
