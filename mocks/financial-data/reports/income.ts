// Income and employment reports (seed 002, Decisioning report generation): VOE payroll, VOE
// transactions, pay statement extraction, VOIE paystub with and without TXVerify, and the VOIE
// payroll refresh. A generate request meets the refusals of guard.ts, then this module decides what
// it accepts and hands the report store (store.ts: ids, status on the virtual clock, callback) the
// builder of its content, which runs when the report completes (below: "Content").
// - Pay statement and VOIE paystub reports take asset ids of pay statements the customer stored
//   (../statements.ts storedAsset); another id is a 404 (provider 1.35.0: asset not found, 13002, is a
//   404). Reusing the first report's asset id to refresh bank data is accepted (seed 002).
// - The VOIE payroll report is made when the consumer completes Connect; RefreshVOIEPayrollReport
//   only refreshes it (seed 002). The mock's stand-in for Connect is the link of the customer
//   (POST /__mock/customers/{id}/link): a linked customer with a consumer holds its original VOIE
//   payroll report (recorded, ended, at the first refresh); any other customer has none to refresh
//   and gets a 404 (seed 002 Errors 404: report not found).
// - Payroll bodies carry the consumer's full SSN: it is never echoed (provider 1.35.0
//   PayrollDataOut has no ssn or dob; consumerSsn is the last four digits).
// - Content: the customer's payroll deposits on its linked deposit accounts and the pay statements
//   it stored. Deterministic, so a spec pins values against a known answer: the deposits it reads
//   through GetAllCustomerTransactions, the pay statement it stored (FD-VOE-TXN-NO-AMOUNTS,
//   FD-PAYSTMT-REPORT-EXTRACT, FD-VOIE-TXVERIFY-MATCH, FD-PAYROLL-EMPLOYMENT).
// Rules: schemas/financial-data/rules/reports-income.yaml.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { route, sendError, type FdContext } from '../middleware.js';
import { storedAsset } from '../statements.js';
import {
  linkedData,
  transactionsOfAccounts,
  type Account,
  type Asset,
  type Consumer,
  type Customer,
  type FdState,
  type Report,
  type Transaction,
} from '../state.js';
import { generationGuard } from './guard.js';
import { callbackOf, createReport, reportAck, settleReports } from './store.js';
import type { FdOperationId } from '../../../helpers/contract/operations.js';

const TITLES = {
  voePayroll: 'Verification of Employment - Payroll',
  voeTransactions: 'Verification of Employment - Transactions',
  paystatement: 'Pay Statement Extraction',
  voieWithInterview: 'Verification of Income and Employment - Paystub with TXVerify',
  voieWithStatement: 'Verification of Income and Employment - Paystub',
  voiePayroll: 'Verification of Income and Employment - Payroll',
};

/** The extraction flags with the provider's defaults (provider 1.35.0 ExtractEarnings true, ExtractDeductions false, ExtractDirectDeposit true). */
const flags = (data: Record<string, unknown>) => ({
  extractEarnings: data.extractEarnings ?? true,
  extractDeductions: data.extractDeductions ?? false,
  extractDirectDeposit: data.extractDirectDeposit ?? true,
});
/** A white-space separated account id list as the ack echoes it (provider 1.35.0 ReportAccountIds). */
const idList = (text: unknown) => (typeof text === 'string' ? text.split(/\s+/).filter(Boolean) : undefined);
const defined = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

