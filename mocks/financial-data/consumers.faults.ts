// Faults of consumers (switched in consumers.ts): each breaks one rule of schemas/financial-
// data/rules.yaml, the way a provider's release might. `rules` names the rule ids it breaks (`npm
// run mutation -- --targeted` runs the specs citing them). The faults of the suite's authors first,
// then those written blind (`origin: 'blind'`, measured apart by `npm run mutation -- --blind`).
import { faultCatalogue, blind, independent, modelFault, seeded, telling, type FaultSeams } from '../kit/faults.js';
import type { ConsumerSeams } from './state.js';

export const CONSUMERS_FAULTS = faultCatalogue([
  // Seeded beside the survivor property (invariants.survivors.spec.ts): the writer, not the readers, joins the customer.
  seeded({
    id: 'fd-prop-survivor-consumer-modify-needs-customer',
    rule: 'FD-PROP-SURVIVOR: ModifyConsumer finds the consumer through its customer: once the customer is deleted the modification is a 404, while every reader of the consumer still serves it',
    source: 'seed',
    rules: ['FD-PROP-SURVIVOR'],
    seams: {
      state: (x, consumer) => (x.operationId === 'ModifyConsumer' && x.customerGone ? undefined : consumer),
    } satisfies FaultSeams<ConsumerSeams>,
  }),
  // Seeded beside the create-and-read check of consumers.crud.spec.ts (a date at a calendar edge on one reader).
  // Seeded beside the telling markup of the request builders (tellingMarkupName): HTML escaping on another writer than the business update.
  seeded({
    id: 'seeded-fam26b-consumer-modify-city-ampersand-escaped',
    rule: 'FD-CONS-MODIFY: ModifyConsumer stores a city holding & HTML-escaped as &amp;; both readers show it so',
    source: 'seed',
    rules: ['FD-CONS-MODIFY'],
  }),
  seeded({
    id: 'seeded-consumer-by-id-leap-day-birthday-march',
    rule: 'FD-CONS-READ: GetConsumer renders a birthday of 29 February as 1 March (a non-leap year of a date library); GetConsumerForCustomer keeps it',
    source: 'provider',
    rules: ['FD-CONS-READ'],
  }),
  // Seeded beside the create-and-read check of consumers.crud.spec.ts (punctuation in a name on the create path).
  seeded({
    id: 'seeded-consumer-create-end-user-name-hyphen-stripped',
    rule: "FD-CONS-READ: CreateConsumer stores the end user's name without its hyphens; both readers show it so",
    source: 'provider',
    rules: ['FD-CONS-READ'],
  }),
  // Seeded beside the modify-and-read check of consumers.crud.spec.ts (a date at a calendar edge on the update path).
  seeded({
    id: 'seeded-consumer-modify-year-end-birthday-next-year',
    rule: 'FD-CONS-MODIFY: ModifyConsumer stores a new birthday on the last day of a year as the first day of the next; both readers show it so',
    source: 'provider',
    rules: ['FD-CONS-MODIFY'],
  }),
  // Seeded beside the create-and-read check of consumers.crud.spec.ts (leading zeros on the create path).
  seeded({
    id: 'seeded-consumer-create-phones-leading-zeros-dropped',
    rule: "FD-CONS-READ: CreateConsumer stores the consumer's phone and its end user's zip and phone read as numbers (leading zeros dropped); both readers show them so",
    source: 'seed',
    rules: ['FD-CONS-READ'],
  }),
  // Seeded beside what every writer leaves alone (records.writers.spec.ts; origin 'seeded').
  seeded({
    id: 'consumer-modify-rewrites-address',
    rule: 'FD-MODIFY-LEAVES-OTHERS: a consumer modification changes the fields given and leaves the others (seed 002, Consumers: unspecified fields stay unchanged); one part of the address sent (the city) blanks the parts not sent',
    source: 'seed',
    rules: ['FD-MODIFY-LEAVES-OTHERS'],
  }),
  // Consumers (seed 002, Consumers and Resources).
  {
    id: 'consumer-phone-any-length',
    rule: 'FD-NEGATIVE: a consumer or customer phone number longer than the contract maxLength is taken (provider 1.35.0 PhoneNumber)',
    source: 'provider',
    rules: ['FD-NEGATIVE'],
    relax: [
      ...['ConsumerEndUser', 'NewConsumer', 'ConsumerUpdate', 'NewCustomer'].map((schema) => ({
        schema,
        at: ['properties', 'phone'],
        drop: ['maxLength'],
      })),
    ],
  },
  { id: 'duplicate-consumer-accepted', rule: 'a second consumer for a customer is a 409', source: 'seed', rules: ['FD-CONS-UNIQUE'] },
  {
    id: 'consumer-ssn-unmasked',
    rule: 'consumer records show only the last four SSN digits',
    source: 'assumption',
    rules: ['FD-CONS-SSN-LAST-FOUR', 'FD-SENSITIVE-ECHO'],
  },
  { id: 'consumer-ssn-first-four', rule: 'the SSN shown is its LAST four digits', source: 'assumption', rules: ['FD-CONS-SSN-LAST-FOUR'] },
  {
    id: 'consumer-modify-clears-fields',
    rule: 'on modify, unspecified fields stay unchanged',
    source: 'seed',
    rules: ['FD-CONS-MODIFY-KEEP'],
  },
  {
    id: 'consumer-unknown-customer-created',
    rule: 'CreateConsumer for an unknown customer is a 404',
    source: 'seed',
    rules: ['FD-NOT-FOUND', 'FD-CUST-DELETE-LINKED'],
  },
  // Each rule on both sides of its boundary, on every path and through every reader.
  {
    id: 'deleted-customer-consumer-path',
    rule: 'a deleted customer is not reached through GetConsumerForCustomer (FD-CUST-DELETE-LINKED)',
    source: 'assumption',
    rules: ['FD-CUST-DELETE-LINKED'],
  },
  {
    id: 'consumer-ssn-in-creation-answer',
    rule: 'the CreateConsumer answer shows no full SSN (FD-CONS-SSN-LAST-FOUR@consumer-created, FD-SENSITIVE-ECHO)',
    source: 'assumption',
    rules: ['FD-CONS-SSN-LAST-FOUR', 'FD-SENSITIVE-ECHO'],
  },
  {
    id: 'consumer-ssn-stale-after-modify',
    rule: 'a new SSN sent on modify is the one shown, last four (FD-CONS-MODIFY)',
    source: 'seed',
    rules: ['FD-CONS-MODIFY', 'FD-CONS-SSN-LAST-FOUR'],
  },
  {
    id: 'consumer-modify-ignores-email',
    rule: 'every field sent on ModifyConsumer is stored (FD-CONS-MODIFY)',
    source: 'seed',
    rules: ['FD-CONS-MODIFY'],
  },
  // Normalisations on one path (kit/faults.ts, telling): seed 002, Resources - Consumer (the values sent).
  telling({
    id: 'telling-consumer-by-customer-zip-as-number',
    rule: 'GetConsumerForCustomer shows the zip stored (FD-CONS-READ): this one reads it as a number, losing leading zeros',
    source: 'seed',
    rules: ['FD-CONS-READ', 'FD-CONS-MODIFY'],
  }),
  // Written blind (kit/faults.ts, blind): from the sources and the mock, without reading the specs.
  // Consumers (seed 002, Consumers; reference Consumers, Dates).
  blind({
    id: 'blind-ssn-full-on-get-consumer',
    rule: 'consumer records show only the last four SSN digits in every response, GetConsumer included (reference Consumers)',
    source: 'assumption',
    rules: ['FD-CONS-SSN-LAST-FOUR', 'FD-SENSITIVE-ECHO'],
  }),
  blind({
    id: 'blind-consumer-created-millis',
    rule: 'consumer createdDate is epoch seconds, not milliseconds (provider UnixDate; reference Dates)',
    source: 'provider',
    rules: ['FD-DATE-UNIT'],
  }),
  blind({
    id: 'blind-modify-unknown-consumer-204',
    rule: 'ModifyConsumer of an unknown consumer is a 404, as GetConsumer (seed Consumers, Errors 404)',
    source: 'seed',
    rules: ['FD-NOT-FOUND'],
  }),
  // Found only by a sequence of calls (the reference models, fixtures/models/): each single call answers right.
  modelFault({
    id: 'model-consumer-modify-normalises-spaces',
    rule: 'a field sent on ModifyConsumer reads back as sent: inner and trailing spaces kept (seed Consumers; FD-CONS-MODIFY)',
    source: 'seed',
    rules: ['FD-CONS-MODIFY'],
  }),
  // The second independent set (kit/faults.ts, independent): written from the seeds, the provider's
  // documents, the contract and the rule catalogue only, the specs unread.
  independent('independent-2', {
    id: 'i2-consumer-modify-other-partner',
    rule: "a consumer is reached only by the partner that created it (seed 002, Errors 404; the readers refuse another partner's): ModifyConsumer finds the consumer by its id alone and changes another partner's record (204)",
    source: 'seed',
    rules: ['FD-NOT-FOUND'],
  }),
  independent('independent-2', {
    id: 'i2-consumer-modify-zip-leading-zeros',
    rule: 'every field sent on modify reads back (seed 002, Consumers; provider ConsumerUpdate): a zip sent on modify is stored as a number, its leading zeros dropped (creation keeps them)',
    source: 'seed',
    rules: ['FD-CONS-MODIFY'],
  }),
  // The third independent set (kit/faults.ts, independent): written from the seeds, the provider's
  // documents, the contract, the rule catalogue and this mock only, the specs unread.
  independent('independent-3', {
    id: 'i3-consumer-create-email-lowercased',
    rule: 'every field the consumer was created with reads back through both readers (seed 002, Consumers): CreateConsumer stores the e-mail lower-cased (ModifyConsumer keeps it as sent)',
    source: 'seed',
    rules: ['FD-CONS-READ'],
  }),
  independent('independent-3', {
    id: 'i3-consumer-by-customer-other-partner',
    rule: "another partner's customer and everything under it is refused (reference, object-level authorization): GetConsumerForCustomer answers the consumer of another partner's customer (200), while GetConsumer by id and GetCustomer refuse it",
    source: 'assumption',
    rules: ['FD-OBJ-OTHER-PARTNER'],
  }),
  independent('independent-3', {
    id: 'i3-consumer-identity-documents-full-ssn',
    rule: 'no answer carries the full SSN, in any member (reference, Consumers: last four SSN digits only): GetConsumerForCustomer adds identityDocuments [{type: SSN, value: <the nine digits>}] beside the masked ssn',
    source: 'assumption',
    rules: ['FD-OBJ-SENSITIVE', 'FD-SENSITIVE-ECHO', 'FD-CONS-SSN-LAST-FOUR'],
  }),
  // The fourth independent set (kit/faults.ts, independent): written from the seeds, the provider's
  // documents, the contract, the rule catalogue and this mock only, the specs unread.
  independent('independent-4', {
    id: 'i4-consumer-create-other-partner-customer',
    rule: "a consumer is created only for a customer of the calling partner (seed 002, Consumers 404; object-level authorization): CreateConsumer accepts another partner's customer (201) while GetCustomer answers 404 for it",
    source: 'seed',
    rules: ['FD-OBJ-OTHER-PARTNER', 'FD-CONS-CREATE'],
  }),
  independent('independent-4', {
    id: 'i4-consumer-by-id-birthday-month-zero-based',
    rule: 'every field the consumer was created with reads back through both readers (seed 002, Consumers; provider Birthday): GetConsumer answers birthday.month counted from zero (a JavaScript Date month), GetConsumerForCustomer keeps it',
    source: 'provider',
    rules: ['FD-CONS-READ'],
  }),
  // The fifth independent set (kit/faults.ts, independent): written from the seeds, the provider's
  // documents, the contracts and the rule catalogues, the specs unread.
  independent('independent-5', {
    id: 'i5-consumer-by-id-other-partner',
    rule: "another partner's consumer is not found (seed 002, Errors 404): GetConsumer reads it by id while the by-customer read and modify refuse it",
    source: 'seed',
    rules: ['FD-OBJ-OTHER-PARTNER'],
  }),
  independent('independent-5', {
    id: 'i5-consumer-create-address-trimmed',
    rule: 'every field the consumer was created with reads back (seed 002, Consumers): the create path trims and collapses the spaces of address and city',
    source: 'seed',
    rules: ['FD-CONS-READ'],
  }),
  independent('independent-5', {
    id: 'i5-consumer-by-customer-ssn-last-five',
    rule: 'a response carrying an SSN shows its last four digits only (provider 1.35.0, Consumer.ssn): the by-customer read shows the last five',
    source: 'provider',
    rules: ['FD-CONS-SSN-LAST-FOUR', 'FD-SENSITIVE-ECHO'],
  }),
  independent('independent-5', {
    id: 'i5-consumer-modify-birthday-day-kept',
    rule: 'every field sent on modify reads back (seed 002: unspecified fields stay unchanged): a new birthday keeps the old day of month',
    source: 'seed',
    rules: ['FD-CONS-MODIFY'],
  }),
  independent('independent-6', {
    id: 'i6-consumer-refused-create-overwrites',
    rule: "a second consumer for a customer is a 409 that leaves nothing (seed 002, Consumers; FD-PROP-REFUSED-NO-TRACE): the refused body's fields are merged into the existing consumer (an upsert before the uniqueness check)",
    source: 'seed',
    rules: ['FD-PROP-REFUSED-NO-TRACE', 'FD-CONS-UNIQUE'],
  }),
  independent('independent-6', {
    id: 'i6-consumer-409-message-names-ssn',
    rule: 'no answer carries a full SSN the suite sent (seed 002; FD-OBJ-SENSITIVE): the 409 of a second consumer names the existing consumer by its whole SSN in the message',
    source: 'seed',
    rules: ['FD-OBJ-SENSITIVE', 'FD-SENSITIVE-ECHO'],
  }),
  independent('independent-7', {
    id: 'i7-consumer-by-id-created-date-of-customer',
    rule: 'a record shows its own createdDate, the same through every reader (reference FD-DATE-UNIT): GetConsumer gives the createdDate of the customer the consumer belongs to',
    source: 'assumption',
    rules: ['FD-DATE-UNIT', 'FD-CONS-READ'],
  }),
  independent('independent-7', {
    id: 'i7-consumer-by-id-gone-after-customer-delete',
    rule: 'a consumer persists after its customer is deleted (seed 002, Resources): GetConsumer answers 404 once the customer is deleted',
    source: 'seed',
    rules: ['FD-CONS-OUTLIVES'],
  }),
  // Independent set 8 (written blind: seed 002, provider 1.35.0, contract and catalogue only).
  independent('independent-8', {
    id: 'i8-consumer-modify-orphan-any-partner',
    rule: "after a customer is deleted its consumer stays out of another partner's reach (seed 002, Resources: a consumer outlives its customer; reference FD-OBJ-AFTER-DELETE): ModifyConsumer checks the owner through the consumer's customer, and finding none lets any partner modify that consumer (GetConsumer still refuses it)",
    source: 'seed',
    rules: ['FD-OBJ-AFTER-DELETE', 'FD-OBJ-OTHER-PARTNER'],
  }),
  independent('independent-9', {
    id: 'i9-consumer-by-customer-birthday-day-early',
    rule: 'every field the consumer was created with reads back through both readers (seed 002 Consumers; FD-CONS-READ): GetConsumerForCustomer renders the birthday through a date at midnight UTC read back in US Eastern time, a day early',
    source: 'seed',
    rules: ['FD-CONS-READ'],
  }),
  independent('independent-10', {
    id: 'i10-consumer-by-customer-stale-after-modify',
    rule: 'every field sent on modify reads back through both readers (seed 002 Consumers; FD-CONS-MODIFY): GetConsumerForCustomer serves the consumer as it was created (a stale read replica), while GetConsumer by id shows the modification',
    source: 'seed',
    rules: ['FD-CONS-MODIFY'],
  }),
  independent('independent-10', {
    id: 'i10-consumer-by-id-ssn-of-creation',
    rule: 'every response carrying an SSN shows exactly its last four digits, after creation and after a modification (reference; FD-CONS-SSN-LAST-FOUR): after ModifyConsumer changes the SSN, GetConsumer by id still shows the last four of the SSN of creation',
    source: 'assumption',
    rules: ['FD-CONS-SSN-LAST-FOUR'],
  }),
  independent('independent-11', {
    id: 'i11-consumer-modify-email-lowercased',
    rule: 'every field sent on modify reads back through both readers (seed 002, Consumers; provider ConsumerUpdate): ModifyConsumer stores the email in lower case (CreateConsumer keeps it as sent)',
    source: 'seed',
    rules: ['FD-CONS-MODIFY'],
  }),
  independent('independent-11', {
    id: 'i11-consumer-by-customer-suffix-dropped',
    rule: 'every field the consumer was created with (the SSN aside) reads back through both readers (seed 002, Consumers; provider Consumer.suffix): GetConsumerForCustomer leaves out the suffix (GetConsumer shows it)',
    source: 'provider',
    rules: ['FD-CONS-READ'],
  }),
  independent('independent-12', {
    id: 'i12-consumer-by-id-city-uppercased',
    rule: 'every field the consumer was created with reads back through both readers (seed 002, Consumers; provider 1.35.0 Consumer.city): GetConsumer answers the city in upper case (GetConsumerForCustomer keeps it)',
    source: 'seed',
    rules: ['FD-CONS-READ'],
  }),
  independent('independent-12', {
    id: 'i12-consumer-modify-drops-suffix',
    rule: 'fields a modification does not name keep their values (seed 002, Consumers: modify; provider 1.35.0 ConsumerUpdate, every member optional): a modification without suffix removes the suffix the consumer had',
    source: 'seed',
    rules: ['FD-CONS-MODIFY-KEEP'],
  }),
  independent('independent-12', {
    id: 'i12-consumer-by-customer-phone-digits-only',
    rule: 'every field the consumer was created with reads back through both readers (seed 002, Consumers; provider 1.35.0 Consumer.phone): GetConsumerForCustomer answers the phone with its separators removed',
    source: 'seed',
    rules: ['FD-CONS-READ'],
  }),
  independent('independent-13', {
    id: 'i13-consumer-by-id-stale-after-modify',
    rule: 'every field sent on modify reads back through both readers (seed 002, Consumers: on modify unspecified fields stay unchanged; ModifyConsumer 204): GetConsumer by id keeps showing the fields as created, the by-customer reader shows the change',
    source: 'seed',
    rules: ['FD-CONS-MODIFY'],
  }),
  independent('independent-13', {
    id: 'i13-consumer-of-sibling-customer',
    rule: "a customer without a consumer has none to read (seed 002, Consumers: GetConsumerForCustomer 404): a customer of the partner without a consumer is answered the consumer of the partner's customer created last",
    source: 'seed',
    rules: ['FD-CONS-NONE-404'],
  }),
  independent('independent-15', {
    id: 'i15-consumer-by-id-email-of-customer',
    rule: "every field the consumer was created with reads back through both readers (seed 002, Resources - Consumer; provider Consumer.email): GetConsumer joins the customer and shows the customer's email in place of the consumer's",
    source: 'seed',
    rules: ['FD-CONS-READ'],
  }),
  independent('independent-16', {
    id: 'i16-consumer-modify-state-lowercased',
    rule: 'ModifyConsumer stores the fields sent (provider 1.35.0 ModifyConsumer; ConsumerUpdate.state a two-letter code): a state sent "CA" is read back "ca"',
    source: 'provider',
    rules: ['FD-CONS-MODIFY'],
  }),
  independent('independent-16', {
    id: 'i16-consumer-by-id-ssn-first-four',
    rule: 'a consumer record gives the last four digits of the SSN only (provider 1.35.0 Consumer.ssn, the last four digits of the SSN): GetConsumer gives its first four digits',
    source: 'provider',
    rules: ['FD-CONS-SSN-LAST-FOUR'],
  }),
  independent('independent-16', {
    id: 'i16-consumer-by-customer-created-date-ms',
    rule: 'dates are epoch seconds (provider 1.35.0 Consumer.createdDate, a timestamp in seconds): GetConsumerForCustomer alone gives createdDate in milliseconds',
    source: 'provider',
    rules: ['FD-DATE-UNIT'],
  }),
  independent('independent-16', {
    id: 'i16-consumer-modify-address-uppercased',
    rule: 'ModifyConsumer stores the fields sent (provider 1.35.0 ModifyConsumer; ConsumerUpdate.address): an address sent in mixed case is read back in upper case',
    source: 'provider',
    rules: ['FD-CONS-MODIFY'],
  }),
  independent('independent-17', {
    id: 'i17-consumer-by-customer-ssn-stale-after-modify',
    rule: 'every response carrying an SSN shows its last four, after a modification too (seed 002 Resources - Consumer; provider 1.35.0 ConsumerSummary.ssn): GetConsumerForCustomer keeps the last four of the SSN of creation',
    source: 'seed',
    rules: ['FD-CONS-SSN-LAST-FOUR'],
  }),
  // Seeded beside the birthday whose day could be a month (consumers.crud.spec.ts), on the modify path.
  seeded({
    id: 'seeded-fam25-consumer-modify-birthday-day-month-swapped',
    rule: 'FD-CONS-MODIFY: ModifyConsumer stores a birthday whose day of the month could be a month with day and month swapped (a D/M date parser)',
    source: 'provider',
    rules: ['FD-CONS-MODIFY'],
  }),
  independent('independent-17', {
    id: 'i17-consumer-create-leap-day-birthday-shifted',
    rule: 'every field the consumer was created with reads back (seed 002; provider 1.35.0 Birthday): a birthday of 29 February is stored as 1 March',
    source: 'provider',
    rules: ['FD-CONS-READ'],
  }),
  independent('independent-17', {
    id: 'i17-consumer-modify-name-apostrophe-stripped',
    rule: 'every field sent on ModifyConsumer reads back as sent (seed 002; provider 1.35.0 ConsumerUpdate): apostrophes are taken out of the names',
    source: 'seed',
    rules: ['FD-CONS-MODIFY'],
  }),
  independent('independent-18', {
    id: 'i18-consumer-by-id-created-date-string',
    rule: 'createdDate on a consumer record is an integer of epoch seconds (provider 1.35.0 Consumer.createdDate UnixDate; FD-DATE-UNIT): GetConsumer alone writes it as a string of digits',
    source: 'provider',
    rules: ['FD-DATE-UNIT'],
  }),
  independent('independent-18', {
    id: 'i18-consumer-by-customer-email-dropped-when-unset',
    rule: 'a consumer record carries email, required on the record though optional on creation (provider 1.35.0 Consumer; seed 002 Resources - Consumer, all fields required on a record): for a consumer created without one, GetConsumerForCustomer leaves the member out',
    source: 'provider',
    rules: ['FD-CONS-READ'],
  }),
  independent('independent-20', {
    id: 'i20-consumer-by-id-birthday-day-month-swapped',
    rule: 'every field the consumer was created with reads back through both readers (provider 1.35.0 GetConsumer birthday): GetConsumer swaps day and month of a birthday whose day of the month could also be a month number',
    source: 'provider',
    rules: ['FD-CONS-READ'],
  }),
  independent('independent-21', {
    id: 'i21-consumer-modify-state-clears-city',
    rule: 'fields a modification does not name keep their values (seed 002 Consumers): a modification sending a new state without a city clears the city',
    source: 'seed',
    rules: ['FD-CONS-MODIFY-KEEP'],
  }),
  independent('independent-21', {
    id: 'i21-consumer-by-id-suffix-uppercased',
    rule: 'every field the consumer was created with reads back through both readers (seed 002 Consumers): GetConsumer answers the name suffix in upper case',
    source: 'seed',
    rules: ['FD-CONS-READ'],
  }),
  independent('independent-21', {
    id: 'i21-consumer-create-email-plus-tag-dropped',
    rule: 'every field the consumer was created with reads back (seed 002 Consumers): the create path stores an e-mail address without its +tag',
    source: 'seed',
    rules: ['FD-CONS-READ'],
  }),
  independent('independent-22', {
    id: 'i22-consumer-by-id-address-spaces-collapsed',
    rule: 'every field the consumer was created with reads back through both readers (seed 002 Consumers): GetConsumer collapses runs of spaces inside the address',
    source: 'seed',
    rules: ['FD-CONS-READ'],
  }),
  independent('independent-22', {
    id: 'i22-consumer-modify-address-clears-city',
    rule: 'fields a modification does not name keep their values (seed 002 ModifyConsumer): a modification of the address alone blanks the city',
    source: 'seed',
    rules: ['FD-CONS-MODIFY-KEEP', 'FD-MODIFY-LEAVES-OTHERS'],
  }),
  independent('independent-24', {
    id: 'i24-consumer-by-customer-ssn-last-five',
    rule: 'every answer carrying an SSN shows exactly its last four digits (reference/financial-data.md, consumer SSN masking): GetConsumerForCustomer shows its last five',
    source: 'assumption',
    rules: ['FD-CONS-SSN-LAST-FOUR'],
  }),
  independent('independent-24', {
    id: 'i24-consumer-modify-email-plus-tag-dropped',
    rule: 'every field sent on modify reads back through both readers (seed 002 Consumers, ModifyConsumer): a modified e-mail address is stored without its +tag',
    source: 'seed',
    rules: ['FD-CONS-MODIFY'],
  }),
  independent('independent-25', {
    id: 'i25-consumer-by-customer-suffix-dropped',
    rule: 'every field the consumer was created with reads back through both readers (seed 002, Resources - Consumer): GetConsumerForCustomer leaves the suffix out',
    source: 'seed',
    rules: ['FD-CONS-READ'],
  }),
  independent('independent-25', {
    id: 'i25-consumer-by-id-city-uppercased',
    rule: 'every field the consumer was created with reads back through both readers (seed 002, Resources - Consumer): GetConsumer gives the city in upper case',
    source: 'seed',
    rules: ['FD-CONS-READ'],
  }),
  independent('independent-25', {
    id: 'i25-consumer-modify-email-clears-phone',
    rule: 'on modify, unspecified fields stay unchanged (seed 002, Consumers): a modification naming the e-mail address but not the phone empties the phone',
    source: 'seed',
    rules: ['FD-CONS-MODIFY-KEEP'],
  }),
  independent('independent-25', {
    id: 'i25-consumer-by-id-zip-plus-four-cut',
    rule: 'every field the consumer was created with reads back through both readers (seed 002, Resources - Consumer): GetConsumer gives a ZIP code with its extension without the extension',
    source: 'seed',
    rules: ['FD-CONS-READ'],
  }),
  independent('independent-27', {
    id: 'i27-consumer-by-customer-customer-id-string',
    rule: "a consumer record's customerId is an integer (reference/financial-data.md, Known corrections; provider 1.35.0 Consumer): GetConsumerForCustomer gives it as a string",
    source: 'provider',
    rules: ['FD-TYPE-FORMS', 'FD-CONS-READ'],
  }),
  independent('independent-28', {
    id: 'i28-fd-consumer-modify-phone-clears-email',
    rule: 'on modify, unspecified fields stay unchanged (seed 002, Consumers): a modification naming the phone and not the e-mail address stores the address empty',
    source: 'seed',
    rules: ['FD-CONS-MODIFY-KEEP', 'FD-MODIFY-LEAVES-OTHERS'],
  }),
  independent('independent-29', {
    id: 'i29-fd-consumer-modify-phone-separators-dropped',
    rule: 'every field sent on modify reads back as sent (seed 002, Consumers; provider 1.35.0 ConsumerUpdate): a modified phone is stored without its separators',
    source: 'seed',
    rules: ['FD-CONS-MODIFY', 'FD-PROP-ECHO-AS-SENT'],
  }),
  independent('independent-30', {
    id: 'i30-fd-consumer-modify-suffix-cleared',
    rule: 'on modify, unspecified fields stay unchanged (seed 002, Consumers): a modification that does not name the suffix stores it empty',
    source: 'seed',
    rules: ['FD-CONS-MODIFY-KEEP'],
  }),
  independent('independent-30', {
    id: 'i30-fd-consumer-create-again-201-existing',
    rule: 'creating a consumer for a customer that has one is a 409 (seed 002, Consumers 409; Errors: consumer already exists): the second creation is answered 201 with the consumer already there',
    source: 'seed',
    rules: ['FD-CONS-UNIQUE'],
  }),
  independent('independent-31', {
    id: 'i31-fd-consumer-modify-birthday-month-zero-based',
    rule: 'ModifyConsumer stores what it is given and leaves the rest (seed 002, Consumers: on modify unspecified fields stay unchanged; provider 1.35.0 Birthday month, January first): a birthday sent in an update is stored one month early (a zero-based month), seen on every consumer reader',
    source: 'provider',
    rules: ['FD-CONS-MODIFY', 'FD-PROP-ECHO-AS-SENT'],
  }),
  independent('independent-32', {
    id: 'i32-fd-consumer-modify-drops-birthday',
    rule: 'on ModifyConsumer unspecified fields stay unchanged (seed 002, Consumers): a modification that does not send birthday removes the birthday on record',
    source: 'seed',
    rules: ['FD-CONS-MODIFY-KEEP', 'FD-MODIFY-LEAVES-OTHERS'],
  }),
  independent('independent-33', {
    id: 'i33-fd-consumer-modify-birthday-dropped-when-absent',
    rule: 'on modify, unspecified fields stay unchanged (seed 002, Consumers): a ModifyConsumer without birthday drops the stored birthday',
    source: 'seed',
    rules: ['FD-CONS-MODIFY-KEEP'],
  }),
  independent('independent-33', {
    id: 'i33-fd-consumer-ssn-last-five',
    rule: 'consumer records show only the last SSN digits the reference names (reference, Decisions, Consumers): every consumer read shows one digit more',
    source: 'assumption',
    rules: ['FD-CONS-SSN-LAST-FOUR', 'FD-OBJ-SENSITIVE'],
  }),
  independent('independent-34', {
    id: 'i34-fd-consumer-modify-city-uppercased',
    rule: 'a modified consumer reads back the values sent (seed 002, Consumers: modify; provider 1.35.0, ConsumerUpdate): a modified city is stored in upper case',
    source: 'seed',
    rules: ['FD-CONS-MODIFY', 'FD-PROP-ECHO-AS-SENT'],
  }),
  independent('independent-36', {
    id: 'i36-fd-consumer-by-id-created-date-ms',
    rule: 'createdDate is in epoch seconds and reads the same through every reader (provider 1.35.0, Consumer createdDate; reference financial-data.md, Dates): GetConsumer gives createdDate in epoch milliseconds, the other readers in seconds',
    source: 'provider',
    rules: ['FD-DATE-UNIT', 'FD-PROP-SAME-ON-EVERY-READER'],
  }),
  independent('independent-37', {
    id: 'i37-fd-consumer-modify-birthday-year-two-digits',
    rule: 'a modification stores the values sent (seed 002, Consumers: ModifyConsumer; provider 1.35.0 Birthday year): a modified birthday is stored with a two-digit year',
    source: 'provider',
    rules: ['FD-CONS-MODIFY', 'FD-PROP-ECHO-AS-SENT'],
  }),
  independent('independent-38', {
    id: 'i38-fd-consumer-modify-answers-200',
    rule: 'ModifyConsumer answers 204 (seed 002, Consumers): the modification answers 200 with an empty object',
    source: 'seed',
    rules: ['FD-CONS-MODIFY', 'FD-PROP-ERROR-STATUS'],
  }),
  independent('independent-38', {
    id: 'i38-fd-consumer-modify-foreign-404-but-applied',
    rule: "another partner's consumer is not found and a refused request changes nothing (seed 002, Errors 404; Consumers): the modification of another partner's consumer answers 404 but writes the fields sent",
    source: 'seed',
    rules: ['FD-OBJ-OTHER-PARTNER', 'FD-PROP-REFUSED-NO-TRACE'],
  }),
]);
