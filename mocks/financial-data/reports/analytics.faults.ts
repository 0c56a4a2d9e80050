// Faults of the cash flow and analytics reports, named `fd-<rule id>-<deviation>` (schemas/financial-data/rules/reports-analytics.yaml):
// `relax`, or analytics.ts's seams (analytics.records.ts). An id docs/mutation.md names, and a blind fault's first id, stay as aliases.
import { assumption, blind, faultCatalogue, provider, schema, seeded, was, type SeamFn } from '../../kit/faults.js';
import { faultKit } from '../fault-builders.js';
import { accountsAsked, type AnalyticsSeams, type Exchange, type Filing, type Kind, type Reading } from './analytics.records.js';

type State = SeamFn<AnalyticsSeams, 'state'>;
const { fault, fold, skip, refuse } = faultKit<AnalyticsSeams>();
const DAY_S = 86_400;

const of =
  (...kinds: Kind[]) =>
  (x: Exchange) =>
    kinds.includes(x.kind);
const THIRD_PARTY = (x: Exchange) => x.op === 'GenerateForesightAnalyticsFirstThirdPartyNonCraReport';
const unknownCustomer = (x: Exchange) => x.input.body.customerId !== undefined && !x.world.customers.has(String(x.input.body.customerId));

/** What a report of `when` is filed as, made otherwise. */
const filing =
  (when: (x: Exchange) => boolean, bend: (f: Filing, x: Exchange) => Partial<Filing>): State =>
  (x, c) =>
    c.kind === 'filing' && when(x) ? { ...c, filing: { ...c.filing, ...bend(c.filing, x) } } : c;
/** Its business named otherwise. */
const business = (bend: (b: Record<string, any>, x: Exchange) => Record<string, any>) =>
  filing(
    (x) => x.userType === 'business',
    (f, x) => ({ businessDetails: f.businessDetails && bend(f.businessDetails, x) }),
  );
/** How a report of `when` reads the customer's data, made otherwise (`r` the documented reading). */
const reading =
  (when: (x: Exchange) => boolean, bend: (r: Reading, x: Exchange) => Partial<Reading>): State =>
  (x, c) =>
    c.kind === 'reading' && when(x) ? { ...c, reading: { ...c.reading, ...bend(c.reading, x) } } : c;
/** The accounts of `when` at `step` made otherwise. */
const accounts = (step: 'accounts' | 'read', when: (x: Exchange) => boolean, bend: (x: Exchange) => Exchange['accounts']) =>
  fold(step, when, (x) => {
    if (step === 'read') x.read = bend(x);
    else x.accounts = bend(x);
  });
/** The eligibility of `when` unchecked: the accounts asked read whatever their type. */
const unchecked = (when: (x: Exchange) => boolean) =>
  skip('eligible', when, (x) => (x.accounts = accountsAsked(x.world, x.customerId, x.input.body.accountIds)));