export function registerIncomeReports(app: FastifyInstance, ctx: FdContext): void {
  const { faults } = ctx;

  /** The shared guards (404 customer, 403 freeze, 404 consumer); the consumer is required here. */
  const guard = (customerId: string, reply: FastifyReply) => generationGuard(ctx, reply, customerId, true);

  /**
   * The stored pay statements the ids name, or a 404 sent (undefined). An id of a statement (no
   * label), of another customer or of nothing is not a pay statement of this customer.
   */
  const payStatements = (
    customer: Customer,
    assetIds: string[],
    reply: FastifyReply,
    blindOpts: { ownerUnchecked?: boolean; tolerateMissing?: boolean } = {},
  ) => {
    const found = [];
    for (const id of assetIds) {
      const asset = storedAsset(ctx.state, id);
      const mine =
        asset &&
        asset.label !== undefined &&
        (asset.customerId === customer.id || faults.has('income-asset-owner-unchecked') || blindOpts.ownerUnchecked);
      if (!mine && !faults.has('income-asset-unchecked') && !blindOpts.tolerateMissing) {
        sendError(ctx, reply, faults.has('income-asset-unknown-400') ? 400 : 404, `Asset not found: ${id}`);
        return undefined;
      }
      found.push({ id, asset: asset ?? { customerId: customer.id, bytes: Buffer.alloc(0), label: 'lastPayPeriod' }, missing: !mine });
    }
    return found;
  };

  /**
   * provider 1.35.0 PayStatementForVoie.billable, numberOfBillableAssets: a pay statement digitized by
   * an earlier report (one of the customer's reports already built that lists it) is not billable again.
   */
  const billing = (customerId: string, assetIds: string[]) => {
    const digitized = new Set(
      (ctx.state.reports.byCustomer.get(customerId) ?? []).flatMap((id) =>
        ((ctx.state.reports.reports.get(id)?.content?.payStatements ?? []) as { assetId?: string }[]).map((p) => p.assetId),
      ),
    );
    return { billable: (id: string) => !digitized.has(id), count: assetIds.filter((id) => !digitized.has(id)).length };
  };
  /** Asset ids already reported on by this customer's TXVerify reports (the refresh of seed 002 reuses them). */
  const reportedAssets = (customerId: string) =>
    new Set(
      (ctx.state.reports.byCustomer.get(customerId) ?? [])
        .map((id) => ctx.state.reports.reports.get(id)!)
        .filter((r) => r.extra?.reportStyle === 'voieWithInterview')
        .flatMap((r) =>
          (r.constraints.voieWithInterviewData as { txVerifyInterview: { assetId: string }[] }).txVerifyInterview.map((i) => i.assetId),
        ),
    );

  const answer = (reply: FastifyReply, report: Report) => reply.code(202).send(reportAck(report));

  /** The consumer's full SSN must never be echoed (FD-PAYROLL-SSN-MASKED); the fault shows it. */
  const ssnLeak = (consumer?: Consumer) =>
    faults.has('income-payroll-consumer-ssn-full') && consumer ? { consumerSsn: String(consumer.fields.ssn ?? '') } : {};

  route(app, ctx, 'GenerateVOEPayrollReport', ({ path, query, body }, reply) => {
    const payroll = (body.payrollData ?? {}) as Record<string, unknown>;
    // provider 1.35.0 SSNPayroll: the SSN is required for direct payroll; credentialed payroll names its accounts instead.
    const accounts =
      Array.isArray(payroll.payrollAccountIds) && payroll.payrollAccountIds.length > 0 ? payroll.payrollAccountIds : undefined;
    if (payroll.ssn === undefined && !accounts && !faults.has('income-voe-payroll-source-unchecked')) {
      // Blind fault: the 400 blames payrollData as a whole and never names the missing ssn.
      if (faults.has('blind-income-voe-payroll-source-400-names-payroll-data'))
        return sendError(ctx, reply, 400, 'payrollData is incomplete');
      return sendError(ctx, reply, 400, 'ssn is required for direct payroll data (or the payrollAccountIds of a credentialed payroll)');
    }
    const found = guard(path.customerId, reply);
    if (!found) return reply;
    const style = payroll.ssn !== undefined ? 'directAPIPayroll' : 'credentialedPayroll';
    const payrollData = faults.has('income-payroll-ssn-echoed')
      ? { ...payroll }
      : defined({
          // i23-voe-payroll-retrieval-id-from-ssn: a direct payroll's retrieval id derived from the SSN sent.
          payrollDataRetrievalId:
            faults.has('i23-voe-payroll-retrieval-id-from-ssn') && typeof payroll.ssn === 'string'
              ? `pdr${payroll.ssn.replace(/-/g, '')}`
              : `pdr${path.customerId}`,
          payrollAccountIds: accounts,
          reportId: payroll.reportId,
          // Blind fault: the ssn is stripped from the echo, the date of birth is not.
          dob: faults.has('blind-income-voe-payroll-dob-echoed') ? payroll.dob : undefined,
        });
    const report = createReport(ctx, {
      type: 'voePayroll',
      title: TITLES.voePayroll,
      customer: found.customer,
      consumer: found.consumer,
      callbackUrl: callbackOf(query),
      purpose: body.purpose,
      constraints: defined({ payrollData, reportCustomFields: body.reportCustomFields, payStatementsFromDate: body.payStatementsFromDate }),
      extra: {
        reportStyle: style,
        ...ssnLeak(found.consumer),
        // voe-payroll-ack-ssn-head-shown: the ack shows the SSN sent masked from the other end (its first five digits).
        ...(faults.has('voe-payroll-ack-ssn-head-shown') && typeof payroll.ssn === 'string'
          ? { consumerSsn: `${payroll.ssn.replace(/-/g, '').slice(0, 5)}****` }
          : {}),
      },
      build: (r) => ({ reportStyle: style, employmentHistory: employmentHistory(ctx, r.customerId, found.consumer, false) }),
    });
    return answer(reply, report);
  });

  /** The payroll deposits on the accounts accountIds names (all deposit accounts without it). */
  const depositsNamed = (customerId: string, accountIds: string[] | undefined, fromDate?: number) => {
    // voe-transactions-account-ids-ignored: every deposit account read, whatever accountIds names.
    // voe-transactions-account-ids-near-match: an entry finds the customer's account whose id begins it or that it begins.
    const near =
      accountIds && faults.has('voe-transactions-account-ids-near-match')
        ? [...ctx.state.accounts.values()]
            .filter(
              (a) => a.customerId === customerId && accountIds.some((id) => id !== a.id && (id.startsWith(a.id) || a.id.startsWith(id))),
            )
            .map((a) => a.id)
        : [];
    const deposits = payrollDeposits(
      ctx,
      customerId,
      accountIds && !faults.has('voe-transactions-account-ids-ignored') ? new Set([...accountIds, ...near]) : undefined,
      fromDate,
    );
    // voe-transactions-account-ids-any-customer: an accountIds entry looked up among every account of the service.
    if (faults.has('voe-transactions-account-ids-any-customer') && accountIds)
      for (const id of accountIds) {
        const owner = ctx.state.accounts.get(id)?.customerId;
        if (owner !== undefined && owner !== customerId) deposits.push(...payrollDeposits(ctx, owner, new Set([id]), fromDate));
      }
    return deposits;
  };

  route(app, ctx, 'GenerateVOETransactionsReport', ({ path, query, body }, reply) => {
    const found = guard(path.customerId, reply);
    if (!found) return reply;
    const accountIds = idList(body.accountIds);
    const report = createReport(ctx, {
      type: 'voeTransactions',
      title: TITLES.voeTransactions,
      customer: found.customer,
      consumer: found.consumer,
      callbackUrl: callbackOf(query),
      constraints: defined({
        reportId: body.reportId,
        accountIds,
        // report-custom-fields-keyed-by-label: the custom fields kept in a map by label, the last one of a label kept.
        reportCustomFields:
          faults.has('report-custom-fields-keyed-by-label') && Array.isArray(body.reportCustomFields)
            ? [...new Map((body.reportCustomFields as { label: string }[]).map((c) => [c.label, c])).values()]
            : body.reportCustomFields,
        fromDate: body.fromDate,
        incomeStreamConfidenceMinimum: body.incomeStreamConfidenceMinimum,
      }),
      // seed 002: descriptions without amounts (fault: the amounts shown).
      build: (r) => {
        const institutions = incomeInstitutions(
          ctx.state,
          depositsNamed(r.customerId, accountIds, body.fromDate === undefined ? undefined : Number(body.fromDate)),
          faults.has('income-voe-amounts-shown'),
          body.incomeStreamConfidenceMinimum,
        );
        // Blind fault: the accounts of the report carry their current balance (the VOA account block reused).
        if (faults.has('blind-income-voe-txn-account-balance-shown')) {
          for (const i of institutions)
            i.accounts = i.accounts.map((a) => ({
              ...(a as Record<string, unknown>),
              currentBalance: ctx.state.accounts.get(String((a as { id: number }).id))?.balance,
            }));
        }
        return { institutions };
      },
    });
    return answer(reply, report);
  });

  /** Pay statement and VOIE paystub (without bank data): one extract per asset id, in order. */
  const paystubReport = (
    operationId: FdOperationId,
    type: 'paystatement' | 'voieTxVerify',
    style: 'paystatement' | 'voieWithStatement',
    member: 'paystatementReport' | 'voieWithStatementData',
  ) => {
    route(app, ctx, operationId, ({ path, query, body }, reply) => {
      const found = guard(path.customerId, reply);
      if (!found) return reply;
      const data = body[member] as { assetIds: string[] } & Record<string, unknown>;
      // Blind faults: the VOIE paystub takes any customer's pay statement; the pay statement report accepts an unknown asset and fails later.
      const deferMissing = style === 'paystatement' && faults.has('blind-income-paystatement-unknown-asset-fails-later');
      const stubs = payStatements(found.customer, data.assetIds, reply, {
        ownerUnchecked: style === 'voieWithStatement' && faults.has('blind-income-voie-statement-asset-owner-unchecked'),
        tolerateMissing: deferMissing,
      });
      if (!stubs) return reply;
      const report = createReport(ctx, {
        type,
        title: style === 'paystatement' ? TITLES.paystatement : TITLES.voieWithStatement,
        customer: found.customer,
        consumer: found.consumer,
        callbackUrl: callbackOf(query),
        constraints: defined({
          [member]: {
            assetIds: data.assetIds,
            ...flags(data),
            // seeded-paystmt-deductions-default-on: deductions extracted when the request leaves the flag out.
            ...(faults.has('seeded-paystmt-deductions-default-on') && data.extractDeductions === undefined
              ? { extractDeductions: true }
              : {}),
          },
          reportCustomFields: body.reportCustomFields,
        }),
        extra: { reportStyle: style },
        build: (r) => {
          const read = faults.has('income-extract-first-asset-only') ? stubs.slice(0, 1) : stubs;
          const bill = billing(
            r.customerId,
            stubs.map((s) => s.id),
          );
          // Blind fault: the pay statement report reads the net pay in whole dollars.
          const whole = style === 'paystatement' && faults.has('blind-income-paystatement-net-pay-whole-dollars');
          return {
            reportStyle: style,
            assetIds: data.assetIds,
            numberOfBillableAssets: bill.count,
            payStatements: read
              .map((s) => ({ ...extract(s.id, s.asset), billable: bill.billable(s.id) }))
              .map((e) => (whole && e.netPayCurrent !== undefined ? { ...e, netPayCurrent: Math.trunc(e.netPayCurrent) } : e)),
          };
        },
      });
      if (deferMissing && stubs.some((s) => s.missing)) report.outcome = 'failure';
      return answer(reply, report);
    });
  };
  paystubReport('GeneratePayStatementReport', 'paystatement', 'paystatement', 'paystatementReport');
  paystubReport('GenerateVOIEPaystubReport', 'voieTxVerify', 'voieWithStatement', 'voieWithStatementData');

  route(app, ctx, 'GenerateVOIEPaystubWithTXVerifyReport', ({ path, query, body }, reply) => {
    const found = guard(path.customerId, reply);
    if (!found) return reply;
    const data = body.voieWithInterviewData as { txVerifyInterview: { assetId: string; accounts?: string[] }[] } & Record<string, unknown>;
    const assetIds = data.txVerifyInterview.map((i) => i.assetId);
    // Fault: an asset id already reported on is refused (seed 002 says: reuse it to refresh the bank data).
    if (faults.has('income-asset-reuse-refused') && assetIds.some((id) => reportedAssets(found.customer.id).has(id))) {
      return sendError(ctx, reply, 400, 'This pay statement was already used for a report.');
    }
    // i9-income-txverify-asset-owner-unchecked: this path takes another customer's pay statements.
    const stubs = payStatements(found.customer, assetIds, reply, {
      ownerUnchecked: faults.has('i9-income-txverify-asset-owner-unchecked'),
    });
    if (!stubs) return reply;
    // Blind fault: a request naming an asset already reported on answers that first report (deduplicated) instead of a new one.
    if (
      faults.has('blind-income-txverify-reuse-returns-first-report') &&
      assetIds.some((id) => reportedAssets(found.customer.id).has(id))
    ) {
      const store = ctx.state.reports;
      const first = (store.byCustomer.get(found.customer.id) ?? [])
        .map((id) => store.reports.get(id)!)
        .find(
          (r) =>
            r.extra?.reportStyle === 'voieWithInterview' &&
            (r.constraints.voieWithInterviewData as { txVerifyInterview: { assetId: string }[] }).txVerifyInterview.some((i) =>
              assetIds.includes(i.assetId),
            ),
        );
      if (first) return answer(reply, first);
    }
    const accountIds = idList(body.accountIds);
    const report = createReport(ctx, {
      type: 'voieTxVerify',
      title: TITLES.voieWithInterview,
      customer: found.customer,
      consumer: found.consumer,
      callbackUrl: callbackOf(query),
      constraints: defined({
        accountIds,
        voieWithInterviewData: { txVerifyInterview: data.txVerifyInterview, ...flags(data) },
        reportCustomFields: body.reportCustomFields,
        fromDate: body.fromDate,
        incomeStreamConfidenceMinimum: body.incomeStreamConfidenceMinimum,
      }),
      extra: { reportStyle: 'voieWithInterview' },
      // The bank data is read when the report completes: a refresh (the same asset id) sees the deposits of that time.
      build: (r) => {
        // txverify-account-ids-ignored: every deposit account read, whatever accountIds names.
        const deposits = payrollDeposits(
          ctx,
          r.customerId,
          accountIds && !faults.has('txverify-account-ids-ignored') ? new Set(accountIds) : undefined,
        );
        const bill = billing(
          r.customerId,
          stubs.map((s) => s.id),
        );
        return {
          reportStyle: 'voieWithInterview',
          assetIds,
          numberOfBillableAssets: bill.count,
          payStatements: stubs.map((s) => {
            const e = { ...extract(s.id, s.asset), billable: bill.billable(s.id) };
            // Blind fault: a deposit matches only when posted within three days of the pay date.
            const near =
              faults.has('blind-income-txverify-match-needs-near-pay-date') && e.payDate !== undefined
                ? deposits.filter((d) => Math.abs(d.t.postedDate - e.payDate!) <= 3 * 86_400)
                : deposits;
            const m = matchDeposits(ctx, e, near);
            // Blind fault: the match type says NET_PAY_MATCH whenever the customer has payroll deposits at all.
            return faults.has('blind-income-txverify-match-type-any-deposit') && deposits.length > 0
              ? { ...m, matchType: 'NET_PAY_MATCH' }
              : m;
          }),
          institutions: incomeInstitutions(ctx.state, deposits, true, body.incomeStreamConfidenceMinimum),
        };
      },
    });
    return answer(reply, report);
  });

  /**
   * The customer's original VOIE payroll report, made when its consumer completed Connect (the
   * mock: the customer is linked and has a consumer), recorded at the first refresh as ended at
   * link time. Undefined when the customer never completed Connect.
   */
  const originalVoiePayroll = async (customer: Customer, consumer: Consumer): Promise<Report | undefined> => {
    const store = ctx.state.reports;
    const existing = (store.byCustomer.get(customer.id) ?? []).map((id) => store.reports.get(id)!).find((r) => r.type === 'voiePayroll');
    if (existing) return existing;
    const accounts = linkedData(ctx.state, customer.id).accounts;
    if (accounts.length === 0) return undefined;
    const report = createReport(ctx, {
      type: 'voiePayroll',
      title: TITLES.voiePayroll,
      customer,
      consumer,
      constraints: { payrollData: { payrollAccountIds: [`payroll-${customer.id}-1`] } },
      extra: { reportStyle: 'credentialedPayroll' },
      build: (r) => ({ reportStyle: 'credentialedPayroll', employmentHistory: employmentHistory(ctx, r.customerId, consumer, true) }),
    });
    report.createdDate = Math.min(...accounts.map((a) => a.createdDate));
    report.readyAtS = report.createdDate;
    await settleReports(ctx);
    return report;
  };

  route(app, ctx, 'RefreshVOIEPayrollReport', async ({ path, query, body }, reply) => {
    const found = guard(path.customerId, reply);
    if (!found) return reply;
    const payroll = (body.payrollData ?? {}) as Record<string, unknown>;
    const original = await originalVoiePayroll(found.customer, found.consumer!);
    const store = ctx.state.reports;
    const named = typeof payroll.reportId === 'string' ? store.reports.get(payroll.reportId) : undefined;
    // Blind fault: the reportId is checked to be one of the customer's reports, of any kind.
    const namesNone =
      typeof payroll.reportId === 'string' &&
      (!named ||
        named.customerId !== found.customer.id ||
        (named.type !== 'voiePayroll' && !faults.has('blind-income-refresh-report-id-any-kind')));
    // seed 002: this operation only refreshes the report Connect made (faults: it generates one, or takes any reportId).
    if (
      (!original && !faults.has('income-voie-refresh-generates')) ||
      (namesNone && !faults.has('income-voie-refresh-report-id-unchecked'))
    ) {
      return sendError(ctx, reply, 404, 'No VOIE payroll report to refresh for this customer.');
    }
    const base = named && !namesNone ? named : original;
    const originalData = (base?.constraints.payrollData ?? {}) as Record<string, unknown>;
    const payrollData = faults.has('income-payroll-ssn-echoed')
      ? { ...payroll }
      : defined({
          payrollAccountIds: originalData.payrollAccountIds,
          reportId: base?.id,
        });
    const report = createReport(ctx, {
      type: 'voiePayroll',
      title: TITLES.voiePayroll,
      customer: found.customer,
      consumer: found.consumer,
      callbackUrl: callbackOf(query),
      purpose: body.purpose,
      constraints: defined({ payrollData, reportCustomFields: body.reportCustomFields, payStatementsFromDate: body.payStatementsFromDate }),
      extra: { reportStyle: 'credentialedPayroll', ...ssnLeak(found.consumer) },
      build: (r) => {
        // Blind fault: the refreshed report, once ended, reads as the VOE payroll kind (the shared payroll builder stamps it).
        if (faults.has('blind-income-voie-payroll-refresh-read-as-voe')) r.type = 'voePayroll';
        const history = employmentHistory(ctx, r.customerId, found.consumer, true);
        // Blind fault: the refreshed report's employee record carries the consumer's full SSN (as the payroll source gives it).
        if (faults.has('blind-income-voie-payroll-employee-ssn'))
          for (const h of history)
            h.employee = { ...(h.employee as Record<string, unknown>), ssn: String(found.consumer?.fields.ssn ?? '') };
        return { reportStyle: 'credentialedPayroll', employmentHistory: history };
      },
    });
    // Blind fault: the refresh's constraints name the new report instead of the original one.
    if (faults.has('blind-income-refresh-names-itself')) (report.constraints.payrollData as Record<string, unknown>).reportId = report.id;
    return answer(reply, report);
  });
}

