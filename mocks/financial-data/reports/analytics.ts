// Cash flow and analytics reports (seed 002, Decisioning report generation): cash flow business
// and personal, balance analytics, cash flow analytics, payment history, foresight analytics (and
// its first/third-party variant). A generate request meets the refusals of guard.ts, then this
// module decides what it accepts and hands the report store (store.ts: ids, status on the virtual
// clock, callback) the builder of its content, which runs when the report completes (below:
// "Content"). Small business credit analytics answers at once: sbca.ts.
// What this module decides (rules: schemas/financial-data/rules/reports-analytics.yaml):
// - eligibility is on the accounts asked (accountIds, else all the customer's): cash flow, balance,
//   cash flow analytics and payment history need a checking or savings account, foresight a
//   checking, credit card or savings account; none is a 400 (seed 002; provider 1.35.0 for cash
//   flow). Those accounts are the ones the report reads.
// - whom a report is for: userType business needs the customer's business (404 without: seed 002
//   Errors 404, resource not found); a CRA report needs the consumer (404 without): personal with
//   forCraPurpose, business with forCraPurpose and a personal guarantor (provider 1.35.0
//   AnalyticsReportData: "If true, a consumer record will be required"). Only those reports and
//   the FCRA cash flow personal report name the consumer; the others are not consumer reports.
// - the type follows userType and purpose (provider 1.35.0 ReportType and the acks' examples).
// - Content: built from the customer's linked data, deterministic, so that a check can pin a value
//   against what the accounts and transactions readers give. Field names follow provider 1.35.0
//   (CashFlowReport, the analytics reports' institutions / accounts / analytics /
//   customerAnalytics); which accounts and which statistics are this mock's reading: the window is
//   [startS, endS] (endS the report's creation, startS its fromDate, at most two years back:
//   provider 1.35.0 "up to two years of transaction history"; two years without one); a report
//   reads the posted (not pending) transactions of its accounts inside the window; the balance at
//   an instant is the account's balance less the posted transactions after it.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FaultSet } from '../../kit/faults.js';
import { route, sendError, type FdContext, type Input } from '../middleware.js';
import { DAY_S } from '../portfolio.js';
import {
  linkedData,
  transactionsOfAccounts,
  type Account,
  type AccountType,
  type Consumer,
  type Customer,
  type FdState,
  type Report,
  type Transaction,
} from '../state.js';
import { generationGuard } from './guard.js';
import { callbackOf, createReport, reportAck } from './store.js';
import type { FdOperationId } from '../../../helpers/contract/operations.js';

const DEPOSIT: AccountType[] = ['checking', 'savings'];
const FORESIGHT: AccountType[] = ['checking', 'creditCard', 'savings'];

const TITLES: Record<AnalyticsKind | 'cfrb' | 'cfrp', string> = {
  cfrb: 'Cash Flow Report - Business',
  cfrp: 'Cash Flow Report - Personal',
  balance: 'Balance Analytics',
  cashflow: 'Cash Flow Analytics',
  payhist: 'Payment History Analytics',
  foresight: 'Foresight Analytics',
  pri: 'Payment Risk Insights',
};

/** provider 1.35.0 ReportType, per report kind, userType and purpose (cra / ftc: CRA without a personal guarantor / noncra). */
const TYPES = {
  balance: { personal: { cra: 'barpcra', noncra: 'barpnoncra' }, business: { cra: 'barbcra', ftc: 'barbftc', noncra: 'barbnoncra' } },
  cashflow: { personal: { cra: 'cfrpcra', noncra: 'cfrpnoncra' }, business: { cra: 'cracfrbcra', ftc: 'cfrbftc', noncra: 'cfrbnoncra' } },
  payhist: { business: { cra: 'phrbcra', ftc: 'phrbftc', noncra: 'phrbnoncra' } },
  // provider 1.42.0: the payment risk insights report's kinds in its examples of the 202.
  pri: { personal: { cra: 'pripcra', noncra: 'pripnoncra' }, business: { cra: 'pribcra', ftc: 'pribftc', noncra: 'pribnoncra' } },
} as const;

type Purpose = 'cra' | 'ftc' | 'noncra';
const idList = (text: unknown) => (typeof text === 'string' ? text.split(/\s+/).filter(Boolean) : undefined);
const defined = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
/** A six-character pin per report (provider 1.35.0 ReportPin), derived from its id. */
const pinOf = (id: string) => [...id].reverse().join('').slice(0, 6);

