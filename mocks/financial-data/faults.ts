// Fault catalogue of the financial data mock: each entry breaks one rule of seed 002 (or of an
// assumption of reference/financial-data.md). `npm run mutation` proves the suite catches each.
// `rules`: the ids of schemas/financial-data/rules.yaml it breaks (`--targeted` runs their specs).
import type { Fault } from '../kit/faults.js';

const SECRET_CLASS = '[A-Za-z0-9!@#$%&*_+-]';
// The length is the contract's minLength / maxLength; a pattern fault changes the characters only.
const secretPattern = (pattern: string, id: string, rule: string, rules: string[]): Fault => ({
  id, rule, source: 'seed', rules, relax: [{ schema: 'NewPartnerSecret', set: { pattern } }],
});

export const FD_FAULTS: Fault[] = [
  // Authentication (seed 002, Authentication and Limits).
  { id: 'bad-secret-accepted', rule: 'CreateToken: bad credentials are a 401', source: 'seed', rules: ['FD-TOKEN-ISSUE'] },
  { id: 'lock-never-engaged', rule: 'five failed authentications lock the partner', source: 'seed', rules: ['FD-LOCK-FIVE'] },
  { id: 'lock-after-six', rule: 'the lock engages after five failures, not six', source: 'seed', rules: ['FD-LOCK-FIVE'] },
  { id: 'token-never-expires', rule: 'a token is valid two hours', source: 'seed', rules: ['FD-TOKEN-LIFETIME'] },
  { id: 'token-expires-early', rule: 'a token is valid two hours (not 80 minutes)', source: 'seed', rules: ['FD-TOKEN-LIFETIME', 'FD-TOKEN-REUSE'] },
  { id: 'token-accepted-without-app-key', rule: 'the app key header (PartnerAppKey) on every call (401)', source: 'seed', rules: ['FD-AUTH-KEY-REQUIRED'] },
  { id: 'unknown-app-key-accepted', rule: 'an unknown app key (PartnerAppKey) is a 401', source: 'seed', rules: ['FD-AUTH-KEY-WHOLE'] },
  { id: 'token-not-required', rule: 'the token header (PartnerAppToken) required on all other calls (401)', source: 'seed', rules: ['FD-AUTH-TOKEN-REQUIRED'] },
  { id: 'invalid-token-accepted', rule: 'an invalid token (PartnerAppToken) is a 401', source: 'seed', rules: ['FD-AUTH-TOKEN-REQUIRED'] },
  { id: 'create-token-needs-token', rule: 'CreateToken requires only the app key', source: 'seed', rules: ['FD-AUTH-KEY-ONLY'] },
  { id: 'business-auth-skipped', rule: 'business operations require both headers (default security)', source: 'seed', rules: ['FD-AUTH-KEY-REQUIRED', 'FD-AUTH-TOKEN-REQUIRED'] },
  // Partner secret rules (seed 002, Authentication: 12-255, a digit and a letter, the alphabet).
  { id: 'secret-length-unenforced', rule: 'new partner secret minLength and maxLength (one off on each side)', source: 'seed', rules: ['FD-SECRET-LENGTH'], relax: [{ schema: 'NewPartnerSecret', shift: { minLength: -1, maxLength: 1 } }] },
  secretPattern(`^(?=.*[A-Za-z])${SECRET_CLASS}*$`, 'secret-digit-not-required', 'new partner secret holds a digit', ['FD-SECRET-DIGIT-LETTER']),
  secretPattern(`^(?=.*[0-9])${SECRET_CLASS}*$`, 'secret-letter-not-required', 'new partner secret holds a letter', ['FD-SECRET-DIGIT-LETTER']),
  secretPattern('^(?=.*[A-Za-z])(?=.*[0-9]).*$', 'secret-charset-unenforced', 'new partner secret: letters, digits and ! @ # $ % & * _ - + only', ['FD-SECRET-CHARSET']),
  { id: 'secret-change-ineffective', rule: 'ModifyPartnerSecret changes the secret (new one works)', source: 'seed', rules: ['FD-SECRET-CHANGE'] },
  { id: 'old-secret-still-works', rule: 'after a change the old secret is refused', source: 'seed', rules: ['FD-SECRET-CHANGE'] },
  // Paging (seed 002 Limits; reference Conventions).
  { id: 'limit-cap-unenforced', rule: 'limit at most 1000 (more is a 400)', source: 'seed', rules: ['FD-PAGE-LIMIT'], relax: [{ schema: 'PageLimit', drop: ['maximum'] }] },
  { id: 'start-ignored', rule: 'start selects the page', source: 'assumption', rules: ['FD-PAGE-START'] },
  // Customers (seed 002, Customers and Errors).
  { id: 'duplicate-username-accepted', rule: 'a username already used is a 409', source: 'seed', rules: ['FD-CUST-USERNAME-UNIQUE'] },
  { id: 'username-length-unenforced', rule: 'username minLength and maxLength', source: 'assumption', rules: ['FD-CUST-USERNAME-RULES'], relax: [{ schema: 'Username', drop: ['minLength', 'maxLength'] }] },
  { id: 'username-charset-unenforced', rule: 'username letters, digits and ! @ . # $ % & * _ - +', source: 'assumption', rules: ['FD-CUST-USERNAME-RULES'], relax: [{ schema: 'Username', set: { pattern: '^.*$' } }] },
  { id: 'created-status-200', rule: 'customer creation answers 201', source: 'seed', rules: ['FD-CUST-CREATE'] },
  { id: 'active-created-as-testing', rule: 'the add-customer operation used fixes the type', source: 'seed', rules: ['FD-CUST-TYPE'] },
  { id: 'search-by-name-broken', rule: 'search matches any combination of firstName and lastName', source: 'seed', rules: ['FD-CUST-SEARCH'] },
  { id: 'no-search-returns-none', rule: 'with no search text all customers are returned', source: 'seed', rules: ['FD-CUST-NO-SEARCH-ALL'] },
  { id: 'type-filter-ignored', rule: 'type restricts the list', source: 'assumption', rules: ['FD-CUST-FILTER-TYPE'] },
  { id: 'modify-empty-accepted', rule: 'modify requires firstName, lastName, or both', source: 'seed', rules: ['FD-CUST-MODIFY-REQUIRED'], relax: [{ schema: 'CustomerUpdate', drop: ['anyOf'] }] },
  { id: 'modify-customer-ignored', rule: 'ModifyCustomer changes the names given', source: 'seed', rules: ['FD-CUST-MODIFY'] },
  { id: 'disputed-modify-allowed', rule: 'disputed statement on customer modification is a 403', source: 'seed', rules: ['FD-CUST-DISPUTED'] },
  { id: 'delete-not-effective', rule: 'a deleted customer is gone (404)', source: 'seed', rules: ['FD-CUST-DELETE'] },
  { id: 'app-data-missing', rule: 'GetCustomerWithAppData returns the customer\'s application', source: 'seed', rules: ['FD-CUST-APP'] },
  // Consumers (seed 002, Consumers and Resources).
  { id: 'duplicate-consumer-accepted', rule: 'a second consumer for a customer is a 409', source: 'seed', rules: ['FD-CONS-UNIQUE'] },
  { id: 'consumer-ssn-unmasked', rule: 'consumer records show only the last four SSN digits', source: 'assumption', rules: ['FD-CONS-SSN-LAST-FOUR', 'FD-SENSITIVE-ECHO'] },
  { id: 'consumer-ssn-first-four', rule: 'the SSN shown is its LAST four digits', source: 'assumption', rules: ['FD-CONS-SSN-LAST-FOUR'] },
  { id: 'consumer-modify-clears-fields', rule: 'on modify, unspecified fields stay unchanged', source: 'seed', rules: ['FD-CONS-MODIFY-KEEP'] },
  { id: 'consumer-deleted-with-customer', rule: 'the consumer persists after its customer is deleted', source: 'seed', rules: ['FD-CONS-OUTLIVES'] },
  { id: 'consumer-unknown-customer-created', rule: 'CreateConsumer for an unknown customer is a 404', source: 'seed', rules: ['FD-NOT-FOUND', 'FD-CUST-DELETE-LINKED'] },
  // Businesses (seed 002, Businesses and Limits: one per customer).
  { id: 'duplicate-business-accepted', rule: 'a customer can have one business record (409)', source: 'seed', rules: ['FD-BUS-ONE'] },
  { id: 'business-update-ignored', rule: 'UpdateBusiness replaces the details', source: 'seed', rules: ['FD-BUS-UPDATE'] },
  // Institutions (seed 002, Institutions and Limits).
  { id: 'institutions-no-match-404', rule: 'nothing matching is an empty list with 200', source: 'seed', rules: ['FD-INST-EMPTY'] },
  { id: 'institution-search-ignored', rule: 'search restricts the institutions listed', source: 'seed', rules: ['FD-INST-SEARCH'] },
  { id: 'institution-type-filter-ignored', rule: 'GetInstitutions product type narrows the list (seed Institutions)', source: 'seed', rules: ['FD-INST-PRODUCT-TYPE'] },
  { id: 'rssd-missing', rule: 'the RSSD variant returns the RSSD identifier', source: 'seed', rules: ['FD-INST-RSSD'] },
  { id: 'branding-none-200', rule: 'no branding is a 404', source: 'seed', rules: ['FD-BRAND-NONE-404'] },
  { id: 'unknown-institution-200', rule: 'GetInstitution: 404 when not found', source: 'seed', rules: ['FD-NOT-FOUND', 'FD-INST-GET'] },
  { id: 'routing-length-unchecked', rule: 'a routing number of the wrong length is a 400', source: 'seed', rules: ['FD-ROUTING-LENGTH'], relax: [{ schema: 'RoutingNumber', set: { pattern: '^[0-9]+$' } }] },
  { id: 'routing-no-match-empty', rule: 'a routing number with no match is a 404', source: 'seed', rules: ['FD-NOT-FOUND', 'FD-ROUTING-LENGTH'] },
  { id: 'location-matches-over-3', rule: 'location matches: up to 3', source: 'seed', rules: ['FD-LOC-MAX'] },
  { id: 'location-params-unchecked', rule: 'location matches need idType+idValue or the name-and-address set', source: 'seed', rules: ['FD-LOC-PARAMS'] },
  // Shape and robustness.
  // Each rule on both sides of its boundary, on every path and through every reader.
  { id: 'lock-after-four', rule: 'four failed authentications do not lock (FD-LOCK-FIVE, n-1)', source: 'seed', rules: ['FD-LOCK-FIVE'] },
  { id: 'secret-change-while-locked', rule: 'a locked partner cannot change its secret (FD-LOCK-NO-SECRET-CHANGE)', source: 'assumption', rules: ['FD-LOCK-NO-SECRET-CHANGE'] },
  { id: 'app-key-suffix-accepted', rule: 'the app key is compared whole: a suffix added is a 401 (FD-AUTH-KEY-WHOLE)', source: 'seed', rules: ['FD-AUTH-KEY-WHOLE'] },
  { id: 'token-valid-100-minutes', rule: 'a token is accepted until two hours old (FD-TOKEN-LIFETIME, accepting side)', source: 'seed', rules: ['FD-TOKEN-LIFETIME'] },
  { id: 'customer-search-ignored', rule: 'search restricts GetCustomers (FD-CUST-SEARCH, refusing side)', source: 'seed', rules: ['FD-CUST-SEARCH'] },
  { id: 'default-limit-unapplied', rule: 'without limit a page holds 25 records (FD-PAGE-DEFAULT)', source: 'provider', rules: ['FD-PAGE-DEFAULT'] },
  { id: 'more-available-off-by-one', rule: 'moreAvailable is false on an exactly full last page (FD-PAGE-COUNTS@customers)', source: 'provider', rules: ['FD-PAGE-COUNTS'] },
  { id: 'found-page-count', rule: 'found counts every match, not the page (FD-PAGE-COUNTS on the institution lists)', source: 'provider', rules: ['FD-PAGE-COUNTS'] },
  { id: 'rssd-search-ignored', rule: 'search restricts the RSSD list too (FD-INST-SEARCH@rssd)', source: 'seed', rules: ['FD-INST-SEARCH'] },
  { id: 'customer-created-date-ms', rule: 'customer createdDate is epoch seconds (FD-DATE-SECONDS)', source: 'provider', rules: ['FD-DATE-SECONDS'] },
  { id: 'app-view-stale-names', rule: 'a modification shows through GetCustomerWithAppData too (FD-CUST-MODIFY@app-data)', source: 'seed', rules: ['FD-CUST-MODIFY'] },
  { id: 'deleted-customer-consumer-path', rule: 'a deleted customer is not reached through GetConsumerForCustomer (FD-CUST-DELETE-LINKED)', source: 'assumption', rules: ['FD-CUST-DELETE-LINKED'] },
  { id: 'deleted-customer-business-path', rule: 'a deleted customer is not reached through GetBusinessByCustomer (FD-CUST-DELETE-LINKED)', source: 'assumption', rules: ['FD-CUST-DELETE-LINKED'] },
  { id: 'consumer-ssn-in-creation-answer', rule: 'the CreateConsumer answer shows no full SSN (FD-CONS-SSN-LAST-FOUR@consumer-created, FD-SENSITIVE-ECHO)', source: 'assumption', rules: ['FD-CONS-SSN-LAST-FOUR', 'FD-SENSITIVE-ECHO'] },
  { id: 'consumer-ssn-stale-after-modify', rule: 'a new SSN sent on modify is the one shown, last four (FD-CONS-MODIFY)', source: 'seed', rules: ['FD-CONS-MODIFY', 'FD-CONS-SSN-LAST-FOUR'] },
  { id: 'consumer-modify-ignores-email', rule: 'every field sent on ModifyConsumer is stored (FD-CONS-MODIFY)', source: 'seed', rules: ['FD-CONS-MODIFY'] },
  { id: 'business-add-drops-optional', rule: 'every field sent on AddBusinessDetails reads back (FD-BUS-READ)', source: 'seed', rules: ['FD-BUS-READ'] },
  { id: 'business-update-ignores-address', rule: 'every field sent on UpdateBusiness reads back (FD-BUS-UPDATE)', source: 'seed', rules: ['FD-BUS-UPDATE'] },
  { id: 'error-body-wrong-shape', rule: 'error body {code, message}', source: 'assumption', rules: ['FD-AUTH-401-NAMES-HEADER'] },
  { id: 'bad-json-crashes', rule: 'a malformed body is a 400, never a 500', source: 'seed', rules: ['FD-ERR-MALFORMED-JSON'] },
];
