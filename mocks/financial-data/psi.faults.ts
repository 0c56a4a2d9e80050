// Faults of payment success indicators, named `fd-<rule id>-<deviation>` (schemas/financial-data/rules/psi.yaml): `relax`, or psi.ts's
// seams (Step, Change, the answer). An id docs/mutation.md names, and a blind fault's first id, stay as aliases.
import { assumption, blind, faultCatalogue, provider, schema, was, type SeamFn } from '../kit/faults.js';
import { faultKit } from './fault-builders.js';
import { DAY_S, GENERATE, LEGACY, READ, epochOf, riskOf, settleOf, type Change, type Exchange, type PsiSeams } from './psi.records.js';

type Stating = SeamFn<PsiSeams, 'state'>;
type Op = Exchange['op'];
type View = Record<string, any>;
const { fault, skip, refuse, answered } = faultKit<PsiSeams>();
const NON_FCRA_READ: Op = 'GetPaymentSuccessIndicators';
/** How many days out a settle-by date is. */
const daysOut = (x: Exchange, settleBy: string) => Math.round((epochOf(settleBy) - epochOf(x.today)) / DAY_S);
const settleByOf = (x: Exchange): string => x.run?.transaction.settleByDate ?? x.input.query.settleByDate;

// (b) What a rating keeps or decides: functions at the state seam.
/** A change of `kind` on `ops` made otherwise. */
const changed =
  <K extends Change['kind']>(kind: K, ops: Op[], bend: (c: Extract<Change, { kind: K }>, x: Exchange) => Change): Stating =>
  (x, c) =>
    c.kind === kind && ops.includes(x.op) ? bend(c as Extract<Change, { kind: K }>, x) : c;
/** The potential settlement dates of `ops` made otherwise. */
const dated = (ops: Op[], bend: (dates: string[], x: Exchange) => string[]) =>
  changed('days', ops, (c, x) => ({ kind: 'days', dates: bend(c.dates, x) }));
/** An indicator given the band below its score's (the two riskiest bands each other's value). */
const swapped = (s: number, of: (s: number) => string) => (s >= 70 ? of(s) : of(s >= 40 ? 0 : 40));
const inCents = (n: unknown) => (typeof n === 'number' ? Math.round(n * 100) : n);