export function registerAnalyticsReports(app: FastifyInstance, ctx: FdContext): void {
  const { faults, state: world } = ctx;

  /** The accounts a report reads: those asked (or all the customer's) of the eligible types. */
  const accountsFor = (customerId: string, accountIds: unknown, types: AccountType[], skip: boolean): Account[] => {
    const asked = idList(accountIds);
    const selection = linkedData(world, customerId).accounts.filter((a) => !asked || asked.includes(a.id));
    return skip ? selection : selection.filter((a) => types.includes(a.type));
  };
  /** cashflow-account-ids-any-customer: the accounts asked that are another customer's, of the types read. */
  const foreignAsked = (customerId: string, accountIds: unknown, types: AccountType[]): Account[] =>
    (idList(accountIds) ?? []).flatMap((id) => {
      const a = world.accounts.get(id);
      return a && a.customerId !== customerId && types.includes(a.type) ? [a] : [];
    });

  /** cashflow-account-ids-near-match: the customer's accounts whose id begins an accountIds entry or begins with one. */
  const nearAsked = (customerId: string, accountIds: unknown, types: AccountType[], found: Account[]): Account[] => {
    const asked = idList(accountIds) ?? [];
    return linkedData(world, customerId).accounts.filter(
      (a) =>
        types.includes(a.type) && !found.includes(a) && asked.some((id) => id !== a.id && (id.startsWith(a.id) || a.id.startsWith(id))),
    );
  };

  /** 400 when no account of the types is among those asked (seed 002: "otherwise 400"). */
  const eligible = (reply: FastifyReply, accounts: Account[], what: string): boolean => {
    if (accounts.length > 0) return true;
    sendError(ctx, reply, 400, `Bad request (no ${what} account found for the report)`);
    return false;
  };

  const businessOf = (customerId: string) => {
    const id = [...(world.businessesOf.get(customerId) ?? [])][0];
    return id ? world.businesses.get(id) : undefined;
  };

  // --- Cash flow reports (cfrb: no consumer, not FCRA; cfrp: FCRA, the consumer's)
  for (const [operationId, kind] of [
    ['GenerateCashFlowBusinessReport', 'cfrb'],
    ['GenerateCashFlowPersonalReport', 'cfrp'],
  ] as const) {
    route(app, ctx, operationId, ({ path, query, body }: Input, reply) => {
      const personal = kind === 'cfrp';
      const guarded = generationGuard(ctx, reply, path.customerId, personal);
      if (!guarded) return;
      // Blind fault: the personal cash flow report counts a money market account as a deposit account.
      const types: AccountType[] =
        personal && faults.has('blind-analytics-cashflow-personal-money-market-eligible') ? [...DEPOSIT, 'moneyMarket'] : DEPOSIT;
      const accounts = accountsFor(path.customerId, body.accountIds, types, faults.has('cashflow-eligibility-skipped'));
      // Seeded fault: an accountIds entry looked up among every account of the service (personal cash flow).
      if (personal && faults.has('cashflow-account-ids-any-customer'))
        accounts.push(...foreignAsked(path.customerId, body.accountIds, types));
      // Seeded fault: an accountIds entry one character away from an account's id finds it (business cash flow).
      if (!personal && faults.has('cashflow-account-ids-near-match'))
        accounts.push(...nearAsked(path.customerId, body.accountIds, types, accounts));
      // i36-fd-analytics-cashflow-business-refused-still-created: the report is queued before the eligibility check refuses it with 400.
      if (!personal && accounts.length === 0 && faults.has('i36-fd-analytics-cashflow-business-refused-still-created'))
        createReport(ctx, {
          type: kind,
          title: TITLES[kind],
          customer: guarded.customer,
          callbackUrl: callbackOf(query),
          constraints: defined({ accountIds: idList(body.accountIds) }),
          build: () => ({}),
        });
      if (!eligible(reply, accounts, 'checking or savings')) return;
      const constraints = defined({
        // Fault: the ack splits accountIds on white space and keeps the empty ids of a leading, trailing or doubled space.
        accountIds:
          faults.has('analytics-account-ids-empty-kept') && typeof body.accountIds === 'string'
            ? body.accountIds.split(/\s+/)
            : idList(body.accountIds),
        reportCustomFields: body.reportCustomFields,
        showNsf: body.showNsf,
        fromDate: body.fromDate,
        incomeStreamConfidenceMinimum: body.incomeStreamConfidenceMinimum,
      });
      // Fault: the personal (FCRA) report is not tied to the consumer.
      const consumer = personal && !faults.has('cashflow-personal-no-consumer') ? guarded.consumer : undefined;
      const report = createReport(ctx, {
        type: faults.has('cashflow-type-swapped') ? (personal ? 'cfrb' : 'cfrp') : kind,
        title: TITLES[kind],
        customer: guarded.customer,
        consumer,
        callbackUrl: callbackOf(query),
        constraints,
        // Fault: the report reads every account of the customer, not only checking and savings.
        build: (r) => {
          const w = windowOf(body.fromDate, r.createdDate, faults);
          // Blind fault: the cash flow reports read "24 months" as 720 days (the historic load's limit).
          if (faults.has('blind-analytics-cashflow-window-720-days')) w.startS = Math.max(w.startS, w.endS - 720 * 86_400);
          // Blind fault: the business cash flow report lists pending transactions with the posted ones.
          const withPending =
            !personal && faults.has('blind-analytics-cashflow-business-pending-included')
              ? (a: Account) =>
                  transactionsOfAccounts(world, [a.id])
                    .filter((t) => t.postedDate >= w.startS && t.postedDate <= w.endS)
                    .sort((x, y) => x.postedDate - y.postedDate || x.id - y.id)
              : undefined;
          const content = cashFlowContent(
            world,
            faults.has('cashflow-lists-all-accounts') ? accountsFor(path.customerId, undefined, [], true) : accounts,
            w,
            withPending,
          );
          // Seeded fault cashflow-summary-first-account-only: the credit summary is the first account's months alone.
          return !faults.has('cashflow-summary-first-account-only')
            ? content
            : {
                ...content,
                cashFlowCreditSummary: {
                  monthlyCashFlowCreditSummaries:
                    (content.institutions[0]?.accounts[0] as { cashFlowCredit?: { monthlyCashFlowCredits: unknown[] } } | undefined)
                      ?.cashFlowCredit?.monthlyCashFlowCredits ?? [],
                },
              };
        },
      });
      // Blind fault: the FCRA report names the consumer on its face but is filed under the customer only (not readable by consumer).
      if (personal && report.consumerId && faults.has('blind-analytics-cashflow-personal-not-filed-under-consumer')) {
        const byConsumer = world.reports.byConsumer.get(report.consumerId);
        if (byConsumer) byConsumer.splice(byConsumer.indexOf(report.id), 1);
        report.extra = { ...report.extra, consumerId: report.consumerId };
        report.consumerId = undefined;
      }
      return reply.code(202).send(reportAck(report));
    });
  }

  // --- Balance analytics, cash flow analytics, payment history
  const analytics = (operationId: FdOperationId, kind: 'balance' | 'cashflow' | 'payhist' | 'pri') => {
    route(app, ctx, operationId, ({ path, query, body }: Input, reply) => {
      // Blind fault: any userType other than personal is served as a business report.
      const userType = (
        kind === 'payhist'
          ? 'business'
          : faults.has('blind-analytics-usertype-unchecked') && path.userType !== 'personal'
            ? 'business'
            : path.userType
      ) as 'business' | 'personal';
      const data = (body.analyticsReportData ?? {}) as { forCraPurpose?: boolean; applicantIsPersonalGuarantor?: boolean };
      const purpose: Purpose = !data.forCraPurpose
        ? 'noncra'
        : userType === 'personal' || data.applicantIsPersonalGuarantor
          ? 'cra'
          : 'ftc';
      // Blind faults: the business CRA cash flow analytics with a guarantor skips the consumer; a non-CRA payment history asks for one.
      const guarantorSkipped =
        kind === 'cashflow' && userType === 'business' && faults.has('blind-analytics-guarantor-consumer-unchecked-on-cashflow');
      const needsConsumer =
        (purpose === 'cra' &&
          !guarantorSkipped &&
          !faults.has(kind === 'payhist' ? 'payhist-cra-consumer-not-required' : 'analytics-cra-consumer-not-required')) ||
        (kind === 'payhist' && purpose === 'noncra' && faults.has('blind-analytics-payhist-noncra-needs-consumer'));
      // business-analytics-customer-any-partner: a business analytics report is made for any partner's customer.
      const anyPartners = () => {
        const customer = ctx.state.customers.get(path.customerId);
        return customer && { customer, consumer: ctx.state.consumers.get(ctx.state.consumerOf.get(customer.id) ?? '') };
      };
      const guarded =
        (faults.has('business-analytics-customer-any-partner') && kind !== 'payhist' && userType === 'business' && anyPartners()) ||
        generationGuard(ctx, reply, path.customerId, needsConsumer);
      if (!guarded) return;
      const business = businessOf(path.customerId);
      const businessNeeded =
        userType === 'business' && !faults.has(kind === 'payhist' ? 'payhist-business-not-required' : 'analytics-business-not-required');
      // Blind fault: payment history without a business is refused as a bad request.
      if (businessNeeded && !business)
        return sendError(
          ctx,
          reply,
          kind === 'payhist' && faults.has('blind-analytics-payhist-no-business-400') ? 400 : 404,
          `Business not found for customer ${path.customerId}`,
        );
      const skip =
        faults.has(kind === 'payhist' ? 'payhist-eligibility-skipped' : 'analytics-eligibility-skipped') ||
        (kind === 'cashflow' && faults.has('cashflow-analytics-eligibility-skipped'));
      // Blind fault: payment history counts a credit card account as eligible (card payments).
      let accounts = accountsFor(
        path.customerId,
        // balance-analytics-account-ids-ignored: the balance analytics report reads every account, whatever accountIds names.
        kind === 'balance' && faults.has('balance-analytics-account-ids-ignored') ? undefined : body.accountIds,
        kind === 'payhist' && faults.has('blind-analytics-payhist-credit-card-eligible') ? [...DEPOSIT, 'creditCard'] : DEPOSIT,
        skip,
      );
      // Fault: a savings account alone is not enough.
      if (faults.has('analytics-savings-refused')) accounts = accounts.filter((a) => a.type !== 'savings');
      if (!eligible(reply, accounts, 'checking or savings')) return;
      const table = TYPES[kind] as Record<string, Partial<Record<Purpose, string>>>;
      let type = table[userType][purpose] ?? table[userType].noncra!;
      // Faults: the type ignores the purpose, or the userType.
      if (faults.has('analytics-type-ignores-purpose')) type = table[userType].noncra!;
      if (faults.has('analytics-type-ignores-usertype') && kind !== 'payhist') type = table.business[purpose] ?? table.business.noncra!;
      // Blind fault: the business CRA cash flow analytics type written like its siblings (cfrbcra).
      if (faults.has('blind-analytics-cashflow-business-cra-type-cfrbcra') && type === 'cracfrbcra') type = 'cfrbcra';
      const consumer = purpose === 'cra' ? guarded.consumer : undefined;
      const constraints = defined({
        analyticsReportData: body.analyticsReportData,
        accountIds: idList(body.accountIds),
        reportCustomFields: body.reportCustomFields,
        fromDate: body.fromDate,
      });
      const businessDetails =
        userType === 'business' && business && !faults.has('analytics-business-not-named')
          ? // Blind fault: the business is named by the customer's id.
            {
              businessId: faults.has('blind-analytics-business-details-customer-id') ? path.customerId : business.id,
              // rt-analytics-business-name-trimmed: the name trimmed, its inner runs of spaces collapsed.
              name:
                faults.has('rt-analytics-business-name-trimmed') && typeof business.fields.name === 'string'
                  ? business.fields.name.trim().replace(/\s+/g, ' ')
                  : business.fields.name,
              address: business.fields.address ?? {},
            }
          : undefined;
      const report = createReport(ctx, {
        type,
        title: TITLES[kind],
        customer: guarded.customer,
        consumer: consumer as Consumer | undefined,
        callbackUrl: callbackOf(query),
        constraints,
        // Blind fault: the analytics reports start at the day of fromDate (midnight UTC), not at fromDate.
        build: (r) =>
          analyticsContent(
            kind,
            world,
            accounts,
            windowOf(
              faults.has('blind-analytics-window-from-date-day-start') && typeof body.fromDate === 'number'
                ? Math.floor(body.fromDate / 86_400) * 86_400
                : body.fromDate,
              r.createdDate,
              faults,
            ),
            faults,
          ),
      });
      report.extra = defined({ businessDetails, reportPin: kind === 'payhist' ? undefined : pinOf(report.id) });
      return reply.code(202).send(reportAck(report));
    });
  };
  analytics('GenerateBalanceAnalyticsReport', 'balance');
  analytics('GenerateCashflowAnalyticsReport', 'cashflow');
  analytics('GeneratePaymentHistoryReport', 'payhist');
  // provider 1.42.0: the payment risk insights report, an analytics report of the same guards and
  // content (checking or savings accounts; a consumer for a personal or guaranteed CRA report).
  if (ctx.contract.operations.has('GeneratePaymentRiskInsightsReport')) analytics('GeneratePaymentRiskInsightsReport', 'pri');

  // --- Foresight analytics (non-CRA, no consumer; checking, credit card or savings)
  const foresight = (
    reply: FastifyReply,
    input: { customer: Customer; body: Record<string, any>; query: Record<string, unknown>; extra?: Record<string, unknown> },
  ): Report | undefined => {
    const { customer, body } = input;
    const skip = faults.has('foresight-eligibility-skipped');
    let accounts = customer.id ? accountsFor(customer.id, body.accountIds, FORESIGHT, skip) : [];
    // Fault: only checking or savings count (a credit card alone is refused).
    if (faults.has('foresight-credit-card-refused')) accounts = accounts.filter((a) => a.type !== 'creditCard');
    // Blind fault: the first/third-party variant (input.extra) judges eligibility on any account of the customer.
    const judged =
      input.extra !== undefined && faults.has('blind-analytics-foresight-3p-eligibility-any-account')
        ? accountsFor(customer.id, body.accountIds, FORESIGHT, true)
        : accounts;
    if (customer.id && !eligible(reply, judged, 'checking, credit card or savings')) return undefined;
    // Blind fault: the report on the customer's path also reads its money market accounts.
    const read =
      input.extra === undefined && faults.has('blind-analytics-foresight-reads-money-market')
        ? [...accounts, ...accountsFor(customer.id, body.accountIds, ['moneyMarket'], false)]
        : accounts;
    const wanted = (body.analyticsReportData?.analytics as string[] | undefined) ?? ['benchmarking', 'forecasting'];
    const report = createReport(ctx, {
      type: 'farpbfnoncra',
      title: TITLES.foresight,
      customer,
      callbackUrl: callbackOf(input.query),
      constraints: defined({ ...body }),
      // Fault: the content leaves the credit card accounts out.
      build: (r) =>
        analyticsContent(
          'foresight',
          world,
          faults.has('foresight-content-without-credit-card') ? read.filter((a) => a.type !== 'creditCard') : read,
          windowOf(body.fromDate, r.createdDate, faults),
          faults,
          { forecast: wanted.includes('forecasting'), benchmark: wanted.includes('benchmarking') },
        ),
    });
    report.extra = { reportPin: pinOf(report.id), ...input.extra };
    return report;
  };

  route(app, ctx, 'GenerateForesightAnalyticsNonCraReport', ({ path, query, body }: Input, reply) => {
    const guarded = generationGuard(ctx, reply, path.customerId, false);
    if (!guarded) return;
    const report = foresight(reply, { customer: guarded.customer, body, query });
    if (report) return reply.code(202).send(reportAck(report));
  });

  route(app, ctx, 'GenerateForesightAnalyticsFirstThirdPartyNonCraReport', ({ query, body, partner }: Input, reply) => {
    const { customerId, externalCustomerId, ...constraints } = body as Record<string, any>;
    // provider 1.35.0 InvalidForesightReportRequestExample: at least one of the two sources.
    if (customerId === undefined && externalCustomerId === undefined && !faults.has('foresight-source-unchecked')) {
      return sendError(ctx, reply, 400, 'At least one of customerId or externalCustomerId is required');
    }
    // Blind fault: the two sources are taken as exclusive.
    if (customerId !== undefined && externalCustomerId !== undefined && faults.has('blind-analytics-foresight-both-sources-400')) {
      return sendError(ctx, reply, 400, 'Only one of customerId or externalCustomerId may be given');
    }
    // Blind fault: a customerId the partner does not have falls back to the enriched data.
    const unknownAsExternal =
      customerId !== undefined &&
      faults.has('blind-analytics-foresight-unknown-customer-as-external') &&
      !world.customers.has(String(customerId));
    let customer: Customer;
    // i9-foresight-3p-other-partner-customer: the customer found among every partner's.
    const foreign = faults.has('i9-foresight-3p-other-partner-customer') ? world.customers.get(String(customerId)) : undefined;
    if (foreign && foreign.partnerId !== partner?.id) customer = foreign;
    else if (customerId !== undefined && !unknownAsExternal) {
      // Fault: an unknown customerId is a 400 instead of a 404.
      if (faults.has('foresight-unknown-customer-400') && !world.customers.has(String(customerId)))
        return sendError(ctx, reply, 400, 'Invalid customerId');
      const guarded = generationGuard(ctx, reply, String(customerId), false);
      if (!guarded) return;
      customer = guarded.customer;
    } else {
      // Enriched data only: no customer of the partner; the report carries none (the store needs an owner record).
      if (faults.has('foresight-external-refused')) return sendError(ctx, reply, 404, 'Customer not found');
      customer = { id: '', partnerId: partner?.id ?? '', username: '', type: 'active', createdDate: 0 };
    }
    const extra =
      customerId === undefined ? { customerId: undefined, customerType: undefined, externalCustomerId } : defined({ externalCustomerId });
    const report = foresight(reply, { customer, body: constraints, query, extra });
    if (!report) return;
    report.constraints = defined({ ...constraints, customerId, externalCustomerId });
    // Fault: the first/third-party report never ends (its read by id stays inProgress).
    if (faults.has('foresight-3p-stuck-in-progress')) report.readyAtS = Number.MAX_SAFE_INTEGER / 1000;
    // Blind fault: a report of permissioned data alone (no enriched data) ends in failure.
    if (externalCustomerId === undefined && faults.has('blind-analytics-foresight-3p-customer-only-fails')) report.outcome = 'failure';
    // seeded-judge-foresight-3p-ack-next-customer: the ack names the next customer id (the report is the right customer's).
    if (faults.has('seeded-judge-foresight-3p-ack-next-customer')) {
      const ack = reportAck(report) as Record<string, unknown>;
      const next = ack.customerId === undefined ? undefined : Number(ack.customerId) + 1;
      return reply
        .code(202)
        .send(next === undefined ? ack : { ...ack, customerId: typeof ack.customerId === 'string' ? String(next) : next });
    }
    return reply.code(202).send(reportAck(report));
  });
}

