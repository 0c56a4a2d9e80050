// Covers: the transactions an asset report shows (transactions, VOA, VOAI and VOI, read once ended):
// every transaction listed on an account and every transaction of an income stream. Provider 1.35.0
// ReportTransaction (id, amount, postedDate, description, memo, category, type, status of the
// transaction), VOAIReportIncomeStream (confidence that "the deposit stream represents income"),
// GenerateVOETransactionsReport ("credit transaction information ... grouped into income streams");
// seed 002, Decisioning report generation (income credits; VOAI income up to 24 months, VOI up to two
// years). Known answers: the customer's transactions as GetAllCustomerTransactions shows them (pending
// ones included).
import { expect, fdLimit, rules, test } from '../../fixtures/financial-data.js';
import {
  DAY_S,
  ensureConsumer,
  generatedAll,
  knownTransactions,
  monthsBefore,
  reportAccounts,
  type KnownTransaction,
} from './reports-assets.known.js';

const VOAI_MONTHS = fdLimit('voaiHistoryMonths');
const VOI_MONTHS = fdLimit('voiHistoryMonths');

/**
 * A transaction as compared: what the report (or the transaction reader) shows of it. The optional
 * members (memo, type, category, status) count only where the report gives them: a report may leave
 * one out, but one it gives is the transaction's own.
 */
const shownAs = (t: any) =>
  Object.fromEntries(
    Object.entries({
      id: Number(t.id),
      amount: Number(t.amount),
      postedDate: Number(t.postedDate),
      description: t.description,
      memo: t.memo,
      type: t.type,
      category: t.category,
      pending: t.status === undefined ? undefined : t.status === 'pending',
    }).filter(([, v]) => v !== undefined),
  );
const knownAs = (t: KnownTransaction) => shownAs({ ...t, status: t.pending ? 'pending' : 'active' });

/** Every transaction a report's accounts list, and every transaction of their income streams. */
function reportFields(report: unknown) {
  const accounts = reportAccounts(report);
  const streams = accounts.flatMap((a) => (a.incomeStreams ?? []) as any[]);
  return {
    listed: accounts.flatMap((a) => ((a.transactions ?? []) as any[]).map(shownAs)),
    income: streams.flatMap((s) => ((s.transactions ?? []) as any[]).map(shownAs)),
    confidences: streams.map((s) => ({ stream: s.id, confidence: s.confidence, credits: (s.transactions ?? []).length })),
  };
}

test(
  'every asset report (transactions, VOA, VOAI, VOI) shows each transaction, on an account or in an income stream, with the amount, posted date and description, and any memo, type, category and pending state it gives, that the transaction reader shows, and its income streams hold only credits of the income window, each with a whole percentage of confidence @provider',
  rules('FD-ASSETS-TX-FIELDS@assets-read', 'FD-ASSETS-INCOME-CREDITS@assets-read'),
  async ({ fdApi, fd, linkedCustomer, pollReport }) => {
    const { customerId } = linkedCustomer;
    await ensureConsumer(fdApi, customerId);
    const nowS = Math.floor(fd.now() / 1000);
    const known = new Map((await knownTransactions(fdApi, customerId, nowS)).map((t) => [t.id, t]));
    const varied = [...known.values()].some((t) => t.pending) && [...known.values()].some((t) => t.amount < 0);
    expect(varied, 'the customer has pending transactions and debits').toBe(true);
    const reports = [
      { op: 'GenerateTransactionsReport' as const, query: { fromDate: nowS - 90 * DAY_S, toDate: nowS, includePending: true }, months: 0 },
      { op: 'GenerateVOAReport' as const, months: 0 },
      { op: 'GenerateVOAWithIncomeReport' as const, months: VOAI_MONTHS },
      { op: 'GenerateVOIReport' as const, months: VOI_MONTHS },
    ];
    const asked = reports.map(({ op, query }) => ({ op, options: { path: { customerId }, query, body: {} } }));
    const ended = await generatedAll(fdApi, pollReport, asked);
    for (const [i, { op, months }] of reports.entries()) {
      const { ack, report } = ended[i];
      const { listed, income, confidences } = reportFields(report);
      expect(listed.length, `${op}: transactions listed`).toBeGreaterThan(0);
      // Each field byte for byte with the reader's: the same transaction on another reader.
      const differing = [...listed, ...income].flatMap((t): { id: unknown; member?: string; shown: unknown; read?: unknown }[] => {
        const k = known.get(Number(t.id));
        if (!k) return [{ id: t.id, shown: 'not a transaction of the customer' }];
        const read = knownAs(k);
        return Object.keys(t)
          .filter((key) => t[key] !== read[key])
          .map((key) => ({ id: t.id, member: key, shown: t[key], read: read[key] }));
      });
      expect(differing, `${op}: the transactions shown as the transaction reader shows them`).toEqual([]);
      if (!months) continue;
      expect(income.length, `${op}: income streams with transactions`).toBeGreaterThan(0);
      // Income streams are deposits (credits) of the income window, which ends when the report is made.
      const from = monthsBefore(ack.createdDate, months);
      const notCredits = income.filter((t) => t.amount <= 0 || t.postedDate < from - DAY_S || t.postedDate > ack.createdDate + DAY_S);
      expect(notCredits, `${op}: income stream transactions that are not credits of the last ${months} months`).toEqual([]);
      // provider 1.35.0 VOAIReportIncomeStream.confidence: an integer percentage ("example: 85%").
      const notPercent = confidences.filter((c) => !Number.isInteger(c.confidence) || c.confidence < 0 || c.confidence > 100);
      expect(notPercent, `${op}: income stream confidences that are not a whole percentage`).toEqual([]);
    }
  },
);
