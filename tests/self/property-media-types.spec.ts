// The media-types checker (helpers/client/invariants/media-types.ts, FD-PROP-MEDIA-SAME): which
// operations of the contract it finds, how it reads a PDF's text, and what a text form must state alike.
import { deflateSync } from 'node:zlib';
import { expect, test } from '../../fixtures/self.js';
import { mediaReadersOf, pdfText, stableLeaves, textFormProblems, textFormsDiffer } from '../../helpers/client/invariants/media-types.js';
import { FD_CONTRACT } from '../financial-data/security.known.js';

const op = FD_CONTRACT.operation('GetReportByCustomer');
const schema = op.responses['200'].schemas['application/json'];
const json = { id: 'abc123', customerId: 1005061234, status: 'success', type: 'voa', accounts: [{ id: 1, status: 'active' }] };
const stable = stableLeaves(json, json);

/** A one-stream PDF, compressed with FlateDecode, drawing the given content operators. */
function pdf(stream: string): Buffer {
  const z = deflateSync(Buffer.from(stream, 'latin1'));
  return Buffer.concat([
    Buffer.from(`%PDF-1.4\n4 0 obj << /Length ${z.length} /Filter /FlateDecode >> stream\n`, 'latin1'),
    z,
    Buffer.from('\nendstream endobj\n%%EOF\n', 'latin1'),
  ]);
}

test('the operations are those whose 2xx the contract offers in more than one media type', () => {
  expect(
    mediaReadersOf(FD_CONTRACT)
      .map((r) => r.operation.operationId)
      .sort(),
  ).toEqual(['GetCustomerAccountStatement', 'GetReportByConsumer', 'GetReportByCustomer', 'GetReportById', 'ReportReissue']);
});

test("a PDF's text is what its pages draw, compressed streams inflated, TJ arrays joined", () => {
  expect(pdfText(pdf('BT (Report abc123) Tj ET BT [(Status: In ) 20 (Progress)] TJ ET BT (a \\(b\\)) Tj ET'))).toBe(
    'Report abc123\nStatus: In Progress\na (b)',
  );
});

test('a member stated by its name with another value is a finding; one not stated, or stated alike, is not', () => {
  expect(textFormProblems(FD_CONTRACT, schema, json, stable, 'Status: In Progress\nCustomer ID: 1005069999')).toEqual([
    'customerId: the JSON form reads "1005061234", the other form states "1005069999"',
    'status: the JSON form reads "success", the other form states "inProgress"',
  ]);
  // A word of an enum outside a statement of its member, a label followed by no value of its kind,
  // and a value another leaf holds (an account's status) are not judged.
  const unstated = 'Status: success\ncustomer 1005061234\nthe failure rate\nCustomer name: Ann\nstatus active';
  expect(textFormProblems(FD_CONTRACT, schema, json, stable, unstated)).toEqual([]);
  // A member that moved between the two JSON reads is not compared.
  expect(textFormProblems(FD_CONTRACT, schema, json, new Set(), 'Status: failure')).toEqual([]);
});

test('two document forms differ by the lines only one shows', () => {
  expect(textFormsDiffer('a\nb', 'a\nb')).toEqual([]);
  expect(textFormsDiffer('a\nb', 'a\nc')).toEqual(['only the first form shows "b"', 'only the second form shows "c"']);
});
