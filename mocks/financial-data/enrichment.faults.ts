// Faults of transaction data enrichment, named `fd-<rule id>-<deviation>` (schemas/financial-data/rules/enrichment.yaml): `relax`
// (the batch cap, required members and lengths), or enrichment.ts's seams (the batch, the merchant text, the answer). An id
// docs/mutation.md names, and a blind fault's first id, stay as aliases.
import { blind, faultCatalogue, provider, was, type SeamFn, schema } from '../kit/faults.js';
import { faultKit } from './fault-builders.js';
import type { EnrichmentSeams, Exchange, Merchant } from './enrichment.records.js';

type Judge = SeamFn<EnrichmentSeams, 'judge'>;
type Answering = SeamFn<EnrichmentSeams, 'answer'>;
type Item = Record<string, any>;
const { fault, answered } = faultKit<EnrichmentSeams>();

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

/** The text a merchant is recognised in made otherwise (`documented` the text the sources give). */
const recognising =
  (text: (t: Item, documented: (t: Item) => string) => string): Judge =>
  (x, s, r) => {
    if (s === 'recognise' && !r) {
      const documented = x.text!;
      x.text = (t) => text(t, documented);
    }
    return r;
  };

// (b) The answer: functions at the answer seam.
/** The answer's transactions made otherwise. */
const items = (bend: (items: Item[], x: Exchange) => Item[]): Answering =>
  answered('enrichTransactions', (b, x) => ({ ...b, transactions: bend(b.transactions, x) }));
/** Each enriched transaction made otherwise (`m` the merchant recognised in it, `i` its index). */
const each = (bend: (item: Item, m: Merchant | undefined, i: number, all: Item[]) => Item): Answering =>
  items((all, x) => all.map((item, i) => bend(item, x.merchants![i], i, all)));
/** A member of each transaction where `when` holds, written otherwise. */
const written = <T>(name: string, is: (v: unknown) => v is T, bend: (v: T) => unknown): Answering =>
  each((item) => (is(item[name]) ? { ...item, [name]: bend(item[name]) } : item));
const isNumber = (v: unknown): v is number => typeof v === 'number';

export const ENRICHMENT_FAULTS = faultCatalogue([
  // --- The batch (seed 002, Limits: 1000; provider 1.35.0 EnrichTransactionsPayload minItems 1)
  fault('fd-enrich-batch-uncapped', 'FD-ENRICH-BATCH: a batch of one more transaction than the cap is taken', {
    relax: [{ schema: 'EnrichTransactionsPayload', at: batch, drop: ['maxItems'] }],
  }),
  fault('fd-enrich-batch-empty-empty-accepted', 'FD-ENRICH-BATCH-EMPTY: an empty list of transactions answers 200 with an empty answer', {
    relax: [{ schema: 'EnrichTransactionsPayload', at: batch, drop: ['minItems'] }],
    ...provider,
    ...blind,
    ...was('blind-enrich-empty-batch-accepted'),
  }),
  fault('fd-enrich-required-posted-timestamp-required', 'FD-ENRICH-REQUIRED: a transaction without postedTimestamp (optional) is a 400', {
    relax: schema('EnrichmentTransactionPayload', { set: { required: [...ENRICH_REQUIRED, 'postedTimestamp'] } }),
    ...provider,
    ...blind,
    ...was('blind-enrich-posted-timestamp-required'),
  }),
  fault('fd-enrich-field-limits-description-cap-1000', {
    rule: 'FD-ENRICH-FIELD-LIMITS: a description of maxLength characters is refused (cut at a round thousand)',
    relax: [{ schema: 'EnrichmentTransactionPayload', at: member('description'), set: { maxLength: 1000 } }],
    ...provider,
    ...blind,
    ...was('blind-enrich-description-cap-1000'),
  }),
  fault('fd-enrich-unknown-as-checking-unrecognised', {
    rule: 'FD-ENRICH-UNKNOWN-AS-CHECKING: a transaction of an unknown account type is not read as a checking one: no merchant recognised in it (Uncategorized, no entity)',
    judge: recognising((t, documented) => (t.accountType === 'unknown' ? '' : documented(t))),
    ...provider,
  }),

  // --- What comes back as sent (seed 002: the enclosed transactions; provider 1.35.0 EnrichedTransaction; FD-PROP-ECHO-AS-SENT)
  fault('fd-enrich-keyed-batch-last-dropped', {
    rule: 'FD-ENRICH-BATCH, FD-ENRICH-KEYED, FD-PROP-ECHO-AS-SENT: a batch of more than two transactions is answered without its last one',
    answer: items((all) => (all.length > 2 ? all.slice(0, -1) : all)),
    ...was('i34-fd-enrich-batch-last-dropped'),
  }),
  fault('fd-enrich-adds-amount-as-string', {
    rule: 'FD-ENRICH-ADDS, FD-TYPE-FORMS: the answer echoes each amount as a decimal string (provider 1.35.0 amount number)',
    answer: written('amount', isNumber, String),
    ...provider,
  }),
]);