// --- Content, built when the report completes.

export const HISTORY_DAYS = 730;

export interface Window {
  startS: number;
  endS: number;
}
interface Period {
  startS: number;
  endS: number;
  monthS: number;
}

export function windowOf(fromDate: unknown, endS: number, faults: FaultSet): Window {
  const floor = endS - HISTORY_DAYS * DAY_S;
  const from = typeof fromDate === 'number' ? fromDate : floor;
  // Fault: an earlier fromDate reads more than two years.
  return { startS: faults.has('analytics-window-unclamped') ? Math.min(from, endS) : Math.min(Math.max(from, floor), endS), endS };
}

const cents = (n: number) => Math.round(n * 100) / 100;
const iso = (s: number) => new Date(s * 1000).toISOString().slice(0, 10);

/** The posted transactions of an account, oldest first (all of them, or those inside the window). */
export function postedOf(world: FdState, accountId: string, w?: Window): Transaction[] {
  const out: Transaction[] = [];
  for (const t of transactionsOfAccounts(world, [accountId])) {
    if (t.status !== 'active') continue;
    if (w && (t.postedDate < w.startS || t.postedDate > w.endS)) continue;
    out.push(t);
  }
  return out.sort((a, b) => a.postedDate - b.postedDate || a.id - b.id);
}

