// Faults of deposit and bill pay switches (switched in switches.ts): each breaks one rule of
// schemas/financial-data/rules/switches.yaml, the way a provider's release might. `rules` names the
// rule ids it breaks (`npm run mutation -- --targeted` runs the specs citing them). The faults of
// the suite's authors first, then those written blind (`origin: 'blind'`, measured apart by `npm run
// mutation -- --blind`).
import { faultCatalogue, blind, modelFault, independent, seeded } from '../kit/faults.js';

export const SWITCHES_FAULTS = faultCatalogue([
  {
    id: 'switches-list-all-kinds',
    rule: 'FD-SW-LIST: the deposit and bill pay lists hold both kinds',
    source: 'seed',
    rules: ['FD-SW-LIST'],
  },
  {
    id: 'switches-list-other-customers',
    rule: "FD-SW-LIST: a customer's list holds other customers' switches",
    source: 'seed',
    rules: ['FD-SW-LIST'],
  },
  {
    id: 'switches-details-status-stale',
    rule: 'FD-SW-DETAILS: the details of the failed deposit switch still say processing',
    source: 'provider',
    rules: ['FD-SW-DETAILS'],
  },
  {
    id: 'switches-details-any-customer',
    rule: "FD-SW-OTHER-CUSTOMER: another customer's switch is found through this customer",
    source: 'seed',
    rules: ['FD-SW-OTHER-CUSTOMER'],
  },
  {
    id: 'switches-details-any-kind',
    rule: 'FD-SW-OTHER-KIND: a deposit switch is found through the bill pay details',
    source: 'seed',
    rules: ['FD-SW-OTHER-KIND'],
  },
  seeded({
    id: 'switches-external-prefix-match',
    rule: 'FD-SW-EXTERNAL-UNKNOWN: an external id is looked up by its beginning: a prefix of stored external ids lists their switches (no switch carries it)',
    source: 'assumption',
    rules: ['FD-SW-EXTERNAL-UNKNOWN', 'FD-FILTER-RULE'],
  }),
  {
    id: 'switches-external-ignores-id',
    rule: 'FD-SW-EXTERNAL: the external id list holds every external switch of the customer',
    source: 'seed',
    rules: ['FD-SW-EXTERNAL'],
  },
  {
    id: 'switches-external-unknown-empty',
    rule: 'FD-SW-EXTERNAL-UNKNOWN: an unknown external id answers 200 with an empty list',
    source: 'assumption',
    rules: ['FD-SW-EXTERNAL-UNKNOWN'],
  },
  // Not a deviation: the provider's answer to an external id no switch carries (its 400 example 1643),
  // a seed-vs-provider conflict the suite notes (FD-CONFLICT-EXTERNAL-ID-NO-MATCH; the mutation run skips it).
  {
    id: 'switches-external-unknown-400-provider',
    rule: 'FD-SW-EXTERNAL-UNKNOWN: an external id no switch carries is a 404 (the seed), answered 400 as the provider publishes',
    source: 'assumption',
    rules: ['FD-SW-EXTERNAL-UNKNOWN', 'FD-NOT-FOUND'],
    mutation: false,
  },
  {
    id: 'switches-customer-type-fixed',
    rule: 'FD-SW-CUSTOMER: customerType always testing',
    source: 'provider',
    rules: ['FD-SW-CUSTOMER'],
  },
  {
    id: 'switches-details-without-failure-reason',
    rule: 'FD-SW-FAILURE-REASON: failed switches lose their failureReason in the details',
    source: 'provider',
    rules: ['FD-SW-FAILURE-REASON'],
  },
  {
    id: 'switches-status-capitalised',
    rule: 'FD-SW-STATUS-ENUM: list statuses capitalised (Completed)',
    source: 'provider',
    rules: ['FD-SW-STATUS-ENUM'],
  },
  {
    id: 'switches-ends-with-first-four',
    rule: 'FD-SW-ACCOUNT-DIGITS: the trailing digits shown are the first four of the account number',
    source: 'provider',
    rules: ['FD-SW-ACCOUNT-DIGITS'],
  },
  {
    id: 'switches-deleted-customer-external',
    rule: "FD-SW-DELETED-CUSTOMER: a deleted customer's switches are still found by external id",
    source: 'assumption',
    rules: ['FD-SW-DELETED-CUSTOMER'],
  },
  // Found only by a sequence of calls (the reference models, fixtures/models/): each single call answers right.
  modelFault({
    id: 'model-switches-lost-after-sibling-deleted',
    rule: "deleting a customer removes access to that customer's switches only (seed 002, Customers; Resources - Switch): once one customer of the partner is deleted, the partner's other customers list no switch",
    source: 'seed',
    rules: ['FD-SW-LIST', 'FD-SW-DELETED-CUSTOMER'],
  }),
  // Written blind (kit/faults.ts, blind): from the sources and the mock, without reading the specs.
  // Switches (seed 002, Resources - Switch; Micro entries and switches; provider 1.35.0 switch details).
  blind({
    id: 'blind-switches-details-created-is-updated',
    rule: "a switch's details give the createdDate of the list, not its last update (seed 002, details by switch_id; provider DepositSwitchDetails, PaySwitchDetails)",
    source: 'seed',
    rules: ['FD-SW-DETAILS'],
  }),
  blind({
    id: 'blind-switches-deposit-details-any-kind',
    rule: 'a bill pay switch asked for as a deposit switch is a 404 (seed 002, Resources - Switch: deposit or bill pay; Errors 404)',
    source: 'seed',
    rules: ['FD-SW-OTHER-KIND'],
  }),
  blind({
    id: 'blind-switches-external-includes-untagged',
    rule: 'the external id list holds exactly the deposit switches carrying that external id, not the untagged ones of the same customer (seed 002, Resources - Switch: also found by external_id)',
    source: 'seed',
    rules: ['FD-SW-EXTERNAL'],
  }),
  blind({
    id: 'blind-switches-bill-pay-list-without-failure-reason',
    rule: "a failed switch carries its failureReason in the list too, the bill pay list included (provider 1.35.0 status 'failed - refer to failureReason')",
    source: 'provider',
    rules: ['FD-SW-FAILURE-REASON'],
  }),
  blind({
    id: 'blind-switches-bill-pay-bank-full-number',
    rule: 'bank payment methods name the linked account by routing number and its last four digits only, never the full number (provider 1.35.0 paymentMethods.endsWith; docs/conventions.md, Secrets and card data)',
    source: 'provider',
    rules: ['FD-SW-ACCOUNT-DIGITS'],
  }),
  // The fourth independent set (kit/faults.ts, independent): written from the seeds, the provider's
  // documents, the contract, the rule catalogue and this mock only, the specs unread.
  independent('independent-4', {
    id: 'i4-switches-external-id-case-insensitive',
    rule: 'the external id list holds exactly the deposit switches carrying that external id (seed 002, Switches: also found by external_id): the external id is matched without case',
    source: 'seed',
    rules: ['FD-SW-EXTERNAL'],
  }),
  // The fifth independent set (kit/faults.ts, independent): written from the seeds, the provider's
  // documents, the contracts and the rule catalogues, the specs unread.
  independent('independent-5', {
    id: 'i5-switches-bill-pay-details-other-customer',
    rule: "another customer's switch under this customer is a 404 (seed 002, Errors 404): the bill pay details find a switch of any customer of the partner (deposit details refuse)",
    source: 'seed',
    rules: ['FD-SW-OTHER-CUSTOMER', 'FD-OBJ-OTHER-PARENT'],
  }),
  independent('independent-6', {
    id: 'i6-switches-external-id-other-partner',
    rule: "another partner's objects are refused through every operation (FD-OBJ-OTHER-PARTNER; FD-SW-EXTERNAL): the external id lookup searches every partner's customers",
    source: 'seed',
    rules: ['FD-OBJ-OTHER-PARTNER', 'FD-SW-EXTERNAL'],
  }),
  independent('independent-7', {
    id: 'i7-switches-external-id-echo-lowercased',
    rule: 'the external id list echoes the external id sent (provider 1.35.0 ExternalDepositSwitches): it echoes it in lower case',
    source: 'provider',
    rules: ['FD-SW-EXTERNAL'],
  }),
  // Independent set 8 (written blind: seed 002, provider 1.35.0, contract and catalogue only).
  independent('independent-8', {
    id: 'i8-switches-external-id-trimmed',
    rule: 'an external id that no switch carries is a 404 (provider 1.35.0 getAllExternalDepositSwitches): the external id is trimmed before the lookup, so an id with a trailing (percent-encoded) space finds the switch',
    source: 'provider',
    rules: ['FD-SW-EXTERNAL-UNKNOWN', 'FD-FILTER-RULE'],
  }),
  independent('independent-9', {
    id: 'i9-switches-details-after-customer-delete',
    rule: "after DeleteCustomer the customer's switch details are 404 (seed 002 Customers: delete removes access to the customer and all linked data; FD-SW-DELETED-CUSTOMER): the deposit switch details reader finds the switch by the path's customer id in the switch store, so it still answers 200",
    source: 'seed',
    rules: ['FD-SW-DELETED-CUSTOMER', 'FD-OBJ-AFTER-DELETE'],
  }),
  independent('independent-12', {
    id: 'i12-switch-bill-pay-details-failure-reason-dropped',
    rule: "the details of each listed switch carry the failure reason of the list (seed 002, Micro entries and switches; provider 1.35.0 switch details failureReason): a failed bill pay switch's details omit failureReason (deposit details keep it)",
    source: 'seed',
    rules: ['FD-SW-DETAILS'],
  }),
  independent('independent-13', {
    id: 'i13-switches-deposit-details-updated-before-created',
    rule: "a switch's details give updatedDate not before createdDate (provider 1.35.0 deposit switch details): the deposit switch details give updatedDate a minute before createdDate",
    source: 'provider',
    rules: ['FD-SW-DETAILS'],
  }),
  independent('independent-14', {
    id: 'i14-switches-bill-pay-list-after-customer-delete',
    rule: "after DeleteCustomer the customer's switch lists are 404 (seed 002, Customers delete; Errors 404): the bill-pay switch list of a deleted customer is still served from its switches",
    source: 'seed',
    rules: ['FD-SW-DELETED-CUSTOMER', 'FD-OBJ-AFTER-DELETE'],
  }),
  // Red team rt- (origin 'seeded'): deviations written as a stranger would, from the seed, the provider document and the mock.
  seeded({
    id: 'rt-switches-deposit-list-failure-reason-dropped',
    rule: 'FD-SW-FAILURE-REASON: getAllDepositSwitches lists the failed deposit switch without its failureReason (the details keep it)',
    source: 'provider',
    rules: ['FD-SW-FAILURE-REASON'],
  }),
  seeded({
    id: 'rt-switches-external-created-date-of-update',
    rule: "FD-SW-EXTERNAL: getAllExternalDepositSwitches lists each switch with its last update as createdDate (the customer's list keeps the creation)",
    source: 'provider',
    rules: ['FD-SW-EXTERNAL'],
  }),
  seeded({
    id: 'rt-switches-external-id-suffix-match',
    rule: 'FD-SW-EXTERNAL: getAllExternalDepositSwitches finds the switches whose external id ends with the id asked (an index on the reversed id)',
    source: 'provider',
    rules: ['FD-SW-EXTERNAL', 'FD-FILTER-WHOLE', 'FD-FILTER-RULE'],
  }),
  independent('independent-15', {
    id: 'i15-switches-external-failure-reason-dropped',
    rule: 'a failed switch carries its failureReason in the lists and the details (provider 1.35.0 status failed - refer to failureReason): the external-id reader leaves it out',
    source: 'provider',
    rules: ['FD-SW-FAILURE-REASON'],
  }),
  independent('independent-16', {
    id: 'i16-switches-deposit-list-status-uppercased',
    rule: 'a switch status is one of the documented lower-case values (provider 1.35.0 deposit switch status enum): the deposit-switch list writes it in upper case (the details keep it)',
    source: 'provider',
    rules: ['FD-SW-STATUS-ENUM'],
  }),
  independent('independent-16', {
    id: 'i16-switches-bill-pay-details-id-prefix',
    rule: 'a switch is found by its exact id (provider 1.35.0 getBillPaySwitchDetails 404 No matching record found for switch_id): the bill-pay details answer the switch whose id starts with the id asked',
    source: 'assumption',
    rules: ['FD-OBJ-EXACT-ID'],
  }),
  independent('independent-17', {
    id: 'i17-switches-deposit-details-reason-underscored',
    rule: 'a failed switch carries a failureReason from the provider list, the same in the list and the details (provider 1.35.0 DepositSwitch failureReason enum): the deposit details write it with underscores',
    source: 'provider',
    rules: ['FD-SW-FAILURE-REASON', 'FD-SW-DETAILS'],
  }),
  independent('independent-18', {
    id: 'i18-switches-bill-pay-details-created-eastern',
    rule: 'the details of each listed switch carry the createdDate of the list (provider 1.35.0 switch details; seed 002 Switches): the bill pay details give it in US Eastern time (UTC-5) written with Z',
    source: 'provider',
    rules: ['FD-SW-DETAILS'],
  }),
  independent('independent-20', {
    id: 'i20-switches-deposit-list-capped-at-three',
    rule: "a list holds exactly the customer's switches of its kind (provider 1.35.0 getAllDepositSwitches): the deposit list stops at three switches, a fourth left out",
    source: 'provider',
    rules: ['FD-SW-LIST'],
  }),
  independent('independent-21', {
    id: 'i21-switches-deposit-details-other-customer',
    rule: 'a switch of another customer is a 404 through the customer path (seed 002 Switches): the deposit switch details find a switch of another customer of the same partner',
    source: 'seed',
    rules: ['FD-SW-OTHER-CUSTOMER'],
  }),
  independent('independent-22', {
    id: 'i22-switches-bill-pay-details-updated-at-read',
    rule: 'the details give the dates of the switch, a past change keeps its date (seed 002 Switches; reference, event dates): the bill pay details give the time of the read as updatedDate',
    source: 'seed',
    rules: ['FD-SW-DETAILS', 'FD-EVENT-DATE-FIXED'],
  }),
  independent('independent-23', {
    id: 'i23-switches-deposit-details-percent-full-number',
    rule: "distributions name the linked accounts by routing number and last four digits only (provider 1.35.0 deposit switch distributions): the deposit details name a percent distribution's account by its whole number",
    source: 'provider',
    rules: ['FD-SW-ACCOUNT-DIGITS', 'FD-OBJ-SENSITIVE'],
  }),
  independent('independent-23', {
    id: 'i23-switches-external-id-failed-left-out',
    rule: 'the external id list holds exactly the deposit switches carrying the id (seed 002, Switches by external id): a failed switch carrying it is left out',
    source: 'seed',
    rules: ['FD-SW-EXTERNAL'],
  }),
  independent('independent-24', {
    id: 'i24-switches-bill-pay-list-testing-typed-active',
    rule: "lists carry the customer's type, testing for a testing customer (provider 1.35.0 switches lists): the bill pay list types a testing customer active",
    source: 'provider',
    rules: ['FD-SW-CUSTOMER'],
  }),
  independent('independent-25', {
    id: 'i25-switches-deposit-details-created-date-day-only',
    rule: "the details of a listed switch carry the list's createdDate (seed 002, switches; provider 1.35.0 DepositSwitchDetails): the deposit details give it at the start of its UTC day",
    source: 'provider',
    rules: ['FD-SW-DETAILS'],
  }),
  independent('independent-27', {
    id: 'i27-switches-external-id-dashes-ignored',
    rule: 'a deposit switch is found by its external_id (seed 002, Switch found by external_id): the id is matched with its dashes removed, so another id finds it',
    source: 'seed',
    rules: ['FD-SW-EXTERNAL', 'FD-FILTER-EXACT', 'FD-FILTER-RULE'],
  }),
  independent('independent-28', {
    id: 'i28-fd-switches-external-id-caseless',
    rule: 'deposit switches by external id find the switches of that id (seed 002, Micro entries and switches: getAllExternalDepositSwitches): an external id differing only in case finds them',
    source: 'assumption',
    rules: ['FD-SW-EXTERNAL', 'FD-FILTER-EXACT'],
  }),
  independent('independent-29', {
    id: 'i29-fd-switches-bill-pay-details-status-uppercased',
    rule: 'switch statuses are processing, completed or failed (provider 1.35.0 switches): the bill-pay details answer the status in upper case',
    source: 'provider',
    rules: ['FD-SW-STATUS-ENUM', 'FD-SW-DETAILS'],
  }),
  independent('independent-31', {
    id: 'i31-fd-switches-external-lists-bill-pay',
    rule: 'getAllExternalDepositSwitches lists the deposit switches found by external id (seed 002, Micro entries and switches): the list also carries the bill pay switches of the customers it found',
    source: 'seed',
    rules: ['FD-SW-EXTERNAL', 'FD-SW-OTHER-KIND'],
  }),
  independent('independent-35', {
    id: 'i35-fd-switches-deposit-details-percent-as-fraction',
    rule: "a percent distribution's allocatedValue is the percentage of the pay (provider 1.35.0 deposit switch distributions): the deposit switch details give each percent allocation as a fraction of one, so a split's parts no longer add up to the whole pay",
    source: 'provider',
  }),
  independent('independent-35', {
    id: 'i35-fd-switches-bill-pay-list-created-of-first',
    rule: 'each bill pay switch of the list carries its own createdDate, the one its details give (seed 002, Micro entries and switches getAllPaySwitches; provider 1.35.0 switch summaries): the bill pay list gives every switch the createdDate of the first switch listed',
    source: 'provider',
    rules: ['FD-SW-DETAILS', 'FD-PROP-READERS-AGREE'],
  }),
  independent('independent-36', {
    id: 'i36-fd-switches-deposit-list-created-zone-dropped',
    rule: 'switch dates are ISO 8601 date-times in UTC written with Z (provider 1.35.0, switch createdDate; reference financial-data.md, Dates): the deposit switch list writes createdDate without its Z, the details with it',
    source: 'provider',
    rules: ['FD-SW-LIST', 'FD-DATE-UNIT'],
  }),
  independent('independent-37', {
    id: 'i37-fd-switch-deposit-details-last-target-only',
    rule: 'getDepositSwitchDetails gives every distribution of the switch (seed 002, Micro entries and switches; provider 1.35.0 deposit switch details, distributions array): a switch split over several accounts shows only its last distribution',
    source: 'provider',
    rules: ['FD-SW-DETAILS', 'FD-PROP-READERS-AGREE'],
  }),
  independent('independent-37', {
    id: 'i37-fd-switch-external-one-per-id',
    rule: 'getAllExternalDepositSwitches lists the deposit switches found by that external_id (seed 002, Resources: Switch, also found by external_id): of several switches sharing the external id only the first is listed',
    source: 'seed',
    rules: ['FD-SW-EXTERNAL', 'FD-FILTER-WHOLE'],
  }),
]);
