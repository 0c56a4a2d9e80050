// Covers: enrichTransactions - the transaction members of a batch (provider 1.35.0 TransactionPayload:
// seven required members; lengths of description, externalCustomerId, externalTransactionId; at
// most 30 additionalDetails keys, each of at most 100 characters holding at most 255, stated in its
// description) and seed 002 Errors 400.
import { expect, expectFdError, FD_CONTRACT, lengthOf, rules, test } from '../../fixtures/financial-data.js';

const base = () => ({
  externalCustomerId: 'c7d1e0a94b2f',
  externalAccountId: 'a93f0b7e21c4',
  externalTransactionId: 'fields-1',
  accountType: 'checking',
  description: 'STARBUCKS 2231 DENVER CO',
  amount: -4.75,
  transactionTimestamp: '2025-03-14T09:58:00Z',
});
const REQUIRED = Object.keys(base());

test(
  'enrichTransactions enriches a transaction with only the seven required members and refuses one missing any of them with 400 @provider',
  rules('FD-ENRICH-REQUIRED'),
  async ({ fdApi }) => {
    expect((await fdApi.call('enrichTransactions', { body: { transactions: [base()] } })).status, 'the required members alone').toBe(200);
    for (const member of REQUIRED) {
      const t: Record<string, unknown> = base();
      delete t[member];
      expectFdError(await fdApi.call('enrichTransactions', { body: { transactions: [t] } }), 400, `without ${member}`);
    }
  },
);

/** provider 1.35.0: 511; 1.42.0: 100 (FD_CONTRACT_VERSION): the contract's bound. */
const TX_ID_MAX = lengthOf(FD_CONTRACT, 'EnrichmentTransactionFields', 'externalTransactionId').max!;
const details = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, 'v']));
const LIMITS = [
  { what: 'description', at: 1024, make: (n: number) => ({ description: `STARBUCKS ${'X'.repeat(n - 10)}` }) },
  { what: 'externalCustomerId', at: 100, make: (n: number) => ({ externalCustomerId: 'c'.repeat(n) }) },
  { what: 'externalTransactionId', at: TX_ID_MAX, make: (n: number) => ({ externalTransactionId: 't'.repeat(n) }) },
  { what: 'additionalDetails keys', at: 30, make: (n: number) => ({ additionalDetails: details(n) }) },
  // provider 1.35.0 TransactionPayload.additionalDetails: a key of at most 100 characters, a value of at most 255.
  { what: 'an additionalDetails key', at: 100, make: (n: number) => ({ additionalDetails: { ['k'.repeat(n)]: 'v' } }) },
  { what: 'an additionalDetails value', at: 255, make: (n: number) => ({ additionalDetails: { channel: 'v'.repeat(n) } }) },
];

for (const l of LIMITS) {
  test(
    `enrichTransactions accepts ${l.at} for ${l.what} and refuses ${l.at + 1} with 400 @provider`,
    rules('FD-ENRICH-FIELD-LIMITS:accept', 'FD-ENRICH-FIELD-LIMITS:refuse'),
    async ({ fdApi }) => {
      const at = await fdApi.call('enrichTransactions', { body: { transactions: [{ ...base(), ...l.make(l.at) }] } });
      expect(at.status, `${l.what} at the provider's limit ${l.at}; body: ${at.text.slice(0, 200)}`).toBe(200);
      const refused = await fdApi.call('enrichTransactions', { body: { transactions: [{ ...base(), ...l.make(l.at + 1) }] } });
      expectFdError(refused, 400, `${l.what} one past ${l.at}`);
    },
  );
}
