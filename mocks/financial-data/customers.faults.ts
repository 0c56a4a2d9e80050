// Faults of customers (switched in customers.ts): each breaks one rule of schemas/financial-
// data/rules.yaml, the way a provider's release might. `rules` names the rule ids it breaks (`npm
// run mutation -- --targeted` runs the specs citing them). The faults of the suite's authors first,
// then those written blind (`origin: 'blind'`, measured apart by `npm run mutation -- --blind`).
import { faultCatalogue, blind, independent, modelFault, telling, seeded } from '../kit/faults.js';

export const CUSTOMERS_FAULTS = faultCatalogue([
  // Seeded beside the refused-request property's state reason (invariants.refused-no-trace.spec.ts): a writer on a deleted object.
  // Seeded beside the optional-ids property of properties.type-forms.spec.ts (FD-OPTIONAL-IDS).
  seeded({
    id: 'seeded-prop-active-customer-application-dropped',
    rule: "FD-OPTIONAL-IDS: AddCustomer answers 201 to a body naming the caller's application and keeps no application: GetCustomer shows none",
    source: 'seed',
    rules: ['FD-OPTIONAL-IDS'],
  }),
  seeded({
    id: 'seeded-prop-modify-deleted-customer-revives',
    rule: 'FD-PROP-REFUSED-NO-TRACE: ModifyCustomer on a customer deleted before is refused 404, yet brings the customer back under the names it sends',
    source: 'seed',
    rules: ['FD-PROP-REFUSED-NO-TRACE'],
  }),
  // Seeded beside the modify-and-read checks of customers.crud.spec.ts (punctuation in a name on the update path).
  // Seeded beside reader agreement's drop check (fixtures/assertions/financial-data-answer.ts), another object family.
  // Seeded beside the telling markup of the request builders (tellingMarkupName): escaping on a create path.
  seeded({
    id: 'seeded-fam26b-customer-create-last-name-quotes-escaped',
    rule: 'FD-CUST-READ: a new customer is stored with the double quotes of its last name as &quot;; every reader shows it so',
    source: 'seed',
    rules: ['FD-CUST-READ'],
  }),
  seeded({
    id: 'seeded-fam26b-customers-list-email-dropped',
    rule: 'FD-CUST-READ: GetCustomers answers each customer without the e-mail address GetCustomer shows',
    source: 'seed',
    rules: ['FD-CUST-READ'],
  }),
  seeded({
    id: 'seeded-customer-modify-name-apostrophe-stripped',
    rule: 'FD-CUST-MODIFY: ModifyCustomer stores the names sent without their apostrophes; every reader shows them so',
    source: 'seed',
    rules: ['FD-CUST-MODIFY'],
  }),
  // Seeded beside the create-and-read check of customers.crud.spec.ts (leading zeros on every reader).
  seeded({
    id: 'seeded-customers-list-phone-leading-zeros-dropped',
    rule: "FD-CUST-READ: GetCustomers shows a customer's phone read as a number (its leading zeros dropped)",
    source: 'seed',
    rules: ['FD-CUST-READ'],
  }),
  // Seeded beside the near-id checker (security.near-id.spec.ts; origin 'seeded').
  seeded({
    id: 'customer-read-by-id-prefix',
    rule: 'FD-OBJ-EXACT-ID: GetCustomer serves only the customer whose id is the one asked, not one whose id starts with it',
    source: 'seed',
    rules: ['FD-OBJ-EXACT-ID'],
  }),
  // Seeded beside the create-and-read check of customers.crud.spec.ts (response-only members in the body).
  seeded({
    id: 'seeded-customer-active-dates-from-body',
    rule: "FD-OBJ-READ-ONLY: AddCustomer stores the createdDate and lastModifiedDate a create body sends instead of its own (the type stays the operation's)",
    source: 'provider',
    rules: ['FD-OBJ-READ-ONLY'],
  }),
  // Seeded beside the later pages of customers.filters.spec.ts (FD-PAGE-KEEPS-QUERY).
  seeded({
    id: 'seeded-customers-search-later-page-type-dropped',
    rule: 'FD-PAGE-KEEPS-QUERY: GetCustomers with a search and a type answers a page after the first without the type filter',
    source: 'seed',
    rules: ['FD-PAGE-KEEPS-QUERY'],
  }),
  seeded({
    id: 'seeded-customers-search-later-page-phone-dropped',
    rule: "FD-PAGE-KEEPS-QUERY: GetCustomers under a search answers a page after the first without the customers' phone",
    source: 'provider',
    rules: ['FD-PAGE-KEEPS-QUERY'],
  }),
  // Matching that can tell (kit/faults.ts, seeded): the username lookup normalises what it is asked.
  seeded({
    id: 'customers-username-filter-trimmed',
    rule: 'FD-FILTER-EXACT: the username filter is an exact match: a username asked with a trailing space lists nobody',
    source: 'provider',
    rules: ['FD-FILTER-EXACT'],
  }),
  {
    id: 'customer-record-carries-token',
    rule: "FD-OBJ-SENSITIVE: GetCustomer's record carries the partner's token in a member of its own (lastSession)",
    source: 'seed',
    rules: ['FD-OBJ-SENSITIVE'],
  },
  {
    id: 'refused-customer-stored',
    rule: 'FD-PROP-REFUSED-NO-TRACE: a customer refused for a taken username (409) is stored all the same and shows in GetCustomers',
    source: 'seed',
    rules: ['FD-PROP-REFUSED-NO-TRACE'],
  },
  // Customers (seed 002, Customers and Errors).
  { id: 'duplicate-username-accepted', rule: 'a username already used is a 409', source: 'seed', rules: ['FD-CUST-USERNAME-UNIQUE'] },
  {
    id: 'username-length-unenforced',
    rule: 'username minLength and maxLength',
    source: 'assumption',
    rules: ['FD-CUST-USERNAME-RULES'],
    relax: [{ schema: 'Username', drop: ['minLength', 'maxLength'] }],
  },
  {
    id: 'username-charset-unenforced',
    rule: 'username letters, digits and ! @ . # $ % & * _ - +',
    source: 'assumption',
    rules: ['FD-CUST-USERNAME-RULES'],
    relax: [{ schema: 'Username', set: { pattern: '^.*$' } }],
  },
  { id: 'created-status-200', rule: 'customer creation answers 201', source: 'seed', rules: ['FD-CUST-CREATE'] },
  { id: 'active-created-as-testing', rule: 'the add-customer operation used fixes the type', source: 'seed', rules: ['FD-CUST-TYPE'] },
  {
    id: 'search-by-name-broken',
    rule: 'search matches any combination of firstName and lastName',
    source: 'seed',
    rules: ['FD-CUST-SEARCH'],
  },
  {
    id: 'no-search-returns-none',
    rule: 'with no search text all customers are returned',
    source: 'seed',
    rules: ['FD-CUST-NO-SEARCH-ALL'],
  },
  { id: 'type-filter-ignored', rule: 'type restricts the list', source: 'assumption', rules: ['FD-CUST-FILTER-TYPE'] },
  {
    id: 'modify-empty-accepted',
    rule: 'modify requires firstName, lastName, or both',
    source: 'seed',
    rules: ['FD-CUST-MODIFY-REQUIRED'],
    relax: [{ schema: 'CustomerUpdate', drop: ['anyOf'] }],
  },
  { id: 'modify-customer-ignored', rule: 'ModifyCustomer changes the names given', source: 'seed', rules: ['FD-CUST-MODIFY'] },
  {
    id: 'disputed-modify-allowed',
    rule: 'disputed statement on customer modification is a 403',
    source: 'seed',
    rules: ['FD-CUST-DISPUTED'],
  },
  { id: 'delete-not-effective', rule: 'a deleted customer is gone (404)', source: 'seed', rules: ['FD-CUST-DELETE'] },
  { id: 'app-data-missing', rule: "GetCustomerWithAppData returns the customer's application", source: 'seed', rules: ['FD-CUST-APP'] },
  // Consumers (seed 002, Consumers and Resources).
  {
    id: 'consumer-deleted-with-customer',
    rule: 'the consumer persists after its customer is deleted',
    source: 'seed',
    rules: ['FD-CONS-OUTLIVES'],
  },
  // Each rule on both sides of its boundary, on every path and through every reader.
  {
    id: 'customer-search-ignored',
    rule: 'search restricts GetCustomers (FD-CUST-SEARCH, refusing side)',
    source: 'seed',
    rules: ['FD-CUST-SEARCH'],
  },
  {
    id: 'default-limit-unapplied',
    rule: "without limit a page holds the limit parameter's default (FD-PAGE-DEFAULT)",
    source: 'provider',
    rules: ['FD-PAGE-DEFAULT'],
  },
  {
    id: 'more-available-off-by-one',
    rule: 'moreAvailable is false on an exactly full last page (FD-PAGE-COUNTS@customers)',
    source: 'provider',
    rules: ['FD-PAGE-COUNTS'],
  },
  {
    id: 'customer-created-date-ms',
    rule: 'customer createdDate is epoch seconds (FD-DATE-UNIT)',
    source: 'provider',
    rules: ['FD-DATE-UNIT'],
  },
  {
    id: 'app-view-stale-names',
    rule: 'a modification shows through GetCustomerWithAppData too (FD-CUST-MODIFY@app-data)',
    source: 'seed',
    rules: ['FD-CUST-MODIFY'],
  },
  // Normalisations on one path (kit/faults.ts, telling): seed 002, Resources - Customer (the names sent).
  telling({
    id: 'telling-customer-list-names-capitalised',
    rule: 'GetCustomers shows the names stored (FD-CUST-READ): this one capitalises their first letter',
    source: 'seed',
    rules: ['FD-CUST-READ', 'FD-CUST-MODIFY'],
  }),
  // Written blind (kit/faults.ts, blind): from the sources and the mock, without reading the specs.
  // Customers (seed 002, Customers and Errors).
  blind({
    id: 'blind-testing-duplicate-username',
    rule: 'a username already used is a 409 on AddTestingCustomer as on AddCustomer (seed Customers, Errors 409)',
    source: 'seed',
    rules: ['FD-CUST-USERNAME-UNIQUE'],
  }),
  blind({
    id: 'blind-username-filter-ignored',
    rule: 'GetCustomers username restricts the list (seed Customers query: username)',
    source: 'seed',
    rules: ['FD-CUST-FILTER-USERNAME'],
  }),
  blind({
    id: 'blind-search-ignores-last-name',
    rule: 'search matches any combination of firstName and lastName, lastName alone included (seed Customers)',
    source: 'seed',
    rules: ['FD-CUST-SEARCH'],
  }),
  blind({
    id: 'blind-deleted-customer-still-listed',
    rule: 'a deleted customer is gone: GetCustomers no longer lists it (seed Customers: delete removes access)',
    source: 'seed',
    rules: ['FD-CUST-DELETE'],
  }),
  blind({
    id: 'blind-deleted-customer-app-data',
    rule: 'a deleted customer is gone: GetCustomerWithAppData is a 404 (seed Customers: delete removes access)',
    source: 'seed',
    rules: ['FD-CUST-DELETE'],
  }),
  blind({
    id: 'blind-modify-customer-ignores-last-name',
    rule: 'ModifyCustomer changes lastName when given (seed Customers: modify takes firstName, lastName, or both)',
    source: 'seed',
    rules: ['FD-CUST-MODIFY'],
  }),
  // Found only by a sequence of calls (the reference models, fixtures/models/): each single call answers right.
  modelFault({
    id: 'model-search-uses-created-names',
    rule: 'GetCustomers search matches the names a customer has now: after ModifyCustomer, the new names find it and the old ones do not (seed Customers)',
    source: 'seed',
    rules: ['FD-CUST-SEARCH', 'FD-CUST-MODIFY'],
  }),
  // The second independent set (kit/faults.ts, independent): written from the seeds, the provider's
  // documents, the contract and the rule catalogue only, the specs unread.
  independent('independent-2', {
    id: 'i2-customers-found-ignores-type-filter',
    rule: 'found is the size of the set the list is cut from (provider 1.35.0, FoundResults): with a type filter, found counts every customer of the partner',
    source: 'provider',
    rules: ['FD-PAGE-COUNTS', 'FD-CUST-FILTER-TYPE'],
  }),
  independent('independent-2', {
    id: 'i2-customer-modify-names-trimmed',
    rule: 'the names sent read back through every reader (seed 002, Customers - modify): ModifyCustomer collapses white space in the names and trims them (creation keeps them as sent)',
    source: 'seed',
    rules: ['FD-CUST-MODIFY'],
  }),
  independent('independent-2', {
    id: 'i2-customer-username-5-accepted',
    rule: 'a username has at least minLength characters (provider 1.35.0, CustomerUsername): one character fewer is accepted (the lower bound only)',
    source: 'provider',
    rules: ['FD-CUST-USERNAME-RULES'],
    relax: [{ schema: 'Username', shift: { minLength: -1 } }],
  }),
  // The third independent set (kit/faults.ts, independent): written from the seeds, the provider's
  // documents, the contract, the rule catalogue and this mock only, the specs unread.
  independent('independent-3', {
    id: 'i3-customer-phone-digits-only',
    rule: "every reader shows the phone the customer was created with (seed 002, Resources - Customer): AddCustomer (the active path only) stores the phone's digits only, dropping spaces, dashes, parentheses and a plus sign; AddTestingCustomer keeps it as sent",
    source: 'seed',
    rules: ['FD-CUST-READ'],
  }),
  independent('independent-3', {
    id: 'i3-customer-modify-other-partner',
    rule: "another partner's customer is refused through every operation naming it (reference, object-level authorization): ModifyCustomer finds the customer by its id alone and renames another partner's customer (204), while GetCustomer and DeleteCustomer still answer 404",
    source: 'assumption',
    rules: ['FD-OBJ-OTHER-PARTNER', 'FD-CUST-MODIFY'],
  }),
  independent('independent-3', {
    id: 'i3-customer-username-filter-case-insensitive',
    rule: "username lists exactly the customer with that username (seed 002, Customers; usernames are case-sensitive values): the username filter compares without case, so 'Alice01' also lists 'alice01'",
    source: 'seed',
    rules: ['FD-CUST-FILTER-USERNAME'],
  }),
  independent('independent-3', {
    id: 'i3-customer-search-found-is-page',
    rule: 'found is the size of the set the search matches (seed 002, Customers paging): with search text, found is the number of customers on the page (displaying), not the number matched',
    source: 'seed',
    rules: ['FD-PAGE-COUNTS', 'FD-CUST-SEARCH'],
  }),
  // The fourth independent set (kit/faults.ts, independent): written from the seeds, the provider's
  // documents, the contract, the rule catalogue and this mock only, the specs unread.
  independent('independent-4', {
    id: 'i4-customer-username-unique-across-partners',
    rule: 'a username already used by the same partner is a 409 (seed 002, Customers; Errors 409): uniqueness is checked across every partner, so a username another partner uses is refused',
    source: 'seed',
    rules: ['FD-CUST-USERNAME-UNIQUE'],
  }),
  independent('independent-4', {
    id: 'i4-customer-delete-other-partner',
    rule: "another partner's customer is not found through any customer operation (seed 002, Errors 404; object-level authorization): DeleteCustomer finds the customer by its id alone and deletes another partner's customer (204) while GetCustomer answers 404",
    source: 'seed',
    rules: ['FD-OBJ-OTHER-PARTNER', 'FD-CUST-DELETE'],
  }),
  independent('independent-4', {
    id: 'i4-customer-modify-replaces-missing-name',
    rule: 'ModifyCustomer takes firstName, lastName or both and leaves the other unchanged (seed 002, Customers): a modification naming one name clears the other (the record is replaced, not patched)',
    source: 'seed',
    rules: ['FD-CUST-MODIFY'],
  }),
  independent('independent-4', {
    id: 'i4-customer-app-data-created-date-ms',
    rule: 'createdDate is epoch seconds, the same through every reader (provider StringUnixDate; reference Dates): GetCustomerWithAppData alone answers it in milliseconds',
    source: 'provider',
    rules: ['FD-DATE-UNIT', 'FD-CUST-READ'],
  }),
  // The fifth independent set (kit/faults.ts, independent): written from the seeds, the provider's
  // documents, the contracts and the rule catalogues, the specs unread.
  independent('independent-5', {
    id: 'i5-customer-get-email-lowercased',
    rule: 'every reader shows the email the customer was created with (seed 002, Customers): GetCustomer alone lower-cases it',
    source: 'seed',
    rules: ['FD-CUST-READ'],
  }),
  independent('independent-5', {
    id: 'i5-customer-disputed-firstname-only-allowed',
    rule: 'modifying a customer with a disputed statement is a 403 (seed 002, Errors 403): a modification naming only firstName passes the check',
    source: 'seed',
    rules: ['FD-CUST-DISPUTED'],
  }),
  independent('independent-5', {
    id: 'i5-customers-username-filter-prefix',
    rule: 'the username filter lists exactly the customer with that username (seed 002, Customers): it matches usernames starting with the value',
    source: 'seed',
    rules: ['FD-FILTER-EXACT', 'FD-CUST-FILTER-USERNAME'],
  }),
  independent('independent-5', {
    id: 'i5-customers-search-found-counts-all-partners',
    rule: 'found is the number of customers the search matches for the partner (provider 1.35.0, Customers found): with search text it counts the matches of every partner',
    source: 'provider',
    rules: ['FD-PAGE-COUNTS', 'FD-CUST-SEARCH'],
  }),
  independent('independent-5', {
    id: 'i5-customer-app-data-other-partner',
    rule: "another partner's customer is not found (seed 002, Errors 404; FD-OBJ-OTHER-PARTNER): GetCustomerWithAppData reaches it by id while GetCustomer refuses it",
    source: 'seed',
    rules: ['FD-OBJ-OTHER-PARTNER'],
  }),
  independent('independent-6', {
    id: 'i6-customer-search-drops-type-filter',
    rule: 'type lists exactly the customers of that kind (provider 1.35.0, GetCustomers type): with search text the type filter is dropped, so a search lists testing and active customers alike',
    source: 'provider',
    rules: ['FD-CUST-FILTER-TYPE'],
  }),
  independent('independent-7', {
    id: 'i7-customers-search-two-names-fixed-order',
    rule: 'search text finds a customer by both names in any order (seed 002, Customers: any combination of firstName and lastName): two words find the customer only as "first last", not as "last first"',
    source: 'seed',
    rules: ['FD-CUST-SEARCH'],
  }),
  independent('independent-7', {
    id: 'i7-customers-displaying-is-limit',
    rule: 'displaying is the size of the page (provider 1.35.0 Customers: found, displaying, moreAvailable): on a last page shorter than the limit, displaying gives the limit asked',
    source: 'provider',
    rules: ['FD-PAGE-COUNTS'],
  }),
  // Seeded beside the counts of every filter after a delete (customers.delete.spec.ts; origin 'seeded').
  seeded({
    id: 'customers-search-found-counts-deleted',
    rule: "once a customer is deleted, GetCustomers counts only the customers it lists (FD-CUST-COUNTS-AFTER-DELETE): with search text, found still counts the partner's deleted customers the search matches",
    source: 'seed',
    rules: ['FD-CUST-COUNTS-AFTER-DELETE'],
  }),
  independent('independent-9', {
    id: 'i9-customer-modify-clears-phone',
    rule: 'a modification changes the names sent and the other fields are unchanged (seed 002 Customers: modify requires firstName, lastName or both; FD-CUST-MODIFY): ModifyCustomer rewrites the record from the body, so the phone the customer was created with is lost',
    source: 'seed',
    rules: ['FD-CUST-MODIFY', 'FD-MODIFY-LEAVES-OTHERS'],
  }),
  independent('independent-10', {
    id: 'i10-customers-type-ignored-with-username',
    rule: 'type testing / active lists exactly the customers of that kind (seed 002 Customers, GetCustomers type filter; FD-CUST-FILTER-TYPE): when a username is given too, the type filter is dropped, so username=X&type=active lists the testing customer X',
    source: 'seed',
    rules: ['FD-CUST-FILTER-TYPE'],
  }),
  independent('independent-10', {
    id: 'i10-customers-start-past-end-last-page',
    rule: 'start selects the page and a page past the end is empty (provider 1.35.0 GetCustomers start/limit; FD-PAGE-START): on GetCustomers a start past the last page answers the last page again',
    source: 'provider',
    rules: ['FD-PAGE-START'],
  }),
  independent('independent-10', {
    id: 'i10-customers-list-email-lowercased',
    rule: 'every reader shows the email the customer was created with (seed 002 Customers; FD-CUST-READ): the GetCustomers list (username filter and others) lower-cases the email; GetCustomer and the application view keep it',
    source: 'seed',
    rules: ['FD-CUST-READ'],
  }),
  independent('independent-10', {
    id: 'i10-customer-app-data-phone-digits-only',
    rule: 'every reader shows the phone the customer was created with (seed 002 Customers; FD-CUST-READ): GetCustomerWithAppData strips the phone to its digits (555-123-4567 read back as 5551234567)',
    source: 'seed',
    rules: ['FD-CUST-READ'],
  }),
  independent('independent-10', {
    id: 'i10-customer-modify-id-prefix',
    rule: 'an id one character away from a live object names no object (seed 002 Errors 404; FD-OBJ-EXACT-ID): ModifyCustomer with the id missing its last digit modifies the customer whose id starts with it (204), where GetCustomer answers 404',
    source: 'seed',
    rules: ['FD-OBJ-EXACT-ID'],
  }),
  independent('independent-10', {
    id: 'i10-customer-delete-again-204',
    rule: 'after a 204 delete the customer is 404 through a second delete (seed 002 Customers and Errors 404; FD-CUST-DELETE): a second DeleteCustomer of the same id answers 204 as if it still existed',
    source: 'seed',
    rules: ['FD-CUST-DELETE'],
  }),
  independent('independent-11', {
    id: 'i11-customer-get-active-shown-testing',
    rule: 'AddCustomer makes an active customer and every reader shows its type (seed 002, Customers; provider Customer.type): GetCustomer alone shows an active customer as testing',
    source: 'seed',
    rules: ['FD-CUST-TYPE'],
  }),
  independent('independent-11', {
    id: 'i11-customers-search-more-available-last-page',
    rule: 'moreAvailable is true exactly when a later page holds records (provider 1.35.0 Customers.moreAvailable; seed 002, Paging): with search text the last page still says moreAvailable true',
    source: 'provider',
    rules: ['FD-PAGE-COUNTS'],
  }),
  independent('independent-11', {
    id: 'i11-customer-modify-after-delete-204',
    rule: 'after a 204 delete the customer is a 404 through ModifyCustomer (seed 002, Customers; Errors 404): modifying a deleted customer answers 204 (GetCustomer still 404)',
    source: 'seed',
    rules: ['FD-CUST-DELETE'],
  }),
  independent('independent-12', {
    id: 'i12-customers-username-filter-lists-deleted',
    rule: 'once a customer is deleted, GetCustomers under every filter counts and lists only the customers that remain (seed 002, Customers: delete; Errors 404): under the username filter a deleted customer is still listed and counted',
    source: 'seed',
    rules: ['FD-CUST-COUNTS-AFTER-DELETE'],
  }),
  independent('independent-12', {
    id: 'i12-customers-type-more-available-unfiltered',
    rule: 'moreAvailable is true exactly when a later page holds records of the set asked for (seed 002, Paging; provider 1.35.0 Customers.moreAvailable): under the type filter moreAvailable is computed from every customer of the partner',
    source: 'seed',
    rules: ['FD-PAGE-COUNTS'],
  }),
  independent('independent-12', {
    id: 'i12-customer-by-id-username-lowercased',
    rule: 'every reader shows the username the customer was created with (seed 002, Customers; provider 1.35.0 Customer.username): GetCustomer answers the username in lower case',
    source: 'seed',
    rules: ['FD-CUST-READ'],
  }),
  independent('independent-12', {
    id: 'i12-customers-search-found-remaining',
    rule: 'found is the size of the whole set a query selects on every page (seed 002, Paging; provider 1.35.0 Customers.found): under a search, a page after the first answers found as what remains from that page on',
    source: 'seed',
    rules: ['FD-PAGE-COUNTS'],
  }),
  independent('independent-13', {
    id: 'i13-customer-app-data-username-uppercased',
    rule: 'every reader shows the username the customer was created with (seed 002, Customers; provider 1.35.0 CustomerWithAppData): GetCustomerWithAppData upper-cases the username',
    source: 'provider',
    rules: ['FD-CUST-READ'],
  }),
  independent('independent-13', {
    id: 'i13-customer-by-id-last-name-trimmed',
    rule: 'every reader shows the names the customer was created with (seed 002, Customers; provider 1.35.0 Customer): GetCustomer by id trims the last name',
    source: 'provider',
    rules: ['FD-CUST-READ'],
  }),
  independent('independent-15', {
    id: 'i15-customer-by-id-created-date-now',
    rule: "a customer's createdDate is the moment it was created and reads the same later (seed 002, Resources - Customer; provider 1.35.0 Customer.createdDate): GetCustomer dates the customer at the time of the read",
    source: 'assumption',
    rules: ['FD-EVENT-DATE-FIXED', 'FD-CUST-READ'],
  }),
  independent('independent-16', {
    id: 'i16-customer-modify-firstname-lowercased',
    rule: 'ModifyCustomer stores the names sent (provider 1.35.0 ModifyCustomer: the customer record updated with the body firstName/lastName): a first name sent as "Anna" is read back "anna"',
    source: 'provider',
    rules: ['FD-CUST-MODIFY'],
  }),
  independent('independent-16', {
    id: 'i16-customers-found-is-one-with-limit-one',
    rule: 'found is the number of records matching the query, whatever the page (provider 1.35.0 Customers.found): with limit=1, found counts only the one record of the page',
    source: 'provider',
    rules: ['FD-PAGE-COUNTS'],
  }),
  independent('independent-16', {
    id: 'i16-customer-get-id-leading-zeros',
    rule: 'a customer is found by its exact id (rules FD-OBJ-EXACT-ID-FORM; provider 1.35.0 GetCustomer 404 Customer not found): the id with a leading zero reads the customer, the id compared as a number',
    source: 'assumption',
    rules: ['FD-OBJ-EXACT-ID-FORM'],
  }),
  independent('independent-16', {
    id: 'i16-customers-list-testing-shown-active',
    rule: 'a customer keeps the type it was created with on every reader (provider 1.35.0 Customer.type, testing or active by the creating operation): GetCustomers lists a testing customer as active (GetCustomer keeps testing)',
    source: 'provider',
    rules: ['FD-CUST-TYPE'],
  }),
  independent('independent-16', {
    id: 'i16-customers-found-counts-deleted-unsearched',
    rule: 'found counts the customers that exist (provider 1.35.0 Customers.found; DeleteCustomer removes the customer): without search text, found still counts a customer deleted since',
    source: 'provider',
    rules: ['FD-CUST-COUNTS-AFTER-DELETE'],
  }),
  independent('independent-17', {
    id: 'i17-customers-found-zero-past-end',
    rule: 'found is the size of the set whatever the page (seed 002 Pagination; provider 1.35.0 Customers.found): a page past the end answers found 0',
    source: 'seed',
    rules: ['FD-PAGE-COUNTS'],
  }),
  independent('independent-17', {
    id: 'i17-customer-get-email-plus-tag-dropped',
    rule: 'every reader shows the e-mail the customer was created with (seed 002 Resources - Customer; provider 1.35.0 Customer.email): GetCustomer drops a +tag from the local part',
    source: 'seed',
    rules: ['FD-CUST-READ'],
  }),
  independent('independent-17', {
    id: 'i17-customer-modify-accents-folded',
    rule: 'the names sent on ModifyCustomer read back byte for byte (seed 002 Endpoints - Customers): accented letters are stored without their accents',
    source: 'seed',
    rules: ['FD-CUST-MODIFY', 'FD-MODIFY-LEAVES-OTHERS'],
  }),
  independent('independent-18', {
    id: 'i18-customer-by-id-other-partner',
    rule: "another partner's object is not found for the caller (seed 002, Errors 404; FD-OBJ-OTHER-PARTNER): GetCustomer alone finds a customer by its id whoever its partner, while the other customer readers answer 404",
    source: 'seed',
    rules: ['FD-OBJ-OTHER-PARTNER'],
  }),
  independent('independent-18', {
    id: 'i18-customers-username-list-phone-digits-only',
    rule: 'every reader shows the phone the customer was created with (seed 002, Resources - Customer): the list filtered by username keeps only the digits of the phone',
    source: 'seed',
    rules: ['FD-CUST-READ'],
  }),
  independent('independent-20', {
    id: 'i20-customers-search-names-in-order-only',
    rule: 'search text finds a customer by both names in any order (seed 002 Customers: any combination of firstName and lastName): a search of the last name then the first name finds nothing',
    source: 'seed',
    rules: ['FD-CUST-SEARCH'],
  }),
  independent('independent-21', {
    id: 'i21-customer-app-data-first-name-capitalised',
    rule: 'every reader shows the names the customer was created with (seed 002 Customers): GetCustomerWithAppData writes a lower-case first name with a capital initial',
    source: 'seed',
    rules: ['FD-CUST-READ'],
  }),
  independent('independent-21', {
    id: 'i21-customers-search-later-page-more-available-false',
    rule: 'moreAvailable is true exactly when a later page exists (seed 002 Customers; provider 1.35.0 paging): a page after the first of a search answers false while pages remain',
    source: 'provider',
    rules: ['FD-PAGE-COUNTS'],
  }),
  independent('independent-22', {
    id: 'i22-customers-username-list-first-name-trimmed',
    rule: 'every reader shows the names the customer was created with (seed 002 Customers): GetCustomers filtered by username trims the first name',
    source: 'seed',
    rules: ['FD-CUST-READ'],
  }),
  independent('independent-22', {
    id: 'i22-customer-by-id-phone-plus-dropped',
    rule: 'every reader shows the phone the customer was created with (seed 002 Customers): GetCustomer drops the plus sign of an international phone number',
    source: 'seed',
    rules: ['FD-CUST-READ'],
  }),
  independent('independent-24', {
    id: 'i24-customer-modify-last-name-hyphen-spaced',
    rule: 'the names sent on modify read back through every reader (seed 002 Customers, ModifyCustomer): a modified last name is stored with its hyphens turned into spaces',
    source: 'seed',
    rules: ['FD-CUST-MODIFY'],
  }),
  independent('independent-24', {
    id: 'i24-customers-username-type-found-zero',
    rule: 'found is the size of the known set (provider 1.35.0 Customers list counts): GetCustomers filtered by username and type together answers found 0 while it lists the customer',
    source: 'provider',
    rules: ['FD-PAGE-COUNTS'],
  }),
  independent('independent-24', {
    id: 'i24-customer-active-create-username-dots-dropped',
    rule: 'creation answers the username sent (seed 002 Customers, AddCustomer): the active path answers a username holding dots without them, though it stores it as sent',
    source: 'seed',
    rules: ['FD-CUST-CREATE'],
  }),
  independent('independent-25', {
    id: 'i25-customer-testing-create-username-lowercased',
    rule: 'AddTestingCustomer answers 201 with the username sent (seed 002, Customers): the testing path answers it in lower case (stored as sent)',
    source: 'seed',
    rules: ['FD-CUST-CREATE'],
  }),
  independent('independent-25', {
    id: 'i25-customer-app-data-email-dropped',
    rule: 'every reader shows the e-mail address the customer was created with (seed 002, Resources - Customer): GetCustomerWithAppData leaves it out',
    source: 'seed',
    rules: ['FD-CUST-READ'],
  }),
  independent('independent-25', {
    id: 'i25-customer-by-id-phone-spaces-removed',
    rule: 'every reader shows the phone the customer was created with (seed 002, Resources - Customer): GetCustomer gives a phone holding spaces without them',
    source: 'seed',
    rules: ['FD-CUST-READ'],
  }),
  independent('independent-25', {
    id: 'i25-customers-later-page-starts-one-early',
    rule: 'start selects the page and the pages of a set are disjoint (provider 1.35.0 StartParameter): a page of GetCustomers after the first begins with the last customer of the page before it',
    source: 'provider',
    rules: ['FD-PAGE-START'],
  }),
  independent('independent-25', {
    id: 'i25-customer-modify-last-name-cut-at-20',
    rule: 'a modification stores the names sent (seed 002, Customers, ModifyCustomer): a last name longer than a short storage column is stored cut to that column',
    source: 'seed',
    rules: ['FD-CUST-MODIFY'],
  }),
  independent('independent-25', {
    id: 'i25-customers-search-matches-email',
    rule: 'search matches the username or the names and lists no customer it does not match (seed 002, Customers): GetCustomers also matches the text against the e-mail address',
    source: 'seed',
    rules: ['FD-CUST-SEARCH'],
  }),
  independent('independent-26', {
    id: 'i26-customer-refused-duplicate-renames-existing',
    rule: "a refused request leaves no trace (seed 002, Customers: 409 when the username exists): AddTestingCustomer/AddCustomer refuse a taken username with 409 but write the refused body's firstName and lastName onto the customer holding it",
    source: 'seed',
    rules: ['FD-PROP-REFUSED-NO-TRACE', 'FD-CUST-USERNAME-UNIQUE'],
  }),
  independent('independent-26', {
    id: 'i26-customer-delete-answers-200-with-id',
    rule: 'DeleteCustomer answers 204 (seed 002, Customers): the delete answers 200 with a body naming the id removed',
    source: 'seed',
    rules: ['FD-CUST-DELETE'],
  }),
  independent('independent-26', {
    id: 'i26-customers-limit-capped-at-default',
    rule: 'a page holds min(limit, what remains) records up to the contract maximum (seed 002, Customers: start, limit; provider 1.35.0 PageLimit): GetCustomers serves a limit above the default page size as the default',
    source: 'provider',
    rules: ['FD-PAGE-LIMIT-APPLIED'],
  }),
  independent('independent-27', {
    id: 'i27-customer-delete-other-partner-404-but-deleted',
    rule: "another partner's customer is not found for the caller (seed 002, Errors 404): DeleteCustomer answers 404 for it but deletes it",
    source: 'seed',
    rules: ['FD-OBJ-OTHER-PARTNER', 'FD-PROP-REFUSED-NO-TRACE'],
  }),
  independent('independent-27', {
    id: 'i27-customer-read-created-date-ms',
    rule: 'dates are epoch seconds where the provider declares digit strings (reference/financial-data.md, Dates; provider StringUnixDate): GetCustomer answers createdDate in epoch milliseconds',
    source: 'assumption',
    rules: ['FD-DATE-UNIT', 'FD-CUST-READ'],
  }),
  independent('independent-28', {
    id: 'i28-fd-customer-modify-answered-200',
    rule: 'PUT /aggregation/v1/customers/{customerId} answers 204 (seed 002, Customers: ModifyCustomer 204): the modification is answered 200 with the customer',
    source: 'seed',
    rules: ['FD-CUST-MODIFY'],
  }),
  independent('independent-28', {
    id: 'i28-fd-customers-username-caseless',
    rule: 'the username filter of GetCustomers is an exact match (seed 002, Customers; provider 1.35.0 username parameter): a username differing only in case finds the customer',
    source: 'provider',
    rules: ['FD-CUST-FILTER-USERNAME', 'FD-FILTER-EXACT'],
  }),
  independent('independent-29', {
    id: 'i29-fd-customer-get-username-lowercased',
    rule: 'every reader shows the username the customer was created with (seed 002, Customers; provider 1.35.0 Customer): GetCustomer answers it in lower case',
    source: 'seed',
    rules: ['FD-CUST-READ', 'FD-PROP-ECHO-AS-SENT'],
  }),
  independent('independent-29', {
    id: 'i29-fd-customer-delete-username-still-taken',
    rule: 'delete removes access to the customer (seed 002, Customers; 409 only when the customer already exists): after a 204 delete its username stays taken and a new customer with it is a 409',
    source: 'seed',
    rules: ['FD-CUST-DELETE', 'FD-CUST-USERNAME-UNIQUE', 'FD-OBJ-AFTER-DELETE', 'FD-PROP-DELETE-FREES'],
  }),
  independent('independent-30', {
    id: 'i30-fd-customers-username-filter-prefix',
    rule: 'the username filter lists the customer of exactly that username (seed 002, Customers: get customers searches username; provider 1.35.0 username parameter, exact match): every customer whose username starts with the value is listed',
    source: 'provider',
    rules: ['FD-CUST-FILTER-USERNAME', 'FD-FILTER-EXACT'],
  }),
  independent('independent-30', {
    id: 'i30-fd-customer-disputed-modify-refused-after-write',
    rule: 'a modification refused 403 for a disputed statement changes nothing (seed 002, Errors 403: disputed statement on customer modification): the names sent are written before the refusal',
    source: 'seed',
    rules: ['FD-CUST-DISPUTED', 'FD-PROP-REFUSED-NO-TRACE'],
  }),
  independent('independent-31', {
    id: 'i31-fd-customers-search-any-word',
    rule: 'GetCustomers searches the username or any combination of firstName and lastName (seed 002, Customers): a search text of several words finds every customer matching any one of its words, not those matching the text',
    source: 'seed',
    rules: ['FD-CUST-SEARCH', 'FD-FILTER-COMBINATION', 'FD-FILTER-RULE'],
  }),
  independent('independent-31', {
    id: 'i31-fd-customer-modify-lastname-hyphen-as-space',
    rule: 'ModifyCustomer stores the names it is given (seed 002, Customers: modify requires firstName, lastName or both): a hyphenated lastName is stored with a space in place of each hyphen',
    source: 'seed',
    rules: ['FD-CUST-MODIFY', 'FD-PROP-ECHO-AS-SENT'],
  }),
  independent('independent-32', {
    id: 'i32-fd-customers-search-first-word-only',
    rule: 'GetCustomers searches any combination of firstName and lastName (seed 002, Customers): a search text of several words matches on its first word alone, so customers named by the first word but not the others are listed',
    source: 'seed',
    rules: ['FD-CUST-SEARCH', 'FD-FILTER-RULE'],
  }),
  independent('independent-32', {
    id: 'i32-fd-customer-app-data-type-active',
    rule: "a customer's type, testing or active, is fixed at creation (seed 002, States and transitions, Customer): GetCustomerWithAppData names every customer active, a testing one included",
    source: 'seed',
    rules: ['FD-CUST-APP', 'FD-PROP-READERS-AGREE'],
  }),
  independent('independent-33', {
    id: 'i33-fd-customers-type-displaying-is-found',
    rule: 'displaying counts the customers of the page answered (provider 1.35.0 Customers: found, displaying, moreAvailable): filtered by type, displaying gives found',
    source: 'provider',
    rules: ['FD-PAGE-COUNTS', 'FD-CUST-FILTER-TYPE'],
  }),
  independent('independent-33', {
    id: 'i33-fd-customers-list-created-date-ms',
    rule: 'dates are epoch seconds where the provider declares integers or digit strings (reference, Decisions, Dates): GetCustomers answers createdDate in epoch milliseconds',
    source: 'assumption',
    rules: ['FD-DATE-UNIT', 'FD-PROP-SAME-ON-EVERY-READER'],
  }),
  independent('independent-34', {
    id: 'i34-fd-customer-modify-firstname-capitalised',
    rule: 'a modified customer reads back the names sent (seed 002, Customers: modify): a modified first name is stored with its first letter upper-cased',
    source: 'seed',
    rules: ['FD-CUST-MODIFY', 'FD-PROP-ECHO-AS-SENT'],
  }),
  independent('independent-34', {
    id: 'i34-fd-customer-create-date-ms',
    rule: 'createdDate is in epoch seconds, the same in the answer and the record (reference, Dates; provider 1.35.0, StringUnixDate): the creation answers createdDate in epoch milliseconds while the record keeps seconds',
    source: 'provider',
    rules: ['FD-DATE-UNIT', 'FD-PROP-ANSWER-IS-STATE'],
  }),
  independent('independent-34', {
    id: 'i34-fd-customer-delete-keeps-username',
    rule: "usernames are unique among the partner's customers (seed 002, Customers: 409 on a username in use); a deleted customer holds none: the username of a deleted customer stays reserved, a new customer of that name answered 409",
    source: 'seed',
    rules: ['FD-PROP-DELETE-FREES', 'FD-CUST-USERNAME-UNIQUE'],
  }),
  independent('independent-34', {
    id: 'i34-fd-customer-read-type-uppercased',
    rule: "a customer's type is one of the enum values (provider 1.35.0, Customer type) and every reader shows the same record (seed 002, Customers): the single-customer read writes the type in upper case",
    source: 'provider',
    rules: ['FD-CUST-READ', 'FD-PROP-SAME-ON-EVERY-READER'],
  }),
  independent('independent-35', {
    id: 'i35-fd-customer-app-data-first-application-cached',
    rule: 'SetCustomerAppID assigns an application to a customer (seed 002, App registration; Customers: a customer may have an application): GetCustomerWithAppData keeps answering the application it found the first time it read the customer, so a later assignment (answered 200, and shown by GetCustomer) never shows there',
    source: 'seed',
    rules: ['FD-APP-CUSTOMER-SET', 'FD-PROP-LATEST-WRITE'],
  }),
  independent('independent-37', {
    id: 'i37-fd-customer-refused-duplicate-changes-type',
    rule: "a customer's kind is fixed at creation and a refused add changes nothing (seed 002, States: Customer testing or active, fixed at creation; Customers 409): an add refused 409 on the other path turns the customer holding the username into that path's kind",
    source: 'seed',
    rules: ['FD-CUST-TYPE', 'FD-CUST-USERNAME-UNIQUE', 'FD-PROP-REFUSED-NO-TRACE'],
  }),
  independent('independent-38', {
    id: 'i38-fd-customer-delete-unknown-400',
    rule: 'DeleteCustomer of a customer that does not exist is a 404 (seed 002, Customers: DeleteCustomer errors 401, 404; Errors 404): an unknown customer id answers 400, a status the operation does not list',
    source: 'seed',
    rules: ['FD-CUST-DELETE', 'FD-NOT-FOUND'],
  }),
]);