/** Calendar months (UTC) cut to the window: the first starts at startS, the last ends at endS. */
function months(w: Window): Period[] {
  const out: Period[] = [];
  let d = new Date(w.startS * 1000);
  let monthS = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) / 1000;
  while (monthS <= w.endS) {
    d = new Date(monthS * 1000);
    const next = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) / 1000;
    out.push({ monthS, startS: Math.max(monthS, w.startS), endS: Math.min(next - 1, w.endS) });
    monthS = next;
  }
  return out;
}

function stats(values: number[]) {
  if (values.length === 0) return { sum: null, count: 0, mean: null, median: null, min: null, max: null, standardDeviation: null };
  const sorted = [...values].sort((a, b) => a - b);
  const sum = values.reduce((s, v) => s + v, 0);
  const mean = sum / values.length;
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  const sd = Math.sqrt(values.reduce((s, v) => s + (v - mean) ** 2, 0) / values.length);
  return {
    sum: cents(sum),
    count: values.length,
    mean: cents(mean),
    median: cents(median),
    min: sorted[0],
    max: sorted[sorted.length - 1],
    standardDeviation: cents(sd),
  };
}

const inPeriod = (txs: Transaction[], p: { startS: number; endS: number }) =>
  txs.filter((t) => t.postedDate >= p.startS && t.postedDate <= p.endS);
