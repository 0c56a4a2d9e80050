// Covers: GenerateVOEPayrollReport, RefreshVOIEPayrollReport - seed 002, Decisioning report
// generation (the VOIE payroll report is made when the consumer completes Connect; this operation
// only refreshes it; Errors 404); provider 1.35.0 PayrollReportConstraints (required payrollData),
// SSNPayroll (the SSN for direct payroll), PayrollDataOut (no ssn, no dob echoed). The full SSN
// sent is a test SSN (area 999) and never appears in a title or a message.
import { expect, mockOnly, rules, test, TEST_SSNS, type LinkedCustomer, type OperationClient } from '../../fixtures/financial-data.js';
import { sameIdProblems } from '../../helpers/client/invariants/report-figures.js';
import { addConsumer, expectSameKind, generated, newestPayrollDeposit, payrollDeposits } from './reports-income.known.js';
import { problemsUnder } from '../../helpers/client/annotations.js';
import { expectComponent } from './reports.known.js';
import { cite } from './cite.js';

const PAYROLL_OPS = ['GenerateVOEPayrollReport', 'RefreshVOIEPayrollReport'] as const;
// 1989-08-13 00:00 UTC as epoch seconds, and the provider's own form of it (a digit string).
/** What every accepted payroll report is held to, on its ack and its read (seed 002, Payroll reports). */
const PAYROLL_ANSWER_RULES = [
  'FD-PAYROLL-REQUIRED:accept',
  ...['FD-PAYROLL-SSN-MASKED', 'FD-INCOME-REPORT-TYPE'].flatMap((r) => cite(r, ['income-ack', 'income-read'])),
  'FD-PAYROLL-EMPLOYMENT@income-read',
];
const DOB = 619315200;

/** No full SSN anywhere in a body; payrollData echoed without ssn and dob; consumerSsn the last four digits at most. */
function expectNoSsn(body: any, consumerSsn: string, what: string) {
  const text = JSON.stringify(body);
  const leaked = [...TEST_SSNS, consumerSsn].map((s) => s.replace(/\D/g, '')).filter((s) => text.includes(s));
  expect(leaked, `${what}: a full SSN shows in the body`).toHaveLength(0);
  const echoedIds = Object.keys(body.constraints?.payrollData ?? {}).filter((k) => k === 'ssn' || k === 'dob');
  expect(echoedIds, `${what}: payrollData echoes ssn or dob`).toEqual([]);
  const shownSsn = String(body.consumerSsn);
  expect(shownSsn, `${what}: consumerSsn is the last four digits of the consumer's SSN`).toBe(consumerSsn.replace(/\D/g, '').slice(-4));
}

/**
 * The customer's payroll deposits once a newest one, whose transaction date is a day before its
 * posted date, is added; the newest as listed must be that one (the input that tells the two dates apart).
 */
async function depositsWithNewest(fdApi: OperationClient, linked: LinkedCustomer, nowS: number) {
  const injected = await newestPayrollDeposit(fdApi, linked.customerId, linked.account('checking').id, nowS);
  const deposits = await payrollDeposits(fdApi, linked.customerId, linked.accounts, nowS);
  const latest = deposits[deposits.length - 1];
  expect(
    { id: Number(latest?.id), postedDate: latest?.postedDate, transactionDate: latest?.transactionDate },
    'the newest payroll deposit listed is the one added, with its two dates',
  ).toEqual({ id: injected.id, postedDate: injected.postedDate, transactionDate: injected.transactionDate });
  return deposits;
}

/**
 * provider 1.35.0 PayrollEmploymentHistoryVOE/VOIE and PayrollEmploymentRecord: a history entry and
 * its employment record name one employer (both EmployerName, as the provider's examples show), a
 * name given.
 */
function expectOneEmployer(entry: { employerName?: unknown; employment?: { employerName?: unknown } }) {
  expect(
    { entry: entry.employerName, employment: entry.employment?.employerName },
    'the history entry and its employment record name the same employer',
  ).toEqual({ entry: entry.employment?.employerName, employment: entry.employerName });
  expect(typeof entry.employerName === 'string' && entry.employerName.trim() !== '', 'the employer is named').toBe(true);
}

