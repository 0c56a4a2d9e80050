// Faults of transaction data enrichment (switched in enrichment.ts; the batch cap, the required
// members and the lengths are the contract's, loosened or tightened through it): each breaks one
// rule of schemas/financial-data/rules/enrichment.yaml, the way a provider's release might. `rules`
// names the rule ids it breaks (`npm run mutation -- --targeted` runs the specs citing them). The
// faults of the suite's authors first, then those written blind (`origin: 'blind'`, measured apart
// by `npm run mutation -- --blind`).
import { faultCatalogue, blind, independent, seeded } from '../kit/faults.js';

const batch = ['properties', 'transactions'];
const member = (name: string) => ['properties', name];
const ENRICH_REQUIRED = [
  'externalCustomerId',
  'externalAccountId',
  'externalTransactionId',
  'accountType',
  'description',
  'amount',
  'transactionTimestamp',
];

export const ENRICHMENT_FAULTS = faultCatalogue([
  // Batch size (seed 002, Limits: 1000; provider minItems 1).
  {
    id: 'enrich-batch-uncapped',
    rule: 'FD-ENRICH-BATCH: a batch of 1001 transactions is a 400',
    source: 'seed',
    rules: ['FD-ENRICH-BATCH'],
    relax: [{ schema: 'EnrichTransactionsPayload', at: batch, drop: ['maxItems'] }],
  },
  {
    id: 'enrich-batch-cap-999',
    rule: 'FD-ENRICH-BATCH: a batch of maxItems transactions is enriched',
    source: 'seed',
    rules: ['FD-ENRICH-BATCH'],
    relax: [{ schema: 'EnrichTransactionsPayload', at: batch, set: { maxItems: 999 } }],
  },
  {
    id: 'enrich-empty-accepted',
    rule: 'FD-ENRICH-BATCH-EMPTY: an empty batch is a 400',
    source: 'provider',
    rules: ['FD-ENRICH-BATCH-EMPTY'],
    relax: [{ schema: 'EnrichTransactionsPayload', at: batch, drop: ['minItems'] }],
  },
  // What comes back (seed 002: categorization and entity recognition of the enclosed transactions).
  { id: 'enrich-drops-last', rule: 'FD-ENRICH-KEYED: one answer per transaction sent', source: 'seed', rules: ['FD-ENRICH-KEYED'] },
  {
    id: 'enrich-ids-renumbered',
    rule: 'FD-ENRICH-KEYED: the answers keep the externalTransactionIds sent',
    source: 'seed',
    rules: ['FD-ENRICH-KEYED'],
  },
  {
    id: 'enrich-amount-unsigned',
    rule: 'FD-ENRICH-KEYED: each answer carries the amount sent',
    source: 'seed',
    rules: ['FD-ENRICH-KEYED'],
  },
  {
    id: 'enrich-category-missing',
    rule: 'FD-ENRICH-ADDS: each transaction comes back with a category',
    source: 'seed',
    rules: ['FD-ENRICH-ADDS'],
  },
  {
    id: 'enrich-entities-missing',
    rule: 'FD-ENRICH-ADDS: each transaction comes back with the entities recognised',
    source: 'seed',
    rules: ['FD-ENRICH-ADDS'],
  },
  // Requests (provider 1.35.0 TransactionPayload).
  {
    id: 'enrich-account-type-optional',
    rule: 'FD-ENRICH-REQUIRED: accountType is required',
    source: 'provider',
    rules: ['FD-ENRICH-REQUIRED'],
    relax: [{ schema: 'EnrichmentTransactionPayload', unrequire: ['accountType'] }],
  },
  {
    id: 'enrich-timestamp-optional',
    rule: 'FD-ENRICH-REQUIRED: transactionTimestamp is required',
    source: 'provider',
    rules: ['FD-ENRICH-REQUIRED'],
    relax: [{ schema: 'EnrichmentTransactionPayload', unrequire: ['transactionTimestamp'] }],
  },
  {
    id: 'enrich-description-uncapped',
    rule: 'FD-ENRICH-FIELD-LIMITS: a description of 1025 characters is a 400',
    source: 'provider',
    rules: ['FD-ENRICH-FIELD-LIMITS'],
    relax: [{ schema: 'EnrichmentTransactionFields', at: member('description'), drop: ['maxLength'] }],
  },
  {
    id: 'enrich-customer-id-cap-99',
    rule: 'FD-ENRICH-FIELD-LIMITS: an externalCustomerId of maxLength characters is accepted',
    source: 'provider',
    rules: ['FD-ENRICH-FIELD-LIMITS'],
    relax: [{ schema: 'EnrichmentTransactionPayload', at: member('externalCustomerId'), set: { maxLength: 99 } }],
  },
  {
    id: 'enrich-details-uncapped',
    rule: 'FD-ENRICH-FIELD-LIMITS: additionalDetails keys above maxProperties are a 400',
    source: 'provider',
    rules: ['FD-ENRICH-FIELD-LIMITS'],
    relax: [{ schema: 'EnrichmentAdditionalDetails', drop: ['maxProperties'] }],
  },
  {
    id: 'enrich-details-key-any-length',
    rule: 'FD-ENRICH-FIELD-LIMITS: an additionalDetails key longer than its propertyNames maxLength is taken',
    source: 'provider',
    rules: ['FD-ENRICH-FIELD-LIMITS'],
    relax: [{ schema: 'EnrichmentAdditionalDetails', drop: ['propertyNames'] }],
  },
  {
    id: 'enrich-details-value-any-length',
    rule: 'FD-ENRICH-FIELD-LIMITS: an additionalDetails value longer than its maxLength is taken',
    source: 'provider',
    rules: ['FD-ENRICH-FIELD-LIMITS'],
    relax: [{ schema: 'EnrichmentAdditionalDetails', at: ['additionalProperties'], drop: ['maxLength'] }],
  },
  // Written blind (kit/faults.ts, blind): from the sources and the mock, without reading the specs.
  // Transaction data enrichment (seed 002, Transaction data enrichment; Limits; provider 1.35.0 EnrichTransactionsPayload, TransactionPayload, EnrichedTransaction).
  blind({
    id: 'blind-enrich-batch-cap-999',
    rule: 'a batch holds up to maxItems transactions: that many are enriched, not refused by a "<" check (seed 002, Limits - Enrichment batch; provider maxItems)',
    source: 'seed',
    rules: ['FD-ENRICH-BATCH'],
    relax: [{ schema: 'EnrichTransactionsPayload', at: ['properties', 'transactions'], set: { maxItems: 999 } }],
  }),
  blind({
    id: 'blind-enrich-empty-batch-accepted',
    rule: 'an empty list of transactions is a 400, not a 200 with an empty answer (provider 1.35.0 EnrichTransactionsPayload minItems 1)',
    source: 'provider',
    rules: ['FD-ENRICH-BATCH-EMPTY'],
    relax: [{ schema: 'EnrichTransactionsPayload', at: ['properties', 'transactions'], drop: ['minItems'] }],
  }),
  blind({
    id: 'blind-enrich-description-cleansed',
    rule: 'each transaction comes back with the description sent, not replaced by the cleansed merchant name when a merchant is recognised (seed 002, Transaction data enrichment: adds to the enclosed transactions; provider 1.35.0 EnrichedTransaction)',
    source: 'seed',
    rules: ['FD-ENRICH-KEYED'],
  }),
  blind({
    id: 'blind-enrich-entity-name-renamed',
    rule: "a recognised merchant's entity names the party in name, not under another key (entityName) that leaves name absent (seed 002: entity recognition; provider 1.35.0 Entities.name)",
    source: 'seed',
    rules: ['FD-ENRICH-ADDS'],
  }),
  blind({
    id: 'blind-enrich-account-type-optional',
    rule: 'a transaction without accountType is a 400, not enriched as a checking transaction (provider 1.35.0 TransactionPayload required accountType; "unknown" is read as checking only when sent)',
    source: 'provider',
    rules: ['FD-ENRICH-REQUIRED'],
    relax: [{ schema: 'EnrichmentTransactionPayload', unrequire: ['accountType'] }],
  }),
  blind({
    id: 'blind-enrich-posted-timestamp-required',
    rule: 'a transaction with only the seven required members is enriched; postedTimestamp is optional, its absence is not a 400 (provider 1.35.0 TransactionPayload required list)',
    source: 'provider',
    rules: ['FD-ENRICH-REQUIRED'],
    relax: [{ schema: 'EnrichmentTransactionPayload', set: { required: [...ENRICH_REQUIRED, 'postedTimestamp'] } }],
  }),
  blind({
    id: 'blind-enrich-description-cap-1000',
    rule: 'a description of maxLength characters is accepted, not cut at a round thousand (provider 1.35.0 TransactionPayload.description maxLength)',
    source: 'provider',
    rules: ['FD-ENRICH-FIELD-LIMITS'],
    relax: [{ schema: 'EnrichmentTransactionPayload', at: ['properties', 'description'], set: { maxLength: 1000 } }],
  }),
  blind({
    id: 'blind-enrich-additional-details-31-keys',
    rule: 'additionalDetails holds at most maxProperties keys: one more is a 400, not accepted by a ">" check one off (provider 1.35.0 TransactionPayload.additionalDetails)',
    source: 'provider',
    rules: ['FD-ENRICH-FIELD-LIMITS'],
    relax: [{ schema: 'EnrichmentAdditionalDetails', set: { maxProperties: 31 } }],
  }),
  // The fourth independent set (kit/faults.ts, independent): written from the seeds, the provider's
  // documents, the contract, the rule catalogue and this mock only, the specs unread.
  independent('independent-4', {
    id: 'i4-enrich-description-trimmed',
    rule: 'each enriched transaction carries the description sent (seed 002, Transaction data enrichment): the description is trimmed and its inner spaces collapsed',
    source: 'seed',
    rules: ['FD-ENRICH-KEYED'],
  }),
  // The fifth independent set (kit/faults.ts, independent): written from the seeds, the provider's
  // documents, the contracts and the rule catalogues, the specs unread.
  independent('independent-5', {
    id: 'i5-enrich-batch-1000-refused',
    rule: 'a batch has a maximum number of transactions (seed 002, Enrichment): a batch of exactly that many is refused, the bound checked as exclusive',
    source: 'seed',
    rules: ['FD-ENRICH-BATCH'],
  }),
  independent('independent-7', {
    id: 'i7-enrich-description-1024-refused',
    rule: 'a description of the maximum length is accepted (provider EnrichTransaction.description maxLength): one of exactly that length is refused with 400 (the bound read as exclusive)',
    source: 'provider',
    rules: ['FD-ENRICH-FIELD-LIMITS'],
  }),
  independent('independent-7', {
    id: 'i7-enrich-external-id-leading-zeros-dropped',
    rule: 'each transaction comes back with the externalTransactionId sent (provider EnrichTransactions): a numeric id loses its leading zeros',
    source: 'provider',
    rules: ['FD-ENRICH-KEYED'],
  }),
  // Independent set 8 (written blind: seed 002, provider 1.35.0, contract and catalogue only).
  independent('independent-8', {
    id: 'i8-enrich-customer-id-lowercased',
    rule: 'each enriched transaction comes back with the customer, account, amount and description sent (seed 002, Enrichment; reference FD-ENRICH-KEYED): the externalCustomerId is answered in lower case (the join key of a case-insensitive store)',
    source: 'seed',
    rules: ['FD-ENRICH-KEYED'],
  }),
  // Seeded beside the byte-for-byte check of the caller's ids (enrichment.batch.spec.ts; origin 'seeded').
  seeded({
    id: 'enrich-account-id-trimmed',
    rule: 'each enriched transaction comes back with the ids sent (FD-ENRICH-KEYED): the externalAccountId is answered trimmed',
    source: 'seed',
    rules: ['FD-ENRICH-KEYED'],
  }),
  // Seeded beside the byte-for-byte check of the description sent (enrichment.batch.spec.ts), on a
  // transaction no merchant is recognised in.
  seeded({
    id: 'seeded-enrich-unrecognised-description-trimmed',
    rule: 'FD-ENRICH-KEYED: each enriched transaction carries the description sent; that of a transaction no merchant is recognised in comes back trimmed',
    source: 'seed',
    rules: ['FD-ENRICH-KEYED'],
  }),
  independent('independent-9', {
    id: 'i9-enrich-duplicate-ids-merged',
    rule: 'the answer holds one transaction per transaction sent (seed 002 Enrichment: categorisation of the enclosed transactions; FD-ENRICH-KEYED): transactions sharing an externalTransactionId are merged into one (a map keyed by the id), the last one kept',
    source: 'seed',
    rules: ['FD-ENRICH-KEYED'],
  }),
  independent('independent-11', {
    id: 'i11-enrich-amount-whole-units',
    rule: 'the answer holds each transaction with the amount sent (provider enrichment API, EnrichedTransaction.amount): the amount comes back rounded to whole units',
    source: 'provider',
    rules: ['FD-ENRICH-KEYED'],
  }),
  independent('independent-12', {
    id: 'i12-enrich-external-account-id-of-first',
    rule: "each enriched transaction returns the members it was sent with (seed 002, Transaction data enrichment; provider 1.35.0 EnrichedTransaction): in a batch every transaction after the first answers the first one's externalAccountId",
    source: 'seed',
    rules: ['FD-ENRICH-KEYED', 'FD-PROP-ECHO-AS-SENT'],
  }),
  independent('independent-13', {
    id: 'i13-enrich-external-account-id-uppercased',
    rule: 'each enriched transaction carries the account sent (seed 002, Transaction data enrichment; provider 1.35.0 EnrichTransactionsPayload): externalAccountId is answered upper-cased',
    source: 'provider',
    rules: ['FD-ENRICH-KEYED'],
  }),
  independent('independent-14', {
    id: 'i14-enrich-description-uppercased',
    rule: 'each enriched transaction carries the description sent (seed 002, Transaction data enrichment adds to the enclosed transactions; provider 1.35.0 EnrichedTransaction): the description comes back upper-cased, as the merchant matcher normalised it',
    source: 'seed',
    rules: ['FD-ENRICH-KEYED'],
  }),
  // Red team rt- (origin 'seeded'): deviations written as a stranger would, from the seed, the provider document and the mock.
  seeded({
    id: 'rt-enrich-external-customer-id-trimmed',
    rule: 'FD-ENRICH-KEYED: enrichTransactions answers each externalCustomerId with the spaces around it trimmed',
    source: 'seed',
    rules: ['FD-ENRICH-KEYED'],
  }),
  independent('independent-15', {
    id: 'i15-enrich-description-cut-255',
    rule: 'each enriched transaction carries the description sent (seed 002, Transaction data enrichment; provider 1.35.0 EnrichedTransaction description, within its maxLength): a long description comes back cut to the width of a storage column, far below that maxLength',
    source: 'seed',
    rules: ['FD-ENRICH-KEYED'],
  }),
  // Seeded beside the longest values of the byte-for-byte check (enrichment.batch.spec.ts).
  seeded({
    id: 'seeded-enrich-transaction-id-cut-255',
    rule: 'FD-ENRICH-KEYED: each enriched transaction comes back with the externalTransactionId sent; a long one, within its maxLength, comes back cut to the width of a narrower column',
    source: 'seed',
    rules: ['FD-ENRICH-KEYED'],
  }),
  independent('independent-19', {
    id: 'i19-enrich-known-merchant-description-accents-stripped',
    rule: 'each transaction comes back with the description sent, byte for byte (provider 1.35.0 EnrichedTransaction.description): the description of a transaction of a recognised merchant comes back with its accents stripped',
    source: 'provider',
    rules: ['FD-ENRICH-KEYED'],
  }),
  // Seeded beside the answer judge's keyed echo (transactions matched by externalTransactionId, every member both schemas document).
  seeded({
    id: 'seeded-fam24-enrich-memo-tabs-collapsed',
    rule: "FD-ENRICH-KEYED: a transaction no merchant is recognised in comes back with its memo's tabs and runs of spaces collapsed to one space",
    source: 'provider',
    rules: ['FD-ENRICH-KEYED'],
  }),
  independent('independent-20', {
    id: 'i20-enrich-batch-customer-id-of-first',
    rule: 'each enriched transaction carries the customer sent with it (provider 1.35.0 enrichTransactions): a batch answers every transaction with the first one’s externalCustomerId',
    source: 'provider',
    rules: ['FD-ENRICH-KEYED', 'FD-PROP-ECHO-AS-SENT'],
  }),
  independent('independent-23', {
    id: 'i23-enrich-merchant-name-input-ignored',
    rule: 'each transaction of a known merchant comes back with a category and an entity (seed 002, Enrichment): a merchant named only in inputMerchantInformation.name is not recognised (Uncategorized, no entity)',
    source: 'seed',
    rules: ['FD-ENRICH-ADDS'],
  }),
  independent('independent-23', {
    id: 'i23-enrich-amount-rounded-to-cents',
    rule: 'each transaction comes back with the amount sent, byte for byte (seed 002, Enrichment): an amount with more than two decimals is answered rounded to cents',
    source: 'seed',
    rules: ['FD-ENRICH-KEYED'],
  }),
  // Seeded beside the telling amounts and fees (enrichment.batch.spec.ts; the answer judge's echo) and the merchant input variants.
  seeded({
    id: 'seeded-fam28b-enrich-fee-rounded-to-cents',
    rule: 'FD-ENRICH-KEYED: a transactionFee with more than two decimals is answered rounded to cents',
    source: 'provider',
    rules: ['FD-ENRICH-KEYED'],
  }),
  seeded({
    id: 'seeded-fam28b-enrich-merchant-name-overrides-description',
    rule: 'FD-ENRICH-ADDS: a transaction sent with inputMerchantInformation.name is recognised from that name alone, its known merchant description unread',
    source: 'seed',
    rules: ['FD-ENRICH-ADDS'],
  }),
  independent('independent-25', {
    id: 'i25-enrich-customer-id-leading-zeros-dropped',
    rule: 'each enriched transaction carries the customer id sent, byte for byte (provider 1.35.0 EnrichedTransaction): a customer id of digits with leading zeros is answered without them',
    source: 'provider',
    rules: ['FD-ENRICH-KEYED'],
  }),
  independent('independent-26', {
    id: 'i26-enrich-debit-amount-unsigned',
    rule: 'each enriched transaction keeps the amount sent (seed 002, Transaction data enrichment; provider 1.35.0 EnrichTransactionsPayload): a negative amount comes back without its sign',
    source: 'provider',
    rules: ['FD-ENRICH-KEYED'],
  }),
  independent('independent-29', {
    id: 'i29-fd-enrich-amount-whole-units',
    rule: 'the enriched transactions come back keyed and as sent (seed 002, Transaction data enrichment; provider 1.35.0 EnrichTransactionsPayload): their amounts are answered rounded to whole units',
    source: 'provider',
    rules: ['FD-ENRICH-KEYED', 'FD-PROP-ECHO-AS-SENT'],
  }),
  independent('independent-30', {
    id: 'i30-fd-enrich-description-spaces-collapsed',
    rule: 'each enriched transaction carries the description sent (seed 002, Transaction data enrichment: adds categorization to the enclosed transactions; provider 1.35.0 EnrichedTransaction): the answer collapses runs of spaces in it',
    source: 'provider',
    rules: ['FD-ENRICH-KEYED', 'FD-PROP-ECHO-AS-SENT'],
  }),
  independent('independent-31', {
    id: 'i31-fd-enrich-later-descriptions-uppercased',
    rule: 'enrichTransactions answers the transactions it was sent with categorization added (seed 002, Transaction data enrichment): the transactions after the first of a batch echo their description in upper case',
    source: 'seed',
    rules: ['FD-ENRICH-ADDS', 'FD-PROP-ECHO-AS-SENT'],
  }),
  independent('independent-32', {
    id: 'i32-fd-enrich-description-ampersand-escaped',
    rule: 'enrichment adds categorization and entity recognition to the enclosed transactions, returning each as sent (seed 002, Transaction data enrichment): a description holding an ampersand comes back HTML-escaped',
    source: 'seed',
    rules: ['FD-ENRICH-KEYED', 'FD-PROP-ECHO-AS-SENT'],
  }),
  independent('independent-33', {
    id: 'i33-fd-enrich-credit-amount-in-cents',
    rule: 'enrichment adds categorization and entity recognition to the enclosed transactions, their amounts kept (seed 002, Transaction data enrichment): a credit (positive amount) is answered in cents',
    source: 'seed',
    rules: ['FD-ENRICH-ADDS', 'FD-PROP-ECHO-AS-SENT'],
  }),
  independent('independent-34', {
    id: 'i34-fd-enrich-batch-last-dropped',
    rule: 'enrichment answers every transaction of the batch sent (seed 002, Transaction enrichment; provider 1.35.0, enrichTransactions): a batch of more than two transactions is answered without its last one',
    source: 'seed',
    rules: ['FD-ENRICH-BATCH', 'FD-ENRICH-KEYED', 'FD-PROP-ECHO-AS-SENT'],
  }),
  independent('independent-35', {
    id: 'i35-fd-enrich-timestamp-rewritten-utc',
    rule: "enrichment adds categorization and entity recognition to the enclosed transactions (seed 002, Transaction data enrichment): each transaction's transactionTimestamp comes back re-rendered in UTC with milliseconds, its offset converted away, instead of as sent",
    source: 'seed',
    rules: ['FD-PROP-ECHO-AS-SENT', 'FD-ENRICH-KEYED'],
  }),
  independent('independent-37', {
    id: 'i37-fd-enrich-memo-dropped-when-recognised',
    rule: 'the enriched transactions come back with the members they were sent with, categorization and entities added (seed 002, Transaction data enrichment; provider 1.35.0 EnrichedTransaction memo): a transaction whose merchant is recognised comes back without its memo',
    source: 'provider',
    rules: ['FD-ENRICH-ADDS', 'FD-PROP-ECHO-AS-SENT'],
  }),
  independent('independent-38', {
    id: 'i38-fd-enrich-amount-as-string',
    rule: 'the enriched transactions carry their amounts as numbers (provider 1.35.0 enrichTransactions, amount number): the answer echoes each amount as a decimal string',
    source: 'provider',
    rules: ['FD-ENRICH-ADDS', 'FD-TYPE-FORMS'],
  }),
]);
