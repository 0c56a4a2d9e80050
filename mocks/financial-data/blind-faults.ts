// Faults of the financial data mock written blind: each breaks one rule of seed 002, the
// provider's document (1.35.0) or reference/financial-data.md, the way a provider's engineer would,
// written from the rules without reading the suite. `npm run mutation -- --blind` measures them.
// Behaviour faults are switches in the handlers (`faults.has('blind-...')`); validation faults
// loosen the mock's copy of the contract. `rules`: the ids of schemas/financial-data/rules.yaml broken.
import type { Fault } from '../kit/faults.js';

const blind = (f: Omit<Fault, 'origin'>): Fault => ({ ...f, origin: 'blind' });

export const FD_BLIND_FAULTS: Fault[] = [
  // Authentication and partner (seed 002, Authentication and Limits; reference, Partner lock).
  blind({ id: 'blind-lock-after-four', rule: 'the partner locks after five failed authentications; four do not lock (seed Limits; reference Partner lock)', source: 'seed', rules: ['FD-LOCK-FIVE'] }),
  blind({
    id: 'blind-secret-min-11', rule: 'a new partner secret has a minimum length: one character shorter is a 400 (seed Authentication, Limits)', source: 'seed', rules: ['FD-SECRET-LENGTH'],
    relax: [{ schema: 'NewPartnerSecret', shift: { minLength: -1 } }],
  }),
  blind({
    id: 'blind-secret-max-256', rule: 'a new partner secret has a maximum length: one character longer is a 400 (seed Authentication, Limits)', source: 'seed', rules: ['FD-SECRET-LENGTH'],
    relax: [{ schema: 'NewPartnerSecret', shift: { maxLength: 1 } }],
  }),
  blind({ id: 'blind-secret-change-while-locked', rule: 'a locked partner is refused (401) until the lock is lifted, ModifyPartnerSecret included (seed Authentication; reference Partner lock)', source: 'seed', rules: ['FD-LOCK-NO-SECRET-CHANGE'] }),
  blind({ id: 'blind-token-expires-at-90-minutes', rule: 'a token is valid two hours; 90 minutes is when to renew, not when it expires (seed Authentication, Limits)', source: 'seed', rules: ['FD-TOKEN-LIFETIME'] }),
  blind({ id: 'blind-token-grace-five-minutes', rule: 'a token is valid two hours, not two hours and five minutes (seed Authentication, Limits)', source: 'seed', rules: ['FD-TOKEN-LIFETIME'] }),
  blind({ id: 'blind-expired-token-accepted-on-institutions', rule: 'an expired token is a 401 on every call, GetInstitutions included (seed Authentication)', source: 'seed', rules: ['FD-TOKEN-LIFETIME'] }),
  blind({ id: 'blind-app-key-prefix-match', rule: 'an unknown app key (PartnerAppKey) is a 401, even one sharing a prefix with a real key (seed Authentication)', source: 'seed', rules: ['FD-AUTH-KEY-WHOLE'] }),
  blind({ id: 'blind-missing-header-unnamed', rule: 'the 401 for a missing security header names the header (provider 1.35.0 ErrorMessage examples; contract Error.message)', source: 'provider', rules: ['FD-AUTH-401-NAMES-HEADER'] }),
  // Paging (provider 1.35.0 StartParameter / LimitParameter; seed Limits; reference Paging).
  blind({ id: 'blind-limit-cap-999', rule: 'limit accepts up to 1000 (provider LimitParameter maximum 1000; seed Limits 1000 per page)', source: 'provider', rules: ['FD-PAGE-LIMIT'], relax: [{ schema: 'PageLimit', set: { maximum: 999 } }] }),
  blind({ id: 'blind-default-page-size-20', rule: 'without limit a page holds 25 records (provider LimitParameter default 25; reference Paging)', source: 'provider', rules: ['FD-PAGE-DEFAULT'] }),
  blind({ id: 'blind-start-as-record-offset', rule: 'start is the 1-based index of a page, not of a record (provider StartParameter; reference Paging)', source: 'provider', rules: ['FD-PAGE-START'] }),
  blind({ id: 'blind-more-available-on-full-last-page', rule: 'moreAvailable is false when the page ends at the last record (provider MoreResultsAvailable)', source: 'provider', rules: ['FD-PAGE-COUNTS'] }),
  blind({ id: 'blind-found-counts-page', rule: 'found is the total number of matching records, not the page size (provider FoundResults)', source: 'provider', rules: ['FD-PAGE-COUNTS'] }),
  // Customers (seed 002, Customers and Errors).
  blind({ id: 'blind-testing-duplicate-username', rule: 'a username already used is a 409 on AddTestingCustomer as on AddCustomer (seed Customers, Errors 409)', source: 'seed', rules: ['FD-CUST-USERNAME-UNIQUE'] }),
  blind({ id: 'blind-username-filter-ignored', rule: 'GetCustomers username restricts the list (seed Customers query: username)', source: 'seed', rules: ['FD-CUST-FILTER-USERNAME'] }),
  blind({ id: 'blind-search-ignores-last-name', rule: 'search matches any combination of firstName and lastName, lastName alone included (seed Customers)', source: 'seed', rules: ['FD-CUST-SEARCH'] }),
  blind({ id: 'blind-deleted-customer-still-listed', rule: 'a deleted customer is gone: GetCustomers no longer lists it (seed Customers: delete removes access)', source: 'seed', rules: ['FD-CUST-DELETE'] }),
  blind({ id: 'blind-deleted-customer-app-data', rule: 'a deleted customer is gone: GetCustomerWithAppData is a 404 (seed Customers: delete removes access)', source: 'seed', rules: ['FD-CUST-DELETE'] }),
  blind({ id: 'blind-modify-customer-ignores-last-name', rule: 'ModifyCustomer changes lastName when given (seed Customers: modify takes firstName, lastName, or both)', source: 'seed', rules: ['FD-CUST-MODIFY'] }),
  // Consumers (seed 002, Consumers; reference Consumers, Dates).
  blind({ id: 'blind-ssn-full-on-get-consumer', rule: 'consumer records show only the last four SSN digits in every response, GetConsumer included (reference Consumers)', source: 'assumption', rules: ['FD-CONS-SSN-LAST-FOUR', 'FD-SENSITIVE-ECHO'] }),
  blind({ id: 'blind-consumer-created-millis', rule: 'consumer createdDate is epoch seconds, not milliseconds (provider UnixDate; reference Dates)', source: 'provider', rules: ['FD-DATE-SECONDS'] }),
  blind({ id: 'blind-modify-unknown-consumer-204', rule: 'ModifyConsumer of an unknown consumer is a 404, as GetConsumer (seed Consumers, Errors 404)', source: 'seed', rules: ['FD-NOT-FOUND'] }),
  // Businesses (seed 002, Businesses and Limits).
  blind({ id: 'blind-business-unique-by-name', rule: 'a customer can have one business record: a second one under another name is a 409 (seed Businesses, Limits)', source: 'seed', rules: ['FD-BUS-ONE'] }),
  // Institutions (seed 002, Institutions and Limits).
  blind({ id: 'blind-location-matches-four', rule: 'location matches: up to 3 (seed Institutions, Limits)', source: 'seed', rules: ['FD-LOC-MAX'] }),
  blind({ id: 'blind-certified-search-ignored', rule: 'search restricts GetCertifiedInstitutions as it does GetInstitutions (seed Institutions: same query)', source: 'seed', rules: ['FD-INST-SEARCH'] }),
  // Errors (provider 1.35.0 ErrorMessage; reference Error bodies).
  blind({ id: 'blind-conflict-body-without-code', rule: 'the 409 error body is {code, message} like every other status (provider ErrorMessage requires code; reference Error bodies)', source: 'provider', rules: ['FD-CUST-USERNAME-UNIQUE', 'FD-CONS-UNIQUE', 'FD-BUS-ONE'] }),
];
