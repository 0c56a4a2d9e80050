// Cash flow and analytics reports (seed 002, Decisioning report generation): cash flow business
// and personal, balance analytics, cash flow analytics, payment history, foresight analytics (and
// its first/third-party variant), through the shared report store (reports.ts: ids, status on the
// virtual clock, callback, freeze and consumer guards). Small business credit analytics answers at
// once: reports-analytics-sbca.ts. Content: reports-analytics-content.ts.
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
import type { FastifyInstance, FastifyReply } from 'fastify';
import { route, sendError, type FdContext, type Input } from './middleware.js';
import type { Account, AccountType } from './state.js';
import { callbackOf, createReport, generationGuard, reportAck } from './reports.js';
import type { Report } from './state.js';
import { analyticsContent, cashFlowContent, windowOf, type AnalyticsKind } from './reports-analytics-content.js';
import { registerSbca } from './reports-analytics-sbca.js';
import type { Consumer, Customer } from './state.js';

const DEPOSIT: AccountType[] = ['checking', 'savings'];
const FORESIGHT: AccountType[] = ['checking', 'creditCard', 'savings'];

const TITLES: Record<AnalyticsKind | 'cfrb' | 'cfrp', string> = {
  cfrb: 'Cash Flow Report - Business', cfrp: 'Cash Flow Report - Personal', balance: 'Balance Analytics', cashflow: 'Cash Flow Analytics',
  payhist: 'Payment History Analytics', foresight: 'Foresight Analytics',
};

/** provider 1.35.0 ReportType, per report kind, userType and purpose (cra / ftc: CRA without a personal guarantor / noncra). */
const TYPES = {
  balance: { personal: { cra: 'barpcra', noncra: 'barpnoncra' }, business: { cra: 'barbcra', ftc: 'barbftc', noncra: 'barbnoncra' } },
  cashflow: { personal: { cra: 'cfrpcra', noncra: 'cfrpnoncra' }, business: { cra: 'cracfrbcra', ftc: 'cfrbftc', noncra: 'cfrbnoncra' } },
  payhist: { business: { cra: 'phrbcra', ftc: 'phrbftc', noncra: 'phrbnoncra' } },
} as const;

type Purpose = 'cra' | 'ftc' | 'noncra';
const idList = (text: unknown) => (typeof text === 'string' ? text.split(/\s+/).filter(Boolean) : undefined);
const defined = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
/** A six-character pin per report (provider 1.35.0 ReportPin), derived from its id. */
const pinOf = (id: string) => [...id].reverse().join('').slice(0, 6);

