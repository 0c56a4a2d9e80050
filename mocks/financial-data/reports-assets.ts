// Asset reports (seed 002, Decisioning report generation; Transactions): VOA, VOA with income,
// prequalification CRA and non-CRA, VOI, statement and transactions reports. All go through the
// shared report store (reports.ts: ids, status on the virtual clock, callback, freeze and consumer
// guards); this module decides what each accepts (eligible account types, the accounts named, the
// transactions report's window, the statement asked) and builds its content from the customer's
// linked data when the report completes (reports-assets-content.ts).
// - Eligibility (seed 002): VOA, VOAI and prequalification need a checking, savings, money market
//   or investment account (the list of VOAI and prequalification: provider 1.35.0), VOI a checking,
//   savings or money market one; otherwise 400.
// - History: VOA 12 months, VOAI 61 days by default or from fromDate up to 24 months (income
//   credits 24 months, or from incomeFromDate), VOI two years. A fromDate before the cap is served
//   from the cap (assumption: the sources say "up to" and state no 400).
// - accountIds names a subset; an id that is not the customer's account is a 404 (seed 002 Errors
//   404: account; assumption), as is the statement report's account.
// Rules: schemas/financial-data/rules/reports-assets.yaml.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { createHash } from 'node:crypto';
import { route, sendError, type FdContext, type Input } from './middleware.js';
import { findAccount, type AccountType } from './portfolio.js';
import { callbackOf, createReport, generationGuard, reportAck, type Report } from './reports.js';
import { buildContent, daysBefore, ELIGIBLE, monthsBefore, reportAccounts, type ContentOptions } from './reports-assets-content.js';
import { limitOf } from '../../helpers/contract/facts.js';

const TITLES: Record<string, string> = {
  voa: 'Verification of Assets', voaHistory: 'Verification of Assets with Income - Transactions', preQualVoa: 'Asset Ready Report (CRA)',
  assetSummary: 'Asset Ready Report (non-CRA)', voi: 'Verification of Income', statement: 'Statement Report', transactions: 'Transactions Report',
};

/** A white-space separated account id list as the ack echoes it (provider 1.35.0 ReportAccountIds). */
const idList = (text: unknown) => (typeof text === 'string' && text.trim() ? text.split(/\s+/).filter(Boolean) : undefined);
const defined = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
const num = (v: unknown) => (v === undefined || v === null ? undefined : Number(v));
/** The first instant of the UTC month of `s` (epoch seconds): a blind fault's rounding. */
const monthStart = (s: number) => { const d = new Date(s * 1000); return Math.floor(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) / 1000); };

