// Income and employment reports (seed 002, Decisioning report generation; rules: schemas/financial-data/rules/reports-income.yaml),
// after guard.ts's refusals, handing store.ts the builder of their content.
// - Pay statement and VOIE paystub reports take asset ids of the customer's stored pay statements; another is a 404 (provider
//   1.35.0: asset not found, 13002). Reusing the first report's asset id to refresh bank data is accepted (seed 002).
// - The VOIE payroll report is made when the consumer completes Connect; RefreshVOIEPayrollReport only refreshes it (seed 002). The
//   mock's Connect is the customer's link: a linked customer with a consumer holds one; any other gets a 404 (seed 002 Errors 404).
// - The consumer's full SSN is never echoed (provider 1.35.0 PayrollDataOut has no ssn or dob; consumerSsn is the last four).
// - Content is deterministic, so a spec pins it against GetAllCustomerTransactions and the stored pay statement (FD-VOE-TXN-NO-AMOUNTS,
//   FD-PAYSTMT-REPORT-EXTRACT, FD-VOIE-TXVERIFY-MATCH, FD-PAYROLL-EMPLOYMENT).
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FdOperationId } from '../../../helpers/contract/operations.js';
import { judgeThrough, route, sendError, stateThrough, type FdContext } from '../middleware.js';
import { storedAsset } from '../statements.js';
import { linkedData, transactionsOfAccounts, type Asset, type Consumer, type Customer, type FdState, type Report } from '../state.js';
import { guardInto } from './guard.js';
import {
  type Deposit,
  type Exchange,
  type PayExtract,
  type Filing,
  type IncomeSeams,
  type Reading,
  type Refusal,
  type Step,
} from './income.records.js';
import { callbackOf, createReport, reportAck, settleReports, type NewReport } from './store.js';
import { byInstitution, defined, groupBy, idList } from './views.js';

const TITLES = {
  voePayroll: 'Verification of Employment - Payroll',
  voeTransactions: 'Verification of Employment - Transactions',
  paystatement: 'Pay Statement Extraction',
  voieWithInterview: 'Verification of Income and Employment - Paystub with TXVerify',
  voieWithStatement: 'Verification of Income and Employment - Paystub',
  voiePayroll: 'Verification of Income and Employment - Payroll',
};

/** The extraction flags' provider defaults (provider 1.35.0 ExtractEarnings true, ExtractDeductions false, ExtractDirectDeposit true). */
const flags = (data: Record<string, unknown>) => ({
  extractEarnings: data.extractEarnings ?? true,
  extractDeductions: data.extractDeductions ?? false,
  extractDirectDeposit: data.extractDirectDeposit ?? true,
});

/** How a report reads the customer's data, as documented (each member bent at the state seam: income.records.ts Reading). */
const READING: Reading = {
  named: (ids) => (ids ? new Set(ids) : undefined),
  stubs: (stubs) => stubs,
  near: (_e, deposits) => deposits,
  payDate: (t) => t.postedDate,
};

