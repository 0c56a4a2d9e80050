// Covers: what every report holding accounts shares (OPS: the asset, cash flow, analytics, Foresight and
// VOE transactions reports), read through GetReportByCustomer (GetReportById for the first/third-party
// Foresight report) - provider 1.35.0: ReportAccountIdsString ("a whitespace-separated list of account
// IDs"), ReportAccountIds (the ack's list of AccountId strings; the Foresight acks echo the text,
// ForesightAnalyticsReportConstraints), ReportInstitution (id: the institution's id; name: "Finicity
// institution name"; accounts), ReportStartDate / ReportEndDate (the posted dates of the earliest and
// latest transaction analysed), days and seasoned. Inputs that can tell: the ids are sent with runs of
// white space, leading and trailing, which a split on one space turns into empty ids. What each report
// states about its own figures and the ids lasting across the reports of one customer
// (FD-PROP-REPORT-FIGURES): seasoned against days (more than 180 days on VOAReport, VOAWithIncomeReport,
// PrequalificationReport, VOIReport, VOETransactionsReport; more than 365 on TransactionsReport,
// CashFlowReport and the analytics and Foresight reports) and PortfolioId (the same on every report of a customer).
import { expect, newBusiness, rules, test, type FdOperationId } from '../../fixtures/financial-data.js';
import {
  cashFlowFigureProblems,
  incomeFigureProblems,
  sameIdProblems,
  seasonedProblems,
  streamProblems,
  type KnownTransaction,
} from '../../helpers/client/invariants/report-figures.js';
import { DEPOSIT_OPS, FORESIGHT_OPS, requestOf } from './reports-analytics.known.js';
import { ASSET_OPS, ensureConsumer } from './reports-assets.known.js';
import { contentOf, DAY_S, generatedAll, reportAccounts } from './reports.known.js';

/** Every report operation whose request carries accountIds and whose content lists institutions. */
const OPS: FdOperationId[] = [
  ...ASSET_OPS.map((a) => a.op),
  'GenerateTransactionsReport',
  ...DEPOSIT_OPS,
  ...FORESIGHT_OPS,
  'GenerateVOETransactionsReport',
];

/** A request of `op` for the customer with `extra` in its body. */
function requestFor(op: FdOperationId, customerId: string, nowS: number, extra: Record<string, unknown>) {
  if ((DEPOSIT_OPS as readonly string[]).includes(op) || (FORESIGHT_OPS as readonly string[]).includes(op)) {
    const base = requestOf(op, customerId);
    return { ...base, body: { ...(base.body as object), ...extra } };
  }
  if (op === 'GenerateTransactionsReport')
    return { path: { customerId }, query: { fromDate: nowS - 90 * DAY_S, toDate: nowS }, body: extra };
  if (op === 'GenerateVOETransactionsReport') return { path: { customerId }, body: { incomeStreamConfidenceMinimum: 0, ...extra } };
  return { path: { customerId }, body: extra };
}

/** The asset reports that list transactions with the span they analysed (provider 1.35.0 VOAReport and its siblings, TransactionsReport). */
const SPAN_OPS: FdOperationId[] = [...ASSET_OPS.map((a) => a.op), 'GenerateTransactionsReport'];

/**
 * What breaks a report's span, each member when given (provider 1.35.0 ReportStartDate / ReportEndDate:
 * the postedDate of the earliest / latest transaction analysed; days: "number of days covered by the
 * report"); seasoned is FD-PROP-REPORT-FIGURES'.
 */
function spanProblems(op: FdOperationId, content: any): string[] {
  const posted = reportAccounts(content)
    .flatMap((a) => a.transactions ?? [])
    .map((t: any) => Number(t.postedDate));
  const problems: string[] = [];
  const { startDate, endDate, days } = content;
  if (posted.length && startDate !== undefined && startDate !== Math.min(...posted))
    problems.push(`${op}: startDate ${startDate}, the earliest transaction listed ${Math.min(...posted)}`);
  if (posted.length && endDate !== undefined && endDate !== Math.max(...posted))
    problems.push(`${op}: endDate ${endDate}, the latest transaction listed ${Math.max(...posted)}`);
  if (
    typeof days === 'number' &&
    typeof startDate === 'number' &&
    typeof endDate === 'number' &&
    Math.abs(days - (endDate - startDate) / DAY_S) > 1
  )
    problems.push(`${op}: days ${days} for ${startDate}..${endDate}`);
  return problems;
}

async function withEntities(fdApi: Parameters<typeof ensureConsumer>[0], customerId: string) {
  await ensureConsumer(fdApi, customerId);
  const business = await fdApi.call('AddBusinessDetails', { path: { customer_id: customerId }, body: newBusiness() });
  expect([200, 409], 'a business for the business reports').toContain(business.status);
}

test(
  'every report taking accountIds acks the ids of a list with runs of white space, leading and trailing, as those ids alone @provider',
  rules('FD-REPORT-ACCOUNT-IDS-ECHO@generate'),
  async ({ fdApi, fd, linkedCustomer }) => {
    const { customerId } = linkedCustomer;
    await withEntities(fdApi, customerId);
    const nowS = Math.floor(fd.now() / 1000);
    // Accounts every one of these reports reads (deposit accounts: asset, cash flow and income reports).
    const ids = [linkedCustomer.account('checking').id, linkedCustomer.account('savings').id];
    const text = `  ${ids[0]} \t  ${ids[1]}   `;
    const problems: string[] = [];
    // The Foresight acks echo the request's text as it came (provider 1.35.0 ForesightAnalyticsReportConstraints: ReportAccountIdsString).
    for (const op of OPS.filter((o) => !(FORESIGHT_OPS as readonly string[]).includes(o))) {
      const ack = await fdApi.callBuilt(op, requestFor(op, customerId, nowS, { accountIds: text }));
      // A target may refuse the irregular spacing (400); one that accepts it echoes the ids, no empty one.
      if (ack.status === 400) continue;
      if (ack.status !== 202) problems.push(`${op}: ${ack.status}, not 202 (or 400)`);
      else if (JSON.stringify(ack.body.constraints?.accountIds) !== JSON.stringify(ids))
        problems.push(`${op}: accountIds ${JSON.stringify(text)} acked as ${JSON.stringify(ack.body.constraints?.accountIds)}`);
    }
    expect(problems, `each ack echoes accountIds as ${JSON.stringify(ids)}`).toEqual([]);
  },
);