export function registerReportsAssets(app: FastifyInstance, ctx: FdContext): void {
  const { faults } = ctx;
  // seed 002, Limits: the VOA, VOAI (and its default) and VOI history windows, the transactions report window (the contract's x-limits).
  const VOA_MONTHS = limitOf(ctx.contract, 'voaHistoryMonths');
  const VOAI_MONTHS = limitOf(ctx.contract, 'voaiHistoryMonths');
  const VOAI_DEFAULT_DAYS = limitOf(ctx.contract, 'voaiDefaultHistoryDays');
  const VOI_MONTHS = limitOf(ctx.contract, 'voiHistoryMonths');
  const TXREPORT_MONTHS = limitOf(ctx.contract, 'transactionsReportMonths');
  const on = (id: string) => faults.has(id);

  /** The types a report counts as eligible, as the faults bend them. */
  const eligibleTypes = (type: string): readonly AccountType[] | undefined => {
    let types = ELIGIBLE[type];
    if (!types) return undefined;
    if (on('ra-cd-eligible') && type !== 'voi') types = [...types, 'cd'];
    if (type === 'voa' && on('ra-voa-needs-checking')) types = ['checking'];
    if (type === 'voaHistory' && on('ra-voai-investment-refused')) types = types.filter((t) => t !== 'investment');
    if (type === 'assetSummary' && on('ra-prequal-noncra-savings-refused')) types = types.filter((t) => t !== 'savings');
    if (type === 'voi' && on('ra-voi-investment-eligible')) types = [...types, 'investment'];
    if (type === 'voi' && on('ra-voi-money-market-refused')) types = types.filter((t) => t !== 'moneyMarket');
    // Blind fault: a certificate of deposit counted as a deposit account for VOI.
    if (type === 'voi' && on('blind-voi-cd-counted-as-deposit')) types = [...types, 'cd'];
    return types;
  };
  /** Blind faults: the eligibility gate's own list of types (the content keeps the report's). */
  const gateTypes = (type: string, types: readonly AccountType[] | undefined): readonly AccountType[] | undefined => {
    if (!types) return types;
    if (type === 'voa' && on('blind-voa-gate-money-market-misspelled')) return types.map((t) => (t === 'moneyMarket' ? ('moneymarket' as AccountType) : t));
    if (type === 'voaHistory' && on('blind-voai-gate-needs-checking-or-savings')) return types.filter((t) => t === 'checking' || t === 'savings');
    if (type === 'preQualVoa' && on('blind-prequal-cra-gate-counts-cd')) return [...types, 'cd'];
    return types;
  };
  const eligibilityUnchecked = (type: string) =>
    (type === 'voa' && on('ra-voa-eligibility-unchecked')) || (type === 'voaHistory' && on('ra-voai-eligibility-unchecked')) ||
    ((type === 'preQualVoa' || type === 'assetSummary') && on('ra-prequal-eligibility-unchecked'));

  /**
   * The accounts named by accountIds (undefined: all), or a 404 sent (false) when one is not the
   * customer's account (seed 002 Errors 404; assumption FD-ASSETS-ACCOUNT-IDS).
   */
  const namedAccounts = (customerId: string, text: unknown, reply: FastifyReply): string[] | undefined | false => {
    const ids = idList(text);
    if (!ids || on('ra-account-ids-ignored')) return undefined;
    // Blind fault: an id is checked against every account the service holds, not the customer's.
    const unknown = ids.find((id) => !findAccount(ctx.state, customerId, id) && !(on('blind-assets-account-ids-any-customer') && ctx.state.accounts.has(id)));
    if (unknown !== undefined && !on('ra-account-ids-unknown-ignored')) {
      sendError(ctx, reply, 404, `Account not found: ${unknown}`);
      return false;
    }
    return ids;
  };

  interface Spec {
    type: string;
    /** The content's options once the report completes (its createdDate is the window's end). */
    content: (report: Report, body: Record<string, unknown>) => Omit<ContentOptions, 'faults'>;
    /** The constraints the ack echoes (provider 1.35.0 *ConstraintsOut). */
    echo: (body: Record<string, unknown>, accountIds?: string[]) => Record<string, unknown>;
    /** The history cap in months, where fromDate has one. */
    capMonths?: number;
  }

  /** VOA, VOAI, prequalification and VOI: guard, accounts named, eligibility (400), then the report. */
  const assetReport = (operationId: string, spec: Spec) => {
    route(app, ctx, operationId, ({ path, query, body }: Input, reply) => {
      const found = generationGuard(ctx, reply, path.customerId, true);
      if (!found) return reply;
      const named = namedAccounts(found.customer.id, body.accountIds, reply);
      if (named === false) return reply;
      if (spec.capMonths && beforeCapRefused(body, spec.capMonths, reply)) return reply;
      const types = eligibleTypes(spec.type);
      // Blind fault: the VOA gate counts the customer's accounts, whatever accountIds names.
      const eligible = reportAccounts(ctx, found.customer.id, gateTypes(spec.type, types), spec.type === 'voa' && on('blind-voa-gate-ignores-account-ids') ? undefined : named);
      if (eligible.length === 0 && !eligibilityUnchecked(spec.type)) {
        return sendError(ctx, reply, 400, `Bad request. (No eligible account type for a ${spec.type} report: ${types!.join(', ')}).`);
      }
      const accountIds = on('ra-echo-account-ids-dropped') ? undefined : idList(body.accountIds);
      const report = createReport(ctx, {
        // Blind fault: the non-CRA prequalification answers with the CRA report's type.
        type: spec.type === 'assetSummary' && on('blind-prequal-noncra-type-cra') ? 'preQualVoa' : spec.type, title: TITLES[spec.type], customer: found.customer, consumer: found.consumer, callbackUrl: callbackOf(query),
        constraints: defined(spec.echo(body, accountIds)),
        build: (r) => {
          // Fault: every account of the customer listed, whatever its type.
          const accounts = reportAccounts(ctx, r.customerId, on('ra-accounts-all-types') ? undefined : types, named);
          return buildContent(ctx, r.id, accounts, { ...spec.content(r, body), faults, kind: spec.type });
        },
      });
      return reply.code(202).send(reportAck(report));
    });
  };

  /** The start of a capped history: fromDate, not before the cap (fault: refused or not capped). */
  const capped = (fromDate: number | undefined, cap: number, fallback: number) => {
    if (fromDate === undefined) return fallback;
    return on('ra-fromdate-cap-ignored') ? fromDate : Math.max(fromDate, cap);
  };
  /** Fault: a fromDate before the cap refused (the contract serves it from the cap). */
  const beforeCapRefused = (body: Record<string, unknown>, months: number, reply: FastifyReply) => {
    const from = num(body.fromDate);
    if (!on('ra-fromdate-before-cap-400') || from === undefined || from >= monthsBefore(ctx.clock.nowEpochSeconds(), months)) return false;
    sendError(ctx, reply, 400, `fromDate is more than ${months} months ago`);
    return true;
  };
  const common = (body: Record<string, unknown>, accountIds?: string[]) => ({
    accountIds, reportCustomFields: body.reportCustomFields, fromDate: on('ra-echo-from-date-dropped') ? undefined : body.fromDate,
  });

  assetReport('GenerateVOAReport', {
    type: 'voa',
    capMonths: VOA_MONTHS,
    echo: (body, ids) => ({ ...common(body, ids), showNsf: body.showNsf }),
    content: (r, body) => {
      const months = on('ra-voa-history-24m') ? 24 : on('ra-voa-history-6m') ? 6 : VOA_MONTHS;
      const cap = monthsBefore(r.createdDate, months);
      // Blind fault: a fromDate given is taken as sent (the cap only stands in for a missing one).
      const from = on('blind-voa-fromdate-taken-as-sent') ? num(body.fromDate) ?? cap : capped(num(body.fromDate), cap, cap);
      return { window: { from, to: r.createdDate }, consolidated: true };
    },
  });

  assetReport('GenerateVOAWithIncomeReport', {
    type: 'voaHistory',
    capMonths: VOAI_MONTHS,
    echo: (body, ids) => ({ ...common(body, ids), showNsf: body.showNsf, incomeFromDate: body.incomeFromDate, incomeStreamConfidenceMinimum: body.incomeStreamConfidenceMinimum }),
    content: (r, body) => {
      const cap = monthsBefore(r.createdDate, VOAI_MONTHS);
      const fallback = daysBefore(r.createdDate, on('ra-voai-default-90d') ? 90 : on('blind-voai-default-60-days') ? 60 : VOAI_DEFAULT_DAYS);
      // Blind fault: the transactions shown capped at VOA's 12 months.
      const listCap = on('blind-voai-fromdate-capped-12-months') ? monthsBefore(r.createdDate, VOA_MONTHS) : cap;
      const from = on('ra-voai-fromdate-ignored') ? fallback : capped(num(body.fromDate), listCap, fallback);
      // seed 002: income credits up to 24 months regardless of fromDate; incomeFromDate alters them.
      // Blind faults: incomeFromDate taken from the start of its month; the income default 12 months.
      const incomeFromDate = num(body.incomeFromDate) !== undefined && on('blind-voai-income-from-month-start') ? monthStart(num(body.incomeFromDate)!) : num(body.incomeFromDate);
      const incomeDefault = on('blind-voai-income-default-12-months') ? monthsBefore(r.createdDate, VOA_MONTHS) : cap;
      const incomeFrom = on('ra-voai-income-follows-fromdate') ? from
        : incomeFromDate !== undefined && !on('ra-voai-income-fromdate-ignored') ? Math.max(incomeFromDate, cap) : incomeDefault;
      return { window: { from, to: r.createdDate }, income: { from: incomeFrom, to: r.createdDate, confidenceMin: num(body.incomeStreamConfidenceMinimum) } };
    },
  });

  for (const [operationId, type] of [['GeneratePrequalificationCRAReport', 'preQualVoa'], ['GeneratePrequalificationNonCRAReport', 'assetSummary']]) {
    assetReport(operationId, { type, echo: (body, ids) => ({ ...common(body, ids), showNsf: body.showNsf }), content: () => ({ consolidated: true }) });
  }

  assetReport('GenerateVOIReport', {
    type: 'voi',
    capMonths: VOI_MONTHS,
    echo: (body, ids) => ({ ...common(body, ids), incomeStreamConfidenceMinimum: body.incomeStreamConfidenceMinimum }),
    content: (r, body) => {
      // Blind fault: the two years counted back from when the accounts were added, not from the report.
      const anchor = on('blind-voi-history-from-account-added') ? Math.min(r.createdDate, ...reportAccounts(ctx, r.customerId, undefined).map((a) => a.createdDate)) : r.createdDate;
      const cap = on('ra-voi-history-unbounded') ? 0 : monthsBefore(anchor, on('ra-voi-history-12m') ? 12 : VOI_MONTHS);
      const from = capped(num(body.fromDate), cap, cap);
      return { window: { from, to: r.createdDate }, income: { from, to: r.createdDate, confidenceMin: num(body.incomeStreamConfidenceMinimum) } };
    },
  });

  route(app, ctx, 'GenerateTransactionsReport', ({ path, query, body }, reply) => {
    const now = ctx.clock.nowEpochSeconds();
    let from = num(query.fromDate);
    let to = num(query.toDate);
    // seed 002, Transactions: required report from and to dates (fault: a missing one defaulted).
    // Blind fault: a missing toDate taken as now (fromDate still required).
    if ((from === undefined || (to === undefined && !on('blind-txreport-to-date-defaults-now'))) && !on('ra-txreport-dates-optional')) {
      return sendError(ctx, reply, 400, `"${from === undefined ? 'fromDate' : 'toDate'}" is required`);
    }
    to ??= now;
    from ??= monthsBefore(to, 12);
    // Blind fault: an inverted window silently swapped.
    if (to < from && on('blind-txreport-inverted-dates-swapped')) [from, to] = [to, from];
    // provider 1.35.0: toDate later than fromDate.
    if (to < from && !on('ra-txreport-order-unchecked')) return sendError(ctx, reply, 400, 'toDate must be later than fromDate');
    // seed 002: at most 24 months between fromDate and toDate.
    const months = on('ra-txreport-window-12m') ? 12 : TXREPORT_MONTHS;
    // Blind fault: a fromDate exactly 24 months back counted as over the limit (<= for <).
    const limit = monthsBefore(to, months);
    if ((from < limit || (from === limit && on('blind-txreport-window-exact-24-months-refused'))) && !on('ra-txreport-window-unchecked')) {
      return sendError(ctx, reply, 400, `There cannot be more than ${TXREPORT_MONTHS} months between fromDate and toDate`);
    }
    const found = generationGuard(ctx, reply, path.customerId, true);
    if (!found) return reply;
    const named = namedAccounts(found.customer.id, body.accountIds, reply);
    if (named === false) return reply;
    const asked = query.includePending === true;
    // Blind fault: pending transactions included whenever includePending is present, false included.
    const pending = on('ra-txreport-pending-always') ? true : on('ra-txreport-pending-never') ? false : on('blind-txreport-pending-on-presence') ? query.includePending !== undefined : asked;
    const window = { from, to, pending };
    const report = createReport(ctx, {
      type: 'transactions', title: TITLES.transactions, customer: found.customer, consumer: found.consumer, callbackUrl: callbackOf(query),
      constraints: defined({
        accountIds: on('ra-echo-account-ids-dropped') ? undefined : idList(body.accountIds), fromDate: from, toDate: to, includePending: asked,
        reportCustomFields: body.reportCustomFields, findTransaction: body.findTransaction,
      }),
      build: (r) => {
        // Fault: only the VOA-eligible accounts listed (the transactions report reads every account).
        const accounts = reportAccounts(ctx, r.customerId, on('ra-txreport-eligible-only') ? ELIGIBLE.voa : undefined, named);
        const find = on('ra-txreport-find-ignored') ? undefined : (body.findTransaction as Record<string, unknown> | undefined);
        return buildContent(ctx, r.id, accounts, { window, find, faults, kind: 'transactions' });
      },
    });
    return reply.code(202).send(reportAck(report));
  });

  route(app, ctx, 'GenerateStatementReport', ({ path, query, body }, reply) => {
    const found = generationGuard(ctx, reply, path.customerId, true);
    if (!found) return reply;
    const data = (body.statementReportData ?? {}) as { accountId?: number; statementIndex?: number };
    // Blind faults: without accountId, the customer's first account; an account of another customer of the same partner accepted.
    const other = data.accountId === undefined ? undefined : ctx.state.accounts.get(String(data.accountId));
    const samePartner = other !== undefined && on('blind-stmt-account-same-partner-accepted') && ctx.state.customers.get(other.customerId)?.partnerId === found.customer.partnerId;
    const account = data.accountId === undefined ? (on('blind-stmt-account-id-defaults-first-account') ? reportAccounts(ctx, found.customer.id, undefined)[0] : undefined)
      : findAccount(ctx.state, found.customer.id, String(data.accountId)) ?? (on('ra-stmt-account-owner-unchecked') || samePartner ? other : undefined);
    // seed 002 Errors 404: an account that is not the customer's (fault: 400).
    if (!account) return sendError(ctx, reply, on('ra-stmt-account-400') ? 400 : 404, `Account not found: ${data.accountId ?? '(none)'}`);
    const index = data.statementIndex ?? (on('ra-stmt-default-index-0') ? 0 : 1);
    const report = createReport(ctx, {
      type: 'statement', title: TITLES.statement, customer: found.customer, consumer: found.consumer, callbackUrl: callbackOf(query),
      // Blind fault: the account id echoed as a string.
      constraints: defined({ statementReportData: { accountId: on('blind-stmt-echo-account-id-string') ? String(data.accountId ?? account.id) : data.accountId ?? Number(account.id), statementIndex: index }, reportCustomFields: body.reportCustomFields }),
      build: (r) => {
        if (on('ra-stmt-asset-missing')) return {};
        // An asset id in the provider's form (a UUID, then the customer id), deterministic per report.
        const h = createHash('sha256').update(`statement-report:${r.id}:${account.id}:${index}`).digest('hex');
        return { assetId: `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}-${r.customerId}` };
      },
    });
    return reply.code(202).send(reportAck(report));
  });
}
