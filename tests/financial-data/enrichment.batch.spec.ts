// Covers: enrichTransactions - seed 002, Transaction data enrichment ("enrichment adds
// categorization and entity recognition to the enclosed transactions"; 200) and Limits (a batch
// holds a limited number of transactions: the contract's EnrichTransactionsPayload.transactions
// maxItems; provider 1.35.0 EnrichTransactionsPayload). The answer is checked against what was
// sent: one transaction per transaction sent, by externalTransactionId.
import { expect, expectFdError, FD_CONTRACT, lengthOf, rules, sizeOf, test } from '../../fixtures/financial-data.js';

const BATCH_MAX = sizeOf(FD_CONTRACT, 'EnrichTransactionsPayload', 'transactions').max!;

/** A transaction with the seven members the provider requires (provider 1.35.0 TransactionPayload), written here. */
const lean = (n: number, description = `STARBUCKS ${1000 + (n % 9000)} DENVER CO`) => ({
  externalCustomerId: 'c7d1e0a94b2f',
  externalAccountId: 'a93f0b7e21c4',
  externalTransactionId: `batch-${n}`,
  accountType: 'checking',
  description,
  amount: -(1 + (n % 50)) - 0.25,
  transactionTimestamp: '2025-03-14T09:58:00Z',
});
const batch = (size: number) => Array.from({ length: size }, (_, i) => lean(i + 1));

test(
  `enrichTransactions enriches a batch of ${BATCH_MAX} transactions, one answer per transaction sent with the same ids and values @smoke`,
  rules('FD-ENRICH-BATCH:accept', 'FD-ENRICH-KEYED'),
  async ({ fdApi }) => {
    const sent = batch(BATCH_MAX);
    const res = await fdApi.call('enrichTransactions', { body: { transactions: sent } });
    expect(res.status, `seed 002: a batch of ${BATCH_MAX} is enriched (200); body: ${res.text.slice(0, 200)}`).toBe(200);
    // Each transaction sent answered once with its ids, amount and description as sent is the answer
    // judge's (an echo keyed by externalTransactionId, x-key); as many answered as sent leaves no other.
    expect(res.body.transactions, 'one enriched transaction per transaction sent').toHaveLength(sent.length);
  },
);

test(`enrichTransactions refuses a batch of ${BATCH_MAX + 1} transactions with 400`, rules('FD-ENRICH-BATCH:refuse'), async ({ fdApi }) => {
  const refused = await fdApi.call('enrichTransactions', { body: { transactions: batch(BATCH_MAX + 1) } });
  expectFdError(refused, 400, `seed 002, Limits: ${BATCH_MAX} per batch`);
});

test(
  'enrichTransactions enriches a batch of one and refuses an empty batch or none with 400 @provider',
  rules('FD-ENRICH-BATCH-EMPTY:accept', 'FD-ENRICH-BATCH-EMPTY:refuse'),
  async ({ fdApi }) => {
    const one = await fdApi.call('enrichTransactions', { body: { transactions: batch(1) } });
    const ids = (one.body?.transactions ?? []).map((t: any) => t.externalTransactionId);
    expect({ status: one.status, ids }).toEqual({ status: 200, ids: ['batch-1'] });
    expectFdError(await fdApi.call('enrichTransactions', { body: { transactions: [] } }), 400, 'provider minItems 1');
    expectFdError(await fdApi.call('enrichTransactions', { body: {} }), 400, 'provider: transactions required');
  },
);

