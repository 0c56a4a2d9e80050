// Faults of statements, pay statements and assets (switched in statements.ts): each breaks one rule
// of schemas/financial-data/rules/statements.yaml, the way a provider's release might. `rules` names
// the rule ids it breaks (`npm run mutation -- --targeted` runs the specs citing them). The faults
// of the suite's authors first, then those written blind (`origin: 'blind'`, measured apart by `npm
// run mutation -- --blind`).
import { faultCatalogue, blind, independent, seeded } from '../kit/faults.js';

const INDEX = '([1-9]|1[0-9]|2[0-4])';

export const STATEMENTS_FAULTS = faultCatalogue([
  // Seeded beside the folded ids of the near-id checker (security.near-id.spec.ts: a leading zero).
  seeded({
    id: 'asset-id-leading-zeros-dropped',
    rule: 'FD-OBJ-EXACT-ID-FOLD: GetAssetByCustomerID compares asset ids with their leading zeros dropped, so the id with a zero before it reads the asset',
    source: 'assumption',
    rules: ['FD-OBJ-EXACT-ID-FOLD'],
  }),
  // Seeded beside the media-types property (properties.media-types.spec.ts): one document, two media types.
  seeded({
    id: 'seeded-prop-stmt-octet-stream-month-behind',
    rule: 'FD-PROP-MEDIA-SAME: the v1 statement asked as application/octet-stream (provider 1.35.0) is the statement of the index before the one asked, the PDF form the right one',
    source: 'provider',
    rules: ['FD-PROP-MEDIA-SAME'],
  }),
  // One statement (seed 002: 200 PDF; 203 MFA; up to 24 months).
  {
    id: 'statements-pdf-base64',
    rule: 'FD-STMT-PDF: the statement is the PDF itself (not its Base64 text)',
    source: 'seed',
    rules: ['FD-STMT-PDF'],
  },
  {
    id: 'statements-type-unsupported',
    rule: 'FD-STMT-ACCOUNT-TYPES: every account type the seed names has statements',
    source: 'seed',
    rules: ['FD-STMT-ACCOUNT-TYPES'],
  },
  {
    id: 'statements-index-25-accepted',
    rule: 'FD-STMT-INDEX-RANGE: an index above the maximum is a 400',
    source: 'provider',
    rules: ['FD-STMT-INDEX-RANGE'],
    relax: [{ schema: 'StatementIndex', set: { maximum: 25 } }],
  },
  {
    id: 'statements-index-0-accepted',
    rule: 'FD-STMT-INDEX-RANGE: index 0 is a 400',
    source: 'provider',
    rules: ['FD-STMT-INDEX-RANGE'],
    relax: [{ schema: 'StatementIndex', drop: ['minimum'] }],
  },
  {
    id: 'statements-default-oldest',
    rule: 'FD-STMT-DEFAULT-INDEX: without index the most recent statement (1)',
    source: 'provider',
    rules: ['FD-STMT-DEFAULT-INDEX'],
  },
  {
    id: 'statements-mfa-ignored',
    rule: 'FD-STMT-MFA: the v1 statement of an MFA account is a 203',
    source: 'seed',
    rules: ['FD-STMT-MFA'],
  },
  {
    id: 'statements-mfa-v3-ignored',
    rule: 'FD-STMT-MFA: the v3 details of an MFA account are a 203',
    source: 'seed',
    rules: ['FD-STMT-MFA'],
  },
  // Statement details (seed 002: up to 24; the asset id used with the asset retrieval).
  {
    id: 'statements-indexes-25-accepted',
    rule: 'FD-STMT-INDEXES-RANGE: an index above the maximum in the list is a 400',
    source: 'provider',
    rules: ['FD-STMT-INDEXES-RANGE'],
    relax: [{ schema: 'StatementIndexes', set: { pattern: '^([1-9]|1[0-9]|2[0-5])(,([1-9]|1[0-9]|2[0-5])){0,23}$' } }],
  },
  {
    id: 'statements-indexes-0-accepted',
    rule: 'FD-STMT-INDEXES-RANGE: an index 0 in the list is a 400',
    source: 'provider',
    rules: ['FD-STMT-INDEXES-RANGE'],
    relax: [{ schema: 'StatementIndexes', set: { pattern: '^([0-9]|1[0-9]|2[0-4])(,([0-9]|1[0-9]|2[0-4])){0,23}$' } }],
  },
  {
    id: 'statements-details-max-25',
    rule: 'FD-STMT-DETAILS-MAX: more indexes than maxItems are a 400',
    source: 'assumption',
    rules: ['FD-STMT-DETAILS-MAX'],
    relax: [{ schema: 'StatementIndexes', set: { pattern: `^${INDEX}(,${INDEX}){0,24}$` } }],
  },
  {
    id: 'statements-details-truncated',
    rule: 'FD-STMT-DETAILS-MAX: maxItems indexes give as many details',
    source: 'seed',
    rules: ['FD-STMT-DETAILS-MAX'],
  },
  {
    id: 'statements-index-unordered',
    rule: 'FD-STMT-INDEX-ORDER: one detail per index, in the order asked',
    source: 'provider',
    rules: ['FD-STMT-INDEX-ORDER'],
  },
  {
    id: 'statements-asset-off-by-one',
    rule: 'FD-STMT-ASSET-LINK: the asset of a detail is the statement of that index',
    source: 'seed',
    rules: ['FD-STMT-ASSET-LINK'],
  },
  {
    id: 'statements-assets-unregistered',
    rule: 'FD-STMT-ASSET-LINK: the asset ids of the details download',
    source: 'seed',
    rules: ['FD-STMT-ASSET-LINK'],
  },
  // Pay statements and assets (seed 002: PayStatement 200; asset 200 binary; 404).
  {
    id: 'paystmt-asset-base64',
    rule: 'FD-PAYSTMT-ROUNDTRIP: the asset is the bytes stored (not their Base64 text)',
    source: 'seed',
    rules: ['FD-PAYSTMT-ROUNDTRIP'],
  },
  {
    id: 'paystmt-asset-latin1',
    rule: 'FD-PAYSTMT-ROUNDTRIP: the asset is the bytes stored (not re-encoded)',
    source: 'seed',
    rules: ['FD-PAYSTMT-ROUNDTRIP'],
  },
  { id: 'assets-owner-unchecked', rule: "FD-ASSET-OWNER: another customer's asset is a 404", source: 'seed', rules: ['FD-ASSET-OWNER'] },
  {
    id: 'assets-unknown-empty',
    rule: 'FD-ASSET-UNKNOWN: an asset id never issued is a 404 (not an empty 200)',
    source: 'seed',
    rules: ['FD-ASSET-UNKNOWN'],
  },
  {
    id: 'paystmt-label-optional',
    rule: 'FD-PAYSTMT-REQUIRED: label and statement are required',
    source: 'provider',
    rules: ['FD-PAYSTMT-REQUIRED'],
    relax: [{ schema: 'PayStatement', unrequire: ['label'] }],
  },
  // Written blind (kit/faults.ts, blind): from the sources and the mock, without reading the specs.
  // Statements, pay statements, assets (seed 002, Statements, pay statements, assets; Limits; provider 1.35.0).
  blind({
    id: 'blind-statements-v3-default-all',
    rule: 'without index, statement details give one detail, of index 1 (provider 1.35.0 StatementIndexesParameter default "1")',
    source: 'provider',
    rules: ['FD-STMT-DEFAULT-INDEX'],
  }),
  blind({
    id: 'blind-statements-v3-index-is-position',
    rule: 'each statement detail carries the index asked for, not its position in the list (provider 1.35.0 CustomerAccountMultipleStatement.index)',
    source: 'provider',
    rules: ['FD-STMT-INDEX-ORDER'],
  }),
  blind({
    id: 'blind-statements-asset-crlf',
    rule: "a statement detail's asset downloads the same PDF bytes as v1 with that index (seed 002, Statements: the asset id is then used with the asset retrieval)",
    source: 'seed',
    rules: ['FD-STMT-ASSET-LINK'],
  }),
  blind({
    id: 'blind-statements-index-max-23',
    rule: 'statement index accepts its minimum to its maximum: the maximum is served (seed 002, Limits: statements up to a number of months; provider StatementIndexParameter maximum)',
    source: 'seed',
    rules: ['FD-STMT-INDEX-RANGE'],
    relax: [{ schema: 'StatementIndex', set: { maximum: 23 } }],
  }),
  // The third independent set (kit/faults.ts, independent): written from the seeds, the provider's
  // documents, the contract, the rule catalogue and this mock only, the specs unread.
  independent('independent-3', {
    id: 'i3-paystmt-trailing-whitespace-trimmed',
    rule: 'a stored pay statement downloads as exactly the bytes stored (seed 002, Pay statements and assets): trailing newline, carriage return, space and NUL bytes of the document are dropped when it is stored (a PDF ending with a newline comes back shorter)',
    source: 'seed',
    rules: ['FD-PAYSTMT-ROUNDTRIP'],
  }),
  independent('independent-6', {
    id: 'i6-statement-period-year-not-wrapped',
    rule: 'a higher index has an earlier document date (FD-STMT-INDEX-ORDER): the month is counted back within the current year, so an index reaching into last year is dated later in this year',
    source: 'assumption',
    rules: ['FD-STMT-INDEX-ORDER', 'FD-PROP-INDEX-ORDER'],
  }),
  independent('independent-9', {
    id: 'i9-asset-id-case-folded',
    rule: 'an asset id the target never issued is a 404 (seed 002 Statements: the asset id of a statement is used with the asset retrieval; provider 1.35.0 404): the asset store looks ids up without case, so the issued id in upper case downloads the asset',
    source: 'provider',
    rules: ['FD-ASSET-UNKNOWN', 'FD-OBJ-EXACT-ID-FOLD'],
  }),
  independent('independent-9', {
    id: 'i9-paystmt-cut-at-64k',
    rule: 'a stored pay statement downloads as exactly the bytes stored (seed 002: StoreCustomerPayStatement, then GetAssetByCustomerID returns the binary): the store keeps at most 65,536 bytes (a fixed read buffer), so a larger statement comes back cut',
    source: 'seed',
    rules: ['FD-PAYSTMT-ROUNDTRIP'],
  }),
  // Seeded beside the whole-size round trip of a pay statement (statements.assets.spec.ts; origin 'seeded').
  seeded({
    id: 'asset-read-cut-at-1m',
    rule: 'a stored pay statement downloads as exactly the bytes stored (FD-PAYSTMT-ROUNDTRIP): GetAssetByCustomerID writes at most 1,048,576 bytes (one fixed buffer), so a larger asset comes back cut',
    source: 'seed',
    rules: ['FD-PAYSTMT-ROUNDTRIP'],
  }),
  // Seeded beside the edge bytes of a pay statement's round trip (statements.assets.spec.ts; origin 'seeded').
  seeded({
    id: 'seeded-asset-read-leading-whitespace-trimmed',
    rule: 'a stored pay statement downloads as exactly the bytes stored (FD-PAYSTMT-ROUNDTRIP): GetAssetByCustomerID drops the leading spaces, tabs, line ends and NUL bytes of the document it writes',
    source: 'seed',
    rules: ['FD-PAYSTMT-ROUNDTRIP'],
  }),
  independent('independent-11', {
    id: 'i11-statement-v3-asset-id-of-first-index',
    rule: "each detail's asset id downloads the statement of that index (provider 1.35.0 GetCustomerAccountMultipleStatement, StatementDetails.id): with several indexes every detail carries the asset id of the first",
    source: 'provider',
    rules: ['FD-STMT-ASSET-LINK'],
  }),
  independent('independent-12', {
    id: 'i12-stmt-v1-index-24-refused',
    rule: 'a statement index at either end of its range is served (seed 002, Limits: statement index): GetCustomerAccountStatement refuses the highest index, the bound read as exclusive',
    source: 'seed',
    rules: ['FD-STMT-INDEX-RANGE'],
  }),
  independent('independent-12', {
    id: 'i12-stmt-v3-index-as-number',
    rule: 'each v3 detail carries its index (provider 1.35.0 StatementDetail.index, a string): the index is answered as a JSON number',
    source: 'provider',
    rules: ['FD-STMT-INDEX-ORDER'],
  }),
  independent('independent-14', {
    id: 'i14-stmt-v3-index-24-refused',
    rule: 'statement indexes up to the stated maximum are served, the maximum included (seed 002, Limits: statement details): the multiple-statement read (v3) refuses the maximum index with 400',
    source: 'seed',
    rules: ['FD-STMT-INDEXES-RANGE'],
  }),
  // Red team rt- (origin 'seeded'): deviations written as a stranger would, from the seed, the provider document and the mock.
  seeded({
    id: 'rt-asset-pay-statement-other-customer-same-partner',
    rule: 'FD-ASSET-OWNER: GetAssetByCustomerID serves a stored pay statement through another customer of the same partner (the owner compared by partner only)',
    source: 'seed',
    rules: ['FD-ASSET-OWNER', 'FD-OBJ-OTHER-PARENT'],
  }),
  independent('independent-15', {
    id: 'i15-stmt-v3-repeated-index-collapsed',
    rule: 'the multiple-statement read gives one detail per index asked, in the order asked (provider 1.35.0 StatementIndexesParameter; seed 002, Statements: the multiple-statement call details several statements): an index asked twice gives one detail',
    source: 'provider',
    rules: ['FD-STMT-INDEX-ORDER'],
  }),
  // Seeded beside the repeated indexes of the order check (statements.details.spec.ts).
  // Per-type family: a statement rule kept on every account type but one (statements.known.ts, oneOfEachType).
  seeded({
    id: 'seeded-fam24-stmt-v1-investment-latest-always',
    rule: 'FD-STMT-ASSET-LINK: for an investment account the one-statement read renders the latest statement whatever the index asked, so it no longer matches the asset of that index',
    source: 'seed',
    rules: ['FD-STMT-ASSET-LINK', 'FD-STMT-INDEX-RANGE'],
  }),
  seeded({
    id: 'seeded-fam24-stmt-v3-loan-asset-of-latest',
    rule: "FD-STMT-ASSET-LINK: for a loan account every detail of the multiple-statement read carries the latest statement's asset id",
    source: 'seed',
    rules: ['FD-STMT-ASSET-LINK'],
  }),
  seeded({
    id: 'seeded-fam24-stmt-v3-line-of-credit-default-all',
    rule: 'FD-STMT-DEFAULT-INDEX: for a line of credit the multiple-statement read without index details every statement, not the most recent alone',
    source: 'provider',
    rules: ['FD-STMT-DEFAULT-INDEX'],
  }),
  seeded({
    id: 'seeded-stmt-v3-adjacent-index-collapsed',
    rule: 'FD-STMT-INDEX-ORDER: the multiple-statement read gives one detail for an index asked twice side by side (a run of the same index collapsed)',
    source: 'provider',
    rules: ['FD-STMT-INDEX-ORDER'],
  }),
  independent('independent-17', {
    id: 'i17-stmt-v3-index-24-document-of-23',
    rule: 'one detail per index asked, a higher index an earlier document (seed 002 Statements; provider 1.35.0 statement index range): the oldest index allowed is answered with the document of the index before it',
    source: 'seed',
    rules: ['FD-STMT-INDEX-ORDER', 'FD-PROP-INDEX-ORDER'],
  }),
  independent('independent-18', {
    id: 'i18-paystmt-leading-bom-stripped',
    rule: 'a stored pay statement downloads as exactly the bytes stored, length included (seed 002, Pay statements; provider StoreCustomerPayStatement): a document starting with a UTF-8 byte order mark is stored without it',
    source: 'seed',
    rules: ['FD-PAYSTMT-ROUNDTRIP'],
  }),
  independent('independent-19', {
    id: 'i19-stmt-v3-savings-details-dated-as-latest',
    rule: 'one detail per index asked, a higher index with an earlier document date (seed 002, statements; provider 1.35.0 StatementDetail): for a savings account every detail of the multiple-statement read carries the document date of the latest statement',
    source: 'provider',
    rules: ['FD-STMT-INDEX-ORDER', 'FD-PROP-INDEX-ORDER'],
  }),
  independent('independent-20', {
    id: 'i20-stmt-v3-credit-card-assets-of-index-one',
    rule: "each detail's asset id downloads the statement of that index (provider 1.35.0 GetCustomerAccountMultipleStatement): for a credit card account every detail names the asset of index 1",
    source: 'provider',
    rules: ['FD-STMT-ASSET-LINK'],
  }),
  independent('independent-21', {
    id: 'i21-stmt-v1-savings-default-index-two',
    rule: 'without index v1 gives the latest statement (provider 1.35.0 GetCustomerAccountStatement): a savings account without index gets the statement before the latest',
    source: 'provider',
    rules: ['FD-STMT-DEFAULT-INDEX'],
  }),
  independent('independent-21', {
    id: 'i21-paystmt-crlf-normalised',
    rule: 'a stored pay statement downloads as exactly the bytes stored (seed 002 Pay statements): CRLF line ends in the document come back as LF',
    source: 'seed',
    rules: ['FD-PAYSTMT-ROUNDTRIP'],
  }),
  independent('independent-22', {
    id: 'i22-stmt-v3-mortgage-indexes-descending',
    rule: "one detail per index asked, in the order asked (provider 1.35.0 GetCustomerAccountMultipleStatement): a mortgage account's details answered from the highest index to the lowest",
    source: 'provider',
    rules: ['FD-STMT-INDEX-ORDER'],
  }),
  independent('independent-23', {
    id: 'i23-stmt-v3-mfa-skipped-with-index',
    rule: 'the account whose institution asks a multi-factor challenge answers 203 on v1 and v3 (seed 002, Statements): v3 asked with an explicit index answers such an account 200 with details',
    source: 'seed',
    rules: ['FD-STMT-MFA'],
  }),
  independent('independent-23', {
    id: 'i23-paystmt-stored-as-utf8-text',
    rule: 'a stored pay statement downloads as exactly the bytes stored (seed 002, Pay statements and assets): the statement is kept as UTF-8 text, every byte sequence that is not UTF-8 replaced by U+FFFD',
    source: 'seed',
    rules: ['FD-PAYSTMT-ROUNDTRIP'],
  }),
  seeded({
    id: 'seeded-fam28a-paystmt-incomplete-utf8-tail-dropped',
    rule: 'a stored pay statement downloads as exactly the bytes stored (seed 002, Pay statements and assets): a statement ending inside a UTF-8 character (a lead byte without all its continuation bytes) is stored without that last partial character',
    source: 'seed',
    rules: ['FD-PAYSTMT-ROUNDTRIP'],
  }),
  independent('independent-24', {
    id: 'i24-paystmt-asset-eof-newline-added',
    rule: 'a stored pay statement downloads as exactly the bytes stored (seed 002, Pay statements and assets): a statement ending in %%EOF downloads with a newline added after it',
    source: 'seed',
    rules: ['FD-PAYSTMT-ROUNDTRIP'],
  }),
  independent('independent-24', {
    id: 'i24-stmt-v1-index-past-twelve-month-of-year',
    rule: 'each statement index is its own statement, the v1 PDF the same as the asset of that index (seed 002 Statements): the v1 statement of an index older than a year is that of the same month of the latest year (the index a year lower)',
    source: 'seed',
    rules: ['FD-STMT-ASSET-LINK'],
  }),
  independent('independent-26', {
    id: 'i26-stmt-v1-pdf-as-text-plain',
    rule: 'the statement is a PDF file (seed 002, Statements: 200 PDF): the v1 statement comes with Content-Type text/plain',
    source: 'seed',
    rules: ['FD-STMT-PDF'],
  }),
  independent('independent-27', {
    id: 'i27-stmt-v3-as-of-date-ms',
    rule: 'dates are epoch seconds where the provider declares integers (reference/financial-data.md, Dates): the multiple-statement details give asOfDate in epoch milliseconds',
    source: 'assumption',
    rules: ['FD-DATE-UNIT'],
  }),
  independent('independent-28', {
    id: 'i28-fd-statement-asset-other-customer',
    rule: 'an asset is read through its own customer (seed 002, Statements: GetAssetByCustomerID 404; assumption): a statement asset of another customer of the same partner is downloadable',
    source: 'assumption',
    rules: ['FD-ASSET-OWNER', 'FD-OBJ-OTHER-PARENT'],
  }),
  independent('independent-29', {
    id: 'i29-fd-stmt-v3-later-ids-of-first',
    rule: 'the multiple-statement call details each statement asked (seed 002, Statements): every detail after the first is named by the first one asset id',
    source: 'seed',
    rules: ['FD-STMT-INDEX-ORDER'],
  }),
  independent('independent-31', {
    id: 'i31-fd-paystmt-same-label-overwrites-earlier',
    rule: "each stored pay statement is an asset of its own, read back as stored (seed 002, Statements, pay statements, assets): storing a second statement under a label already used also replaces the earlier asset's bytes",
    source: 'seed',
    rules: ['FD-PAYSTMT-ROUNDTRIP', 'FD-MODIFY-LEAVES-OTHERS', 'FD-PROP-WRITE-SCOPE'],
  }),
  independent('independent-32', {
    id: 'i32-fd-stmt-v3-later-asset-ids-uppercased',
    rule: 'the multiple-statement call details statements whose asset id is then used with the asset retrieval (seed 002, Statements, pay statements, assets): the details after the first name their asset id in upper case, an id the asset retrieval does not find',
    source: 'seed',
    rules: ['FD-STMT-ASSET-LINK'],
  }),
  independent('independent-33', {
    id: 'i33-fd-stmt-v1-credit-card-index-shifted',
    rule: 'GetCustomerAccountStatement returns the statement of the index asked (seed 002, Statements): for a credit card account it returns the one one further back',
    source: 'seed',
    rules: ['FD-STMT-INDEX-ORDER', 'FD-STMT-PDF'],
  }),
  independent('independent-34', {
    id: 'i34-fd-stmt-v3-past-year-dated-as-next',
    rule: 'a higher index is an older statement with an earlier document date (provider 1.35.0 StatementIndexesParameter, CustomerAccountMultipleStatement): an index past the first year carries the document date of the index below it',
    source: 'provider',
    rules: ['FD-STMT-INDEX-ORDER', 'FD-PROP-INDEX-ORDER'],
  }),
  independent('independent-36', {
    id: 'i36-fd-stmt-v3-last-index-dropped',
    rule: 'the multiple-statement call details one statement per index asked (seed 002, Statements: it details the statements asked; provider 1.35.0, index list): with several indexes asked the last one is left out of the details',
    source: 'seed',
    rules: ['FD-STMT-INDEX-ORDER', 'FD-STMT-DETAILS-MAX'],
  }),
  independent('independent-37', {
    id: 'i37-fd-stmt-v3-last-index-dropped',
    rule: 'the multiple-statement call details every statement index asked, up to its documented maximum (seed 002, Statements: statement indexes; Limits: statement details): of several indexes asked, the last is left out',
    source: 'seed',
    rules: ['FD-STMT-DETAILS-MAX', 'FD-STMT-INDEX-ORDER'],
  }),
]);