export function registerIncomeReports(app: FastifyInstance, ctx: FdContext): void {
  const world = ctx.state;
  const seams = ctx.faults.seams<IncomeSeams>('income');
  const state = stateThrough(seams);
  const exchange = (op: FdOperationId, input: Exchange['input']): Exchange => ({ op, input, world, ack: reportAck });
  const refused = (r: Refusal | undefined, reply: FastifyReply) =>
    r?.ack ? reply.code(r.status).send(r.ack) : r ? sendError(ctx, reply, r.status, r.message) : undefined;

  const judged = judgeThrough<Exchange, Step, Refusal>(seams, {
    // provider 1.35.0 SSNPayroll: the SSN is required for direct payroll; credentialed payroll names its accounts instead.
    source: ({ input: { body } }) => {
      const payroll = (body.payrollData ?? {}) as Record<string, unknown>;
      return payroll.ssn === undefined && !payrollAccounts(payroll)
        ? { status: 400, message: 'ssn is required for direct payroll data (or the payrollAccountIds of a credentialed payroll)' }
        : undefined;
    },
    // An id of a statement (no label), of another customer or of nothing is not a pay statement of this customer (provider 1.35.0: 404).
    asset: (x) =>
      x.asset && x.asset.label !== undefined && x.asset.customerId === x.customer!.id
        ? undefined
        : { status: 404, message: `Asset not found: ${x.assetId}` },
    // seed 002: reusing the first report's asset id refreshes the bank data.
    reuse: () => undefined,
    // seed 002: this operation only refreshes the report Connect made.
    refresh: (x) =>
      !x.original || x.namesNone ? { status: 404, message: 'No VOIE payroll report to refresh for this customer.' } : undefined,
  });

  /** The shared guards (404 customer, 403 freeze, 404 consumer), the customer and its consumer kept on the exchange. */
  const guard = (x: Exchange, reply: FastifyReply) => guardInto(ctx, reply, x);

  /** The stored pay statements the ids name, or a refusal sent (undefined). */
  const payStatements = (x: Exchange, assetIds: string[], reply: FastifyReply) => {
    const found: Stub[] = [];
    for (const id of assetIds) {
      x.assetId = id;
      x.asset = storedAsset(world, id);
      const refusal = judged(x, ['asset']);
      if (refusal) return void refused(refusal, reply);
      found.push({ id, asset: x.asset ?? { customerId: x.customer!.id, bytes: Buffer.alloc(0), label: 'lastPayPeriod' } });
    }
    return found;
  };

  /** provider 1.35.0 PayStatementForVoie.billable, numberOfBillableAssets: one an earlier report listed is not billable again. */
  const extracts = (customerId: string, stubs: Stub[], shown = stubs) => {
    const digitized = new Set(
      (world.reports.byCustomer.get(customerId) ?? []).flatMap((id) =>
        ((world.reports.reports.get(id)?.content?.payStatements ?? []) as { assetId?: string }[]).map((p) => p.assetId),
      ),
    );
    return {
      numberOfBillableAssets: stubs.filter((s) => !digitized.has(s.id)).length,
      payStatements: shown.map((s) => ({ ...extract(s.id, s.asset), billable: !digitized.has(s.id) })),
    };
  };

  /** The report filed as the filing the seam leaves says; its content built from how it reads, through the content seam. */
  const file = (
    x: Exchange,
    reply: FastifyReply,
    report: Omit<NewReport, 'customer' | 'consumer' | 'callbackUrl' | 'build' | 'constraints' | 'extra'> & Filing,
    build: (r: Report, reading: Reading) => Record<string, unknown>,
  ) => {
    const { constraints, extra } = state(x, { kind: 'filing', filing: { constraints: report.constraints, extra: report.extra } }).filing;
    const made = createReport(ctx, {
      ...report,
      customer: x.customer!,
      consumer: x.consumer,
      callbackUrl: callbackOf(x.input.query),
      constraints,
      extra,
      // The report's style (its extra) leads its content.
      build: (r) => state(x, { kind: 'content', content: { ...report.extra, ...build(r, readingOf(x)) }, report: r }).content,
    });
    return reply.code(202).send(reportAck(state(x, { kind: 'filed', report: made }).report));
  };
  const readingOf = (x: Exchange) => state(x, { kind: 'reading', reading: READING }).reading;

  route(app, ctx, 'GenerateVOEPayrollReport', (input, reply) => {
    const { path, body } = input;
    const x = exchange('GenerateVOEPayrollReport', input);
    const payroll = (body.payrollData ?? {}) as Record<string, unknown>;
    const refusal = judged(x, ['source']);
    if (refusal) return refused(refusal, reply);
    if (!guard(x, reply)) return reply;
    const style = payroll.ssn !== undefined ? 'directAPIPayroll' : 'credentialedPayroll';
    const payrollData = defined({
      payrollDataRetrievalId: `pdr${path.customerId}`,
      payrollAccountIds: payrollAccounts(payroll),
      reportId: payroll.reportId,
    });
    const constraints = defined({
      payrollData,
      reportCustomFields: body.reportCustomFields,
      payStatementsFromDate: body.payStatementsFromDate,
    });
    return file(
      x,
      reply,
      { type: 'voePayroll', title: TITLES.voePayroll, purpose: body.purpose, constraints, extra: { reportStyle: style } },
      (r, reading) => ({ employmentHistory: employmentHistory(world, reading, r.customerId, x.consumer, false) }),
    );
  });

  route(app, ctx, 'GenerateVOETransactionsReport', (input, reply) => {
    const { body } = input;
    const x = exchange('GenerateVOETransactionsReport', input);
    if (!guard(x, reply)) return reply;
    const accountIds = idList(body.accountIds);
    const constraints = defined({
      reportId: body.reportId,
      accountIds,
      reportCustomFields: body.reportCustomFields,
      fromDate: body.fromDate,
      incomeStreamConfidenceMinimum: body.incomeStreamConfidenceMinimum,
    });
    return file(x, reply, { type: 'voeTransactions', title: TITLES.voeTransactions, constraints, extra: {} }, (r, reading) => {
      const fromDate = body.fromDate === undefined ? undefined : Number(body.fromDate);
      // seed 002: the VOE transactions report gives descriptions without amounts.
      const deposits = payrollDeposits(world, r.customerId, reading.named(accountIds, r.customerId), fromDate);
      return { institutions: incomeInstitutions(world, deposits, false, body.incomeStreamConfidenceMinimum) };
    });
  });

  /** Pay statement and VOIE paystub (without bank data): one extract per asset id, in order. */
  const paystubReport = (
    operationId: FdOperationId,
    type: 'paystatement' | 'voieTxVerify',
    style: 'paystatement' | 'voieWithStatement',
    member: 'paystatementReport' | 'voieWithStatementData',
  ) => {
    route(app, ctx, operationId, (input, reply) => {
      const x = exchange(operationId, input);
      if (!guard(x, reply)) return reply;
      const data = input.body[member] as { assetIds: string[] } & Record<string, unknown>;
      const stubs = payStatements(x, data.assetIds, reply);
      if (!stubs) return reply;
      const constraints = defined({
        [member]: { assetIds: data.assetIds, ...flags(data) },
        reportCustomFields: input.body.reportCustomFields,
      });
      const title = style === 'paystatement' ? TITLES.paystatement : TITLES.voieWithStatement;
      return file(x, reply, { type, title, constraints, extra: { reportStyle: style } }, (r, reading) => ({
        assetIds: data.assetIds,
        ...extracts(r.customerId, stubs, reading.stubs(stubs)),
      }));
    });
  };
  paystubReport('GeneratePayStatementReport', 'paystatement', 'paystatement', 'paystatementReport');
  paystubReport('GenerateVOIEPaystubReport', 'voieTxVerify', 'voieWithStatement', 'voieWithStatementData');

  route(app, ctx, 'GenerateVOIEPaystubWithTXVerifyReport', (input, reply) => {
    const { body } = input;
    const x = exchange('GenerateVOIEPaystubWithTXVerifyReport', input);
    if (!guard(x, reply)) return reply;
    const data = body.voieWithInterviewData as { txVerifyInterview: { assetId: string; accounts?: string[] }[] } & Record<string, unknown>;
    const assetIds = (x.assetIds = data.txVerifyInterview.map((i) => i.assetId));
    const stubs = payStatements(x, assetIds, reply);
    if (!stubs) return reply;
    const refusal = judged(x, ['reuse']);
    if (refusal) return refused(refusal, reply);
    const accountIds = idList(body.accountIds);
    const constraints = defined({
      accountIds,
      voieWithInterviewData: { txVerifyInterview: data.txVerifyInterview, ...flags(data) },
      reportCustomFields: body.reportCustomFields,
      fromDate: body.fromDate,
      incomeStreamConfidenceMinimum: body.incomeStreamConfidenceMinimum,
    });
    const filing = { type: 'voieTxVerify', title: TITLES.voieWithInterview, constraints, extra: { reportStyle: 'voieWithInterview' } };
    // The bank data is read when the report completes: a refresh (the same asset id) sees the deposits of that time.
    return file(x, reply, filing, (r, reading) => {
      const deposits = payrollDeposits(world, r.customerId, reading.named(accountIds, r.customerId));
      const { numberOfBillableAssets, payStatements } = extracts(r.customerId, stubs);
      return {
        assetIds,
        numberOfBillableAssets,
        payStatements: payStatements.map((e) => matchDeposits(e, reading.near(e, deposits))),
        institutions: incomeInstitutions(world, deposits, true, body.incomeStreamConfidenceMinimum),
      };
    });
  });

  /** The customer's original VOIE payroll report (linked, with a consumer), recorded at the first refresh as ended at link time. */
  const originalVoiePayroll = async (customer: Customer, consumer: Consumer, x: Exchange): Promise<Report | undefined> => {
    const store = world.reports;
    const existing = (store.byCustomer.get(customer.id) ?? []).map((id) => store.reports.get(id)!).find((r) => r.type === 'voiePayroll');
    if (existing) return existing;
    const accounts = linkedData(world, customer.id).accounts;
    if (accounts.length === 0) return undefined;
    const report = createReport(ctx, {
      type: 'voiePayroll',
      title: TITLES.voiePayroll,
      customer,
      consumer,
      constraints: { payrollData: { payrollAccountIds: [`payroll-${customer.id}-1`] } },
      extra: { reportStyle: 'credentialedPayroll' },
      build: (r) => ({
        reportStyle: 'credentialedPayroll',
        employmentHistory: employmentHistory(world, readingOf(x), r.customerId, consumer, true),
      }),
    });
    report.createdDate = Math.min(...accounts.map((a) => a.createdDate));
    report.readyAtS = report.createdDate;
    await settleReports(ctx);
    return report;
  };

  route(app, ctx, 'RefreshVOIEPayrollReport', async (input, reply) => {
    const { body } = input;
    const x = exchange('RefreshVOIEPayrollReport', input);
    const found = guard(x, reply);
    if (!found) return reply;
    const payroll = (body.payrollData ?? {}) as Record<string, unknown>;
    x.original = await originalVoiePayroll(found.customer, found.consumer!, x);
    x.named = typeof payroll.reportId === 'string' ? world.reports.reports.get(payroll.reportId) : undefined;
    x.namesNone =
      typeof payroll.reportId === 'string' && (!x.named || x.named.customerId !== found.customer.id || x.named.type !== 'voiePayroll');
    const refusal = judged(x, ['refresh']);
    if (refusal) return refused(refusal, reply);
    const base = x.named && !x.namesNone ? x.named : x.original;
    const originalData = (base?.constraints.payrollData ?? {}) as Record<string, unknown>;
    const payrollData = defined({ payrollAccountIds: originalData.payrollAccountIds, reportId: base?.id });
    const constraints = defined({
      payrollData,
      reportCustomFields: body.reportCustomFields,
      payStatementsFromDate: body.payStatementsFromDate,
    });
    const filing = {
      type: 'voiePayroll',
      title: TITLES.voiePayroll,
      purpose: body.purpose,
      constraints,
      extra: { reportStyle: 'credentialedPayroll' },
    };
    return file(x, reply, filing, (r, reading) => ({
      employmentHistory: employmentHistory(world, reading, r.customerId, found.consumer, true),
    }));
  });
}