const credits = (txs: Transaction[]) => txs.filter((t) => t.amount > 0);
const debits = (txs: Transaction[]) => txs.filter((t) => t.amount < 0);
const amounts = (txs: Transaction[]) => txs.map((t) => t.amount);

/** The accounts grouped by institution, each rendered by `render` (provider: institutions[].accounts[]). */
function institutions(world: FdState, accounts: Account[], render: (a: Account) => Record<string, unknown>) {
  const byInstitution = new Map<string, Account[]>();
  for (const a of accounts) byInstitution.set(a.institutionId, [...(byInstitution.get(a.institutionId) ?? []), a]);
  return [...byInstitution].map(([id, list]) => ({
    id,
    name: world.institutions.find((i) => i.id === id)?.name ?? id,
    accounts: list.map((a) => ({
      id: a.id,
      name: a.name,
      type: a.type,
      currentBalance: a.balance,
      availableBalance: a.availableBalance,
      balanceDate: a.balanceDate,
      currency: a.currency,
      ...render(a),
    })),
  }));
}

const head = (w: Window) => ({ startDate: w.startS, endDate: w.endS, days: Math.round((w.endS - w.startS) / DAY_S) });

/** Cash flow reports (cfrb, cfrp): transactions and monthly credits / debits per account and summed. */
/** `transactionsOf`: what a fault reads instead of the posted transactions of the window. */
export function cashFlowContent(world: FdState, accounts: Account[], w: Window, transactionsOf?: (a: Account) => Transaction[]) {
  const periods = months(w);
  const monthly = (txs: Transaction[]) => ({
    credits: periods.map((p) => {
      const c = credits(inPeriod(txs, p));
      return {
        month: p.monthS,
        numberOfCredits: c.length,
        totalCreditsAmount: cents(c.reduce((s, t) => s + t.amount, 0)),
        largestCredit: c.length ? Math.max(...amounts(c)) : 0,
        averageCreditAmount: c.length ? cents(c.reduce((s, t) => s + t.amount, 0) / c.length) : 0,
      };
    }),
    debits: periods.map((p) => {
      const d = debits(inPeriod(txs, p));
      return {
        month: p.monthS,
        numberOfDebits: d.length,
        totalDebitsAmount: cents(d.reduce((s, t) => s + t.amount, 0)),
        largestDebit: d.length ? Math.min(...amounts(d)) : 0,
        averageDebitAmount: d.length ? cents(d.reduce((s, t) => s + t.amount, 0) / d.length) : 0,
      };
    }),
  });
  const all: Transaction[] = [];
  const inst = institutions(world, accounts, (a) => {
    const txs = (transactionsOf ?? ((x: Account) => postedOf(world, x.id, w)))(a);
    all.push(...txs);
    const m = monthly(txs);
    return {
      transactions: txs.map((t) => ({ id: String(t.id), amount: t.amount, postedDate: t.postedDate, description: t.description })),
      cashFlowCredit: { monthlyCashFlowCredits: m.credits },
      cashFlowDebit: { monthlyCashFlowDebits: m.debits },
    };
  });
  const summary = monthly(all);
  const days = head(w).days;
  return {
    ...head(w),
    // provider 1.35.0 CashFlowReport.seasoned: true when the report covers more than 365 days.
    seasoned: days > 365,
    institutions: inst,
    cashFlowCreditSummary: { monthlyCashFlowCreditSummaries: summary.credits },
    cashFlowDebitSummary: { monthlyCashFlowDebitSummaries: summary.debits },
  };
}