// The caller's ids and description come back as sent (provider 1.35.0 TransactionPayload: free strings of 1 to
// 100 or 511; EnrichedTransaction): telling values (case, spaces, leading zeros, digits) byte for byte, for a
// known and an unknown merchant, and each at its longest (EnrichmentTransactionFields), kept whole.
const longest = (member: string, start: string) => {
  const max = lengthOf(FD_CONTRACT, 'EnrichmentTransactionFields', member).max!;
  return `${start}${' Mixed cASE 0 '.repeat(Math.ceil(max / 14))}`.slice(0, max - 1) + 'Z';
};
/** A transaction's caller-made members: [externalCustomerId, externalAccountId, externalTransactionId, description, memo]. */
const own = (externalCustomerId: string, externalAccountId: string, externalTransactionId: string, description: string, memo?: string) => ({
  externalCustomerId,
  externalAccountId,
  externalTransactionId,
  description,
  ...(memo === undefined ? {} : { memo }),
});
const CUSTOMER = ['CuSt-Ab 07', '000417'] as const;
const TELLING = [
  own(...CUSTOMER, 'Tx-0001 ', 'Starbucks  Store 2231 denver CO'),
  own('0042', 'AcCt  Mixed ', '000123', 'corner bakery 0042 '),
  // Accents, a tab and inner spaces in the description (a recognised merchant's and an unknown one's)
  // and in the memo, which the answer judge compares on each transaction by its id.
  own(...CUSTOMER, 'Tx-Accents', 'Starbucks  Café Crème\t2231 Señor Łódź CO ', 'Réf\t0042  Ça va '),
  own(...CUSTOMER, 'Tx-Unknown-Accents', 'Crêperie  Ölmühle\tÅre 07 ', 'nOte\t\tÉté  07 '),
  own('lower-only ', 'UPPER-ONLY', 'tX 9', 'Shell Oil 5741 reno nv '),
  // The first transaction's id again, and in lower case: the list is the caller's, answered item for
  // item (FD-ENRICH-KEYED: one transaction per transaction sent), not a map keyed by the id.
  own(...CUSTOMER, 'Tx-0001 ', 'Local  Farm stand 07'),
  own(...CUSTOMER, 'tx-0001 ', 'amazon mktplace pmts wa'),
  own(
    longest('externalCustomerId', 'Cust'),
    longest('externalAccountId', '0Acct'),
    longest('externalTransactionId', 'Tx'),
    longest('description', 'STARBUCKS STORE 2231 '),
  ),
];

test(
  "enrichTransactions answers each transaction with the caller's ids, description and memo byte for byte: case, spaces, tabs, accents and leading zeros kept, the longest kept whole, a repeated id once per transaction",
  rules('FD-ENRICH-KEYED'),
  async ({ fdApi }) => {
    const sent = TELLING.map((ids, i) => ({ ...lean(i + 1), ...ids }));
    const res = await fdApi.call('enrichTransactions', { body: { transactions: sent } });
    expect(res.status).toBe(200);
    // The amount tells apart the transactions that share an id.
    const ids = (t: Record<string, unknown>) =>
      JSON.stringify([t.externalTransactionId, t.externalCustomerId, t.externalAccountId, t.amount, t.description]);
    const got = (res.body.transactions as Record<string, unknown>[]).map(ids).sort();
    const want = sent.map(ids).sort();
    expect(got, 'the three ids, the amount and the description of each transaction, as sent, one answer each').toEqual(want);
  },
);

// Descriptions of well-known merchants of each kind (coffee, fast food, online shop, fuel, groceries).
const KNOWN = [
  'STARBUCKS STORE 2231 DENVER CO',
  'MCDONALDS F2231 AUSTIN TX',
  'AMAZON MKTPLACE PMTS WA',
  'SHELL OIL 5741 RENO NV',
  'SAFEWAY GROCERY MARKET 1123',
];

// provider 1.35.0 TransactionPayload.accountType: "unknown" is enriched as a checking account.
test(
  'enrichTransactions enriches a batch of an unknown account type as the same batch of a checking account @provider',
  rules('FD-ENRICH-UNKNOWN-AS-CHECKING'),
  async ({ fdApi }) => {
    const sent = [...KNOWN, 'POS PURCHASE 0042 REF 7731'].map((d, i) => lean(i + 1, d));
    const enriched = async (accountType: string) => {
      const res = await fdApi.call('enrichTransactions', { body: { transactions: sent.map((t) => ({ ...t, accountType })) } });
      expect(res.status, `accountType ${accountType}`).toBe(200);
      return (res.body.transactions as Record<string, unknown>[]).map(({ accountType: _, ...added }) => added);
    };
    const unknown = await enriched('unknown');
    expect(unknown, 'what an unknown account type adds, as a checking account adds it').toEqual(await enriched('checking'));
  },
);

