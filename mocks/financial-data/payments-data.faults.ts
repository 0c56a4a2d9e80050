// Faults of payments data: each a deviation a provider's release might ship, named by the rule it breaks
// (`fd-<rule id>-<deviation>`), its rule text starting with the ids of schemas/financial-data/rules*.yaml
// it breaks (`rules`: the specs the targeted mutation run picks). A fault loosens the contract
// (`relax`) or bends payments-data.ts at its seams: the request as judged at one step (Step), whether a
// balance is read again (Change), the answer. A blind fault keeps its earlier id as an alias, so the
// blind measure runs as before.
import { rangeOf } from '../../helpers/contract/facts.js';
import { faultCatalogue, type FaultSeams } from '../kit/faults.js';
import { faultKit, faultsAt, blind, assumption, provider, schema } from './fault-builders.js';
import {
  holderOf,
  insightsOf,
  similarity,
  type Change,
  type Exchange,
  type PaymentsDataSeams,
  type Refusal,
  type Step,
} from './payments-data.records.js';
import { findAccount, type Account, type AccountType, type CustomerAccountsSeams } from './state.js';

type Seams = FaultSeams<PaymentsDataSeams>;
type Judge = NonNullable<Seams['judge']>;
type Answering = NonNullable<Seams['answer']>;
type Stating = NonNullable<Seams['state']>;
type Op = Exchange['op'];
type View = Record<string, any>;
const { fault, answered } = faultKit<PaymentsDataSeams>();

/** The operations of payments-data.ts: every seam is shared by the mock's modules, so a fault names its own. */
const OPS: Op[] = [
  'GetAccountOwner',
  'GetAccountOwnerDetails',
  'GetAccountACHDetails',
  'GetAccountPaymentInstructionDetails',
  'GetLoanPaymentDetails',
  'GetAvailableBalanceLive',
  'GetAvailableBalance',
  'GetAccountDetailsByInstitutionLoginId',
  'GetAccountDetailsByAccountId',
  'AccountMatchingScoreDetails',
];
const BUNDLES: Op[] = ['GetAccountDetailsByInstitutionLoginId', 'GetAccountDetailsByAccountId'];
const ours = (x: Exchange) => OPS.includes(x.op);

// (a) The request as judged: functions at the judge seam.
/** The refusal of `step` on `op` skipped where `when` holds; `then` resolves what the step would have. */
const skip =
  (op: Op | null, step: Step, when: (x: Exchange) => boolean = () => true, then?: (x: Exchange) => void): Judge =>
  (x, s, r) => {
    if (s !== step || !r || !ours(x) || (op && x.op !== op) || !when(x)) return r;
    then?.(x);
    return undefined;
  };
/** A refusal at `step` of `op` the sources do not give, where `when` holds. */
const refuse =
  (
    op: Op,
    step: Step,
    when: (x: Exchange) => boolean,
    made: Refusal = { status: 400, message: 'Bad request. (Account type not supported).' },
  ): Judge =>
  (x, s, r) =>
    r ?? (s === step && x.op === op && when(x) ? made : undefined);
/** The refusal of `step` on `op` answered with another status. */
const restatus =
  (op: Op, step: Step, status: number, message?: string): Judge =>
  (x, s, r) =>
    r && s === step && x.op === op ? { ...r, status, message: message ?? r.message } : r;
/** The exchange changed at `step` before it is judged further, on an operation of ours. */
const fold =
  (step: Step, change: (x: Exchange) => void): Judge =>
  (x, s, r) => {
    if (s === step && ours(x)) change(x);
    return r;
  };
const typed = (type: AccountType) => (x: Exchange) => x.account?.type === type;

// (b) Whether a balance is read again: functions at the state seam.
/** The refresh decision of `reader` made otherwise (`decide` from the change and the exchange). */
const refreshing =
  (reader: Change['reader'], decide: (c: Change, x: Exchange) => boolean): Stating =>
  (x, c) =>
    ours(x) && c.op === 'balance' && c.reader === reader ? { ...c, refresh: decide(c, x) } : c;