const monthlyAttr = (name: string, key: 'aggregatedByTimePeriods' | 'reportedByTimePeriods', periods: Record<string, unknown>[]) => ({
  attributeName: name,
  [key]: [{ timeIntervalType: 'MONTHLY_CALENDAR', periods }],
});
const periodDates = (p: Period) => ({ startDate: iso(p.startS), endDate: iso(p.endS) });

/** ASSET_BALANCE per month: daily end-of-day balances, the balance before the month and after it. */
function balancePeriods(world: FdState, a: Account, w: Window, faults: FaultSet) {
  const all = postedOf(world, a.id);
  // after[i]: the sum of the posted transactions from the i-th (oldest first) on.
  const after = new Array<number>(all.length + 1).fill(0);
  for (let i = all.length - 1; i >= 0; i--) after[i] = after[i + 1] + all[i].amount;
  const balanceAt = (s: number) => {
    let lo = 0;
    let hi = all.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (all[mid].postedDate > s) hi = mid;
      else lo = mid + 1;
    }
    // Blind fault: the balance history is anchored on the available balance.
    return cents((faults.has('blind-analytics-balance-closes-at-available') ? a.availableBalance : a.balance) - after[lo]);
  };
  return months(w).map((p) => {
    const daily: number[] = [];
    for (let day = p.startS; day <= p.endS; day += DAY_S) daily.push(balanceAt(Math.min(day + DAY_S - 1, p.endS)));
    // Fault: the month's opening balance taken after its first day instead of before it.
    const beginningValue = faults.has('analytics-balance-opening-late') ? balanceAt(p.startS + DAY_S) : balanceAt(p.startS - 1);
    return { ...periodDates(p), ...stats(daily), beginningValue, endingValue: balanceAt(p.endS) };
  });
}