// A known merchant named by the description, the name or the descriptor of
// TransactionPayload.inputMerchantInformation (provider 1.35.0), alone or together while another says nothing,
// is recognised (seed 002: enrichment adds categorization and entity recognition).
const NOTHING = 'POS PURCHASE 0042 REF 7731';
const MERCHANT_VARIANTS: { what: string; description: string; inputMerchantInformation?: Record<string, string> }[] = [
  ...KNOWN.map((description) => ({ what: `the description ${description}`, description })),
  { what: 'the description alone', description: 'Starbucks Store 2231 Denver CO' },
  { what: 'the merchant name alone', description: NOTHING, inputMerchantInformation: { name: 'Starbucks' } },
  { what: 'the merchant descriptor alone', description: NOTHING, inputMerchantInformation: { merchantDescriptor: 'SHELL OIL 5741' } },
  {
    what: 'the description, with a merchant name saying nothing',
    description: 'McDonalds F2231 Austin TX',
    inputMerchantInformation: { name: 'Local Vendor 07' },
  },
  {
    what: 'the merchant name, with a descriptor saying nothing',
    description: NOTHING,
    inputMerchantInformation: { name: 'amazon', merchantDescriptor: 'PMT 0042', city: 'Seattle', state: 'WA' },
  },
  {
    what: 'the description, the name and the descriptor together',
    description: 'SAFEWAY GROCERY 1123',
    inputMerchantInformation: { name: 'Safeway Grocery', merchantDescriptor: 'SAFEWAY GROCERY #1123' },
  },
];

test(
  'enrichTransactions adds a category and the recognised entities to each transaction of a known merchant, named in the description, the merchant name or the descriptor sent, alone or together @provider',
  rules('FD-ENRICH-ADDS'),
  async ({ fdApi }) => {
    const sent = MERCHANT_VARIANTS.map((v, i) => ({
      ...lean(i + 1, v.description),
      ...(v.inputMerchantInformation ? { inputMerchantInformation: v.inputMerchantInformation } : {}),
    }));
    const res = await fdApi.call('enrichTransactions', { body: { transactions: sent } });
    expect(res.status).toBe(200);
    const byId = new Map((res.body.transactions as any[]).map((t) => [t.externalTransactionId, t]));
    const seen = MERCHANT_VARIANTS.map((v, i) => {
      const e = byId.get(sent[i].externalTransactionId);
      const entity = Array.isArray(e?.entities) && e.entities.some((x: any) => typeof x?.name === 'string' && x.name.length > 0);
      const category = typeof e?.transactionCategory === 'string' && e.transactionCategory.length > 0;
      return `${v.what}: ${category ? 'a category' : 'no category'}, ${entity ? 'an entity' : 'no entity'}`;
    });
    const all = MERCHANT_VARIANTS.map((v) => `${v.what}: a category, an entity`);
    expect(seen, 'seed 002: categorization and entity recognition added, whichever member names the merchant').toEqual(all);
  },
);

// Amounts and fees are the caller's doubles of any sign (provider 1.35.0 TransactionPayload), answered as sent:
// many decimals, zero, whole, the extreme doubles; each beside a description that reads like an amount.
const TELLING_AMOUNTS = [-4.755, 12.3456, 0.001, -0.0001, 0, -12, 1234567.891, 99.999, 1.7976931348623157e308, -1.7976931348623157e308];

test(
  'enrichTransactions answers each amount and fee as sent: three or more decimals, zero, negative, whole and the largest kept',
  rules('FD-ENRICH-KEYED'),
  async ({ fdApi }) => {
    const sent = TELLING_AMOUNTS.map((amount, i) => ({
      ...lean(i + 1, i % 2 ? `Starbucks 2231 ${amount} USD` : `Farm Stand 07 ${amount} USD`),
      amount,
      transactionFee: TELLING_AMOUNTS[TELLING_AMOUNTS.length - 1 - i],
    }));
    // Each amount and fee answered as sent (or left out) is the answer judge's echo, by the transaction's id.
    expect((await fdApi.call('enrichTransactions', { body: { transactions: sent } })).status).toBe(200);
  },
);
