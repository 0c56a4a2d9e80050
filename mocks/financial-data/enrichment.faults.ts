// Faults of enrichment: each breaks one rule of schemas/financial-data/rules/enrichment.yaml.
// The batch cap, the required members and the lengths are enforced from the contract: their faults
// loosen (or tighten) the mock's copy of the request schema.
import type { Fault } from '../kit/faults.js';

const batch = ['properties', 'transactions'];
const member = (name: string) => ['properties', name];

export const ENRICHMENT_FAULTS: Fault[] = [
  // Batch size (seed 002, Limits: 1000; provider minItems 1).
  { id: 'enrich-batch-uncapped', rule: 'FD-ENRICH-BATCH: a batch of 1001 transactions is a 400', source: 'seed', rules: ['FD-ENRICH-BATCH'], relax: [{ schema: 'EnrichTransactionsPayload', at: batch, drop: ['maxItems'] }] },
  { id: 'enrich-batch-cap-999', rule: 'FD-ENRICH-BATCH: a batch of 1000 transactions is enriched', source: 'seed', rules: ['FD-ENRICH-BATCH'], relax: [{ schema: 'EnrichTransactionsPayload', at: batch, set: { maxItems: 999 } }] },
  { id: 'enrich-empty-accepted', rule: 'FD-ENRICH-BATCH-EMPTY: an empty batch is a 400', source: 'provider', rules: ['FD-ENRICH-BATCH-EMPTY'], relax: [{ schema: 'EnrichTransactionsPayload', at: batch, drop: ['minItems'] }] },
  // What comes back (seed 002: categorization and entity recognition of the enclosed transactions).
  { id: 'enrich-drops-last', rule: 'FD-ENRICH-KEYED: one answer per transaction sent', source: 'seed', rules: ['FD-ENRICH-KEYED'] },
  { id: 'enrich-ids-renumbered', rule: 'FD-ENRICH-KEYED: the answers keep the externalTransactionIds sent', source: 'seed', rules: ['FD-ENRICH-KEYED'] },
  { id: 'enrich-amount-unsigned', rule: 'FD-ENRICH-KEYED: each answer carries the amount sent', source: 'seed', rules: ['FD-ENRICH-KEYED'] },
  { id: 'enrich-category-missing', rule: 'FD-ENRICH-ADDS: each transaction comes back with a category', source: 'seed', rules: ['FD-ENRICH-ADDS'] },
  { id: 'enrich-entities-missing', rule: 'FD-ENRICH-ADDS: each transaction comes back with the entities recognised', source: 'seed', rules: ['FD-ENRICH-ADDS'] },
  // Requests (provider 1.35.0 TransactionPayload).
  { id: 'enrich-account-type-optional', rule: 'FD-ENRICH-REQUIRED: accountType is required', source: 'provider', rules: ['FD-ENRICH-REQUIRED'], relax: [{ schema: 'EnrichmentTransactionPayload', unrequire: ['accountType'] }] },
  { id: 'enrich-timestamp-optional', rule: 'FD-ENRICH-REQUIRED: transactionTimestamp is required', source: 'provider', rules: ['FD-ENRICH-REQUIRED'], relax: [{ schema: 'EnrichmentTransactionPayload', unrequire: ['transactionTimestamp'] }] },
  { id: 'enrich-description-uncapped', rule: 'FD-ENRICH-FIELD-LIMITS: a description of 1025 characters is a 400', source: 'provider', rules: ['FD-ENRICH-FIELD-LIMITS'], relax: [{ schema: 'EnrichmentTransactionFields', at: member('description'), drop: ['maxLength'] }] },
  { id: 'enrich-customer-id-cap-99', rule: 'FD-ENRICH-FIELD-LIMITS: an externalCustomerId of 100 characters is accepted', source: 'provider', rules: ['FD-ENRICH-FIELD-LIMITS'], relax: [{ schema: 'EnrichmentTransactionPayload', at: member('externalCustomerId'), set: { maxLength: 99 } }] },
  { id: 'enrich-details-uncapped', rule: 'FD-ENRICH-FIELD-LIMITS: 31 additionalDetails keys are a 400', source: 'provider', rules: ['FD-ENRICH-FIELD-LIMITS'], relax: [{ schema: 'EnrichmentAdditionalDetails', drop: ['maxProperties'] }] },
];
