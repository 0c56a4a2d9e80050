// Covers: GeneratePayStatementReport, GenerateVOIEPaystubReport, GenerateVOIEPaystubWithTXVerifyReport
// with StoreCustomerPayStatement - seed 002, Decisioning report generation (pay statement and VOIE
// paystub reports take asset ids of pay statements stored with the upload; to refresh bank data,
// reuse the asset id of the first report); Errors 404; provider 1.35.0 AssetNotFoundExample (404),
// the kind a read keeps from its ack, PayStatementReportExample (what is read on each pay statement).
import type { CallOptions } from '../../helpers/client/client.js';
import { expect, FD_CONTRACT, rules, test, type FdOperationId } from '../../fixtures/financial-data.js';
import { billableProblems } from '../../helpers/client/invariants/report-figures.js';
import { customerWithPay, expectSameKind, generatedAll, generated, PAYSTUB, storePaystub, type Paystub } from './reports-income.known.js';
import { expectComponent, expectNoReportLeft } from './reports.known.js';

/** The three operations and the body naming asset ids. */
const OPS: { op: FdOperationId; body: (ids: string[]) => Record<string, unknown> }[] = [
  { op: 'GeneratePayStatementReport', body: (ids) => ({ paystatementReport: { assetIds: ids } }) },
  { op: 'GenerateVOIEPaystubReport', body: (ids) => ({ voieWithStatementData: { assetIds: ids } }) },
  {
    op: 'GenerateVOIEPaystubWithTXVerifyReport',
    body: (ids) => ({ voieWithInterviewData: { txVerifyInterview: ids.map((assetId) => ({ assetId })) } }),
  },
];
const SECOND: Paystub = {
  employer: 'Harbor Logistics Inc',
  employee: 'Pat Purchaser',
  payDate: '2024-05-17',
  netPay: 1750.1,
  grossPay: 2390,
};
const dayS = (date: string) => Date.parse(`${date}T00:00:00Z`) / 1000;
const expected = (assetId: string, payPeriod: string, p: Paystub) => ({
  assetId,
  payPeriod,
  payDate: dayS(p.payDate),
  netPayCurrent: p.netPay,
  grossPayCurrent: p.grossPay,
  employer: { name: p.employer },
  employee: { name: p.employee },
});
/** What a pay statement's extract is compared by (provider 1.35.0 PayStatementReportExample). */
const EXTRACT = ['assetId', 'payPeriod', 'payDate', 'netPayCurrent', 'grossPayCurrent', 'employer', 'employee'];
const pick = (s: any) => Object.fromEntries(EXTRACT.map((k) => [k, s[k]]));

for (const { op, body } of OPS) {
  test(
    `${op} reads each stored pay statement it names, in order: employer, employee, pay date and pay @mock-only`,
    rules(
      'FD-PAYSTMT-REPORT-ASSET:accept',
      'FD-PAYSTMT-REPORT-EXTRACT@income-read',
      'FD-INCOME-REPORT-TYPE@income-ack',
      'FD-INCOME-REPORT-TYPE@income-read',
    ),
    async ({ fdApi, fdContract, fdPowers: _mock, fdEntities, pollReport }) => {
      const { customerId } = fdEntities;
      const first = await storePaystub(fdApi, customerId, PAYSTUB, 'lastPayPeriod');
      const second = await storePaystub(fdApi, customerId, SECOND, 'lastPayPeriodMinusOne');
      const { ack, report } = await generated(fdApi, pollReport, op, { path: { customerId }, body: body([first, second]) });
      expectSameKind(ack, report);
      expectComponent(fdContract, 'PayStatementReportContent', report, 'the content keeps PayStatementReportContent');
      expect({ assetIds: report.assetIds, extracts: report.payStatements.map(pick) }, 'one extract per pay statement, as stored').toEqual({
        assetIds: [first, second],
        extracts: [expected(first, 'LastPayPeriod', PAYSTUB), expected(second, 'LastPayPeriodMinusOne', SECOND)],
      });
    },
  );

  test(
    `${op} refuses with 404 an asset id the customer never stored: unknown, or another customer's pay statement @provider`,
    rules('FD-PAYSTMT-REPORT-ASSET:refuse', 'FD-PAYSTMT-REPORT-ASSET:accept'),
    async ({ fdApi, fd, fdEntities, createCustomer }) => {
      const { customerId } = fdEntities;
      const other = await createCustomer('testing');
      const theirs = await storePaystub(fdApi, other);
      const mine = await storePaystub(fdApi, customerId);
      const call = (ids: string[]): CallOptions => ({ path: { customerId }, body: body(ids) });
      await expectNoReportLeft(fdApi, fd, customerId, async () => {
        for (const [what, ids] of [
          ['an unknown asset id', [`${mine.slice(0, -4)}0000`]],
          ["another customer's pay statement", [theirs]],
          ['one unknown among stored ones', [mine, 'no-such-asset-1000000001']],
        ] as const) {
          const res = await fdApi.callBuilt(op, call([...ids]));
          expect(res.status, `${what}: seed 002 (stored pay statements only); provider 1.35.0 asset not found is a 404`).toBe(404);
        }
      });
      expect((await fdApi.callBuilt(op, call([mine]))).status, 'its own stored pay statement').toBe(202);
    },
  );
}