test(
  "every report's institutions are named as GetInstitution names them, each holding only its own accounts; an asset report spans the transactions it lists @provider",
  rules('FD-REPORT-INSTITUTIONS@by-customer', 'FD-REPORT-INSTITUTIONS@by-id', 'FD-ASSETS-SPAN@assets-read'),
  async ({ fdApi, fd, linkedCustomer, pollReport }) => {
    const { customerId } = linkedCustomer;
    await withEntities(fdApi, customerId);
    const nowS = Math.floor(fd.now() / 1000);
    const institutionOf = new Map(linkedCustomer.accounts.map((a) => [String(a.id), String(a.institutionId)]));
    const names = new Map<string, unknown>();
    const nameOf = async (id: string) => {
      if (!names.has(id)) {
        const res = await fdApi.call('GetInstitution', { path: { institutionId: id } });
        expect(res.status, `GetInstitution ${id}`).toBe(200);
        names.set(id, res.body.institution.name);
      }
      return names.get(id);
    };
    const problems: string[] = [];
    let seen = 0;
    const asked = OPS.map((op) => ({ op, options: requestFor(op, customerId, nowS, {}) }));
    const ended = await generatedAll(fdApi, pollReport, asked);
    for (const { op, ack, report } of ended) {
      const content = await contentOf(fdApi, op, String(ack.id), report);
      if (SPAN_OPS.includes(op)) problems.push(...spanProblems(op, content));
      for (const institution of (content.institutions ?? []) as any[]) {
        seen++;
        const id = String(institution.id);
        const name = await nameOf(id);
        if (institution.name !== name)
          problems.push(`${op}: institution ${id} named ${JSON.stringify(institution.name)}, not ${JSON.stringify(name)}`);
        const foreign = ((institution.accounts ?? []) as any[])
          .filter((a) => institutionOf.get(String(a.id)) !== id)
          .map((a) => String(a.id));
        if (foreign.length) problems.push(`${op}: institution ${id} lists accounts of other institutions ${foreign.join(', ')}`);
      }
    }
    expect(seen, 'the reports list institutions').toBeGreaterThan(0);
    expect(problems, 'each institution of a report: its name, its accounts').toEqual([]);
  },
);

test(
  "every report of one customer reads seasoned as its days beyond its kind's 180 or 365, sums an income stream's netAnnual and a cash flow account's totals and nets from its monthly records, places each stream's recency and cadence among its transactions, and carries the customer's one portfolio id @provider",
  rules('FD-PROP-REPORT-FIGURES'),
  async ({ fdApi, fd, linkedCustomer, pollReport }) => {
    const { customerId } = linkedCustomer;
    await withEntities(fdApi, customerId);
    const nowS = Math.floor(fd.now() / 1000);
    // Beside each kind's default window, the inputs that tell the thresholds apart: a cash flow report
    // over exactly 365 days (not seasoned: "more than") and over 300 (not seasoned; seasoned at 180).
    const runs = [
      ...OPS.map((op) => ({ op, extra: {} })),
      ...[365, 300].map((d) => ({ op: 'GenerateCashFlowBusinessReport' as FdOperationId, extra: { fromDate: nowS - d * DAY_S } })),
    ];
    const asked = runs.map(({ op, extra }) => ({ op, options: requestFor(op, customerId, nowS, extra) }));
    const ended = await generatedAll(fdApi, pollReport, asked);
    // The customer's transactions as the list gives them, for the analytics reports' streams.
    const known = new Map<string, KnownTransaction>();
    for (let start = 1; start <= 5; start++) {
      const page = await fdApi.call('GetAllCustomerTransactions', {
        path: { customerId },
        query: { fromDate: nowS - 800 * DAY_S, toDate: nowS + DAY_S, start, limit: 1000 },
      });
      expect(page.status, 'the customer transactions').toBe(200);
      for (const t of page.body.transactions ?? [])
        known.set(String(t.id), { postedDate: Number(t.postedDate), description: String(t.description) });
      if (String(page.body.moreAvailable) !== 'true') break;
    }
    const problems: string[] = [];
    const portfolios: { label: string; value: unknown }[] = [];
    let seasoned = 0;
    for (const { op, ack, report: polled } of ended) {
      const id = String(ack.id);
      const report = await contentOf(fdApi, op, id, polled);
      if (typeof report.seasoned === 'boolean') seasoned++;
      const label = `${op} report ${id}`;
      problems.push(
        ...seasonedProblems(label, report),
        ...incomeFigureProblems(label, report),
        ...cashFlowFigureProblems(label, report),
        ...streamProblems(label, report, known),
      );
      portfolios.push(
        { label: `the ack of ${op} report ${id}`, value: ack.portfolioId },
        { label: `${op} report ${id} read`, value: report.portfolioId },
      );
    }
    expect(seasoned, 'reports giving seasoned').toBeGreaterThan(2);
    problems.push(...sameIdProblems('portfolioId', portfolios));
    expect(problems, "each report's seasoned and portfolio id").toEqual([]);
  },
);