// --- Content, built when the report completes.

/** The accounts a deposit of pay lands on (provider 1.35.0: VOIE TXVerify reads checking and savings; VOI adds money market). */
const DEPOSIT_TYPES = new Set(['checking', 'savings', 'moneyMarket']);
/** The payee of the mock's pay deposits (../portfolio.ts PAYEES). */
export const PAYROLL_DESCRIPTION = 'Payroll Deposit';

export interface Deposit {
  account: Account;
  t: Transaction;
}

/**
 * The customer's payroll deposits: active credits described as pay, on its active deposit
 * accounts (optionally only `accountIds`), as the transaction reads show them (historic ones once
 * the historic load is done), oldest first.
 */
export function payrollDeposits(ctx: FdContext, customerId: string, accountIds?: Set<string>, fromDate?: number): Deposit[] {
  const world = ctx.state;
  const accounts = new Map(
    linkedData(world, customerId)
      .accounts.filter((a) => DEPOSIT_TYPES.has(a.type) && a.status === 'active' && (!accountIds || accountIds.has(a.id)))
      // Fault: only the first checking account is read (the other deposit accounts' pay is missed).
      .filter((a, _i, all) => !ctx.faults.has('income-voe-deposits-first-account-only') || a === all[0])
      .map((a) => [a.id, a]),
  );
  const out: Deposit[] = [];
  for (const t of transactionsOfAccounts(world, accounts.keys())) {
    const account = accounts.get(t.accountId);
    if (!account || t.status !== 'active' || t.amount <= 0 || t.description !== PAYROLL_DESCRIPTION) continue;
    if (t.historic && !account.historicLoaded) continue;
    if (fromDate !== undefined && t.postedDate < fromDate) continue;
    out.push({ account, t });
  }
  return out.sort((a, b) => a.t.postedDate - b.t.postedDate || a.t.id - b.t.id);
}

