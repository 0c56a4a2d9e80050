import { always, assumption, blind, faultCatalogue, provider, schema, was, type SeamFn } from '../kit/faults.js';
import { faultKit } from './fault-builders.js';
import { holderOf, type Change, type Exchange, type PaymentsDataSeams, type Refusal, type Step } from './payments-data.records.js';
import { type Account, type AccountType } from './state.js';

type Judge = SeamFn<PaymentsDataSeams, 'judge'>;
type Answering = SeamFn<PaymentsDataSeams, 'answer'>;
type Stating = SeamFn<PaymentsDataSeams, 'state'>;
type Op = Exchange['op'];
type View = Record<string, any>;
const { fault, answered, skip, skipOn, fold } = faultKit<PaymentsDataSeams>();

const BUNDLES: Op[] = ['GetAccountDetailsByInstitutionLoginId', 'GetAccountDetailsByAccountId'];

// (a) The request as judged: functions at the judge seam.
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
const typed = (type: AccountType) => (x: Exchange) => x.account?.type === type;

// (b) Whether a balance is read again: functions at the state seam.
/** The refresh decision of `reader` made otherwise (`decide` from the change and the exchange). */
const refreshing =
  (reader: Change['reader'], decide: (c: Change, x: Exchange) => boolean): Stating =>
  (x, c) =>
    c.op === 'balance' && c.reader === reader ? { ...c, refresh: decide(c, x) } : c;
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