const flowPeriods = (txs: Transaction[], w: Window, pick: (t: Transaction[]) => Transaction[]) =>
  months(w).map((p) => ({ ...periodDates(p), ...stats(amounts(pick(inPeriod(txs, p)))) }));

export type AnalyticsKind = 'balance' | 'cashflow' | 'payhist' | 'foresight' | 'pri';

/** The analytics of a set of transactions (one account's, or all of the report's). */
function analyticsOf(
  kind: AnalyticsKind,
  txs: Transaction[],
  w: Window,
  faults: FaultSet,
  extra: { balance?: Record<string, unknown>[]; forecast?: boolean; benchmark?: boolean },
) {
  if (kind === 'balance')
    return {
      transactionalAttributes: [],
      stateAttributes: [monthlyAttr('ASSET_BALANCE', 'reportedByTimePeriods', extra.balance ?? [])],
      streams: [],
    };
  if (kind === 'cashflow') {
    // Fault: the inflow counts the debits too.
    const inflow = faults.has('analytics-inflow-counts-debits')
      ? (t: Transaction[]) => t
      : // Blind fault: transfers are left out of the inflow (taken for moves between own accounts).
        faults.has('blind-analytics-inflow-excludes-transfers')
        ? (t: Transaction[]) => credits(t).filter((x) => x.description !== 'Transfer')
        : credits;
    return {
      transactionalAttributes: [
        monthlyAttr('CASH_INFLOW', 'aggregatedByTimePeriods', flowPeriods(txs, w, inflow)),
        // Fault: each period's median left out although the period has amounts.
        monthlyAttr(
          'CASH_OUTFLOW',
          'aggregatedByTimePeriods',
          faults.has('analytics-median-missing')
            ? flowPeriods(txs, w, debits).map((p) => ({ ...p, median: null }))
            : // i23-analytics-outflow-sum-unsigned: each outflow period's sum written as a positive total, the other figures signed.
              faults.has('i23-analytics-outflow-sum-unsigned')
              ? flowPeriods(txs, w, debits).map((p) => (typeof p.sum === 'number' ? { ...p, sum: Math.abs(p.sum) } : p))
              : flowPeriods(txs, w, debits),
        ),
      ],
      stateAttributes: [
        monthlyAttr(
          'NET_CASH_FLOW',
          'reportedByTimePeriods',
          flowPeriods(txs, w, (t) => t),
        ),
      ],
      streams: [],
    };
  }
  const whole = { startDate: iso(w.startS), endDate: iso(w.endS) };
  // Fault: the payment history counts the pending-free credits as payments.
  const out = (kind === 'payhist' && faults.has('payhist-counts-credits') ? txs : debits(txs))
    // Blind fault: the payment history aggregates the last twelve months only, whatever the window.
    .filter((t) => !(kind === 'payhist' && faults.has('blind-analytics-payhist-last-year-only')) || t.postedDate > w.endS - 365 * DAY_S);
  const period = { ...whole, ...stats(amounts(out)) };
  const monthsN = Math.max(1, Math.round((w.endS - w.startS) / (30 * DAY_S)));
  const attr: Record<string, unknown> = {
    attributeName: kind === 'payhist' ? 'CASH_OUTFLOW' : 'TOTAL_SPENDING',
    aggregatedByTimePeriods: [{ timeIntervalType: 'HISTORICALLY', periods: [period] }],
    transactionIds: out.map((t) => String(t.id)),
  };
  if (extra.forecast)
    attr.projectedValues = [{ timeUnit: 'MONTHS', timeValue: 3, projectionValue: cents(((period.sum ?? 0) / monthsN) * 3) }];
  if (extra.benchmark)
    (attr.aggregatedByTimePeriods as Record<string, unknown>[])[0].cohortBenchmarkPeriods = [{ ...whole, cohortValues: [] }];
  return { transactionalAttributes: [attr], stateAttributes: [], streams: [] };
}

