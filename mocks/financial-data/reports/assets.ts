// Asset reports (seed 002, Decisioning report generation; Transactions): VOA, VOA with income,
// prequalification CRA and non-CRA, VOI, statement and transactions reports. A generate request
// meets the refusals of guard.ts, then this module decides what it accepts (eligible account types,
// the accounts named, the transactions report's window, the statement asked) and hands the report
// store (store.ts: ids, status on the virtual clock, callback) the builder of its content, which
// runs when the report completes (below: "Content").
// - Eligibility (seed 002): VOA, VOAI and prequalification need a checking, savings, money market
//   or investment account (the list of VOAI and prequalification: provider 1.35.0), VOI a checking,
//   savings or money market one; otherwise 400.
// - History: VOA 12 months, VOAI 61 days by default or from fromDate up to 24 months (income
//   credits 24 months, or from incomeFromDate), VOI two years. A fromDate before the cap is served
//   from the cap (assumption: the sources say "up to" and state no 400).
// - accountIds names a subset; an id that is not the customer's account is a 404 (seed 002 Errors
//   404: account; assumption), as is the statement report's account.
// - Content: built from the customer's linked data (../state.ts accounts and transactions): the
//   accounts of the report's eligible types with their balances, and the transactions and income
//   credits of its history window. A report sees what aggregation holds for the account: standard
//   history, and the older transactions once the historic load is done (the same as the
//   transaction lists), so a spec can compute the known answer through the API.
// Rules: schemas/financial-data/rules/reports-assets.yaml.
import type { FdFaultId } from '../catalogue.js';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { createHash } from 'node:crypto';
import { route, sendError, type FdContext, type Input } from '../middleware.js';
import { categoryOf, DAY_S } from '../portfolio.js';
import {
  findAccount,
  findCustomer,
  linkedData,
  transactionsOfAccounts,
  type Account,
  type AccountType,
  type Report,
  type Transaction,
} from '../state.js';
import { holderOf } from '../payments-data.records.js';
import { generationGuard } from './guard.js';
import { callbackOf, createReport, reportAck } from './store.js';
import { limitOf } from '../../../helpers/contract/facts.js';
import type { FdOperationId } from '../../../helpers/contract/operations.js';

const TITLES: Record<string, string> = {
  voa: 'Verification of Assets',
  voaHistory: 'Verification of Assets with Income - Transactions',
  preQualVoa: 'Asset Ready Report (CRA)',
  assetSummary: 'Asset Ready Report (non-CRA)',
  voi: 'Verification of Income',
  statement: 'Statement Report',
  transactions: 'Transactions Report',
};

/** A white-space separated account id list as the ack echoes it (provider 1.35.0 ReportAccountIds). */
const idList = (text: unknown) => (typeof text === 'string' && text.trim() ? text.split(/\s+/).filter(Boolean) : undefined);
const defined = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
const num = (v: unknown) => (v === undefined || v === null ? undefined : Number(v));
/** The first instant of the UTC month `n` months after the one of `s` (epoch seconds): an income month; a blind fault's rounding. */
const monthStart = (s: number, n = 0) => {
  const d = new Date(s * 1000);
  return Math.floor(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, 1) / 1000);
};

