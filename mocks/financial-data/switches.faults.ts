// Faults of switches: each breaks one rule of schemas/financial-data/rules/switches.yaml.
// Guarded in mocks/financial-data/switches.ts.
import type { Fault } from '../kit/faults.js';

export const SWITCHES_FAULTS: Fault[] = [
  { id: 'switches-list-all-kinds', rule: 'FD-SW-LIST: the deposit and bill pay lists hold both kinds', source: 'seed', rules: ['FD-SW-LIST'] },
  { id: 'switches-list-other-customers', rule: "FD-SW-LIST: a customer's list holds other customers' switches", source: 'seed', rules: ['FD-SW-LIST'] },
  { id: 'switches-details-status-stale', rule: 'FD-SW-DETAILS: the details of the failed deposit switch still say processing', source: 'provider', rules: ['FD-SW-DETAILS'] },
  { id: 'switches-details-any-customer', rule: "FD-SW-OTHER-CUSTOMER: another customer's switch is found through this customer", source: 'seed', rules: ['FD-SW-OTHER-CUSTOMER'] },
  { id: 'switches-details-any-kind', rule: 'FD-SW-OTHER-KIND: a deposit switch is found through the bill pay details', source: 'seed', rules: ['FD-SW-OTHER-KIND'] },
  { id: 'switches-external-ignores-id', rule: 'FD-SW-EXTERNAL: the external id list holds every external switch of the customer', source: 'seed', rules: ['FD-SW-EXTERNAL'] },
  { id: 'switches-external-unknown-empty', rule: 'FD-SW-EXTERNAL-UNKNOWN: an unknown external id answers 200 with an empty list', source: 'assumption', rules: ['FD-SW-EXTERNAL-UNKNOWN'] },
  { id: 'switches-customer-type-fixed', rule: 'FD-SW-CUSTOMER: customerType always testing', source: 'provider', rules: ['FD-SW-CUSTOMER'] },
  { id: 'switches-details-without-failure-reason', rule: 'FD-SW-FAILURE-REASON: failed switches lose their failureReason in the details', source: 'provider', rules: ['FD-SW-FAILURE-REASON'] },
  { id: 'switches-status-capitalised', rule: 'FD-SW-STATUS-ENUM: list statuses capitalised (Completed)', source: 'provider', rules: ['FD-SW-STATUS-ENUM'] },
  { id: 'switches-ends-with-first-four', rule: 'FD-SW-ACCOUNT-DIGITS: the trailing digits shown are the first four of the account number', source: 'provider', rules: ['FD-SW-ACCOUNT-DIGITS'] },
  { id: 'switches-deleted-customer-external', rule: "FD-SW-DELETED-CUSTOMER: a deleted customer's switches are still found by external id", source: 'assumption', rules: ['FD-SW-DELETED-CUSTOMER'] },
];