test(
  'a second VOIE paystub with TXVerify report sent the asset id of the first is accepted and reads the same pay statement',
  rules('FD-VOIE-ASSET-REUSE'),
  async ({ fdApi, fdEntities, pollReport }) => {
    const { customerId } = fdEntities;
    const assetId = await storePaystub(fdApi, customerId);
    const options = { path: { customerId }, body: { voieWithInterviewData: { txVerifyInterview: [{ assetId }] } } };
    const first = await generated(fdApi, pollReport, 'GenerateVOIEPaystubWithTXVerifyReport', options);
    const refresh = await generated(fdApi, pollReport, 'GenerateVOIEPaystubWithTXVerifyReport', options);
    expect(refresh.ack.id, 'the refresh is a new report').not.toBe(first.ack.id);
    const refreshed = refresh.report.payStatements?.map(pick);
    expect(refreshed, 'the refresh reads the same pay statement').toEqual(first.report.payStatements?.map(pick));
  },
);

test(
  "TXVerify matches a pay statement to the customer's deposits of its net pay, and one of no deposit's amount to none @mock-only",
  rules('FD-VOIE-TXVERIFY-MATCH@income-read'),
  async ({ fdApi, fd, fdPowers, createCustomer, pollReport }) => {
    const { customerId, accounts, deposits } = await customerWithPay(
      fdApi,
      Math.floor(fd.now() / 1000),
      () => createCustomer('testing'),
      (id) => fdPowers.linkAccounts(id),
    );
    // A deposit on another account than the first deposit account: every deposit account is read.
    const first = accounts.find((a) => ['checking', 'savings', 'moneyMarket'].includes(a.type) && a.status === 'active')!.id;
    const target = deposits.find((d) => String(d.accountId) !== first)!;
    const matching = await storePaystub(fdApi, customerId, { ...PAYSTUB, netPay: target.amount, grossPay: target.amount + 500 });
    const unmatched = await storePaystub(fdApi, customerId, { ...PAYSTUB, netPay: 0.01, grossPay: target.amount }, 'lastPayPeriodMinusOne');
    const { report } = await generated(fdApi, pollReport, 'GenerateVOIEPaystubWithTXVerifyReport', {
      path: { customerId },
      body: { voieWithInterviewData: { txVerifyInterview: [{ assetId: matching }, { assetId: unmatched }] } },
    });
    const ids = deposits.filter((d) => Math.round(d.amount * 100) === Math.round(target.amount * 100)).map((d) => d.id);
    expect(
      report.payStatements.map((s: any) => ({ matchType: s.matchType, ids: [...(s.matchedTransactionIds ?? [])].sort() })),
      'the matches against the deposits read',
    ).toEqual([
      { matchType: 'NET_PAY_MATCH', ids: ids.sort() },
      { matchType: 'NO_MATCH', ids: [] },
    ]);
  },
);