/** The analytics reports (balance, cash flow analytics, payment history, foresight). */
export function analyticsContent(
  kind: AnalyticsKind,
  world: FdState,
  accounts: Account[],
  w: Window,
  faults: FaultSet,
  options: { forecast?: boolean; benchmark?: boolean } = {},
) {
  const all: Transaction[] = [];
  const balances: Record<string, unknown>[][] = [];
  const inst = institutions(world, accounts, (a) => {
    const txs = postedOf(world, a.id, w);
    all.push(...txs);
    const balance = kind === 'balance' ? balancePeriods(world, a, w, faults) : undefined;
    if (balance) balances.push(balance);
    return { analytics: analyticsOf(kind, txs, w, faults, { balance, ...options }) };
  });
  all.sort((a, b) => a.postedDate - b.postedDate);
  // Seeded fault: the customer's cash flow analytics read the first account's transactions only.
  const customerTxs =
    kind === 'cashflow' && faults.has('seeded-prop-analytics-customer-first-account') && accounts.length
      ? all.filter((t) => t.accountId === accounts[0].id)
      : all;
  // The customer's balance: the accounts' opening and closing balances added month by month.
  const customerBalance =
    kind === 'balance'
      ? months(w).map((p, n) => ({
          ...periodDates(p),
          beginningValue: cents(balances.reduce((s, b) => s + Number(b[n].beginningValue), 0)),
          endingValue: cents(balances.reduce((s, b) => s + Number(b[n].endingValue), 0)),
        }))
      : undefined;
  return {
    ...head(w),
    institutions: inst,
    customerAnalytics: analyticsOf(kind, customerTxs, w, faults, { balance: customerBalance, ...options }),
  };
}
