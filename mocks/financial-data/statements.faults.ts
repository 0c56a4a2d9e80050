// Faults of statements, pay statements and assets: each a deviation a provider's release might ship,
// named by the rule it breaks (`fd-<rule id>-<deviation>`), its rule text starting with the ids of
// schemas/financial-data/rules/statements.yaml (and the shared families) it breaks (`rules`: the
// specs the targeted mutation run picks). A fault loosens the contract (`relax`) or bends
// statements.ts at its seams: the request as judged at one step (Step), what a read registers or a
// store keeps, the answer. An id docs/mutation.md names from before the move, and a blind fault's
// first id, stay as aliases.
import { faultCatalogue, type FaultSeams } from '../kit/faults.js';
import { faultKit, assumption, blind, provider, was, seededAt } from './fault-builders.js';
import type { Account, Asset } from './state.js';
import { periodOfMonth, statementPdf, type Exchange, type StatementSeams, type Step } from './statements.records.js';

type Seams = FaultSeams<StatementSeams>;
type Judge = NonNullable<Seams['judge']>;
type Answering = NonNullable<Seams['answer']>;
type Op = Exchange['op'];
type Detail = Record<string, any>;
const { fault, skipOn: skip, foldOn: fold } = faultKit<StatementSeams>();

const V1: Op = 'GetCustomerAccountStatement';
const V3: Op = 'GetCustomerAccountMultipleStatement';
const ASSET: Op = 'GetAssetByCustomerID';
const INDEX = '([1-9]|1[0-9]|2[0-4])';

// (a) The request as judged: functions at the judge seam.
/** v1's index read made otherwise where `when` holds of the account and the index asked. */
const reading = (when: (a: Account, index: number) => boolean, read: (index: number) => number): Judge =>
  fold(V1, 'read', (x) => {
    if (when(x.account!, x.index!)) x.read = read(x.index!);
  });
/** v3's indexes made otherwise. */
const detailing = (bend: (indexes: number[], x: Exchange) => number[]): Judge =>
  fold(V3, 'indexes', (x) => (x.indexes = bend(x.indexes!, x)));
/** v3 without index details every statement (1 to the contract's last), where `when` holds of the account. */
const everyByDefault = (when: (a: Account) => boolean) =>
  detailing((indexes, x) =>
    x.input.query.index === undefined && when(x.account!) ? Array.from({ length: 24 }, (_, i) => i + 1) : indexes,
  );
/** A 400 added at `step` of `op` where `when` holds. */
const refuse =
  (op: Op, step: Step, message: string, when: (x: Exchange) => boolean): Judge =>
  (x, s, r) =>
    r ?? (s === step && x.op === op && when(x) ? { status: 400, message } : undefined);
/** The asset of the path found otherwise (`same` comparing a stored id with the one asked), the owner still checked. */
const foundAs = (same: (id: string, asked: string) => boolean) => {
  const find = (x: Exchange) =>
    [...x.world.statements.assets.entries()].find(
      ([id, a]) => same(id, x.input.path.assetId) && a.customerId === x.input.path.customerId,
    )?.[1];
  return skip(
    ASSET,
    'asset',
    (x) => find(x) !== undefined,
    (x) => (x.asset = find(x)),
  );
};

// (b) What a read registers or a store keeps.
/** A statement's asset as registered, made otherwise. */
const registered =
  (bend: (asset: Asset, x: Exchange, index: number) => Asset | undefined): Seams['state'] =>
  (x, c) =>
    c.kind === 'statement-asset' && c.asset ? { ...c, asset: bend(c.asset, x, c.index) } : c;
/** A pay statement's bytes as stored, made otherwise. */
const storing =
  (bend: (bytes: Buffer) => Buffer): Seams['state'] =>
  (_x, c) =>
    c.kind === 'pay-statement' ? { ...c, bytes: bend(c.bytes) } : c;

// (c) The answer: functions at the answer seam.
/** A success of `op` made otherwise. */
const answered =
  (
    op: Op,
    bend: (a: { status: number; type?: string; body?: any }, x: Exchange) => { status: number; type?: string; body?: any },
  ): Answering =>
  (x, a) =>
    x.op === op && a.status === 200 ? bend(a, x) : a;