/** A pay statement a report extracts: its asset id and the stored asset. */
type Stub = { id: string; asset: Readonly<Asset> };

/** The payroll accounts a credentialed payroll names (provider 1.35.0 SSNPayroll). */
const payrollAccounts = (payroll: Record<string, unknown>) =>
  Array.isArray(payroll.payrollAccountIds) && payroll.payrollAccountIds.length > 0 ? payroll.payrollAccountIds : undefined;

// --- Content, built when the report completes.

/** The accounts a deposit of pay lands on (provider 1.35.0: VOIE TXVerify reads checking and savings; VOI adds money market). */
const DEPOSIT_TYPES = new Set(['checking', 'savings', 'moneyMarket']);
/** The payee of the mock's pay deposits (../portfolio.ts PAYEES). */
export const PAYROLL_DESCRIPTION = 'Payroll Deposit';

/** The payroll deposits: active pay credits on the active deposit accounts (or `accountIds`), as the transaction reads show them. */
export function payrollDeposits(world: FdState, customerId: string, accountIds?: Set<string>, fromDate?: number): Deposit[] {
  const accounts = new Map(
    linkedData(world, customerId)
      .accounts.filter((a) => DEPOSIT_TYPES.has(a.type) && a.status === 'active' && (!accountIds || accountIds.has(a.id)))
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
function incomeInstitutions(world: FdState, deposits: Deposit[], withAmounts: boolean, confidenceMinimum = 0) {
  // A stream seen three times or more is a steady one (the mock's scoring).
  const streams = [...groupBy(deposits, (d) => d.account)].map(([account, list]) => ({
    account,
    list,
    confidence: list.length >= 3 ? 80 : 40,
  }));
  const kept = streams.filter((s) => s.confidence >= confidenceMinimum);
  const of = new Map(kept.map((s) => [s.account, s]));
  return byInstitution(
    world,
    kept.map((s) => s.account),
    (id, name) => ({ id: Number(id), name: name ?? '' }),
    (account) => {
      const { list, confidence } = of.get(account)!;
      return {
        id: Number(account.id),
        name: account.name,
        type: account.type,
        incomeStreams: [
          {
            id: `${account.id}-payroll`,
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
      };
    },
  );
}

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

// What the mock reads on a stored pay statement: the lines "Employer: ...", "Employee: ...", "Pay date: YYYY-MM-DD", "Net pay: 0.00",
// "Gross pay: 0.00" (a PDF's text or plain text); a missing line leaves its field out.
export function extract(assetId: string, asset: Readonly<Asset>): PayExtract {
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
function matchDeposits(payStatement: PayExtract, deposits: Deposit[]): PayExtract {
  const pay = payStatement.netPayCurrent;
  const matched =
    pay === undefined ? [] : deposits.filter(({ t }) => Math.round(t.amount * 100) === Math.round(pay * 100)).map(({ t }) => t.id);
  return { ...payStatement, matchType: matched.length > 0 ? 'NET_PAY_MATCH' : 'NO_MATCH', matchedTransactionIds: matched };
}

/** The employment the payroll reports show: one employer, the latest deposit's pay date; `income` (VOIE payroll) adds its amount. */
export function employmentHistory(world: FdState, reading: Reading, customerId: string, consumer: Consumer | undefined, income: boolean) {
  const latest = payrollDeposits(world, customerId).at(-1);
  const name = [consumer?.fields.firstName, consumer?.fields.lastName].filter(Boolean).join(' ');
  const record: Record<string, unknown> = {
    employmentId: `emp-${customerId}`,
    employerName: 'PAYROLL DEPOSIT EMPLOYER',
    payrollSource: 'mock',
    employee: { name },
    employment: {
      employerName: 'PAYROLL DEPOSIT EMPLOYER',
      employmentStatusCode: 'A',
      employmentStatusName: 'Active',
      ...(latest ? { latestPayDate: reading.payDate(latest.t) } : {}),
    },
  };
  if (income) record.income = { payFrequency: 'Biweekly', ...(latest ? { latestNetPayAmount: latest.t.amount } : {}) };
  return [record];
}