/** Income streams per institution and account (provider 1.35.0 VOETransactionsReportExample), with or without amounts. */
export function incomeInstitutions(world: FdState, deposits: Deposit[], withAmounts: boolean, confidenceMinimum = 0) {
  const byAccount = new Map<string, Deposit[]>();
  for (const d of deposits) byAccount.set(d.account.id, [...(byAccount.get(d.account.id) ?? []), d]);
  const institutions = new Map<string, { id: number; name: string; accounts: unknown[] }>();
  for (const [accountId, list] of byAccount) {
    const account = list[0].account;
    // A stream seen three times or more is a steady one (the mock's scoring).
    const confidence = list.length >= 3 ? 80 : 40;
    if (confidence < confidenceMinimum) continue;
    const institution = institutions.get(account.institutionId) ?? {
      id: Number(account.institutionId),
      name: world.institutions.find((i) => i.id === account.institutionId)?.name ?? '',
      accounts: [],
    };
    institutions.set(account.institutionId, institution);
    institution.accounts.push({
      id: Number(accountId),
      name: account.name,
      type: account.type,
      incomeStreams: [
        {
          id: `${accountId}-payroll`,
          name: PAYROLL_DESCRIPTION,
          status: 'ACTIVE',
          confidence,
          transactions: list.map(({ t }) => ({
            id: t.id,
            postedDate: t.postedDate,
            description: t.description,
            category: 'Paycheck',
            ...(withAmounts ? { amount: t.amount } : {}),
          })),
        },
      ],
    });
  }
  return [...institutions.values()];
}

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * What the mock reads on a stored pay statement: the text lines "Employer: ...", "Employee: ...",
 * "Pay date: YYYY-MM-DD", "Net pay: 0.00", "Gross pay: 0.00" of the file (a PDF's text or plain
 * text); a line that is missing leaves its field out.
 */