test(
  'a VOE payroll report from the SSN and date of birth is a 202, shows the employment without income and echoes no SSN @smoke @mock-only',
  mockOnly(
    rules('FD-VOE-PAYROLL-SOURCE:accept', ...PAYROLL_ANSWER_RULES),
    "expects the employment the mock's payroll source derives from its world's payroll deposits for a test SSN: which employer and pay a sandbox's payroll source gives a test SSN is not documented (seed 002 and provider 1.35.0 are silent)",
  ),
  async ({ fdApi, fd, fdContract, fdMock: _mock, linkedCustomer, pollReport }) => {
    const { customerId } = linkedCustomer;
    const consumer = await addConsumer(fdApi, customerId);
    const deposits = await depositsWithNewest(fdApi, linkedCustomer, Math.floor(fd.now() / 1000));
    const body = { payrollData: { ssn: TEST_SSNS[1], dob: DOB }, reportCustomFields: [{ label: 'loanID', value: '1', shown: true }] };
    const { ack, report } = await generated(fdApi, pollReport, 'GenerateVOEPayrollReport', { path: { customerId }, body });
    expectSameKind(ack, report);
    expectNoSsn(ack, consumer.ssn, 'the 202 ack');
    expectNoSsn(report, consumer.ssn, 'the report read');
    expectComponent(fdContract, 'PayrollReportContent', report, 'the content keeps PayrollReportContent');
    const [employment] = report.employmentHistory;
    expectOneEmployer(employment);
    expect(
      { latestPayDate: employment.employment.latestPayDate, employee: employment.employee?.name, income: employment.income },
      "the latest pay date is the posted date of the customer's latest payroll deposit; no income (provider: employment without income)",
    ).toEqual({
      latestPayDate: deposits[deposits.length - 1].postedDate,
      employee: `${consumer.firstName} ${consumer.lastName}`,
      income: undefined,
    });
  },
);

for (const operationId of PAYROLL_OPS) {
  test(`${operationId} without payrollData is a 400`, rules('FD-PAYROLL-REQUIRED:refuse'), async ({ fdApi, fdEntities }) => {
    const res = await fdApi.call(operationId, { path: { customerId: fdEntities.customerId }, body: { reportCustomFields: [] } });
    expect(res.status, 'provider 1.35.0: payrollData is required').toBe(400);
  });
}

test(
  'VOE payroll data naming no payroll source (no ssn, no payroll accounts) is a 400 @provider',
  rules('FD-VOE-PAYROLL-SOURCE:refuse'),
  async ({ fdApi, fdEntities }) => {
    for (const payrollData of [{}, { dob: DOB }, { payrollAccountIds: [] }]) {
      const res = await fdApi.call('GenerateVOEPayrollReport', { path: { customerId: fdEntities.customerId }, body: { payrollData } });
      expect(res.status, `payrollData with members [${Object.keys(payrollData).join(', ')}]`).toBe(400);
    }
  },
);

