// Faults of the income and employment reports, named `fd-<rule id>-<deviation>` (schemas/financial-data/rules/reports-income.yaml):
// `relax`, or income.ts's seams (income.records.ts). A blind fault's first id stays as an alias.
import { always, blind, faultCatalogue, provider, schema, seeded, was, type FaultSeams } from '../../kit/faults.js';
import { faultKit } from '../fault-builders.js';
import type { Report } from '../state.js';
import {
  interviewAssets,
  txVerifyReports,
  type Change,
  type Exchange,
  type Filing,
  type IncomeSeams,
  type Reading,
} from './income.records.js';

type State = NonNullable<FaultSeams<IncomeSeams>['state']>;
const { fault, skip, on } = faultKit<IncomeSeams>();
const PAYROLL = on('GenerateVOEPayrollReport', 'RefreshVOIEPayrollReport');
const VOE_TXN = on('GenerateVOETransactionsReport');
const REFRESH = on('RefreshVOIEPayrollReport');
const PAYSTUBS = on('GeneratePayStatementReport', 'GenerateVOIEPaystubReport');
const payrollOf = (x: Exchange) => (x.input.body.payrollData ?? {}) as Record<string, any>;

/** What a report of `when` is filed as, made otherwise. */
const filing =
  (when: (x: Exchange) => boolean, bend: (f: Filing, x: Exchange) => Partial<Filing>): State =>
  (x, c) =>
    c.kind === 'filing' && when(x) ? { ...c, filing: { ...c.filing, ...bend(c.filing, x) } } : c;
/** Its payrollData made otherwise. */
const payrollData = (when: (x: Exchange) => boolean, bend: (p: Record<string, any>, x: Exchange) => Record<string, any>) =>
  filing(when, (f, x) => ({ constraints: { ...f.constraints, payrollData: bend(f.constraints.payrollData, x) } }));
/** A report of `when`, filed or built, changed. */
const report =
  (kind: 'filed' | 'content', when: (x: Exchange) => boolean, change: (r: Report, x: Exchange, c: Change) => void): State =>
  (x, c) => {
    if (c.kind === kind && when(x)) change((c as { report: Report }).report, x, c);
    return c;
  };
/** How a report of `when` reads the customer's data, made otherwise (`r` the documented reading). */
const reading =
  (when: (x: Exchange) => boolean, bend: (r: Reading, x: Exchange) => Partial<Reading>): State =>
  (x, c) =>
    c.kind === 'reading' && when(x) ? { ...c, reading: { ...c.reading, ...bend(c.reading, x) } } : c;