export function extract(assetId: string, asset: Asset) {
  const text = asset.bytes.toString('latin1');
  const line = (name: string) => new RegExp(`${name}:\\s*([^\\r\\n()]+)`, 'i').exec(text)?.[1]?.trim();
  const amount = (name: string) => {
    const v = line(name)?.replace(/[$,]/g, '');
    return v !== undefined && /^-?[0-9]+(\.[0-9]+)?$/.test(v) ? Number(v) : undefined;
  };
  const date = line('Pay date');
  const payDate = date && /^\d{4}-\d{2}-\d{2}$/.test(date) ? Date.parse(`${date}T00:00:00Z`) / 1000 : undefined;
  const employer = line('Employer');
  const employee = line('Employee');
  return {
    assetId,
    payPeriod: capitalised(asset.label ?? 'lastPayPeriod'),
    billable: true,
    ...(payDate !== undefined ? { payDate } : {}),
    ...(amount('Net pay') !== undefined ? { netPayCurrent: amount('Net pay') } : {}),
    ...(amount('Gross pay') !== undefined ? { grossPayCurrent: amount('Gross pay') } : {}),
    ...(employer ? { employer: { name: employer } } : {}),
    ...(employee ? { employee: { name: employee } } : {}),
  };
}

/** TXVerify: the deposits whose amount is the pay statement's net pay (provider 1.35.0 matchType NET_PAY_MATCH). */
export function matchDeposits(ctx: FdContext, payStatement: ReturnType<typeof extract>, deposits: Deposit[]) {
  // Fault: matched on the gross pay instead of the net pay the deposit carries.
  const pay = ctx.faults.has('income-txverify-match-gross') ? payStatement.grossPayCurrent : payStatement.netPayCurrent;
  const matched =
    pay === undefined ? [] : deposits.filter(({ t }) => Math.round(t.amount * 100) === Math.round(pay * 100)).map(({ t }) => t.id);
  return { ...payStatement, matchType: matched.length > 0 ? 'NET_PAY_MATCH' : 'NO_MATCH', matchedTransactionIds: matched };
}