test(
  'a refresh for a customer whose consumer completed Connect is a 202 naming its original VOIE payroll report, with the latest net pay @mock-only',
  mockOnly(
    rules('FD-VOIE-PAYROLL-REFRESH-ONLY:accept', ...PAYROLL_ANSWER_RULES, 'FD-PROP-REPORT-FIGURES'),
    "needs the VOIE payroll report the mock makes when a consumer completes Connect with payroll data: a sandbox makes it only when a person completes Connect's payroll step",
  ),
  async ({ fdApi, fd, fdMock: _mock, linkedCustomer, pollReport }) => {
    const { customerId } = linkedCustomer;
    const consumer = await addConsumer(fdApi, customerId);
    const deposits = await depositsWithNewest(fdApi, linkedCustomer, Math.floor(fd.now() / 1000));
    // The SSN sent again on a refresh is not echoed either.
    const body = { payrollData: { ssn: TEST_SSNS[2], dob: String(DOB) } };
    const { ack, report } = await generated(fdApi, pollReport, 'RefreshVOIEPayrollReport', { path: { customerId }, body });
    expectSameKind(ack, report);
    expectNoSsn(ack, consumer.ssn, 'the 202 ack');
    expectNoSsn(report, consumer.ssn, 'the report read');
    const originalId = ack.constraints.payrollData.reportId;
    expect(originalId && originalId !== ack.id, 'the refresh names the original report').toBe(true);
    const original = await fdApi.call('GetReportByCustomer', { path: { customerId, reportId: originalId } });
    // The original, read, is the customer's report of the kind its refresh makes (provider 1.35.0
    // VOIEPayrollReport), with the consumer's employment history.
    expect(
      { status: original.status, type: original.body.type, reportStyle: original.body.reportStyle },
      'the original is a report of the customer of the kind of its refresh',
    ).toEqual({ status: 200, type: report.type, reportStyle: report.reportStyle });
    expectOneEmployer(original.body.employmentHistory?.[0] ?? {});
    // provider 1.35.0 EmploymentId: an employment id stays the same across refreshes of the report.
    const employmentIds = (body: any) => ((body.employmentHistory ?? []) as any[]).map((e) => e.employmentId);
    expect(
      problemsUnder(
        'FD-PROP-REPORT-FIGURES',
        sameIdProblems('the employment ids', [
          { label: `the original report ${originalId}`, value: employmentIds(original.body) },
          { label: `its refresh ${ack.id}`, value: employmentIds(report) },
        ]),
      ),
      'the refresh keeps the employment ids of the report it refreshes',
    ).toEqual([]);
    const latest = deposits[deposits.length - 1];
    const [employment] = report.employmentHistory;
    expectOneEmployer(employment);
    expect(
      { latestPayDate: employment.employment.latestPayDate, latestNetPayAmount: employment.income?.latestNetPayAmount },
      "the income shows the customer's latest payroll deposit: its posted date and amount",
    ).toEqual({ latestPayDate: latest.postedDate, latestNetPayAmount: latest.amount });
    // A refresh naming the original explicitly is accepted too.
    const again = await fdApi.call('RefreshVOIEPayrollReport', { path: { customerId }, body: { payrollData: { reportId: originalId } } });
    expect(again.status, 'a refresh naming the original report').toBe(202);
    expect(again.body.constraints?.payrollData?.reportId, 'the refresh names the report it was given').toBe(originalId);
    // provider 1.35.0 PayrollData.reportId / PayrollDataOut.reportId: the report a refresh is based on, echoed.
    // A refresh naming the first refresh (itself a VOIE payroll report of the customer) is based on that one when accepted.
    const chained = await fdApi.call('RefreshVOIEPayrollReport', { path: { customerId }, body: { payrollData: { reportId: ack.id } } });
    expect([202, 404], 'a refresh naming an earlier refresh: based on it, or refused').toContain(chained.status);
    if (chained.status === 202)
      expect(chained.body.constraints?.payrollData?.reportId, 'the refresh names the report it was given, not the original').toBe(ack.id);
    // seed 002: the operation refreshes the one report Connect made, so a later refresh without a
    // reportId (after refreshes of its own) is based on that same original, never on a new one.
    const later = await fdApi.call('RefreshVOIEPayrollReport', { path: { customerId }, body: { payrollData: {} } });
    const laterRead = { status: later.status, reportId: later.body.constraints?.payrollData?.reportId };
    expect(laterRead, 'a later refresh without a reportId: the same original report').toEqual({ status: 202, reportId: originalId });
  },
);

test(
  'a refresh for a customer with no VOIE payroll report, or naming none of its VOIE payroll reports, is a 404 @mock-only',
  mockOnly(
    rules('FD-VOIE-PAYROLL-REFRESH-ONLY:refuse'),
    "needs a customer whose consumer completed Connect's payroll step (the mock's linked customer): on a sandbox the prepared linked customer's consumer is every worker's and has no VOIE payroll report unless a person made one",
  ),
  async ({ fdApi, fdMock: _mock, createCustomer, linkedCustomer }) => {
    // A customer with a consumer that never went through Connect.
    const unlinked = await createCustomer('testing');
    await addConsumer(fdApi, unlinked);
    const none = await fdApi.call('RefreshVOIEPayrollReport', { path: { customerId: unlinked }, body: { payrollData: {} } });
    expect(none.status, 'seed 002: the operation only refreshes; no report to refresh').toBe(404);
    // A customer that has one, naming a report that is not one of its VOIE payroll reports.
    const { customerId } = linkedCustomer;
    await addConsumer(fdApi, customerId);
    const voe = await fdApi.call('GenerateVOEPayrollReport', { path: { customerId }, body: { payrollData: { ssn: TEST_SSNS[0] } } });
    expect(voe.status, 'a VOE payroll report of the same customer').toBe(202);
    for (const reportId of ['nosuchreport-voiepayroll', voe.body.id as string]) {
      const res = await fdApi.call('RefreshVOIEPayrollReport', { path: { customerId }, body: { payrollData: { reportId } } });
      expect(res.status, `payrollData.reportId naming ${reportId === voe.body.id ? 'its VOE payroll report' : 'no report'}`).toBe(404);
    }
    const ok = await fdApi.call('RefreshVOIEPayrollReport', { path: { customerId }, body: { payrollData: {} } });
    expect(ok.status, 'the same customer without a reportId refreshes its own report').toBe(202);
    // seed 002: the operation refreshes the VOIE payroll report Connect made, never another kind the
    // customer has (its VOE payroll report above came first).
    const based = await fdApi.call('GetReportByCustomer', { path: { customerId, reportId: ok.body.constraints?.payrollData?.reportId } });
    expect({ status: based.status, type: based.body.type }, 'the refresh names a report of the customer of its own kind').toEqual({
      status: 200,
      type: ok.body.type,
    });
  },
);