export const ANALYTICS_REPORTS_FAULTS = faultCatalogue([
  fault('fd-cashflow-eligible-refused-still-created', {
    rule: "FD-CASHFLOW-ELIGIBLE, FD-PROP-REFUSED-NO-TRACE: the business cash flow report refused 400 for its accounts is queued all the same and shows in the customer's report list",
    judge: (x, s, r) => {
      if (s === 'eligible' && r && x.kind === 'cfrb') x.queue();
      return r;
    },
    ...was('i36-fd-analytics-cashflow-business-refused-still-created'),
  }),
  fault('fd-analytics-eligible-savings-refused', 'FD-ANALYTICS-ELIGIBLE: a savings account alone is not enough (400)', {
    judge: accounts('accounts', of('balance', 'cashflow', 'payhist', 'pri'), (x) => x.accounts.filter((a) => a.type !== 'savings')),
  }),
  fault('fd-foresight-eligible-skipped', {
    rule: 'FD-FORESIGHT-ELIGIBLE: foresight serves a customer without checking, credit card or savings (202), not a 400',
    judge: unchecked(of('foresight')),
  }),
  // --- Whom a report is for (seed 002; provider 1.35.0 AnalyticsReportData, ReportType)
  fault('fd-cashflow-fcra-no-consumer', {
    rule: 'FD-CASHFLOW-FCRA: the personal (FCRA) cash flow report names no consumer and is not read through it',
    state: filing(of('cfrp'), () => ({ consumer: undefined })),
  }),
  fault('fd-analytics-report-type-cfrbcra', {
    rule: 'FD-ANALYTICS-REPORT-TYPE: a business CRA cash flow analytics report is typed cfrbcra, not cracfrbcra as ReportType lists it',
    state: filing(of('cashflow'), (f) => (f.type === 'cracfrbcra' ? { type: 'cfrbcra' } : {})),
    ...provider,
    ...blind,
    ...was('blind-analytics-cashflow-business-cra-type-cfrbcra'),
  }),
  fault('fd-analytics-usertype-unchecked', {
    rule: 'FD-ANALYTICS-USERTYPE: a userType other than business or personal is served as a business report, not a 400 (provider 1.35.0 UserTypeParameter)',
    relax: schema('AnalyticsUserType', { drop: ['enum'] }),
    judge: fold(
      'usertype',
      (x) => x.userType !== 'personal',
      (x) => (x.userType = 'business'),
    ),
    ...provider,
    ...blind,
    ...was('blind-analytics-usertype-unchecked'),
  }),
  fault('fd-foresight-usertype-unchecked', 'FD-FORESIGHT-USERTYPE: a foresight userType other than personal is served, not a 400', {
    relax: schema('ForesightUserType', { drop: ['enum'] }),
    ...provider,
  }),
  fault('fd-analytics-usertype-entity-business-customer-id', {
    rule: "FD-ANALYTICS-USERTYPE-ENTITY: a business report's businessDetails name the business by the customer id, not its business id",
    state: business((b, x) => ({ ...b, businessId: x.customerId })),
    ...blind,
    ...was('blind-analytics-business-details-customer-id'),
  }),
  fault('fd-payhist-business-missing-400', 'FD-PAYHIST-BUSINESS: payment history for a customer without a business is a 400, not a 404', {
    judge: (x, s, r) => (s === 'business' && r && x.kind === 'payhist' ? { ...r, status: 400 } : r),
    ...blind,
    ...was('blind-analytics-payhist-no-business-400'),
  }),
  fault('fd-payhist-cra-consumer-noncra-needed', {
    rule: 'FD-PAYHIST-CRA-CONSUMER: a non-CRA payment history without a consumer is a 404, not a 202',
    judge: fold(
      'consumer',
      (x) => x.kind === 'payhist' && x.purpose === 'noncra',
      (x) => (x.needsConsumer = true),
    ),
    ...blind,
    ...was('blind-analytics-payhist-noncra-needs-consumer'),
  }),
  fault('fd-analytics-history-window-day-start', {
    rule: 'FD-ANALYTICS-HISTORY-WINDOW: the balance, cash flow analytics and payment history reports start at midnight of the fromDate, not at it',
    state: reading(of('balance', 'cashflow', 'payhist', 'pri'), (r) => ({
      window: (from, endS) => r.window(typeof from === 'number' ? Math.floor(from / DAY_S) * DAY_S : from, endS),
    })),
    ...provider,
    ...blind,
    ...was('blind-analytics-window-from-date-day-start'),
  }),
  fault('fd-analytics-history-window-720-days', {
    rule: 'FD-ANALYTICS-HISTORY-WINDOW: the cash flow reports read the historic load limit in days (months all of one length), not two years of calendar days',
    state: reading(of('cfrb', 'cfrp'), (r) => ({
      window: (from, endS) => {
        const w = r.window(from, endS);
        return { ...w, startS: Math.max(w.startS, w.endS - 720 * DAY_S) };
      },
    })),
    ...provider,
    ...blind,
    ...was('blind-analytics-cashflow-window-720-days'),
  }),
  fault('fd-foresight-content-money-market', {
    rule: "FD-FORESIGHT-CONTENT: the foresight report on the customer's path also reads its money market account",
    judge: accounts(
      'read',
      (x) => x.kind === 'foresight' && !THIRD_PARTY(x),
      (x) => [...x.read!, ...accountsAsked(x.world, x.customerId, x.input.body.accountIds, ['moneyMarket'])],
    ),
    ...blind,
    ...was('blind-analytics-foresight-reads-money-market'),
  }),
  fault('fd-report-account-ids-echo-empty-kept', {
    rule: 'FD-REPORT-ACCOUNT-IDS-ECHO: the cash flow ack lists an empty id for a leading, trailing or doubled space of the accountIds text',
    state: filing(
      (x) => of('cfrb', 'cfrp')(x) && typeof x.input.body.accountIds === 'string',
      (f, x) => ({ constraints: { ...f.constraints, accountIds: x.input.body.accountIds.split(/\s+/) } }),
    ),
    ...provider,
  }),
  fault('fd-analytics-period-statistics-median-missing', {
    rule: 'FD-ANALYTICS-PERIOD-STATISTICS: a CASH_OUTFLOW period with amounts gives a null median',
    state: reading(
      () => true,
      (r) => ({ outflow: (periods) => r.outflow(periods).map((p) => ({ ...p, median: null })) }),
    ),
    ...provider,
  }),
  // Seeded for the roll-up property (helpers/client/invariants/rollups.ts, invariants.end-states.spec.ts).
  fault('fd-prop-rollup-analytics-customer-first-account', {
    rule: "FD-PROP-ROLLUP: the customer's cash flow analytics (CASH_INFLOW, CASH_OUTFLOW, NET_CASH_FLOW) are the first account's alone, not its accounts' taken together",
    state: reading(of('cashflow'), () => ({
      customer: (all, accounts) => (accounts.length ? all.filter((t) => t.accountId === accounts[0].id) : all),
    })),
    ...assumption,
    ...seeded,
    ...was('seeded-prop-analytics-customer-first-account'),
  }),
  // --- Which accounts a report reads (provider 1.35.0 accountIds), seeded beside its check.
  fault('fd-analytics-account-ids-balance-ignored', {
    rule: 'FD-ANALYTICS-ACCOUNT-IDS: the balance analytics report reads every eligible account of the customer, not only those accountIds names',
    judge: accounts('accounts', of('balance'), (x) => accountsAsked(x.world, x.customerId, undefined, x.types)),
    ...provider,
    ...seeded,
  }),
  // --- The first/third-party foresight report (seed 002; provider 1.35.0 InvalidForesightReportRequestExample)
  fault('fd-foresight-source-unchecked', 'FD-FORESIGHT-SOURCE: neither customerId nor externalCustomerId is served, not a 400', {
    judge: skip('source'),
    ...provider,
  }),
  fault('fd-foresight-source-both-400', 'FD-FORESIGHT-SOURCE: customerId and externalCustomerId together is a 400, not a 202', {
    judge: refuse('source', (x) => x.input.body.customerId !== undefined && x.input.body.externalCustomerId !== undefined, {
      status: 400,
      message: 'Only one of customerId or externalCustomerId may be given',
    }),
    ...blind,
    ...was('blind-analytics-foresight-both-sources-400'),
  }),
  fault('fd-foresight-customer-unknown-as-external', {
    rule: 'FD-FORESIGHT-CUSTOMER: a customerId the partner never created is taken for a report of enriched data only (202), not a 404',
    judge: fold('customer', unknownCustomer, (x) => (x.external = true)),
    ...blind,
    ...was('blind-analytics-foresight-unknown-customer-as-external'),
  }),
  // Seeded for the answer judge (fixtures/financial-data.ts): an echo of one writer's answer no spec compares with its request.
  fault('fd-analytics-report-pin-3p-ack-next-customer', {
    rule: "FD-ANALYTICS-REPORT-PIN: the first/third-party foresight ack names the next customer id, not the customerId sent (the report is the right customer's)",
    answer: (x, a) => {
      if (!THIRD_PARTY(x) || a.body.customerId === undefined) return a;
      const next = Number(a.body.customerId) + 1;
      return { ...a, body: { ...a.body, customerId: typeof a.body.customerId === 'string' ? String(next) : next } };
    },
    ...provider,
    ...seeded,
  }),
]);
