// Faults of statements, pay statements and assets, named `fd-<rule id>-<deviation>` (schemas/financial-data/rules/statements.yaml):
// `relax`, or statements.ts's seams (Step, what a read registers or a store keeps, the answer). An id docs/mutation.md names, and a
// blind fault's first id, stay as aliases.
import { assumption, blind, faultCatalogue, provider, seeded, was, type SeamFn, schema } from '../kit/faults.js';
import { faultKit } from './fault-builders.js';
import type { Account } from './state.js';
import { type Exchange, type StatementSeams } from './statements.records.js';

type Judge = SeamFn<StatementSeams, 'judge'>;
type Answering = SeamFn<StatementSeams, 'answer'>;
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
  fault('fd-prop-media-same-stmt-octet-stream-month-behind', {
    rule: 'FD-PROP-MEDIA-SAME: the v1 statement asked as application/octet-stream (provider 1.35.0) is the statement of the index before the one asked, the PDF form the right one',
    answer: answered(V1, (a, x) => {
      const accept = x.accept;
      return /application\/octet-stream/i.test(accept) && !/application\/pdf/i.test(accept) && x.index! < 24
        ? { status: 200, type: 'application/octet-stream', body: x.statementOf(x.index! + 1).pdf }
        : a;
    }),
    ...provider,
    ...seeded,
    ...was('seeded-prop-stmt-octet-stream-month-behind'),
  }),
  fault('fd-stmt-account-types-unsupported', 'FD-STMT-ACCOUNT-TYPES: a student loan and a line of credit have no statements (400)', {
    judge: (x, s, r) =>
      r ??
      (s === 'account' && (x.op === V1 || x.op === V3) && (x.account?.type === 'studentLoan' || x.account?.type === 'lineOfCredit')
        ? { status: 400, message: 'Bad request. (Account type not supported).' }
        : undefined),
  }),
  fault('fd-stmt-mfa-ignored', 'FD-STMT-MFA: the v1 statement of an MFA account is served 200', { judge: skip(V1, 'mfa') }),
  fault('fd-stmt-asset-link-v1-investment-latest', {
    rule: 'FD-STMT-ASSET-LINK, FD-STMT-INDEX-RANGE: for an investment account the one-statement read renders the latest statement whatever the index asked',
    judge: reading(of('investment'), () => 1),
    ...seeded,
  }),
  // --- Statement details, v3
  fault('fd-stmt-indexes-range-above-max-accepted', 'FD-STMT-INDEXES-RANGE: an index above the maximum in the list is served', {
    relax: schema('StatementIndexes', { set: { pattern: '^([1-9]|1[0-9]|2[0-5])(,([1-9]|1[0-9]|2[0-5])){0,23}$' } }),
    ...provider,
  }),
  fault('fd-stmt-details-max-one-more', 'FD-STMT-DETAILS-MAX: one index more than maxItems is served', {
    relax: schema('StatementIndexes', { set: { pattern: `^${INDEX}(,${INDEX}){0,24}$` } }),
    ...assumption,
  }),
  fault('fd-stmt-details-max-truncated', 'FD-STMT-DETAILS-MAX: maxItems indexes give one detail fewer', {
    judge: detailing((indexes) => indexes.slice(0, 23)),
  }),
  fault('fd-stmt-default-index-v3-all', 'FD-STMT-DEFAULT-INDEX: without index, statement details give every statement, not index 1 alone', {
    judge: everyByDefault(() => true),
    ...provider,
    ...blind,
    ...was('blind-statements-v3-default-all'),
  }),
  fault('fd-stmt-index-order-index-is-position', 'FD-STMT-INDEX-ORDER: each detail carries its position in the list, not the index asked', {
    answer: details((d, _x, n) => ({ ...d, index: String(n + 1) })),
    ...provider,
    ...blind,
    ...was('blind-statements-v3-index-is-position'),
  }),
  fault('fd-stmt-index-order-past-year-dated-as-next', {
    rule: 'FD-STMT-INDEX-ORDER, FD-PROP-INDEX-ORDER: an index past the first year carries the document date of the index one lower',
    answer: details((d, x) => (Number(d.index) > 12 ? { ...d, documentDate: x.period(Number(d.index) - 1).documentDate } : d)),
    ...provider,
    ...was('i34-fd-stmt-v3-past-year-dated-as-next'),
  }),
  // --- Pay statements and assets (seed 002: stored, then downloaded byte for byte)
  fault('fd-paystmt-required-label-optional', 'FD-PAYSTMT-REQUIRED: a pay statement without label is stored', {
    relax: schema('PayStatement', { unrequire: ['label'] }),
    ...provider,
  }),
  fault('fd-paystmt-roundtrip-asset-base64', 'FD-PAYSTMT-ROUNDTRIP: a pay statement downloads as the Base64 text of its bytes', {
    answer: downloaded((b) => Buffer.from(b.toString('base64'), 'ascii'), true),
  }),
  fault('fd-paystmt-roundtrip-eof-newline-added', {
    rule: 'FD-PAYSTMT-ROUNDTRIP: a pay statement ending in %%EOF downloads with a newline added after it',
    answer: downloaded((b) => (b.subarray(-5).toString('latin1') === '%%EOF' ? Buffer.concat([b, Buffer.from('\n', 'latin1')]) : b), true),
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
]);