export const PAYMENTS_DATA_FAULTS = faultCatalogue([
  fault('fd-pay-owner-v3-unknown-404', {
    rule: 'FD-PAY-OWNER-V3-UNKNOWN: owner v3 of an account the customer does not have is a 404, not the 400 the operation documents',
    judge: (x, s, r) => (r && s === 'account' && x.op === 'GetAccountOwnerDetails' ? { ...r, status: 404 } : r),
    ...provider,
    ...blind,
    ...was('blind-payments-data-owner-v3-unknown-404'),
  }),

  // --- Supported account types (seed 002, Payments data)
  fault('fd-pay-ach-types-credit-card-served', 'FD-PAY-ACH-TYPES: ACH details v1 serve a creditCard account (not a 400)', {
    judge: skipOn('GetAccountACHDetails', 'type', typed('creditCard')),
  }),
  fault('fd-pay-ach-types-cd-refused', 'FD-PAY-ACH-TYPES: ACH details v1 refuse a certificateOfDeposit account (portfolio type cd)', {
    judge: refuse('GetAccountACHDetails', 'type', typed('cd')),
  }),
  fault('fd-pay-details-v3-types-cd-served', 'FD-PAY-DETAILS-V3-TYPES: v3 details serve a cd account (not a 400)', {
    judge: skipOn('GetAccountPaymentInstructionDetails', 'type', typed('cd')),
  }),
  fault('fd-pay-details-v3-types-money-market-refused', {
    rule: 'FD-PAY-DETAILS-V3-TYPES: v3 details refuse a money market account as unsupported',
    judge: refuse('GetAccountPaymentInstructionDetails', 'type', typed('moneyMarket')),
  }),
  fault('fd-pay-balance-types-live-investment-served', 'FD-PAY-BALANCE-TYPES: the live balance serves an investment account (not a 400)', {
    judge: skipOn('GetAvailableBalanceLive', 'type', typed('investment')),
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
    judge: skipOn('GetLoanPaymentDetails', 'type', typed('checking')),
    ...provider,
  }),

  // --- Owner (seed 002: 203 MFA; the owner is the linked customer; dates in epoch seconds)
  fault('fd-pay-owner-mfa-ignored', 'FD-PAY-OWNER-MFA: the owner of an MFA account is answered 200, not 203', {
    judge: skipOn('GetAccountOwner', 'mfa'),
  }),
  fault('fd-pay-owner-name-v1-reversed', 'FD-PAY-OWNER-NAME: the v1 owner name is "last first", not as the holder is named', {
    answer: answered(['GetAccountOwner'], (b, x) => {
      const h = holderOf(x.world.customers.get(x.account!.customerId), x.account!);
      return { ...b, ownerName: [h.lastName, h.firstName].filter(Boolean).join(' ') };
    }),
    ...assumption,
  }),
  fault('fd-pay-date-seconds-owner-asof-ms', 'FD-PAY-DATE-SECONDS: the v1 owner asOfDate in epoch milliseconds, not seconds', {
    answer: answered(['GetAccountOwner'], (b, x) => ({ ...b, asOfDate: x.nowS * 1000 })),
    ...provider,
  }),
  fault('fd-pay-insights-v3-ignored', 'FD-PAY-INSIGHTS: withInsights=true on owner v3 returns no identityInsights', {
    answer: holders(['GetAccountOwnerDetails'], ({ identityInsights: _, ...h }) => h),
    ...provider,
    ...blind,
    ...was('blind-payments-data-owner-v3-insights-ignored'),
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

  // --- Real-time payment flags (seed 002: per real-time payment type, transferInEnabled / transferOutEnabled)
  fault('fd-pay-realtime-flags-fednow-missing', 'FD-PAY-REALTIME-FLAGS: a fedNow instruction carries neither transfer flag', {
    answer: instructed(({ transferInEnabled: _i, transferOutEnabled: _o, ...i }) =>
      i.type === 'fedNow' ? i : { ...i, transferInEnabled: _i, transferOutEnabled: _o },
    ),
  }),
  fault('fd-pay-balance-cache-peb-ignored', 'FD-PAY-BALANCE-CACHE: within the interval the bundle refreshes the balance all the same', {
    state: refreshing('peb', () => true),
  }),
  fault('fd-pay-balance-live-default-zero-cached', 'FD-PAY-BALANCE-LIVE-DEFAULT: interval 0 or absent serves the cached live balance', {
    state: refreshing('live', (c) => c.refresh && c.interval > 0),
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
  fault('fd-pay-cached-reader-date-now', {
    rule: 'FD-PAY-CACHED-READER: the cached-only balance is dated at the response, not at the last live read',
    answer: dated(['GetAvailableBalance'], (_d, x) => x.nowS),
    ...blind,
    ...was('blind-payments-data-cached-date-now'),
  }),
  fault('fd-pay-cache-interval-range-live-negative-accepted', 'FD-PAY-CACHE-INTERVAL-RANGE: a negative live interval is taken', {
    relax: schema('BalanceCacheInterval', { drop: ['minimum'] }),
    ...provider,
  }),
  fault('fd-pay-peb-include-first-only', 'FD-PAY-PEB-INCLUDE: only the first section include names comes back', {
    judge: fold('include', always, (x) => {
      if (x.input.query.include !== undefined) x.sections = new Set([...x.sections!].slice(0, 1));
    }),
  }),
  fault('fd-pay-peb-include-values-unknown-accepted', 'FD-PAY-PEB-INCLUDE-VALUES: an unknown section name is taken, not a 400', {
    judge: skip('include'),
    ...provider,
  }),
  fault('fd-pay-peb-default-all-no-owner', 'FD-PAY-PEB-DEFAULT-ALL: without include the owner section is left out', {
    judge: fold('include', always, (x) => {
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
  fault('fd-pay-peb-counts-error-count-per-account', {
    rule: 'FD-PAY-PEB-COUNTS: errorCount counts the accounts with an error, not the section errors',
    answer: counted(BUNDLES, (b) => ({ errorCount: b.accounts.filter((v: View) => v.errors).length })),
    ...provider,
    ...blind,
    ...was('blind-payments-data-peb-error-count-per-account'),
  }),
  fault('fd-pay-match-name-required-last-name-optional', 'FD-PAY-MATCH-NAME-REQUIRED: a name without lastName is taken, not a 400', {
    relax: schema('OwnerMatchName', { unrequire: ['lastName'] }),
    ...provider,
    ...blind,
    ...was('blind-payments-data-match-last-name-optional'),
  }),
  fault('fd-pay-match-closer-higher-inverted', 'FD-PAY-MATCH-CLOSER-HIGHER: every score is inverted, the exact name scoring lowest', {
    answer: scored((s) => 100 - s),
  }),
  fault('fd-pay-match-score-range-over-100', 'FD-PAY-MATCH-SCORE-RANGE: a full match scores 105, past the 100 of the scale', {
    answer: scored((s) => (s === 100 ? 105 : s)),
  }),
  fault('fd-pay-match-timeout-never', 'FD-PAY-MATCH-TIMEOUT: a slow institution gives a match, not 408', {
    judge: skipOn('AccountMatchingScoreDetails', 'slow'),
  }),
]);