/** Each holder of an owner answer (v3, owner match: `holders`; the bundle: each account's identity) made otherwise. */
const holders = (ops: Op[], bend: (holder: View, x: Exchange, account: Account) => View): Answering =>
  answered(ops, (b, x) =>
    b.holders
      ? { ...b, holders: b.holders.map((h: View) => bend(h, x, x.account!)) }
      : {
          ...b,
          accounts: b.accounts.map((v: View) =>
            v.accountIdentity
              ? { ...v, accountIdentity: { holders: v.accountIdentity.holders.map((h: View) => bend(h, x, x.world.accounts.get(v.id)!)) } }
              : v,
          ),
        },
  );
/** Each account of a bundle made otherwise. */
const bundled = (ops: Op[], bend: (view: View, x: Exchange) => View): Answering =>
  answered(ops, (b, x) => ({ ...b, accounts: b.accounts.map((v: View) => bend(v, x)) }));
/** The counts of a bundle made otherwise. */
const counted = (ops: Op[], bend: (body: View, x: Exchange) => View): Answering => answered(ops, (b, x) => ({ ...b, ...bend(b, x) }));
/** The balance dates of the live or cached reader made otherwise. */
const dated = (ops: Op[], date: (d: number, x: Exchange) => number): Answering =>
  answered(ops, (b, x) => ({
    ...b,
    availableBalanceDate: date(b.availableBalanceDate, x),
    clearedBalanceDate: date(b.clearedBalanceDate, x),
  }));
/** Each instruction of the v3 details made otherwise. */
const instructed = (bend: (instruction: View, x: Exchange) => View): Answering =>
  answered(['GetAccountPaymentInstructionDetails'], (b, x) => ({
    ...b,
    paymentInstruction: b.paymentInstruction.map((i: View) => bend(i, x)),
  }));
/** Every score of an owner match answer made otherwise. */
const scored = (bend: (score: number) => number): Answering =>
  answered(['AccountMatchingScoreDetails'], (b) => {
    const all = (scores?: Record<string, number>) => scores && Object.fromEntries(Object.entries(scores).map(([k, s]) => [k, bend(s)]));
    return {
      holders: b.holders.map((h: View) => ({
        ...h,
        nameScores: all(h.nameScores),
        addresses: h.addresses.map((a: View) => (a.addressScores ? { ...a, addressScores: all(a.addressScores) } : a)),
        ...(h.emails ? { emails: h.emails.map((e: View) => (e.emailScores ? { ...e, emailScores: all(e.emailScores) } : e)) } : {}),
        ...(h.phones ? { phones: h.phones.map((p: View) => (p.phoneScores ? { ...p, phoneScores: all(p.phoneScores) } : p)) } : {}),
      })),
    };
  });
/** The number of another account of the same login, else the account's own. */
const otherNumber = (x: Exchange, account: Account) =>
  ([...x.world.accounts.values()].find((a) => a.institutionLoginId === account.institutionLoginId && a.id !== account.id) ?? account)
    .number;
const upper = (s: unknown) => (typeof s === 'string' ? s.toUpperCase() : s);