export function registerAssetReports(app: FastifyInstance, ctx: FdContext): void {
  const { faults } = ctx;
  // seed 002, Limits: the VOA, VOAI (and its default) and VOI history windows, the transactions report window (the contract's x-limits).
  const VOA_MONTHS = limitOf(ctx.contract, 'voaHistoryMonths');
  const VOAI_MONTHS = limitOf(ctx.contract, 'voaiHistoryMonths');
  const VOAI_DEFAULT_DAYS = limitOf(ctx.contract, 'voaiDefaultHistoryDays');
  const VOI_MONTHS = limitOf(ctx.contract, 'voiHistoryMonths');
  const TXREPORT_MONTHS = limitOf(ctx.contract, 'transactionsReportMonths');
  const on = (id: FdFaultId) => faults.has(id);

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
    if (type === 'voa' && on('blind-voa-gate-money-market-misspelled'))
      return types.map((t) => (t === 'moneyMarket' ? ('moneymarket' as AccountType) : t));
    if (type === 'voaHistory' && on('blind-voai-gate-needs-checking-or-savings'))
      return types.filter((t) => t === 'checking' || t === 'savings');
    if (type === 'preQualVoa' && on('blind-prequal-cra-gate-counts-cd')) return [...types, 'cd'];
    return types;
  };
  const eligibilityUnchecked = (type: string) =>
    (type === 'voa' && on('ra-voa-eligibility-unchecked')) ||
    (type === 'voaHistory' && on('ra-voai-eligibility-unchecked')) ||
    ((type === 'preQualVoa' || type === 'assetSummary') && on('ra-prequal-eligibility-unchecked'));

  /**
   * The accounts named by accountIds (undefined: all), or a 404 sent (false) when one is not the
   * customer's account (seed 002 Errors 404; assumption FD-ASSETS-ACCOUNT-IDS).
   */
  const namedAccounts = (customerId: string, text: unknown, reply: FastifyReply): string[] | undefined | false => {
    const ids = idList(text);
    if (!ids || on('ra-account-ids-ignored')) return undefined;
    // Blind fault: an id is checked against every account the service holds, not the customer's.
    // assets-account-ids-prefix-match: an entry that is the beginning of one of the customer's account ids passes.
    const begins = (id: string) =>
      on('assets-account-ids-prefix-match') &&
      [...ctx.state.accounts.values()].some((a) => a.customerId === customerId && a.id.startsWith(id));
    const unknown = ids.find(
      (id) =>
        !findAccount(ctx.state, customerId, id) &&
        !(on('blind-assets-account-ids-any-customer') && ctx.state.accounts.has(id)) &&
        !begins(id),
    );
    if (unknown !== undefined && !on('ra-account-ids-unknown-ignored')) {
      sendError(ctx, reply, 404, `Account not found: ${unknown}`);
      return false;
    }
    return ids;
  };

  /** provider 1.35.0 ShowNsf: the insufficient funds summary only when asked. */
  const nsfOf = (body: Record<string, unknown>, from: number, months: 2 | 6): Pick<ContentOptions, 'nsf'> =>
    body.showNsf === true ? { nsf: { from, months } } : {};

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
  const assetReport = (operationId: FdOperationId, spec: Spec) => {
    route(app, ctx, operationId, ({ path, query, body }: Input, reply) => {
      const found = generationGuard(ctx, reply, path.customerId, true);
      if (!found) return reply;
      const named = namedAccounts(found.customer.id, body.accountIds, reply);
      if (named === false) return reply;
      if (spec.capMonths && beforeCapRefused(body, spec.capMonths, reply)) return reply;
      const types = eligibleTypes(spec.type);
      // Blind fault: the VOA gate counts the customer's accounts, whatever accountIds names.
      const eligible = reportAccounts(
        ctx,
        found.customer.id,
        gateTypes(spec.type, types),
        spec.type === 'voa' && on('blind-voa-gate-ignores-account-ids') ? undefined : named,
      );
      if (eligible.length === 0 && !eligibilityUnchecked(spec.type)) {
        return sendError(ctx, reply, 400, `Bad request. (No eligible account type for a ${spec.type} report: ${types!.join(', ')}).`);
      }
      const accountIds = on('ra-echo-account-ids-dropped') ? undefined : idList(body.accountIds);
      const report = createReport(ctx, {
        // Blind fault: the non-CRA prequalification answers with the CRA report's type.
        type: spec.type === 'assetSummary' && on('blind-prequal-noncra-type-cra') ? 'preQualVoa' : spec.type,
        title: TITLES[spec.type],
        customer: found.customer,
        consumer: found.consumer,
        // seeded-voa-callback-from-body: a VOA generation takes a callbackUrl the body sends when the query has none.
        callbackUrl:
          callbackOf(query) ??
          (spec.type === 'voa' && on('seeded-voa-callback-from-body') && typeof body.callbackUrl === 'string'
            ? body.callbackUrl
            : undefined),
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
    accountIds,
    // seeded-fam26b-assets-custom-field-value-ampersand-escaped: the asset reports keep each custom field's value HTML-escaped (& as &amp;).
    reportCustomFields:
      on('seeded-fam26b-assets-custom-field-value-ampersand-escaped') && Array.isArray(body.reportCustomFields)
        ? body.reportCustomFields.map((f: Record<string, unknown>) =>
            typeof f?.value === 'string' ? { ...f, value: f.value.replace(/&/g, '&amp;') } : f,
          )
        : body.reportCustomFields,
    fromDate: on('ra-echo-from-date-dropped') ? undefined : body.fromDate,
  });

  assetReport('GenerateVOAReport', {
    type: 'voa',
    capMonths: VOA_MONTHS,
    echo: (body, ids) => ({ ...common(body, ids), showNsf: body.showNsf }),
    content: (r, body) => {
      const months = on('ra-voa-history-24m') ? 24 : on('ra-voa-history-6m') ? 6 : VOA_MONTHS;
      // i7-voa-history-months-as-30-days: the months counted as 30 days each.
      const cap = on('i7-voa-history-months-as-30-days') ? daysBefore(r.createdDate, months * 30) : monthsBefore(r.createdDate, months);
      // Blind fault: a fromDate given is taken as sent (the cap only stands in for a missing one).
      const from = on('blind-voa-fromdate-taken-as-sent') ? (num(body.fromDate) ?? cap) : capped(num(body.fromDate), cap, cap);
      return { window: { from, to: r.createdDate }, consolidated: true, ...nsfOf(body, from, 2) };
    },
  });

  assetReport('GenerateVOAWithIncomeReport', {
    type: 'voaHistory',
    capMonths: VOAI_MONTHS,
    echo: (body, ids) => ({
      ...common(body, ids),
      showNsf: body.showNsf,
      incomeFromDate: body.incomeFromDate,
      incomeStreamConfidenceMinimum: body.incomeStreamConfidenceMinimum,
    }),
    content: (r, body) => {
      const cap = monthsBefore(r.createdDate, VOAI_MONTHS);
      const fallback = daysBefore(
        r.createdDate,
        on('ra-voai-default-90d') ? 90 : on('blind-voai-default-60-days') ? 60 : VOAI_DEFAULT_DAYS,
      );
      // Blind fault: the transactions shown capped at VOA's 12 months.
      const listCap = on('blind-voai-fromdate-capped-12-months') ? monthsBefore(r.createdDate, VOA_MONTHS) : cap;
      const from = on('ra-voai-fromdate-ignored') ? fallback : capped(num(body.fromDate), listCap, fallback);
      // seed 002: income credits up to 24 months regardless of fromDate; incomeFromDate alters them.
      // Blind faults: incomeFromDate taken from the start of its month; the income default 12 months.
      const incomeFromDate =
        num(body.incomeFromDate) !== undefined && on('blind-voai-income-from-month-start')
          ? monthStart(num(body.incomeFromDate)!)
          : num(body.incomeFromDate);
      const incomeDefault = on('blind-voai-income-default-12-months') ? monthsBefore(r.createdDate, VOA_MONTHS) : cap;
      const incomeFrom = on('ra-voai-income-follows-fromdate')
        ? from
        : incomeFromDate !== undefined && !on('ra-voai-income-fromdate-ignored')
          ? Math.max(incomeFromDate, cap)
          : incomeDefault;
      return {
        window: { from, to: r.createdDate },
        income: { from: incomeFrom, to: r.createdDate, confidenceMin: num(body.incomeStreamConfidenceMinimum) },
        ...nsfOf(body, from, 2),
      };
    },
  });

  for (const [operationId, type] of [
    ['GeneratePrequalificationCRAReport', 'preQualVoa'],
    ['GeneratePrequalificationNonCRAReport', 'assetSummary'],
  ] as const) {
    assetReport(operationId, {
      type,
      echo: (body, ids) => ({ ...common(body, ids), showNsf: body.showNsf }),
      content: (_r, body) => ({ consolidated: true, ...nsfOf(body, num(body.fromDate) ?? 0, 6) }),
    });
  }

  assetReport('GenerateVOIReport', {
    type: 'voi',
    capMonths: VOI_MONTHS,
    echo: (body, ids) => ({ ...common(body, ids), incomeStreamConfidenceMinimum: body.incomeStreamConfidenceMinimum }),
    content: (r, body) => {
      // Blind fault: the two years counted back from when the accounts were added, not from the report.
      const anchor = on('blind-voi-history-from-account-added')
        ? Math.min(r.createdDate, ...reportAccounts(ctx, r.customerId, undefined).map((a) => a.createdDate))
        : r.createdDate;
      const cap = on('ra-voi-history-unbounded') ? 0 : monthsBefore(anchor, on('ra-voi-history-12m') ? 12 : VOI_MONTHS);
      const from = capped(num(body.fromDate), cap, cap);
      return {
        window: { from, to: r.createdDate },
        income: { from, to: r.createdDate, confidenceMin: num(body.incomeStreamConfidenceMinimum) },
      };
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
    // i7-txreport-window-one-day-over-accepted: the limit a day further back.
    const limit = on('i7-txreport-window-one-day-over-accepted') ? monthsBefore(to, months) - DAY_S : monthsBefore(to, months);
    if ((from < limit || (from === limit && on('blind-txreport-window-exact-24-months-refused'))) && !on('ra-txreport-window-unchecked')) {
      return sendError(ctx, reply, 400, `There cannot be more than ${TXREPORT_MONTHS} months between fromDate and toDate`);
    }
    const found = generationGuard(ctx, reply, path.customerId, true);
    if (!found) return reply;
    const named = namedAccounts(found.customer.id, body.accountIds, reply);
    if (named === false) return reply;
    const asked = query.includePending === true;
    // Blind fault: pending transactions included whenever includePending is present, false included.
    const pending = on('ra-txreport-pending-always')
      ? true
      : on('ra-txreport-pending-never')
        ? false
        : on('blind-txreport-pending-on-presence')
          ? query.includePending !== undefined
          : asked;
    const window = { from, to, pending };
    const report = createReport(ctx, {
      type: 'transactions',
      title: TITLES.transactions,
      customer: found.customer,
      consumer: found.consumer,
      callbackUrl: callbackOf(query),
      constraints: defined({
        accountIds: on('ra-echo-account-ids-dropped') ? undefined : idList(body.accountIds),
        fromDate: from,
        toDate: to,
        includePending: asked,
        reportCustomFields: body.reportCustomFields,
        findTransaction: body.findTransaction,
      }),
      build: (r) => {
        // Fault: only the VOA-eligible accounts listed (the transactions report reads every account).
        const accounts = reportAccounts(ctx, r.customerId, on('ra-txreport-eligible-only') ? ELIGIBLE.voa : undefined, named);
        const find = on('ra-txreport-find-ignored') ? undefined : (body.findTransaction as Record<string, unknown> | undefined);
        return buildContent(ctx, r.id, accounts, { window, find, faults, kind: 'transactions' });
      },
    });
    // i38-fd-txreport-ack-status-success: the 202 of a transactions report says success while the report is still inProgress.
    if (on('i38-fd-txreport-ack-status-success')) return reply.code(202).send({ ...reportAck(report), status: 'success' });
    return reply.code(202).send(reportAck(report));
  });

  route(app, ctx, 'GenerateStatementReport', ({ path, query, body }, reply) => {
    const found = generationGuard(ctx, reply, path.customerId, true);
    if (!found) return reply;
    const data = (body.statementReportData ?? {}) as { accountId?: number; statementIndex?: number };
    // Blind faults: without accountId, the customer's first account; an account of another customer of the same partner accepted.
    const other = data.accountId === undefined ? undefined : ctx.state.accounts.get(String(data.accountId));
    const samePartner =
      other !== undefined &&
      on('blind-stmt-account-same-partner-accepted') &&
      findCustomer(ctx.state, other.customerId, found.customer.partnerId) !== undefined;
    const account =
      data.accountId === undefined
        ? on('blind-stmt-account-id-defaults-first-account')
          ? reportAccounts(ctx, found.customer.id, undefined)[0]
          : undefined
        : (findAccount(ctx.state, found.customer.id, String(data.accountId)) ??
          (on('ra-stmt-account-owner-unchecked') || samePartner ? other : undefined));
    // seed 002 Errors 404: an account that is not the customer's (fault: 400).
    if (!account) return sendError(ctx, reply, on('ra-stmt-account-400') ? 400 : 404, `Account not found: ${data.accountId ?? '(none)'}`);
    // i7-stmtreport-index-24-refused: the upper bound of statementIndex read as exclusive.
    if (on('i7-stmtreport-index-24-refused') && data.statementIndex === 24)
      return sendError(ctx, reply, 400, 'statementIndex must be between 1 and 23');
    const index = data.statementIndex ?? (on('ra-stmt-default-index-0') ? 0 : 1);
    const report = createReport(ctx, {
      type: 'statement',
      // seeded-statement-report-title-from-body: a title the body sends is kept as the report's.
      title: on('seeded-statement-report-title-from-body') && typeof body.title === 'string' ? body.title : TITLES.statement,
      customer: found.customer,
      consumer: found.consumer,
      callbackUrl: callbackOf(query),
      // Blind fault: the account id echoed as a string.
      constraints: defined({
        statementReportData: {
          accountId: on('blind-stmt-echo-account-id-string')
            ? String(data.accountId ?? account.id)
            : (data.accountId ?? Number(account.id)),
          statementIndex: index,
        },
        reportCustomFields: body.reportCustomFields,
      }),
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

// --- Content, built when the report completes.

/** seed 002 / provider 1.35.0: the account types each report reads (VOI: deposit accounts only). */
export const ELIGIBLE: Record<string, readonly AccountType[] | undefined> = {
  voa: ['checking', 'savings', 'moneyMarket', 'investment'],
  voaHistory: ['checking', 'savings', 'moneyMarket', 'investment'],
  preQualVoa: ['checking', 'savings', 'moneyMarket', 'investment'],
  assetSummary: ['checking', 'savings', 'moneyMarket', 'investment'],
  voi: ['checking', 'savings', 'moneyMarket'],
  // The transactions report reads every account (provider 1.35.0: "for the given accounts").
  transactions: undefined,
};

/** The instant `months` calendar months before `s` (epoch seconds, UTC; the day clamped to the month's last). */
export function monthsBefore(s: number, months: number): number {
  const d = new Date(s * 1000);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth() - months;
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return Math.floor(Date.UTC(y, m, Math.min(d.getUTCDate(), last), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds()) / 1000);
}

export const daysBefore = (s: number, days: number) => s - days * DAY_S;

/** The transactions aggregation holds for an account: standard history, and the older ones once loaded. */
export function heldTransactions(ctx: FdContext, account: Account): Transaction[] {
  return transactionsOfAccounts(ctx.state, [account.id])
    .filter((t) => !t.historic || account.historicLoaded)
    .sort((a, b) => b.postedDate - a.postedDate || b.id - a.id);
}

/** The customer's accounts a report covers: its eligible types, limited to `named` when given. */
export function reportAccounts(ctx: FdContext, customerId: string, types: readonly AccountType[] | undefined, named?: string[]): Account[] {
  // Every account findAccount would give: the customer's, while the customer exists.
  const accounts = findCustomer(ctx.state, customerId, undefined) ? linkedData(ctx.state, customerId).accounts : [];
  return accounts.filter((a) => (!types || types.includes(a.type)) && (!named || named.includes(a.id)));
}

const cents = (n: number) => Math.round(n * 100) / 100;

export interface Window {
  from: number;
  to: number;
  pending?: boolean;
}

export interface ContentOptions {
  /** Transactions listed per account (absent: none listed, e.g. prequalification). */
  window?: Window;
  /** Income credits grouped into streams per account (VOAI, VOI). */
  income?: { from: number; to: number; confidenceMin?: number };
  /** Adds consolidatedAvailableBalance (VOA, prequalification). */
  consolidated?: boolean;
  /** showNsf: each account's insufficient funds summary since `from`, and over the last `months` months (2: VOA, VOAI; 6: prequalification). */
  nsf?: { from: number; months: 2 | 6 };
  /** The transactions report's findTransaction criteria (provider 1.35.0 FindTransactionConstraints). */
  find?: Record<string, unknown>;
  faults: { has(id: FdFaultId): boolean };
  /** The report's type (voa, voaHistory, ..., transactions): where a blind fault bites. */
  kind?: string;
}

function transactionView(t: Transaction) {
  return {
    id: t.id,
    amount: t.amount,
    postedDate: t.postedDate,
    description: t.description,
    memo: `${t.description} ${t.id % 1000}`,
    category: categoryOf(t.description),
    type: t.amount < 0 ? 'debit' : 'credit',
    ...(t.status === 'pending' ? { status: 'pending' } : {}),
  };
}

/** provider 1.35.0 FindTransactionConstraints: every criterion given must hold. */
function matches(t: Transaction, find: Record<string, unknown> | undefined, unsigned = false): boolean {
  if (!find) return true;
  const view = transactionView(t);
  // Blind fault (unsigned): the amount range compared with the amount without its sign.
  const amount = unsigned ? Math.abs(t.amount) : t.amount;
  if (typeof find.findTransactionAmountFrom === 'number' && amount < find.findTransactionAmountFrom) return false;
  if (typeof find.findTransactionAmountTo === 'number' && amount > find.findTransactionAmountTo) return false;
  if (
    typeof find.findTransactionDescriptionMemo === 'string' &&
    find.findTransactionDescriptionMemo !== view.description &&
    find.findTransactionDescriptionMemo !== view.memo
  )
    return false;
  if (
    Array.isArray(find.findTransactionCategory) &&
    find.findTransactionCategory.length > 0 &&
    !find.findTransactionCategory.includes(view.category)
  )
    return false;
  return true;
}

/**
 * The income figures of a stream (provider 1.35.0 VOAIReportIncomeStream): one net monthly record for
 * each complete calendar month of the report's income window, netAnnual the sum of the last 12 of them,
 * incomeStreamMonths the months its credits were seen in.
 */
function incomeFigures(list: Transaction[], income: { from: number; to: number }) {
  const netMonthly: { month: number; net: number }[] = [];
  for (
    let m = monthStart(income.from, income.from === monthStart(income.from) ? 0 : 1);
    monthStart(m, 1) - 1 <= income.to;
    m = monthStart(m, 1)
  )
    netMonthly.push({
      month: m,
      net: cents(list.filter((t) => t.postedDate >= m && t.postedDate < monthStart(m, 1)).reduce((s, t) => s + t.amount, 0)),
    });
  return {
    netMonthly,
    netAnnual: cents(netMonthly.slice(-12).reduce((s, r) => s + r.net, 0)),
    incomeStreamMonths: new Set(list.map((t) => monthStart(t.postedDate))).size,
  };
}

/** Deposits of one payee, as an income stream (provider 1.35.0 VOIReportIncomeStream). */
function incomeStreams(
  reportId: string,
  account: Account,
  credits: Transaction[],
  income: { from: number; to: number; confidenceMin?: number },
) {
  const confidenceMin = income.confidenceMin;
  const byPayee = new Map<string, Transaction[]>();
  for (const t of credits) byPayee.set(t.description, [...(byPayee.get(t.description) ?? []), t]);
  return [...byPayee.entries()]
    .map(([payee, list], n) => ({
      id: `${reportId}-${account.id}-${n + 1}`,
      name: payee,
      status: 'ACTIVE',
      confidence: Math.min(99, 40 + 5 * list.length),
      ...incomeFigures(list, income),
      transactions: list.map(transactionView),
    }))
    .filter((s) => confidenceMin === undefined || s.confidence >= confidenceMin);
}

/** The description of an insufficient funds fee (the mock's own wording). */
const NSF_FEE = /insufficient funds|\bnsf\b/i;

/** The report's content: institutions with their accounts, the span of the transactions listed. */
export function buildContent(ctx: FdContext, reportId: string, accounts: Account[], options: ContentOptions): Record<string, unknown> {
  const { window, income, faults, kind } = options;
  let earliest: number | undefined;
  let latest: number | undefined;
  const institutions = new Map<string, Record<string, unknown>[]>();
  for (const account of accounts) {
    // Blind fault: VOA reads the standard aggregation only, without the historic load's transactions.
    const held = heldTransactions(ctx, account).filter(
      (t) => !(kind === 'voa' && t.historic && faults.has('blind-voa-standard-history-only')),
    );
    const holder = holderOf(ctx.state.customers.get(account.customerId), account);
    const view: Record<string, unknown> = {
      id: Number(account.id),
      number: account.number.slice(-4),
      name: account.name,
      type: account.type,
      currency: account.currency,
      balance: account.balance,
      availableBalance: account.availableBalance,
      balanceDate: account.balanceDate,
      aggregationStatusCode: 0,
      // provider 1.35.0 ReportAccountOwnerName, ReportAccountOwnerAddress: the account's owner, aggregated fresh.
      ownerName: holder.ownerName,
      ownerAddress: holder.ownerAddress,
    };
    if (window) {
      // Seeded fault: the report leaves out what was posted at fromDate itself.
      const from = faults.has('txreport-from-date-exclusive') ? window.from + 1 : window.from;
      const listed = held.filter(
        (t) =>
          t.postedDate >= from &&
          t.postedDate <= window.to &&
          (window.pending || t.status !== 'pending') &&
          matches(t, options.find, faults.has('blind-txreport-find-amount-unsigned')),
      );
      for (const t of listed) {
        earliest = Math.min(earliest ?? t.postedDate, t.postedDate);
        latest = Math.max(latest ?? t.postedDate, t.postedDate);
      }
      // Blind fault: the transactions report shows debits as positive amounts (the sign left to type).
      const unsigned = kind === 'transactions' && faults.has('blind-txreport-debits-unsigned');
      view.transactions = listed.map((t) => (unsigned ? { ...transactionView(t), amount: Math.abs(t.amount) } : transactionView(t)));
    }
    if (options.nsf) {
      // provider 1.35.0 VOAReportAccount, PrequalificationReportAccount: the insufficient funds fees counted
      // since fromDate and over the last months, and the days since the latest (only when there is one).
      const { from, months } = options.nsf;
      const to = window?.to ?? ctx.clock.nowEpochSeconds();
      const fees = held.filter((t) => t.amount < 0 && t.status !== 'pending' && NSF_FEE.test(t.description) && t.postedDate <= to);
      view.totNumberInsufficientFundsFeeDebitTxAccount = fees.filter((t) => t.postedDate >= from).length;
      view[`totNumberInsufficientFundsFeeDebitTxOver${months}MonthsAccount`] = fees.filter(
        (t) => t.postedDate >= monthsBefore(to, months),
      ).length;
      if (fees.length)
        view.totNumberDaysSinceMostRecentInsufficientFundsFeeDebitTxAccount = Math.floor(
          (to - Math.max(...fees.map((t) => t.postedDate))) / DAY_S,
        );
    }
    if (income) {
      const credits = held.filter(
        (t) => t.amount > 0 && t.status !== 'pending' && t.postedDate >= income.from && t.postedDate <= income.to,
      );
      view.incomeStreams = incomeStreams(reportId, account, credits, income);
    }
    institutions.set(account.institutionId, [...(institutions.get(account.institutionId) ?? []), view]);
  }
  const names = new Map(ctx.state.institutions.map((i) => [i.id, i.name]));
  const content: Record<string, unknown> = {
    institutions: [...institutions.entries()].map(([id, list]) => ({
      id: Number(id),
      // Fault: the institution named by a placeholder of its id.
      name: faults.has('ra-institution-named-by-id') ? `Institution ${id}` : (names.get(id) ?? `Institution ${id}`),
      urlHomeApp: `https://institution-${id}.example.test`,
      accounts: list,
    })),
  };
  if (window) {
    // Fault: the span starts at the window's start, not at the earliest transaction listed.
    const start = faults.has('ra-span-from-window') ? window.from : (earliest ?? window.from);
    const end = latest ?? window.to;
    const days = Math.max(0, Math.round((end - start) / DAY_S));
    // provider 1.35.0: the asset reports are seasoned beyond 180 days, TransactionsReport beyond 365.
    Object.assign(content, { startDate: start, endDate: end, days, seasoned: days > (kind === 'transactions' ? 365 : 180) });
  }
  if (options.consolidated) {
    // Blind fault: the consolidated balance sums the cash accounts only, not the investment one.
    const summed = faults.has('blind-assets-consolidated-cash-only') ? accounts.filter((a) => a.type !== 'investment') : accounts;
    const sum = summed.reduce((total, a) => total + a.availableBalance, 0);
    content.consolidatedAvailableBalance = cents(
      faults.has('ra-consolidated-balance-current') ? accounts.reduce((total, a) => total + a.balance, 0) : sum,
    );
  }
  return content;
}