test(
  'a stored pay statement carrying the employer alone is read with nothing else: no pay, pay date or employee made up, on every paystub report @mock-only',
  rules('FD-PAYSTMT-REPORT-EXTRACT@income-read'),
  async ({ fdApi, fdPowers: _mock, fdEntities, pollReport }) => {
    const { customerId } = fdEntities;
    // A file whose text has one line of a pay statement (the mock reads the text lines written on it).
    const res = await fdApi.call('StoreCustomerPayStatement', {
      path: { customerId },
      body: { label: 'lastPayPeriod', statement: Buffer.from('Employer: Acme Works\n', 'latin1').toString('base64') },
    });
    expect(res.status, 'StoreCustomerPayStatement').toBe(200);
    const assetId = res.body.assetId as string;
    const problems: string[] = [];
    // Every report is generated first, then all are polled together (the time of the slowest).
    const acks: { op: (typeof OPS)[number]['op']; id: string }[] = [];
    for (const { op, body } of OPS) {
      const ack = await fdApi.call(op, { path: { customerId }, body: body([assetId]) } as CallOptions);
      expect(ack.status, `${op}: 202`).toBe(202);
      acks.push({ op, id: ack.body.id });
    }
    const polled = await pollReport.all(
      acks.map(({ op, id }) => ({ id, customerId, label: `${op} on a partial pay statement, report ${id}` })),
    );
    for (const [i, { op }] of acks.entries()) {
      const report = polled[i].final.body;
      // A target may end such a report as a failure; a successful one shows only what the file says.
      if (report.status !== 'success') continue;
      const extract = (report.payStatements ?? []).find((s: any) => s.assetId === assetId);
      if (!extract) problems.push(`${op}: no extract of asset ${assetId}`);
      else {
        const made = ['payDate', 'netPayCurrent', 'grossPayCurrent', 'employee'].filter((k) => extract[k] !== undefined);
        if (made.length) problems.push(`${op}: ${made.map((k) => `${k} ${JSON.stringify(extract[k])}`).join(', ')} not on the statement`);
        if (extract.employer?.name !== 'Acme Works') problems.push(`${op}: employer ${JSON.stringify(extract.employer)}`);
      }
    }
    expect(problems, 'each extract: the employer written, nothing else').toEqual([]);
  },
);

// provider 1.35.0 VOIEPayStatement: netPayCurrent and grossPayCurrent are numbers (optional). A pay
// statement whose pay lines hold no amount ("Net pay: NaN", "Gross pay: Infinity") gives none: the
// extract leaves them out or gives numbers, never null or text, and keeps the contract.
test(
  'a pay statement whose pay lines hold no amount gives no net or gross pay in its extract, only numbers when any @mock-only',
  rules('FD-PAYSTMT-REPORT-EXTRACT@income-read'),
  async ({ fdApi, fdContract, fdEntities, pollReport }) => {
    const { customerId } = fdEntities;
    const unreadable = await storePaystub(fdApi, customerId, { ...PAYSTUB, netPay: Number.NaN, grossPay: Number.POSITIVE_INFINITY });
    const { report } = await generated(fdApi, pollReport, 'GeneratePayStatementReport', {
      path: { customerId },
      body: { paystatementReport: { assetIds: [unreadable] } },
    });
    const extract = report.payStatements?.[0] ?? {};
    const notNumbers = ['netPayCurrent', 'grossPayCurrent'].filter((f) => f in extract && typeof extract[f] !== 'number');
    expect(notNumbers, `the pay fields of the extract ${JSON.stringify(extract)}`).toEqual([]);
    expectComponent(fdContract, 'PayStatementReportContent', report, 'the content keeps PayStatementReportContent');
  },
);