export const PAYMENTS_DATA_FAULTS = faultCatalogue([
  // --- Which account a path names (seed 002, Resources: a child under another parent is not found)
  faultsAt<CustomerAccountsSeams>()(
    'fd-prop-refusal-code-bundle-no-accounts-uncoded',
    'FD-PROP-REFUSAL-CODE: the bundle of a customer holding no account answers a 404 without the code 38003 the provider gives it',
    { judge: (_x, step, refusal) => (step === 'bundle-customer-accounts' ? undefined : refusal), ...provider, family: 'customer-accounts' },
  ),
  fault('fd-obj-other-parent-savings-any-customer', {
    rule: 'FD-OBJ-OTHER-PARENT: the payments data readers serve a savings account named under another customer of the same partner (the checking account is refused there)',
    judge: skip(
      null,
      'account',
      (x) => savingsElsewhere(x) !== undefined,
      (x) => (x.account = savingsElsewhere(x)),
    ),
  }),
  fault('fd-obj-other-parent-loan-any-customer', {
    rule: 'FD-OBJ-OTHER-PARENT: GetLoanPaymentDetails finds the loan account by its id among every customer of the partner, so a loan of another customer named under this customer is served',
    judge: skip(
      'GetLoanPaymentDetails',
      'account',
      (x) => partnersAccount(x) !== undefined,
      (x) => (x.account = partnersAccount(x)),
    ),
  }),
  fault('fd-pay-owner-v3-unknown-404', {
    rule: 'FD-PAY-OWNER-V3-UNKNOWN: owner v3 of an account the customer does not have is a 404, not the 400 the operation documents',
    judge: restatus('GetAccountOwnerDetails', 'account', 404),
    ...provider,
    ...blind('blind-payments-data-owner-v3-unknown-404'),
  }),

  // --- Supported account types (seed 002, Payments data)
  fault('fd-pay-ach-types-credit-card-served', 'FD-PAY-ACH-TYPES: ACH details v1 serve a creditCard account (not a 400)', {
    judge: skip('GetAccountACHDetails', 'type', typed('creditCard')),
  }),
  fault('fd-pay-ach-types-cd-refused', 'FD-PAY-ACH-TYPES: ACH details v1 refuse a certificateOfDeposit account (portfolio type cd)', {
    judge: refuse('GetAccountACHDetails', 'type', typed('cd')),
  }),
  fault('fd-pay-ach-types-unsupported-404', {
    rule: 'FD-PAY-ACH-TYPES: ACH details v1 answer an account of a type they do not support 404 as not found, not 400 as unsupported',
    judge: restatus('GetAccountACHDetails', 'type', 404, 'Account not found'),
  }),
  fault('fd-pay-details-v3-types-cd-served', 'FD-PAY-DETAILS-V3-TYPES: v3 details serve a cd account (not a 400)', {
    judge: skip('GetAccountPaymentInstructionDetails', 'type', typed('cd')),
  }),
  fault('fd-pay-details-v3-types-money-market-refused', {
    rule: 'FD-PAY-DETAILS-V3-TYPES: v3 details refuse a money market account as unsupported',
    judge: refuse('GetAccountPaymentInstructionDetails', 'type', typed('moneyMarket')),
  }),
  fault('fd-pay-balance-types-live-investment-served', 'FD-PAY-BALANCE-TYPES: the live balance serves an investment account (not a 400)', {
    judge: skip('GetAvailableBalanceLive', 'type', typed('investment')),
  }),
  fault('fd-pay-balance-types-cached-cd-refused', 'FD-PAY-BALANCE-TYPES: the cached balance refuses a cd account (one reader only)', {
    judge: refuse('GetAvailableBalance', 'type', typed('cd')),
  }),
  fault('fd-pay-balance-types-live-cd-refused', 'FD-PAY-BALANCE-TYPES: the live balance alone refuses a certificate of deposit with 400', {
    judge: refuse('GetAvailableBalanceLive', 'type', typed('cd')),
  }),
  fault('fd-pay-loan-types-student-refused', 'FD-PAY-LOAN-TYPES: loan payment details refuse a studentLoan account', {
    judge: refuse('GetLoanPaymentDetails', 'type', typed('studentLoan')),
    ...provider,
  }),
  fault('fd-pay-loan-types-checking-served', 'FD-PAY-LOAN-TYPES: loan payment details serve a checking account (not a 400)', {
    judge: skip('GetLoanPaymentDetails', 'type', typed('checking')),
    ...provider,
  }),

  // --- Owner (seed 002: 203 MFA; the owner is the linked customer; dates in epoch seconds)
  fault('fd-pay-owner-mfa-ignored', 'FD-PAY-OWNER-MFA: the owner of an MFA account is answered 200, not 203', {
    judge: skip('GetAccountOwner', 'mfa'),
  }),
  fault('fd-pay-owner-name-v1-reversed', 'FD-PAY-OWNER-NAME: the v1 owner name is "last first", not as the holder is named', {
    answer: answered(['GetAccountOwner'], (b, x) => {
      const h = holderOf(x.world.customers.get(x.account!.customerId), x.account!);
      return { ...b, ownerName: [h.lastName, h.firstName].filter(Boolean).join(' ') };
    }),
    ...assumption,
  }),
  fault('fd-pay-owner-name-v3-uppercased', {
    rule: 'FD-PAY-OWNER-NAME: GetAccountOwnerDetails answers ownerName, firstName and lastName upper-cased',
    answer: holders(['GetAccountOwnerDetails'], (h) => ({
      ...h,
      ownerName: upper(h.ownerName),
      firstName: upper(h.firstName),
      lastName: upper(h.lastName),
    })),
    ...provider,
  }),
  fault('fd-pay-owner-name-v3-first-last-swapped', {
    rule: 'FD-PAY-OWNER-NAME: GetAccountOwnerDetails answers the holder with firstName and lastName swapped',
    answer: holders(['GetAccountOwnerDetails'], (h) => ({ ...h, firstName: h.lastName, lastName: h.firstName })),
    ...provider,
  }),
  fault('fd-pay-date-seconds-owner-asof-ms', 'FD-PAY-DATE-SECONDS: the v1 owner asOfDate in epoch milliseconds, not seconds', {
    answer: answered(['GetAccountOwner'], (b, x) => ({ ...b, asOfDate: x.nowS * 1000 })),
    ...provider,
  }),
  fault('fd-pay-insights-always', 'FD-PAY-INSIGHTS: identity insights come back unasked (owner v3, owner match, the bundle)', {
    answer: holders(['GetAccountOwnerDetails', 'AccountMatchingScoreDetails', ...BUNDLES], (h, _x, account) => ({
      ...h,
      identityInsights: insightsOf(account, h.emails?.[0]?.email, h.phones?.[0]?.phone),
    })),
    ...provider,
  }),
  fault('fd-pay-insights-v3-ignored', 'FD-PAY-INSIGHTS: withInsights=true on owner v3 returns no identityInsights', {
    answer: holders(['GetAccountOwnerDetails'], ({ identityInsights: _, ...h }) => h),
    ...provider,
    ...blind('blind-payments-data-owner-v3-insights-ignored'),
  }),

  // --- Account numbers (provider: realAccountNumber, accountNumber full and the account's own; routing number a string)
  fault('fd-pay-account-number-other-account', {
    rule: "FD-PAY-ACCOUNT-NUMBER: the full number is another account's of the same login (v1, v3 and the bundle)",
    answer: (x, a, m) => {
      const v1 = answered(['GetAccountACHDetails'], (b) => ({ ...b, realAccountNumber: otherNumber(x, x.account!) }));
      const v3 = instructed((i) => ({ ...i, accountNumber: otherNumber(x, x.account!) }));
      const peb = bundled(BUNDLES, (v) =>
        v.paymentInstruction
          ? { ...v, paymentInstruction: { ...v.paymentInstruction, accountNumber: otherNumber(x, x.world.accounts.get(v.id)!) } }
          : v,
      );
      return peb(x, v3(x, v1(x, a, m), m), m);
    },
    ...provider,
  }),
  fault('fd-pay-account-number-v1-routing-leading-zero-dropped', {
    rule: 'FD-PAY-ACCOUNT-NUMBER: the v1 ACH details write the routing number through a number, a leading zero dropped',
    answer: answered(['GetAccountACHDetails'], (b) => ({ ...b, routingNumber: String(Number(b.routingNumber)) })),
  }),
  fault('fd-pay-account-number-v1-checking-masked', {
    rule: "FD-PAY-ACCOUNT-NUMBER: the v1 details give a checking account's number masked but for its last four",
    answer: answered(['GetAccountACHDetails'], (b, x) =>
      x.account!.type === 'checking' ? { ...b, realAccountNumber: String(b.realAccountNumber).replace(/\d(?=\d{4})/g, 'x') } : b,
    ),
    ...provider,
  }),
  fault('fd-type-forms-ach-routing-as-number', {
    rule: 'FD-TYPE-FORMS, FD-PAY-ACCOUNT-NUMBER: v1 ACH details answer the routing number as a JSON number, leading zeros lost',
    answer: answered(['GetAccountACHDetails'], (b) => ({ ...b, routingNumber: Number(b.routingNumber) })),
    ...provider,
  }),
  fault('fd-pay-last-four-balance-full-number', 'FD-PAY-LAST-FOUR: realAccountNumberLast4 of a balance holds the full number', {
    answer: (x, a, m) => {
      const own = answered(['GetAvailableBalanceLive', 'GetAvailableBalance'], (b) => ({
        ...b,
        realAccountNumberLast4: x.account!.number,
      }));
      const peb = bundled(BUNDLES, (v) =>
        v.balanceDetails
          ? { ...v, balanceDetails: { ...v.balanceDetails, realAccountNumberLast4: x.world.accounts.get(v.id)!.number } }
          : v,
      );
      return peb(x, own(x, a, m), m);
    },
    ...provider,
  }),
  fault('fd-pay-last-four-bundle-account-id', {
    rule: "FD-PAY-LAST-FOUR: the bundle gives the last four digits of the account's id as realAccountNumberLast4",
    answer: bundled(BUNDLES, (v) => (v.realAccountNumberLast4 ? { ...v, realAccountNumberLast4: String(v.id).slice(-4) } : v)),
    ...provider,
  }),

  // --- Real-time payment flags (seed 002: per real-time payment type, transferInEnabled / transferOutEnabled)
  fault('fd-pay-realtime-flags-fednow-missing', 'FD-PAY-REALTIME-FLAGS: a fedNow instruction carries neither transfer flag', {
    answer: instructed(({ transferInEnabled: _i, transferOutEnabled: _o, ...i }) =>
      i.type === 'fedNow' ? i : { ...i, transferInEnabled: _i, transferOutEnabled: _o },
    ),
  }),
  fault('fd-pay-realtime-flags-swapped', 'FD-PAY-REALTIME-FLAGS: transferInEnabled and transferOutEnabled are read from each other', {
    answer: instructed((i) =>
      i.type === 'ach' ? i : { ...i, transferInEnabled: i.transferOutEnabled, transferOutEnabled: i.transferInEnabled },
    ),
  }),

  // --- balance_cache_interval (seed 002; provider: minutes, a balance older than the interval is refreshed)
  fault('fd-pay-balance-cache-interval-seconds', 'FD-PAY-BALANCE-CACHE: the interval is counted in seconds, not minutes', {
    state: (x, c) =>
      ours(x) && c.op === 'balance' && c.reader !== 'cached' && c.interval > 0 ? { ...c, refresh: c.ageS > c.interval } : c,
  }),
  fault('fd-pay-balance-cache-live-never-refreshed', 'FD-PAY-BALANCE-CACHE: past the interval the live balance is not refreshed', {
    state: refreshing('live', (c) => c.refresh && c.interval === 0),
  }),
  fault('fd-pay-balance-cache-live-interval-ignored', {
    rule: 'FD-PAY-BALANCE-CACHE: within the interval the live balance is refreshed all the same',
    state: refreshing('live', () => true),
  }),
  fault('fd-pay-balance-cache-live-interval-inclusive', {
    rule: 'FD-PAY-BALANCE-CACHE: the live read refreshes a balance exactly as old as the interval',
    state: refreshing('live', (c) => c.refresh || c.ageS === c.interval * 60),
    ...provider,
  }),
  fault('fd-pay-balance-cache-peb-ignored', 'FD-PAY-BALANCE-CACHE: within the interval the bundle refreshes the balance all the same', {
    state: refreshing('peb', () => true),
  }),
  fault('fd-pay-balance-cache-peb-age-whole-minutes', {
    rule: 'FD-PAY-BALANCE-CACHE: the bundle counts a balance age in whole minutes, so one a second older than the interval is still served',
    state: refreshing('peb', (c) => Math.floor(c.ageS / 60) > c.interval),
    ...blind('blind-payments-data-peb-cache-age-whole-minutes'),
  }),
  fault('fd-pay-balance-cache-peb-interval-inclusive', {
    rule: 'FD-PAY-BALANCE-CACHE: the bundle refreshes a cached balance exactly as old as the interval',
    state: refreshing('peb', (c) => c.refresh || c.ageS === c.interval * 60),
    ...provider,
  }),
  fault('fd-pay-balance-cache-peb-max-interval-never-refreshes', {
    rule: 'FD-PAY-BALANCE-CACHE: the bundle with the largest interval the contract allows (its maximum) serves a cached balance of any age',
    state: refreshing('peb', (c, x) => c.refresh && c.interval !== rangeOf(x.contract, 'PebBalanceCacheInterval').max),
  }),
  fault('fd-pay-balance-live-default-zero-cached', 'FD-PAY-BALANCE-LIVE-DEFAULT: interval 0 or absent serves the cached live balance', {
    state: refreshing('live', (c) => c.refresh && c.interval > 0),
    ...provider,
  }),
  fault('fd-pay-balance-live-default-dated-before-refresh', {
    rule: 'FD-PAY-BALANCE-LIVE-DEFAULT, FD-PAY-DATE-SECONDS: a refreshed live balance is answered with the date of the balance it replaced',
    answer: dated(['GetAvailableBalanceLive'], (d, x) => (x.datedBefore !== x.account!.balanceDate ? x.datedBefore! : d)),
    ...provider,
  }),
  fault('fd-pay-peb-interval-default-doubled', {
    rule: 'FD-PAY-PEB-INTERVAL-DEFAULT: without an interval the bundle caches twice the default interval',
    state: refreshing('peb', (c) => (c.defaulted ? c.ageS > 2 * c.interval * 60 : c.refresh)),
    ...provider,
  }),
  fault('fd-pay-date-seconds-balance-ms', 'FD-PAY-DATE-SECONDS: balance dates in epoch milliseconds, not seconds', {
    answer: dated(['GetAvailableBalanceLive', 'GetAvailableBalance'], (d) => d * 1000),
    ...provider,
  }),
  fault('fd-pay-cached-reader-stale-copy', {
    rule: 'FD-PAY-CACHED-READER: the cached variant keeps its own copy of the balance, not the one the live read refreshed',
    answer: answered(['GetAvailableBalance'], (b, x, m) => {
      const { availableBalance, availableBalanceDate, clearedBalance, clearedBalanceDate } = b;
      m[x.account!.id] ??= { availableBalance, availableBalanceDate, clearedBalance, clearedBalanceDate };
      return { ...b, ...m[x.account!.id] };
    }),
  }),
  fault('fd-pay-cached-reader-refreshes', 'FD-PAY-CACHED-READER: the cached variant refreshes the balance', {
    state: refreshing('cached', () => true),
  }),
  fault('fd-pay-cached-reader-date-now', {
    rule: 'FD-PAY-CACHED-READER: the cached-only balance is dated at the response, not at the last live read',
    answer: dated(['GetAvailableBalance'], (_d, x) => x.nowS),
    ...blind('blind-payments-data-cached-date-now'),
  }),
  fault('fd-pay-cache-interval-range-live-negative-accepted', 'FD-PAY-CACHE-INTERVAL-RANGE: a negative live interval is taken', {
    relax: schema('BalanceCacheInterval', { drop: ['minimum'] }),
    ...provider,
  }),
  fault('fd-pay-cache-interval-range-live-cap-unenforced', 'FD-PAY-CACHE-INTERVAL-RANGE: a live interval above its maximum is taken', {
    relax: schema('BalanceCacheInterval', { drop: ['maximum'] }),
    ...provider,
  }),
  fault('fd-pay-cache-interval-range-peb-cap-unenforced', 'FD-PAY-CACHE-INTERVAL-RANGE: a bundle interval above its maximum is taken', {
    relax: schema('PebBalanceCacheInterval', { drop: ['maximum'] }),
    ...provider,
  }),

  // --- Payment enablement bundle (seed 002: any or all of its sections; include narrows; its counts)
  fault('fd-pay-peb-include-ignored-by-login', 'FD-PAY-PEB-INCLUDE: the bundle by login answers every section whatever include names', {
    judge: fold('include', (x) => {
      if (x.op === 'GetAccountDetailsByInstitutionLoginId')
        x.sections = new Set(['balanceDetails', 'paymentInstruction', 'accountIdentity']);
    }),
  }),
  fault('fd-pay-peb-include-first-only', 'FD-PAY-PEB-INCLUDE: only the first section include names comes back', {
    judge: fold('include', (x) => {
      if (x.input.query.include !== undefined) x.sections = new Set([...x.sections!].slice(0, 1));
    }),
  }),
  fault('fd-pay-peb-include-values-unknown-accepted', 'FD-PAY-PEB-INCLUDE-VALUES: an unknown section name is taken, not a 400', {
    judge: skip(null, 'include'),
    ...provider,
  }),
  fault('fd-pay-peb-default-all-no-owner', 'FD-PAY-PEB-DEFAULT-ALL: without include the owner section is left out', {
    judge: fold('include', (x) => {
      if (x.input.query.include === undefined) x.sections!.delete('accountIdentity');
    }),
    ...assumption,
  }),
  fault('fd-pay-peb-institution-name-of-another', {
    rule: "FD-PAY-PEB-INSTITUTION: the payment enablement bundle names each account's institution by the name of the institution listed before it",
    answer: bundled(BUNDLES, (v, x) => {
      const list = x.world.institutions;
      const i = list.findIndex((n) => n.id === v.institutionId);
      return { ...v, institutionName: list[i > 0 ? i - 1 : list.length - 1]?.name };
    }),
    ...provider,
  }),
  fault('fd-pay-peb-counts-identity-before-include', {
    rule: 'FD-PAY-PEB-COUNTS: accountIdentitySuccessCount counts every account when include leaves the identity section out (the section is absent from each)',
    answer: counted(BUNDLES, (b, x) => (x.sections!.has('accountIdentity') ? {} : { accountIdentitySuccessCount: b.accountCount })),
    ...provider,
  }),
  fault('fd-pay-peb-counts-error-count-per-account', {
    rule: 'FD-PAY-PEB-COUNTS: errorCount counts the accounts with an error, not the section errors',
    answer: counted(BUNDLES, (b) => ({ errorCount: b.accounts.filter((v: View) => v.errors).length })),
    ...provider,
    ...blind('blind-payments-data-peb-error-count-per-account'),
  }),
  fault('fd-pay-peb-counts-login-account-count-all-logins', {
    rule: "FD-PAY-PEB-COUNTS: the bundle by login's accountCount counts every account of the customer, on all its logins",
    answer: counted(['GetAccountDetailsByInstitutionLoginId'], (_b, x) => ({
      accountCount: [...x.world.accounts.values()].filter((a) => a.customerId === x.login!.customerId).length,
    })),
    ...provider,
  }),
  fault('fd-pay-peb-counts-by-account-instruction-count-refused', {
    rule: 'FD-PAY-PEB-COUNTS: the bundle by account counts paymentInstructionSuccessCount for an account refused the payment instruction section (a type without ACH details)',
    answer: counted(['GetAccountDetailsByAccountId'], (b) => ({
      paymentInstructionSuccessCount:
        b.paymentInstructionSuccessCount +
        b.accounts.filter((v: View) => v.errors?.some((e: View) => e.fieldName === 'paymentInstruction')).length,
    })),
    ...provider,
  }),

  // --- Owner match (seed 002: name required; scores 0..100, higher closer; 408)
  fault('fd-pay-match-name-required-optional', 'FD-PAY-MATCH-NAME-REQUIRED: a match request without name is taken, not a 400', {
    relax: schema('OwnerMatchRequest', { unrequire: ['name'] }),
  }),
  fault('fd-pay-match-name-required-last-name-optional', 'FD-PAY-MATCH-NAME-REQUIRED: a name without lastName is taken, not a 400', {
    relax: schema('OwnerMatchName', { unrequire: ['lastName'] }),
    ...provider,
    ...blind('blind-payments-data-match-last-name-optional'),
  }),
  fault('fd-pay-match-closer-higher-first-name-against-suffix', {
    rule: "FD-PAY-MATCH-CLOSER-HIGHER: with a suffix in the request the firstName is scored against the holder's suffix, so the exact first name scores no higher than another",
    answer: answered(['AccountMatchingScoreDetails'], (b, x) => {
      const name = x.input.body?.name ?? {};
      if (name.suffix === undefined || name.firstName === undefined) return b;
      return {
        holders: b.holders.map((h: View) => ({
          ...h,
          nameScores: { ...h.nameScores, firstName: similarity(String(name.firstName), '') },
        })),
      };
    }),
  }),
  fault('fd-pay-match-closer-higher-postal-code-against-phone', {
    rule: "FD-PAY-MATCH-CLOSER-HIGHER: with a phone in the request too, the address's postalCode is scored against the holder's phone, so the exact postal code scores no higher than another",
    answer: answered(['AccountMatchingScoreDetails'], (b, x) => {
      const body = x.input.body ?? {};
      if (body.phone === undefined || body.address?.postalCode === undefined) return b;
      return {
        holders: b.holders.map((h: View) => ({
          ...h,
          addresses: h.addresses.map((a: View) => ({
            ...a,
            addressScores: { ...a.addressScores, postalCode: similarity(String(body.address.postalCode), h.phones?.[0]?.phone ?? '') },
          })),
        })),
      };
    }),
  }),
  fault('fd-pay-match-closer-higher-inverted', 'FD-PAY-MATCH-CLOSER-HIGHER: every score is inverted, the exact name scoring lowest', {
    answer: scored((s) => 100 - s),
  }),
  fault('fd-pay-match-score-range-over-100', 'FD-PAY-MATCH-SCORE-RANGE: a full match scores 105, past the 100 of the scale', {
    answer: scored((s) => (s === 100 ? 105 : s)),
  }),
  fault('fd-pay-match-timeout-never', 'FD-PAY-MATCH-TIMEOUT: a slow institution gives a match, not 408', {
    judge: skip('AccountMatchingScoreDetails', 'slow'),
  }),
]);

/** The savings account of the path's id under another customer of the path customer's partner. */
function savingsElsewhere(x: Exchange): Account | undefined {
  const { path } = x.input;
  const account = x.world.accounts.get(path.accountId);
  const customer = x.world.customers.get(String(path.customerId));
  return account?.type === 'savings' && customer && x.world.customers.get(account.customerId)?.partnerId === customer.partnerId
    ? account
    : undefined;
}
/** The account of the path's id among every customer of the caller, the path naming one that exists. */
function partnersAccount(x: Exchange): Account | undefined {
  const { path, partner } = x.input;
  const a = x.world.accounts.get(path.accountId);
  return a && x.world.customers.has(path.customerId) && findAccount(x.world, a.customerId, a.id, partner?.id) ? a : undefined;
}