export const INCOME_REPORTS_FAULTS = faultCatalogue([
  // --- Payroll constraints (provider 1.35.0 PayrollReportConstraints, SSNPayroll)
  fault('fd-payroll-required-data-optional', 'FD-PAYROLL-REQUIRED: a payroll body without payrollData is served, not a 400 naming it', {
    relax: schema('PayrollReportConstraints', { unrequire: ['payrollData'] }),
    ...provider,
  }),
  fault('fd-payroll-ssn-masked-echoed', 'FD-PAYROLL-SSN-MASKED: the payroll data is echoed with the SSN and date of birth sent', {
    state: payrollData(PAYROLL, (_p, x) => ({ ...payrollOf(x) })),
    ...provider,
  }),
  // --- Pay statements (seed 002: asset ids of stored pay statements; reuse to refresh)
  fault('fd-paystmt-report-asset-unchecked', 'FD-PAYSTMT-REPORT-ASSET: an asset id the customer never stored is served, not a 404', {
    judge: skip('asset'),
  }),
  fault('fd-paystmt-report-asset-unknown-400', 'FD-PAYSTMT-REPORT-ASSET: an unknown asset id is a 400, not a 404', {
    judge: (_x, s, r) => (s === 'asset' && r ? { ...r, status: 400 } : r),
    ...provider,
  }),
  fault('fd-voie-asset-reuse-returns-first-report', {
    rule: 'FD-VOIE-ASSET-REUSE: a request naming an asset already reported on answers that first report instead of a new one',
    judge: (x, s, r) => {
      if (s !== 'reuse' || r) return r;
      const first = txVerifyReports(x.world, x.customer!.id).find((t) => interviewAssets(t).some((id) => x.assetIds!.includes(id)));
      return first ? { status: 202, message: '', ack: x.ack(first) } : r;
    },
    ...blind,
    ...was('blind-income-txverify-reuse-returns-first-report'),
  }),
  fault('fd-voe-txn-no-amounts-account-balance', {
    rule: 'FD-VOE-TXN-NO-AMOUNTS: the accounts of the VOE transactions report carry their current balance',
    state: report('content', VOE_TXN, (_r, x, c) => {
      for (const i of (c as { content: Record<string, any> }).content.institutions)
        i.accounts = i.accounts.map((a: Record<string, any>) => ({ ...a, currentBalance: x.world.accounts.get(String(a.id))?.balance }));
    }),
    ...blind,
    ...was('blind-income-voe-txn-account-balance-shown'),
  }),
  // --- The VOIE payroll refresh (seed 002: it only refreshes the report Connect made)
  fault('fd-voie-payroll-refresh-only-generates', {
    rule: 'FD-VOIE-PAYROLL-REFRESH-ONLY: a customer without a VOIE payroll report gets one generated (202), not a 404',
    judge: skip('refresh', (x) => !x.namesNone),
  }),
  fault('fd-voie-payroll-refresh-only-names-itself', {
    rule: "FD-VOIE-PAYROLL-REFRESH-ONLY: the refresh's constraints name the new report instead of the original one",
    state: report('filed', REFRESH, (r) => ((r.constraints.payrollData as Record<string, unknown>).reportId = r.id)),
    ...blind,
    ...was('blind-income-refresh-names-itself'),
  }),
  fault('fd-income-report-type-refresh-read-as-voe', {
    rule: 'FD-INCOME-REPORT-TYPE: the refreshed VOIE payroll report, once ended, reads as the VOE payroll kind',
    state: report('content', REFRESH, (r) => (r.type = 'voePayroll')),
    ...blind,
    ...was('blind-income-voie-payroll-refresh-read-as-voe'),
  }),
  // --- Extraction and matching (provider 1.35.0 PayStatementForVoie, matchType)
  fault('fd-paystmt-report-extract-first-asset', 'FD-PAYSTMT-REPORT-EXTRACT: only the first asset of the request is extracted', {
    state: reading(PAYSTUBS, () => ({ stubs: (stubs) => stubs.slice(0, 1) })),
  }),
  fault('fd-voie-txverify-match-near-pay-date', {
    rule: 'FD-VOIE-TXVERIFY-MATCH: a deposit matches only when posted within three days of the pay date',
    state: reading(always, () => ({
      near: (e, deposits) =>
        e.payDate === undefined ? deposits : deposits.filter((d) => Math.abs(d.t.postedDate - e.payDate!) <= 3 * 86_400),
    })),
    ...blind,
    ...was('blind-income-txverify-match-needs-near-pay-date'),
  }),
  fault('fd-payroll-employment-transaction-date', {
    rule: "FD-PAYROLL-EMPLOYMENT: the latest pay date is the deposit's transaction date, not its posted date",
    state: reading(always, () => ({ payDate: (t) => t.transactionDate ?? t.postedDate })),
    ...blind,
    ...was('blind-income-payroll-latest-pay-transaction-date'),
  }),
  // --- Which accounts a report reads (provider 1.35.0 accountIds), seeded beside its check.
  fault('fd-income-account-ids-voe-ignored', {
    rule: 'FD-INCOME-ACCOUNT-IDS: the VOE transactions report reads the payroll deposits of every deposit account, whatever accountIds names',
    state: reading(VOE_TXN, () => ({ named: () => undefined })),
    ...seeded,
  }),
  fault('fd-paystmt-extract-flags-deductions-default-on', {
    rule: 'FD-PAYSTMT-EXTRACT-FLAGS: the pay statement and VOIE paystub reports extract deductions when the request leaves extractDeductions out',
    state: filing(PAYSTUBS, (f, x) => {
      const member = x.op === 'GeneratePayStatementReport' ? 'paystatementReport' : 'voieWithStatementData';
      return x.input.body[member].extractDeductions === undefined
        ? { constraints: { ...f.constraints, [member]: { ...f.constraints[member], extractDeductions: true } } }
        : {};
    }),
    ...seeded,
  }),
]);