/** Each v3 detail made otherwise (`n` its position). */
const details = (bend: (d: Detail, x: Exchange, n: number, all: Detail[]) => Detail): Answering =>
  answered(V3, (a, x) => ({
    ...a,
    body: { statements: a.body.statements.map((d: Detail, n: number, all: Detail[]) => bend(d, x, n, all)) },
  }));
/** The bytes of a download made otherwise (`payOnly`: of a pay statement only). */
const downloaded = (bend: (bytes: Buffer) => Buffer, payOnly = false): Answering =>
  answered(ASSET, (a, x) => (x.asset && (!payOnly || x.asset.label !== undefined) ? { ...a, body: bend(a.body) } : a));
const of = (type: Account['type']) => (a: Account) => a.type === type;

export const STATEMENTS_FAULTS = faultCatalogue([
  // --- One statement, v1 (seed 002: 200 PDF; 203 MFA; up to 24 months)
  fault('fd-stmt-pdf-base64', 'FD-STMT-PDF: the statement is answered as the Base64 text of the PDF', {
    answer: answered(V1, (a) => ({ ...a, body: a.body.toString('base64') })),
  }),
  fault('fd-stmt-pdf-as-text-plain', 'FD-STMT-PDF: the v1 statement comes with Content-Type text/plain (the PDF bytes unchanged)', {
    answer: answered(V1, (a) => ({ ...a, type: 'text/plain' })),
  }),
  fault('fd-prop-media-same-stmt-octet-stream-month-behind', {
    rule: 'FD-PROP-MEDIA-SAME: the v1 statement asked as application/octet-stream (provider 1.35.0) is the statement of the index before the one asked, the PDF form the right one',
    answer: answered(V1, (a, x) => {
      const accept = x.accept;
      return /application\/octet-stream/i.test(accept) && !/application\/pdf/i.test(accept) && x.index! < 24
        ? { status: 200, type: 'application/octet-stream', body: x.statementOf(x.index! + 1).pdf }
        : a;
    }),
    ...provider,
    ...seededAt,
    ...was('seeded-prop-stmt-octet-stream-month-behind'),
  }),
  fault('fd-stmt-account-types-unsupported', 'FD-STMT-ACCOUNT-TYPES: a student loan and a line of credit have no statements (400)', {
    judge: (x, s, r) =>
      r ??
      (s === 'account' && (x.op === V1 || x.op === V3) && (x.account?.type === 'studentLoan' || x.account?.type === 'lineOfCredit')
        ? { status: 400, message: 'Bad request. (Account type not supported).' }
        : undefined),
  }),
  fault('fd-stmt-index-range-above-max-accepted', 'FD-STMT-INDEX-RANGE: an index above the maximum is served', {
    relax: [{ schema: 'StatementIndex', shift: { maximum: 1 } }],
    ...provider,
  }),
  fault('fd-stmt-index-range-zero-accepted', 'FD-STMT-INDEX-RANGE: index 0 is served', {
    relax: [{ schema: 'StatementIndex', drop: ['minimum'] }],
    ...provider,
  }),
  fault('fd-stmt-index-range-max-refused', 'FD-STMT-INDEX-RANGE: the maximum statement index is refused 400 (the contract one lower)', {
    relax: [{ schema: 'StatementIndex', shift: { maximum: -1 } }],
    ...blind('blind-statements-index-max-23'),
  }),
  fault('fd-stmt-index-range-v1-max-refused', {
    rule: 'FD-STMT-INDEX-RANGE: GetCustomerAccountStatement refuses the highest index, the bound read as exclusive',
    judge: refuse(V1, 'index', 'index must be less than 24', (x) => x.index === 24),
  }),
  fault('fd-stmt-default-index-oldest', 'FD-STMT-DEFAULT-INDEX: without index v1 gives the oldest statement, not the most recent', {
    judge: fold(V1, 'index', (x) => x.input.query.index === undefined && (x.index = 24)),
    ...provider,
  }),
  fault('fd-stmt-default-index-savings-two', {
    rule: 'FD-STMT-DEFAULT-INDEX: a savings account without index gets the statement before the latest',
    judge: fold(V1, 'index', (x) => x.input.query.index === undefined && x.account!.type === 'savings' && (x.index = 2)),
    ...provider,
  }),
  fault('fd-stmt-mfa-ignored', 'FD-STMT-MFA: the v1 statement of an MFA account is served 200', { judge: skip(V1, 'mfa') }),
  fault('fd-stmt-mfa-v3-ignored', 'FD-STMT-MFA: the v3 details of an MFA account are served 200', { judge: skip(V3, 'mfa') }),
  fault('fd-stmt-mfa-v3-skipped-with-index', 'FD-STMT-MFA: v3 asked with an explicit index answers an MFA account 200 with details', {
    judge: skip(V3, 'mfa', (x) => x.input.query.index !== undefined),
  }),
  fault('fd-stmt-asset-link-v1-investment-latest', {
    rule: 'FD-STMT-ASSET-LINK, FD-STMT-INDEX-RANGE: for an investment account the one-statement read renders the latest statement whatever the index asked',
    judge: reading(of('investment'), () => 1),
    ...seededAt,
  }),
  fault('fd-stmt-index-order-v1-credit-card-shifted', {
    rule: 'FD-STMT-INDEX-ORDER, FD-STMT-PDF: for a credit card account v1 returns the statement one further back',
    judge: reading(
      (a, i) => a.type === 'creditCard' && i < 24,
      (i) => i + 1,
    ),
  }),
  fault('fd-stmt-asset-link-v1-past-twelve-month-of-year', {
    rule: 'FD-STMT-ASSET-LINK: the v1 statement of an index older than a year is that of the same month of the latest year',
    judge: reading(
      (_a, i) => i > 12,
      (i) => i - 12,
    ),
  }),
  fault('fd-stmt-index-order-period-year-not-wrapped', {
    rule: 'FD-STMT-INDEX-ORDER, FD-PROP-INDEX-ORDER: the month is counted back within the current year, so an index reaching into last year is dated later in this year',
    judge: (x, s, r) => {
      if (s === 'period') x.period = (index) => periodOfMonth(x.nowMs, (((new Date(x.nowMs).getUTCMonth() - index) % 12) + 12) % 12);
      return r;
    },
    ...assumption,
    ...was('i6-statement-period-year-not-wrapped'),
  }),
  // --- Statement details, v3
  fault('fd-stmt-indexes-range-above-max-accepted', 'FD-STMT-INDEXES-RANGE: an index above the maximum in the list is served', {
    relax: [{ schema: 'StatementIndexes', set: { pattern: '^([1-9]|1[0-9]|2[0-5])(,([1-9]|1[0-9]|2[0-5])){0,23}$' } }],
    ...provider,
  }),
  fault('fd-stmt-indexes-range-zero-accepted', 'FD-STMT-INDEXES-RANGE: an index 0 in the list is served', {
    relax: [{ schema: 'StatementIndexes', set: { pattern: '^([0-9]|1[0-9]|2[0-4])(,([0-9]|1[0-9]|2[0-4])){0,23}$' } }],
    ...provider,
  }),
  fault('fd-stmt-indexes-range-max-refused', 'FD-STMT-INDEXES-RANGE: the multiple-statement read refuses the maximum index with 400', {
    judge: refuse(V3, 'indexes', 'index must be less than 24', (x) => x.indexes!.includes(24)),
  }),
  fault('fd-stmt-details-max-one-more', 'FD-STMT-DETAILS-MAX: one index more than maxItems is served', {
    relax: [{ schema: 'StatementIndexes', set: { pattern: `^${INDEX}(,${INDEX}){0,24}$` } }],
    ...assumption,
  }),
  fault('fd-stmt-details-max-truncated', 'FD-STMT-DETAILS-MAX: maxItems indexes give one detail fewer', {
    judge: detailing((indexes) => indexes.slice(0, 23)),
  }),
  fault('fd-stmt-details-max-last-index-dropped', {
    rule: 'FD-STMT-DETAILS-MAX, FD-STMT-INDEX-ORDER: of several indexes asked, the last is left out',
    judge: detailing((indexes) => (indexes.length > 1 ? indexes.slice(0, -1) : indexes)),
  }),
  fault('fd-stmt-default-index-v3-all', 'FD-STMT-DEFAULT-INDEX: without index, statement details give every statement, not index 1 alone', {
    judge: everyByDefault(() => true),
    ...provider,
    ...blind('blind-statements-v3-default-all'),
  }),
  fault('fd-stmt-default-index-v3-line-of-credit-all', {
    rule: 'FD-STMT-DEFAULT-INDEX: for a line of credit the multiple-statement read without index details every statement',
    judge: everyByDefault(of('lineOfCredit')),
    ...provider,
    ...seededAt,
  }),
  fault('fd-stmt-index-order-mortgage-descending', {
    rule: "FD-STMT-INDEX-ORDER: a mortgage account's details answered from the highest index to the lowest",
    judge: detailing((indexes, x) => (x.account!.type === 'mortgage' ? [...indexes].sort((a, b) => b - a) : indexes)),
    ...provider,
  }),
  fault('fd-stmt-index-order-index-is-position', 'FD-STMT-INDEX-ORDER: each detail carries its position in the list, not the index asked', {
    answer: details((d, _x, n) => ({ ...d, index: String(n + 1) })),
    ...provider,
    ...blind('blind-statements-v3-index-is-position'),
  }),
  fault('fd-stmt-index-order-index-as-number', 'FD-STMT-INDEX-ORDER: each v3 detail gives its index as a JSON number', {
    answer: details((d) => ({ ...d, index: Number(d.index) })),
    ...provider,
  }),
  fault('fd-stmt-index-order-last-index-document-of-previous', {
    rule: 'FD-STMT-INDEX-ORDER, FD-PROP-INDEX-ORDER: the oldest index allowed is answered with the document of the index before it',
    answer: details((d, x) => {
      if (d.index !== '24') return d;
      const { id, p } = x.statementOf(23);
      return { ...d, id, description: p.description, documentDate: p.documentDate };
    }),
    ...was('i17-stmt-v3-index-24-document-of-23'),
  }),
  fault('fd-stmt-index-order-savings-dated-as-latest', {
    rule: 'FD-STMT-INDEX-ORDER, FD-PROP-INDEX-ORDER: for a savings account every detail carries the document date of the latest statement',
    answer: details((d, x) => (x.account!.type === 'savings' ? { ...d, documentDate: x.period(1).documentDate } : d)),
    ...provider,
    ...was('i19-stmt-v3-savings-details-dated-as-latest'),
  }),
  fault('fd-stmt-index-order-past-year-dated-as-next', {
    rule: 'FD-STMT-INDEX-ORDER, FD-PROP-INDEX-ORDER: an index past the first year carries the document date of the index one lower',
    answer: details((d, x) => (Number(d.index) > 12 ? { ...d, documentDate: x.period(Number(d.index) - 1).documentDate } : d)),
    ...provider,
    ...was('i34-fd-stmt-v3-past-year-dated-as-next'),
  }),
  fault('fd-date-unit-stmt-as-of-date-ms', 'FD-DATE-UNIT: the multiple-statement details give asOfDate in epoch milliseconds', {
    answer: details((d, x) => ({ ...d, asOfDate: x.nowMs })),
    ...assumption,
  }),
  // --- The statement assets (seed 002: the asset id of a detail downloads that statement)
  fault('fd-stmt-asset-link-off-by-one', 'FD-STMT-ASSET-LINK: the asset of a detail is the statement of the index after it', {
    state: registered((a, x, index) => ({ ...a, bytes: statementPdf(x.account!, index + 1, x.period(index + 1)) })),
  }),
  fault('fd-stmt-asset-link-unregistered', 'FD-STMT-ASSET-LINK: the asset ids of the details do not download (404)', {
    state: registered(() => undefined),
  }),
  fault('fd-stmt-asset-link-crlf', {
    rule: 'FD-STMT-ASSET-LINK: a statement asset is stored as text with CRLF line endings, no longer the v1 bytes',
    state: registered((a) => ({ ...a, bytes: Buffer.from(a.bytes.toString('ascii').replace(/\n/g, '\r\n'), 'ascii') })),
    ...blind('blind-statements-asset-crlf'),
  }),
  fault('fd-stmt-asset-link-first-index-id', 'FD-STMT-ASSET-LINK: with several indexes every detail carries the asset id of the first', {
    answer: details((d, _x, _n, all) => (all.length > 1 ? { ...d, id: all[0].id } : d)),
    ...provider,
  }),
  fault('fd-stmt-asset-link-loan-latest', "FD-STMT-ASSET-LINK: for a loan account every detail carries the latest statement's asset id", {
    answer: details((d, x) => (x.account!.type === 'loan' ? { ...d, id: x.statementOf(1).id } : d)),
    ...seededAt,
  }),
  fault('fd-stmt-asset-link-credit-card-index-one', {
    rule: 'FD-STMT-ASSET-LINK: for a credit card account every detail names the asset of index 1',
    answer: details((d, x) => (x.account!.type === 'creditCard' ? { ...d, id: x.statementOf(1).id } : d)),
    ...provider,
  }),
  fault('fd-stmt-asset-link-later-ids-uppercased', 'FD-STMT-ASSET-LINK: the details after the first name their asset id in upper case', {
    answer: details((d, _x, n) => (n > 0 ? { ...d, id: String(d.id).toUpperCase() } : d)),
  }),
  // --- Pay statements and assets (seed 002: stored, then downloaded byte for byte)
  fault('fd-paystmt-required-label-optional', 'FD-PAYSTMT-REQUIRED: a pay statement without label is stored', {
    relax: [{ schema: 'PayStatement', unrequire: ['label'] }],
    ...provider,
  }),
  fault('fd-paystmt-roundtrip-asset-base64', 'FD-PAYSTMT-ROUNDTRIP: a pay statement downloads as the Base64 text of its bytes', {
    answer: downloaded((b) => Buffer.from(b.toString('base64'), 'ascii'), true),
  }),
  fault('fd-paystmt-roundtrip-asset-latin1', {
    rule: 'FD-PAYSTMT-ROUNDTRIP: a pay statement downloads re-encoded (its bytes read as Latin-1, written as UTF-8)',
    answer: downloaded((b) => Buffer.from(b.toString('latin1'), 'utf8'), true),
  }),
  fault('fd-paystmt-roundtrip-read-cut-at-1m', {
    rule: 'FD-PAYSTMT-ROUNDTRIP: GetAssetByCustomerID writes at most one fixed 1 MiB buffer, so a larger asset comes back cut',
    answer: downloaded((b) => b.subarray(0, 1_048_576)),
    ...seededAt,
  }),
  fault('fd-paystmt-roundtrip-read-leading-whitespace-trimmed', {
    rule: 'FD-PAYSTMT-ROUNDTRIP: GetAssetByCustomerID drops the leading spaces, tabs, line ends and NUL bytes of the document it writes',
    answer: downloaded((b) => {
      let start = 0;
      while (start < b.length && [0x00, 0x09, 0x0a, 0x0d, 0x20].includes(b[start])) start++;
      return b.subarray(start);
    }),
    ...seededAt,
  }),
  fault('fd-paystmt-roundtrip-eof-newline-added', {
    rule: 'FD-PAYSTMT-ROUNDTRIP: a pay statement ending in %%EOF downloads with a newline added after it',
    answer: downloaded((b) => (b.subarray(-5).toString('latin1') === '%%EOF' ? Buffer.concat([b, Buffer.from('\n', 'latin1')]) : b), true),
  }),
  fault('fd-paystmt-roundtrip-trailing-whitespace-trimmed', {
    rule: 'FD-PAYSTMT-ROUNDTRIP: trailing newline, carriage return, space and NUL bytes of a pay statement are dropped when it is stored',
    state: storing((b) => {
      let end = b.length;
      while (end > 0 && [0x00, 0x0a, 0x0d, 0x20].includes(b[end - 1])) end--;
      return b.subarray(0, end);
    }),
  }),
  fault('fd-paystmt-roundtrip-cut-at-64k', 'FD-PAYSTMT-ROUNDTRIP: the store keeps at most 65,536 bytes of a pay statement', {
    state: storing((b) => b.subarray(0, 65_536)),
  }),
  fault('fd-paystmt-roundtrip-leading-bom-stripped', {
    rule: 'FD-PAYSTMT-ROUNDTRIP: a pay statement starting with a UTF-8 byte order mark is stored without it',
    state: storing((b) => (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf ? b.subarray(3) : b)),
  }),
  fault('fd-paystmt-roundtrip-incomplete-utf8-tail-dropped', {
    rule: 'FD-PAYSTMT-ROUNDTRIP: a pay statement ending inside a UTF-8 character is stored without that last partial character',
    state: storing((b) => {
      const end = b.length;
      let lead = end - 1;
      while (lead > 0 && lead > end - 4 && (b[lead] & 0xc0) === 0x80) lead--;
      const need = b[lead] >= 0xf0 ? 4 : b[lead] >= 0xe0 ? 3 : b[lead] >= 0xc0 ? 2 : 1;
      return lead >= 0 && need > end - lead ? b.subarray(0, lead) : b;
    }),
    ...seededAt,
  }),
  fault('fd-paystmt-roundtrip-crlf-normalised', 'FD-PAYSTMT-ROUNDTRIP: CRLF line ends in a pay statement come back as LF', {
    state: storing((b) => Buffer.from(b.toString('latin1').replace(/\r\n/g, '\n'), 'latin1')),
  }),
  fault('fd-paystmt-roundtrip-stored-as-utf8-text', {
    rule: 'FD-PAYSTMT-ROUNDTRIP: a pay statement is kept as UTF-8 text, every sequence that is not UTF-8 replaced',
    state: storing((b) => Buffer.from(b.toString('utf8'), 'utf8')),
  }),
  fault('fd-paystmt-roundtrip-same-label-overwrites-earlier', {
    rule: 'FD-PAYSTMT-ROUNDTRIP, FD-MODIFY-LEAVES-OTHERS, FD-PROP-WRITE-SCOPE: storing a pay statement under a label already used also replaces the earlier asset bytes',
    state: (x, c) => {
      if (c.kind === 'pay-statement')
        for (const earlier of x.world.statements.assets.values())
          if (earlier.customerId === x.input.path.customerId && earlier.label !== undefined && earlier.label === c.label)
            earlier.bytes = c.bytes;
      return c;
    },
    ...was('i31-fd-paystmt-same-label-overwrites-earlier'),
  }),
  fault('fd-asset-owner-unchecked', "FD-ASSET-OWNER: another customer's asset is served", {
    judge: skip(
      ASSET,
      'asset',
      (x) => x.world.statements.assets.has(x.input.path.assetId),
      (x) => (x.asset = x.world.statements.assets.get(x.input.path.assetId)),
    ),
  }),
  fault('fd-asset-unknown-empty', 'FD-ASSET-UNKNOWN: an asset id never issued is an empty 200', {
    judge: skip(ASSET, 'asset', (x) => !x.world.statements.assets.has(x.input.path.assetId)),
  }),
  fault('fd-asset-unknown-id-case-folded', 'FD-ASSET-UNKNOWN, FD-OBJ-EXACT-ID-FOLD: the asset store looks ids up without case', {
    judge: foundAs((id, asked) => id.toLowerCase() === asked.toLowerCase()),
    ...provider,
  }),
  fault('fd-obj-exact-id-fold-asset-leading-zeros', {
    rule: 'FD-OBJ-EXACT-ID-FOLD: GetAssetByCustomerID compares asset ids with their leading zeros dropped',
    judge: foundAs((id, asked) => id.replace(/^0+/, '') === asked.replace(/^0+/, '')),
    ...assumption,
    ...seededAt,
  }),
]);