export const PSI_FAULTS = faultCatalogue([
  fault('fd-psi-user-contact-neither-taken', {
    rule: 'FD-PSI-USER-CONTACT: a PSI user with neither an e-mail nor a phone number is taken (provider 1.35.0 PaymentSuccessIndicatorsPhone.number)',
    relax: schema('PsiUser', { drop: ['if', 'then'] }),
    ...provider,
  }),
  // --- Runs: 202, read back by payRequestId, owned by the account (seed 002, PSI and Errors 404)
  fault('fd-psi-generate-200', 'FD-PSI-GENERATE: generation answers 200 (not 202)', {
    answer: (x, a) => (GENERATE.includes(x.op) && a.status === 202 ? { ...a, status: 200 } : a),
  }),
  fault('fd-psi-read-back-stuck-in-progress', 'FD-PSI-READ-BACK: the run reads back IN PROGRESS, never with its result', {
    state: changed('outcome', READ, () => ({ kind: 'outcome', status: 'IN PROGRESS' })),
  }),
  fault('fd-psi-read-back-request-date-is-today', {
    rule: 'FD-PSI-READ-BACK, FD-EVENT-DATE-FIXED: the reads give the request date of the day they are read, not of the run',
    answer: answered(READ, (b, x) => ({ ...b, requestDate: x.today })),
    ...provider,
  }),
  fault('fd-psi-read-back-available-balance-cents', {
    rule: 'FD-PSI-READ-BACK, FD-PROP-SAME-ON-EVERY-READER: the non-FCRA read-back gives the available balance in cents',
    answer: answered([NON_FCRA_READ], (b) =>
      b.nsfReturnRisk?.result
        ? {
            ...b,
            nsfReturnRisk: { result: { ...b.nsfReturnRisk.result, availableBalance: inCents(b.nsfReturnRisk.result.availableBalance) } },
          }
        : b,
    ),
    ...provider,
    ...was('i27-psi-read-available-balance-cents'),
  }),
  fault('fd-psi-unknown-pay-request-400', 'FD-PSI-UNKNOWN-PAY-REQUEST: an unknown payRequestId is a 400 (not 404)', {
    judge: (_x, s, r) => (s === 'run' && r ? { ...r, status: 400, message: 'payRequestId is invalid' } : r),
  }),
  fault('fd-psi-owner-account-unchecked', 'FD-PSI-OWNER: a payRequestId reads through another account of its customer', {
    judge: skip('owner', (x) => x.run!.customerId === x.account!.customerId),
  }),
  fault('fd-psi-product-separate-shared', 'FD-PSI-PRODUCT-SEPARATE: an FCRA run reads through the non-FCRA operation (and back)', {
    judge: skip('product'),
    ...assumption,
  }),
  // --- 403 / 406 (seed 002 Errors; conditions from provider 1.35.0 examples)
  fault('fd-psi-forbidden-freeze-ignored', 'FD-PSI-FORBIDDEN: generation for a customer under a security freeze is served', {
    judge: skip('freeze'),
    ...provider,
  }),
  fault('fd-psi-not-acceptable-ignored', 'FD-PSI-NOT-ACCEPTABLE: a request asking for other than JSON is served', {
    judge: skip('accept'),
    ...provider,
  }),
  fault('fd-psi-not-acceptable-with-parameters-406', {
    rule: 'FD-PSI-NOT-ACCEPTABLE, FD-PROP-ACCEPT: an Accept of application/json carrying a parameter (a charset) is compared whole and refused 406',
    judge: refuse(
      'accept',
      (x) => !x.accept.split(',').some((r) => ['application/json', 'application/*', '*/*', ''].includes(r.trim().toLowerCase())),
      { status: 406, message: "Only 'application/json' is supported." },
    ),
    ...provider,
    ...was('i35-fd-psi-accept-with-parameters-406'),
  }),
  // --- Permissible purpose (seed 002 PSI: FCRA variants bound to the stated purpose)
  fault('fd-psi-purpose-required-skipped', 'FD-PSI-PURPOSE-REQUIRED: an FCRA run without purpose is taken', { judge: skip('purpose') }),
  fault('fd-psi-purpose-format-length-unchecked', 'FD-PSI-PURPOSE-FORMAT: a purpose of one or three characters is taken', {
    relax: schema('PsiPurposeCode', { set: { pattern: '^[0-9A-Za-z]{1,3}$' } }),
    ...provider,
  }),
  // --- Result contents (provider 1.35.0)
  fault('fd-psi-reasons-always', 'FD-PSI-REASONS: the reasons come without include_reasons=true', {
    state: changed('reasons', READ, () => ({ kind: 'reasons', include: true })),
    ...provider,
  }),
  fault('fd-psi-mfa-failure-success', 'FD-PSI-MFA-FAILURE: a run on an account whose institution asks MFA reads back SUCCESS', {
    state: changed('outcome', READ, (c) => ({ kind: 'outcome', status: c.status === 'FAILURE' ? 'SUCCESS' : c.status })),
    ...provider,
  }),
  fault('fd-psi-indicator-bands-swapped', {
    rule: "FD-PSI-INDICATOR: the two riskiest bands are given each other's value (no longer a projection of the score)",
    answer: answered([...READ, ...LEGACY], (b) =>
      b.indicatorsByDay
        ? { ...b, indicatorsByDay: b.indicatorsByDay.map((d: View) => ({ ...d, scoreIndicator: swapped(d.compositeScore, settleOf) })) }
        : b.nsfReturnRisk?.result
          ? {
              ...b,
              nsfReturnRisk: {
                result: {
                  ...b.nsfReturnRisk.result,
                  dailyResults: b.nsfReturnRisk.result.dailyResults.map((d: View) => ({ ...d, indicator: swapped(d.score, riskOf) })),
                },
              },
              unauthorizedReturnRisk: {
                result: { ...b.unauthorizedReturnRisk.result, indicator: swapped(b.unauthorizedReturnRisk.result.score, riskOf) },
              },
            }
          : b,
    ),
    ...provider,
  }),
  fault('fd-psi-days-nine-out-nine-dates', {
    rule: 'FD-PSI-DAYS: a settle-by date nine days out gives nine dates (the step to ten taken a day late)',
    state: dated([...READ, ...LEGACY], (d, x) => (daysOut(x, settleByOf(x)) === 9 ? d.slice(0, 9) : d)),
    ...provider,
  }),
  fault('fd-psi-days-no-leap-day', {
    rule: 'FD-PSI-DAYS: the days are reckoned on a calendar of 365-day years: 29 February is not described, and a settle-by date past it is a day nearer',
    state: dated([...READ, ...LEGACY], (d) => {
      const kept = d.filter((day) => !day.endsWith('-02-29'));
      // Capped at ten, the calendar goes on a day past the last.
      if (kept.length < d.length && d.length === 10) kept.push(new Date((epochOf(d.at(-1)!) + DAY_S) * 1000).toISOString().slice(0, 10));
      return kept;
    }),
    ...provider,
  }),
  // --- Requests (provider 1.35.0 limits and required lists)
  fault('fd-psi-amount-positive-zero-accepted', 'FD-PSI-AMOUNT-POSITIVE: a transaction amount of 0 is taken', {
    relax: schema('PsiAmount', { drop: ['exclusiveMinimum'], set: { minimum: 0 } }),
    ...provider,
    ...blind,
    ...was('blind-psi-amount-zero-accepted'),
  }),
  fault('fd-psi-settle-date-not-past-today-refused', 'FD-PSI-SETTLE-DATE-NOT-PAST: today is a 400', {
    judge: refuse('settle-date', (x) => x.settleBy === x.today, { status: 400, message: 'settleByDate must not be in the past' }),
    ...provider,
  }),
  fault('fd-psi-legacy-required-amount-optional', 'FD-PSI-LEGACY-REQUIRED: a legacy read without settlementAmount is rated', {
    judge: skip('required', (x) => x.input.query.settlementAmount === undefined && x.input.query.settleByDate !== undefined),
    ...provider,
  }),
  fault('fd-psi-legacy-purpose-any', 'FD-PSI-LEGACY-PURPOSE, FD-TYPE-FORMS: the legacy FCRA read takes any purpose code', {
    judge: skip('purpose-code'),
    ...provider,
    ...was('psi-legacy-purpose-any'),
  }),
  fault('fd-psi-legacy-transactions-rated', {
    rule: 'FD-PSI-LEGACY-TRANSACTIONS: a legacy rating of an account that holds no transaction is rated',
    judge: skip('transactions'),
    ...provider,
  }),
  fault('fd-psi-balance-warning-cleared-balance', {
    rule: 'FD-PSI-BALANCE-WARNING: the warning compares the amount with the cleared balance, not the available one',
    state: changed('warning', LEGACY, (c, x) => ({ ...c, warn: c.amount > x.account!.balance })),
    ...blind,
    ...was('blind-psi-warning-against-cleared-balance'),
    ...provider,
  }),
  // --- Accounts PSI rates (assumption) and their status (provider 1.35.0 example 10013)
  fault('fd-psi-account-type-any', 'FD-PSI-ACCOUNT-TYPE: an account type PSI does not rate is rated', {
    judge: skip('type'),
    ...assumption,
  }),
  fault('fd-psi-active-account-pending-rated', 'FD-PSI-ACTIVE-ACCOUNT: an account that is not active is rated', {
    judge: skip('active'),
    ...provider,
  }),
]);