/**
 * The consumer's employment as the payroll reports show it: one employer, paid by the payroll
 * deposits; its latest pay date is the latest deposit's. With `income` (VOIE payroll) the income
 * record adds that deposit's amount; without (VOE payroll) there is no income at all.
 */
export function employmentHistory(ctx: FdContext, customerId: string, consumer: Consumer | undefined, income: boolean) {
  const deposits = payrollDeposits(ctx, customerId);
  // Fault: the oldest deposit is taken for the latest one.
  const latest = ctx.faults.has('income-payroll-oldest-pay-date') ? deposits[0] : deposits[deposits.length - 1];
  const name = [consumer?.fields.firstName, consumer?.fields.lastName].filter(Boolean).join(' ');
  const record: Record<string, unknown> = {
    employmentId: `emp-${customerId}`,
    employerName: 'PAYROLL DEPOSIT EMPLOYER',
    payrollSource: 'mock',
    employee: { name },
    // Blind fault: the latest pay date is the deposit's transaction date, not its posted date.
    employment: {
      employerName: 'PAYROLL DEPOSIT EMPLOYER',
      employmentStatusCode: 'A',
      employmentStatusName: 'Active',
      ...(latest
        ? {
            latestPayDate: ctx.faults.has('blind-income-payroll-latest-pay-transaction-date')
              ? (latest.t.transactionDate ?? latest.t.postedDate)
              : latest.t.postedDate,
          }
        : {}),
    },
  };
  if (income || ctx.faults.has('income-voe-payroll-shows-income')) {
    record.income = { payFrequency: 'Biweekly', ...(latest ? { latestNetPayAmount: latest.t.amount } : {}) };
  } else if (ctx.faults.has('blind-income-voe-payroll-pay-frequency-shown')) {
    // Blind fault: the VOE payroll report keeps the pay frequency of the income record.
    record.income = { payFrequency: 'Biweekly' };
  }
  return [record];
}