export function registerReportsAnalytics(app: FastifyInstance, ctx: FdContext): void {
  const { faults, state: world } = ctx;

  /** The accounts a report reads: those asked (or all the customer's) of the eligible types. */
  const accountsFor = (customerId: string, accountIds: unknown, types: AccountType[], skip: boolean): Account[] => {
    const asked = idList(accountIds);
    const selection = [...world.accounts.values()].filter((a) => a.customerId === customerId && (!asked || asked.includes(a.id)));
    return skip ? selection : selection.filter((a) => types.includes(a.type));
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
  for (const [operationId, kind] of [['GenerateCashFlowBusinessReport', 'cfrb'], ['GenerateCashFlowPersonalReport', 'cfrp']] as const) {
    route(app, ctx, operationId, ({ path, query, body }: Input, reply) => {
      const personal = kind === 'cfrp';
      const guarded = generationGuard(ctx, reply, path.customerId, personal);
      if (!guarded) return;
      // Blind fault: the personal cash flow report counts a money market account as a deposit account.
      const types: AccountType[] = personal && faults.has('blind-analytics-cashflow-personal-money-market-eligible') ? [...DEPOSIT, 'moneyMarket'] : DEPOSIT;
      const accounts = accountsFor(path.customerId, body.accountIds, types, faults.has('cashflow-eligibility-skipped'));
      if (!eligible(reply, accounts, 'checking or savings')) return;
      const constraints = defined({ accountIds: idList(body.accountIds), reportCustomFields: body.reportCustomFields, showNsf: body.showNsf, fromDate: body.fromDate, incomeStreamConfidenceMinimum: body.incomeStreamConfidenceMinimum });
      // Fault: the personal (FCRA) report is not tied to the consumer.
      const consumer = personal && !faults.has('cashflow-personal-no-consumer') ? guarded.consumer : undefined;
      const report = createReport(ctx, {
        type: faults.has('cashflow-type-swapped') ? (personal ? 'cfrb' : 'cfrp') : kind, title: TITLES[kind], customer: guarded.customer, consumer,
        callbackUrl: callbackOf(query), constraints,
        // Fault: the report reads every account of the customer, not only checking and savings.
        build: (r) => {
          const w = windowOf(body.fromDate, r.createdDate, faults);
          // Blind fault: the cash flow reports read "24 months" as 720 days (the historic load's limit).
          if (faults.has('blind-analytics-cashflow-window-720-days')) w.startS = Math.max(w.startS, w.endS - 720 * 86_400);
          // Blind fault: the business cash flow report lists pending transactions with the posted ones.
          const withPending = !personal && faults.has('blind-analytics-cashflow-business-pending-included');
          return cashFlowContent(world, faults.has('cashflow-lists-all-accounts') ? accountsFor(path.customerId, undefined, [], true) : accounts, w, withPending);
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
  const analytics = (operationId: string, kind: 'balance' | 'cashflow' | 'payhist') => {
    route(app, ctx, operationId, ({ path, query, body }: Input, reply) => {
      // Blind fault: any userType other than personal is served as a business report.
      const userType = (kind === 'payhist' ? 'business' : faults.has('blind-analytics-usertype-unchecked') && path.userType !== 'personal' ? 'business' : path.userType) as 'business' | 'personal';
      const data = (body.analyticsReportData ?? {}) as { forCraPurpose?: boolean; applicantIsPersonalGuarantor?: boolean };
      const purpose: Purpose = !data.forCraPurpose ? 'noncra' : userType === 'personal' || data.applicantIsPersonalGuarantor ? 'cra' : 'ftc';
      // Blind faults: the business CRA cash flow analytics with a guarantor skips the consumer; a non-CRA payment history asks for one.
      const guarantorSkipped = kind === 'cashflow' && userType === 'business' && faults.has('blind-analytics-guarantor-consumer-unchecked-on-cashflow');
      const needsConsumer = (purpose === 'cra' && !guarantorSkipped && !faults.has(kind === 'payhist' ? 'payhist-cra-consumer-not-required' : 'analytics-cra-consumer-not-required'))
        || (kind === 'payhist' && purpose === 'noncra' && faults.has('blind-analytics-payhist-noncra-needs-consumer'));
      const guarded = generationGuard(ctx, reply, path.customerId, needsConsumer);
      if (!guarded) return;
      const business = businessOf(path.customerId);
      const businessNeeded = userType === 'business' && !faults.has(kind === 'payhist' ? 'payhist-business-not-required' : 'analytics-business-not-required');
      // Blind fault: payment history without a business is refused as a bad request.
      if (businessNeeded && !business) return sendError(ctx, reply, kind === 'payhist' && faults.has('blind-analytics-payhist-no-business-400') ? 400 : 404, `Business not found for customer ${path.customerId}`);
      const skip = faults.has(kind === 'payhist' ? 'payhist-eligibility-skipped' : 'analytics-eligibility-skipped') || (kind === 'cashflow' && faults.has('cashflow-analytics-eligibility-skipped'));
      // Blind fault: payment history counts a credit card account as eligible (card payments).
      let accounts = accountsFor(path.customerId, body.accountIds, kind === 'payhist' && faults.has('blind-analytics-payhist-credit-card-eligible') ? [...DEPOSIT, 'creditCard'] : DEPOSIT, skip);
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
      const constraints = defined({ analyticsReportData: body.analyticsReportData, accountIds: idList(body.accountIds), reportCustomFields: body.reportCustomFields, fromDate: body.fromDate });
      const businessDetails = userType === 'business' && business && !faults.has('analytics-business-not-named')
        // Blind fault: the business is named by the customer's id.
        ? { businessId: faults.has('blind-analytics-business-details-customer-id') ? path.customerId : business.id, name: business.fields.name, address: business.fields.address ?? {} } : undefined;
      const report = createReport(ctx, {
        type, title: TITLES[kind], customer: guarded.customer, consumer: consumer as Consumer | undefined, callbackUrl: callbackOf(query), constraints,
        // Blind fault: the analytics reports start at the day of fromDate (midnight UTC), not at fromDate.
        build: (r) => analyticsContent(kind, world, accounts, windowOf(faults.has('blind-analytics-window-from-date-day-start') && typeof body.fromDate === 'number' ? Math.floor(body.fromDate / 86_400) * 86_400 : body.fromDate, r.createdDate, faults), faults),
      });
      report.extra = defined({ businessDetails, reportPin: kind === 'payhist' ? undefined : pinOf(report.id) });
      return reply.code(202).send(reportAck(report));
    });
  };
  analytics('GenerateBalanceAnalyticsReport', 'balance');
  analytics('GenerateCashflowAnalyticsReport', 'cashflow');
  analytics('GeneratePaymentHistoryReport', 'payhist');

  // --- Foresight analytics (non-CRA, no consumer; checking, credit card or savings)
  const foresight = (reply: FastifyReply, input: { customer: Customer; body: Record<string, any>; query: Record<string, unknown>; extra?: Record<string, unknown> }): Report | undefined => {
    const { customer, body } = input;
    const skip = faults.has('foresight-eligibility-skipped');
    let accounts = customer.id ? accountsFor(customer.id, body.accountIds, FORESIGHT, skip) : [];
    // Fault: only checking or savings count (a credit card alone is refused).
    if (faults.has('foresight-credit-card-refused')) accounts = accounts.filter((a) => a.type !== 'creditCard');
    // Blind fault: the first/third-party variant (input.extra) judges eligibility on any account of the customer.
    const judged = input.extra !== undefined && faults.has('blind-analytics-foresight-3p-eligibility-any-account') ? accountsFor(customer.id, body.accountIds, FORESIGHT, true) : accounts;
    if (customer.id && !eligible(reply, judged, 'checking, credit card or savings')) return undefined;
    // Blind fault: the report on the customer's path also reads its money market accounts.
    const read = input.extra === undefined && faults.has('blind-analytics-foresight-reads-money-market')
      ? [...accounts, ...accountsFor(customer.id, body.accountIds, ['moneyMarket'], false)] : accounts;
    const wanted = (body.analyticsReportData?.analytics as string[] | undefined) ?? ['benchmarking', 'forecasting'];
    const report = createReport(ctx, {
      type: 'farpbfnoncra', title: TITLES.foresight, customer, callbackUrl: callbackOf(input.query), constraints: defined({ ...body }),
      // Fault: the content leaves the credit card accounts out.
      build: (r) => analyticsContent('foresight', world, faults.has('foresight-content-without-credit-card') ? read.filter((a) => a.type !== 'creditCard') : read, windowOf(body.fromDate, r.createdDate, faults), faults, { forecast: wanted.includes('forecasting'), benchmark: wanted.includes('benchmarking') }),
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
    const unknownAsExternal = customerId !== undefined && faults.has('blind-analytics-foresight-unknown-customer-as-external') && !world.customers.has(String(customerId));
    let customer: Customer;
    if (customerId !== undefined && !unknownAsExternal) {
      // Fault: an unknown customerId is a 400 instead of a 404.
      if (faults.has('foresight-unknown-customer-400') && !world.customers.has(String(customerId))) return sendError(ctx, reply, 400, 'Invalid customerId');
      const guarded = generationGuard(ctx, reply, String(customerId), false);
      if (!guarded) return;
      customer = guarded.customer;
    } else {
      // Enriched data only: no customer of the partner; the report carries none (the store needs an owner record).
      if (faults.has('foresight-external-refused')) return sendError(ctx, reply, 404, 'Customer not found');
      customer = { id: '', partnerId: partner?.id ?? '', username: '', type: 'active', createdDate: 0 };
    }
    const extra = customerId === undefined ? { customerId: undefined, customerType: undefined, externalCustomerId } : defined({ externalCustomerId });
    const report = foresight(reply, { customer, body: constraints, query, extra });
    if (!report) return;
    report.constraints = defined({ ...constraints, customerId, externalCustomerId });
    // Fault: the first/third-party report never ends (its read by id stays inProgress).
    if (faults.has('foresight-3p-stuck-in-progress')) report.readyAtS = Number.MAX_SAFE_INTEGER / 1000;
    // Blind fault: a report of permissioned data alone (no enriched data) ends in failure.
    if (externalCustomerId === undefined && faults.has('blind-analytics-foresight-3p-customer-only-fails')) report.outcome = 'failure';
    return reply.code(202).send(reportAck(report));
  });

  registerSbca(app, ctx);
}
