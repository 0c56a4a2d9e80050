// Covers: reportCustomFields of every generate operation whose body takes them (the
// FD-REPORT-CUSTOM-FIELDS list) on every reader of the report (readersOf), in progress and ended, and
// the reseller billing row - provider 1.35.0 ReportCustomFields ("All custom fields display in the
// Reseller Billing API"), the *ConstraintsOut of every ack and report (label, value, shown as sent).
// Values that can tell: mixed case, inner and trailing spaces, leading zeros, non-ASCII letters, so a
// reader that trims, folds or reads a value as a number shows another value than the one sent.
import { expect, type FdOperationId, mixedCase, rules, sample, tellingMarkup, test } from '../../fixtures/financial-data.js';
import type { CallOptions } from '../../helpers/client/client.js';
import { pdfText } from '../../helpers/client/invariants/media-types.js';
import { CATALOGUE, GENERATE as ASYNC, readersOf } from './reports.known.js';

const RULE = 'FD-REPORT-CUSTOM-FIELDS';
// The generate operations of the rule (its other operations are the readers).
const GENERATE = CATALOGUE.get(RULE)!.filter((op) => (ASYNC as string[]).includes(op)) as FdOperationId[];
/** Past the mock's time to complete a report (seed 002, Limits: polled every 20 s; it ends by the third read). */
const ENDED_AFTER_S = 60;

/**
 * Custom fields a normalisation would change (provider 1.35.0 ReportCustomField: label, value, shown;
 * strings unbounded), and labels a keyed store would merge: the first label again and the first in
 * lower case, each with a value of its own (the list is the caller's, kept item for item; up to five).
 */
const telling = () => {
  const label = `${mixedCase('loanId')}  Ref `;
  return [
    { label, value: '0042  07 ', shown: true },
    { label: 'Filiale & <Zweig> ÅéßŁΩ', value: tellingMarkup('Branch'), shown: false },
    { label, value: '0042  08 ', shown: false },
    { label: label.toLowerCase(), value: '0042  09 ', shown: true },
  ];
};

type Custom = ReturnType<typeof telling>;

test(
  'every report echoes its reportCustomFields byte for byte on its ack and every read, in progress and ended, and in its billing row @provider',
  rules(
    ...['generate', 'by-customer', 'by-id', 'reissue', 'by-consumer', 'billing'].map((at) => `${RULE}@${at}`),
    'FD-REPORT-CUSTOM-FIELDS-SHOWN@by-customer',
  ),
  async ({ fdApi, fd, fdEntities, pollReport }) => {
    const problems: string[] = [];
    const compare = (where: string, got: unknown, sent: Custom) => {
      if (JSON.stringify(got) !== JSON.stringify(sent))
        problems.push(`${where}: reportCustomFields ${JSON.stringify(got)}, sent ${JSON.stringify(sent)}`);
    };
    const made: { op: string; id: string; customerId: string; sent: Custom; readers: ReturnType<typeof readersOf> }[] = [];
    // The billing window opens before the first report is asked for: on a sandbox, 429s waited out
    // between the generations can put the first minutes before the last.
    const startS = Math.floor(fd.now() / 1000) - 5;
    for (const op of GENERATE) {
      const base = sample(op, fd, fdEntities) as CallOptions;
      const sent = telling();
      const res = await fdApi.callBuilt(op, { ...base, body: { ...(base.body as object), reportCustomFields: sent } });
      if (res.status !== 202) {
        problems.push(`${op}: ${res.status}, expected 202 (${res.text.slice(0, 120)})`);
        continue;
      }
      compare(`${op} ack constraints`, res.body.constraints?.reportCustomFields, sent);
      const report = { id: res.body.id as string, customerId: String(res.body.customerId), consumerId: res.body.consumerId };
      made.push({ op, ...report, sent, readers: readersOf(fdApi, report) });
    }
    const readAll = async (when: string) => {
      for (const { op, id, sent, readers } of made)
        for (const { name, read } of readers) {
          const res = await read();
          if (res.status !== 200) problems.push(`${op} report ${id} ${when} through ${name}: ${res.status}`);
          else compare(`${op} report ${id} ${when} through ${name}`, res.body.constraints?.reportCustomFields, sent);
        }
    };
    await readAll('in progress');
    // The mock's clock moved past their end; a sandbox's reports polled to theirs, in real time.
    if (fd.control) await fd.control.advanceClock(ENDED_AFTER_S);
    else for (const { op, id, customerId } of made) await pollReport({ id, customerId, label: `${op} report ${id}` });
    await readAll('ended');
    // provider 1.35.0 ReportCustomField.shown: the PDF shows a field unless it was sent with shown false.
    for (const { op, id, customerId, sent } of made) {
      const pdf = await fdApi.call('GetReportByCustomer', { path: { customerId, reportId: id }, headers: { accept: 'application/pdf' } });
      if (pdf.status !== 200) continue;
      const text = pdfText(pdf.bytes);
      const wrong = sent.filter((f) => text.includes(f.value) !== f.shown).map((f) => `${JSON.stringify(f.value)} (shown ${f.shown})`);
      if (wrong.length)
        problems.push(`${op} report ${id} PDF: ${wrong.join(', ')} ${wrong.length > 1 ? 'are' : 'is'} drawn otherwise than shown says`);
    }
    // provider 1.35.0 ReportCustomFields: "All custom fields display in the Reseller Billing API".
    const billing = await fdApi.call('getResellerBillingReport', {
      path: { partnerId: fd.partner.partnerId },
      query: { startDate: startS, endDate: Math.floor(fd.now() / 1000) + 5, viewTestingReports: true, size: 1000 },
    });
    expect(billing.status, 'the billing of the window').toBe(200);
    const rows = (billing.body.content ?? []) as { reportId: string; reportCustomFields?: unknown }[];
    for (const { op, id, sent } of made) {
      const row = rows.filter((r) => r.reportId === id);
      if (row.length !== 1) problems.push(`${op} report ${id}: ${row.length} billing rows, expected 1`);
      else compare(`${op} report ${id} billing row`, row[0].reportCustomFields, sent);
    }
    expect(problems, 'reportCustomFields as sent, on every reader').toEqual([]);
    expect(made, 'every generate operation of the rule made a report').toHaveLength(GENERATE.length);
  },
);