// provider 1.35.0 ExtractEarnings, ExtractDeductions, ExtractDirectDeposit: booleans with defaults
// (the contract's ExtractFlags, read from it). Where an ack or the report read back shows the flags the
// extraction ran with (its constraints), a flag sent shows as sent, and one left out shows its default:
// a target defaulting deductions on reads more of a pay statement than the partner asked for.
const FLAGS = FD_CONTRACT.resolveSchema({ $ref: '#/components/schemas/ExtractFlags' }).properties as Record<string, { default: boolean }>;
/** Every object under `constraints` of an answer that shows one of the extraction flags. */
function flagsShown(node: unknown, under = false, out: Record<string, unknown>[] = []): Record<string, unknown>[] {
  if (Array.isArray(node)) for (const n of node) flagsShown(n, under, out);
  else if (node && typeof node === 'object') {
    const o = node as Record<string, unknown>;
    if (under && Object.keys(FLAGS).some((k) => k in o)) out.push(o);
    for (const [k, v] of Object.entries(o)) flagsShown(v, under || k === 'constraints', out);
  }
  return out;
}
const withFlags = (body: Record<string, unknown>, flags: Record<string, boolean>) =>
  Object.fromEntries(Object.entries(body).map(([k, v]) => [k, { ...(v as object), ...flags }]));

test(
  'the extraction flags each paystub report shows are those sent, and the documented defaults for those left out, on the ack and the report read back @provider @mock-only',
  rules('FD-PAYSTMT-EXTRACT-FLAGS'),
  async ({ fdApi, fdEntities, pollReport }) => {
    const { customerId } = fdEntities;
    const assetId = await storePaystub(fdApi, customerId, PAYSTUB);
    const flipped = Object.fromEntries(Object.entries(FLAGS).map(([k, s]) => [k, !s.default]));
    const wrong: string[] = [];
    let shown = 0;
    const cases = OPS.flatMap(({ op, body }) =>
      (
        [
          ['no flag sent', {}],
          ['every flag sent against its default', flipped],
        ] as const
      ).map(([what, sent]) => ({ op, what, sent, options: { path: { customerId }, body: withFlags(body([assetId]), sent) } })),
    );
    const ended = await generatedAll(fdApi, pollReport, cases);
    for (const [i, { op, what, sent }] of cases.entries()) {
      const { ack, report } = ended[i];
      for (const [reader, answer] of [
        ['ack', ack],
        ['report', report],
      ] as const)
        for (const flags of flagsShown(answer)) {
          shown++;
          for (const [k, schema] of Object.entries(FLAGS)) {
            const expected = k in sent ? (sent as Record<string, boolean>)[k] : schema.default;
            if (k in flags && flags[k] !== expected)
              wrong.push(`${op} (${what}), ${reader}: ${k} ${JSON.stringify(flags[k])}, expected ${expected}`);
          }
        }
    }
    // The mock shows them on every ack and report (a check that judged none could not fail).
    expect(shown, 'answers showing the extraction flags').toBeGreaterThan(0);
    expect(wrong, 'each flag shown as sent, or its documented default').toEqual([]);
  },
);

test(
  'a pay statement digitized by an earlier report is not billable again, and each report counts the billable statements it lists @provider',
  rules('FD-PROP-REPORT-FIGURES'),
  async ({ fdApi, fdEntities, pollReport }) => {
    const { customerId } = fdEntities;
    const first = await storePaystub(fdApi, customerId);
    const second = await storePaystub(fdApi, customerId, SECOND);
    // One report after the other, each read before the next: the first asset alone, then both on each kind.
    const digitized = new Set<string>();
    const problems: string[] = [];
    for (const [i, { op, body }] of OPS.entries()) {
      const ids = i === 0 ? [first] : [first, second];
      const { ack, report } = await generated(fdApi, pollReport, op, { path: { customerId }, body: body(ids) } as CallOptions);
      problems.push(...billableProblems(`${op} report ${ack.id}`, report, digitized));
      for (const id of ids) digitized.add(id);
    }
    expect(problems, 'each pay statement billable once, each count the billable ones').toEqual([]);
  },
);
