// Faults of businesses (switched in businesses.ts): each breaks one rule of schemas/financial-
// data/rules.yaml, the way a provider's release might. `rules` names the rule ids it breaks (`npm
// run mutation -- --targeted` runs the specs citing them). The faults of the suite's authors first,
// then those written blind (`origin: 'blind'`, measured apart by `npm run mutation -- --blind`).
import { faultCatalogue, blind, independent, modelFault, seeded, telling } from '../kit/faults.js';

export const BUSINESSES_FAULTS = faultCatalogue([
  {
    id: 'business-phone-short-taken',
    rule: 'FD-NEGATIVE: a business phone number shorter than the contract minLength is taken (provider 1.35.0 NewPhoneNumber)',
    source: 'provider',
    rules: ['FD-NEGATIVE'],
    relax: [{ schema: 'BusinessPhone', at: ['properties', 'phoneNo'], drop: ['minLength'] }],
  },
  // Seeded beside the update-and-read check of businesses.crud.spec.ts (punctuation in a text member on the update path).
  // Seeded beside the telling markup of the request builders (tellingMarkupName): escaping on the create path, a nested member.
  seeded({
    id: 'seeded-fam26b-business-add-city-angles-escaped',
    rule: 'FD-BUS-READ: AddBusinessDetails stores the address city with < and > as &lt; and &gt;; the answer and both readers show it so',
    source: 'seed',
    rules: ['FD-BUS-READ', 'FD-PROP-ECHO-AS-SENT'],
  }),
  seeded({
    id: 'seeded-business-update-type-apostrophe-stripped',
    rule: 'FD-BUS-UPDATE: UpdateBusiness stores the business type without its apostrophes; the answer and both readers show it so',
    source: 'seed',
    rules: ['FD-BUS-UPDATE'],
  }),
  // Seeded beside the after-write properties (invariants.after-write.spec.ts): the answer and the store part.
  seeded({
    id: 'seeded-prop-business-update-answer-created-now',
    rule: 'FD-PROP-ANSWER-IS-STATE: UpdateBusiness answers createdDate as the time of the update while the business keeps its creation date',
    source: 'assumption',
    rules: ['FD-PROP-ANSWER-IS-STATE'],
  }),
  // Seeded beside the add-and-read check of businesses.crud.spec.ts (punctuation in a name on the create path).
  seeded({
    id: 'seeded-business-add-name-hyphen-spaced',
    rule: 'FD-BUS-READ: AddBusinessDetails stores the name with its hyphens written as spaces; the answer and both readers show it so',
    source: 'seed',
    rules: ['FD-BUS-READ'],
  }),
  // Businesses (seed 002, Businesses and Limits: one per customer).
  { id: 'duplicate-business-accepted', rule: 'a customer can have one business record (409)', source: 'seed', rules: ['FD-BUS-ONE'] },
  { id: 'business-update-ignored', rule: 'UpdateBusiness replaces the details', source: 'seed', rules: ['FD-BUS-UPDATE'] },
  // Each rule on both sides of its boundary, on every path and through every reader.
  {
    id: 'business-read-only-members-stored',
    rule: "FD-OBJ-READ-ONLY: businessId, createdDate and modifiedDate sent in a business body are stored and read back instead of the service's own",
    source: 'provider',
    rules: ['FD-OBJ-READ-ONLY'],
  },
  {
    id: 'business-owner-lost-with-customer',
    rule: 'FD-OBJ-AFTER-DELETE: once its customer is deleted, another partner reads and updates the business by its id (200 instead of 404)',
    source: 'seed',
    rules: ['FD-OBJ-AFTER-DELETE', 'FD-OBJ-OTHER-PARTNER'],
  },
  {
    id: 'deleted-customer-business-path',
    rule: 'a deleted customer is not reached through GetBusinessByCustomer (FD-CUST-DELETE-LINKED)',
    source: 'assumption',
    rules: ['FD-CUST-DELETE-LINKED'],
  },
  {
    id: 'business-add-drops-optional',
    rule: 'every field sent on AddBusinessDetails reads back (FD-BUS-READ)',
    source: 'seed',
    rules: ['FD-BUS-READ'],
  },
  {
    id: 'business-update-ignores-address',
    rule: 'every field sent on UpdateBusiness reads back (FD-BUS-UPDATE)',
    source: 'seed',
    rules: ['FD-BUS-UPDATE'],
  },
  // Normalisations on one path (kit/faults.ts, telling): seed 002, Businesses (the record carries the values sent).
  telling({
    id: 'telling-business-update-name-spaces-collapsed',
    rule: 'UpdateBusiness stores the name sent (FD-BUS-UPDATE): this one trims it and collapses inner spaces',
    source: 'seed',
    rules: ['FD-BUS-UPDATE'],
  }),
  telling({
    id: 'telling-business-add-name-cut',
    rule: 'AddBusinessDetails stores the whole name the contract allows (FD-BUS-READ): this one cuts it to a shorter column',
    source: 'seed',
    rules: ['FD-BUS-READ'],
  }),
  // Written blind (kit/faults.ts, blind): from the sources and the mock, without reading the specs.
  // Businesses (seed 002, Businesses and Limits).
  blind({
    id: 'blind-business-unique-by-name',
    rule: 'a customer can have one business record: a second one under another name is a 409 (seed Businesses, Limits)',
    source: 'seed',
    rules: ['FD-BUS-ONE'],
  }),
  // Found only by a sequence of calls (the reference models, fixtures/models/): each single call answers right.
  modelFault({
    id: 'model-business-update-trims-name',
    rule: 'the name sent on UpdateBusiness reads back as sent, its spaces kept (seed Businesses; FD-BUS-UPDATE)',
    source: 'seed',
    rules: ['FD-BUS-UPDATE'],
  }),
  // The second independent set (kit/faults.ts, independent): written from the seeds, the provider's
  // documents, the contract and the rule catalogue only, the specs unread.
  independent('independent-2', {
    id: 'i2-business-by-customer-email-lowercased',
    rule: 'every field sent reads back, by customer and by id (seed 002, Businesses): GetBusinessByCustomer answers the e-mail lower-cased (GetBusinessById keeps it)',
    source: 'seed',
    rules: ['FD-BUS-READ'],
  }),
  // The third independent set (kit/faults.ts, independent): written from the seeds, the provider's
  // documents, the contract, the rule catalogue and this mock only, the specs unread.
  independent('independent-3', {
    id: 'i3-business-add-url-lowercased',
    rule: 'every field sent reads back, by customer and by id (seed 002, Businesses): AddBusinessDetails stores the url lower-cased (its path and query too); UpdateBusiness keeps the url as sent',
    source: 'seed',
    rules: ['FD-BUS-READ'],
  }),
  independent('independent-3', {
    id: 'i3-business-update-other-partner',
    rule: "another partner's business is refused through every operation naming it (reference, object-level authorization): UpdateBusiness overwrites another partner's business found by its id (200), while GetBusinessById answers 404",
    source: 'assumption',
    rules: ['FD-OBJ-OTHER-PARTNER', 'FD-BUS-UPDATE'],
  }),
  // The fourth independent set (kit/faults.ts, independent): written from the seeds, the provider's
  // documents, the contract, the rule catalogue and this mock only, the specs unread.
  independent('independent-4', {
    id: 'i4-business-by-id-cached',
    rule: 'every field sent on UpdateBusiness reads back through both readers (seed 002, Businesses): GetBusinessById serves the record as it first read it (a read cache not invalidated by the update), GetBusinessByCustomer is current',
    source: 'seed',
    rules: ['FD-BUS-UPDATE'],
  }),
  // The fifth independent set (kit/faults.ts, independent): written from the seeds, the provider's
  // documents, the contracts and the rule catalogues, the specs unread.
  independent('independent-5', {
    id: 'i5-business-update-taxid-dashes-stripped',
    rule: 'every field sent on update reads back (provider 1.35.0, UpdateBusiness): the update path stores taxId without its dashes',
    source: 'provider',
    rules: ['FD-BUS-UPDATE'],
  }),
  independent('independent-6', {
    id: 'i6-business-add-taxid-leading-zeros-dropped',
    rule: 'every field sent reads back (seed 002, Businesses; FD-BUS-READ): the add path stores taxId through a number, so a tax id starting with 0 loses its leading zeros',
    source: 'seed',
    rules: ['FD-BUS-READ'],
  }),
  independent('independent-7', {
    id: 'i7-business-update-personally-liable-kept',
    rule: 'every field sent on update reads back (seed 002, Businesses; provider NewBusiness.personallyLiable required): the update keeps the personallyLiable value the business was added with',
    source: 'provider',
    rules: ['FD-BUS-UPDATE'],
  }),
  // Independent set 8 (written blind: seed 002, provider 1.35.0, contract and catalogue only).
  independent('independent-8', {
    id: 'i8-business-by-customer-shows-added-fields',
    rule: 'every field sent on UpdateBusiness reads back through both readers (seed 002, Businesses): GetBusinessByCustomer reads a copy made when the business was added, so after an update it still shows the added fields while GetBusinessById shows the new ones',
    source: 'seed',
    rules: ['FD-BUS-UPDATE'],
  }),
  independent('independent-10', {
    id: 'i10-business-by-id-other-partner',
    rule: "another partner's object is refused (seed 002 Errors 404; FD-OBJ-OTHER-PARTNER): GetBusinessById serves a business of another partner by its id, while UpdateBusiness and the by-customer read refuse it",
    source: 'seed',
    rules: ['FD-OBJ-OTHER-PARTNER'],
  }),
  independent('independent-10', {
    id: 'i10-business-update-answer-stale',
    rule: 'every field sent on update reads back in the answer and through both readers (seed 002 Businesses; FD-BUS-UPDATE): UpdateBusiness answers the record as it was before the update, while both readers show the new fields',
    source: 'seed',
    rules: ['FD-BUS-UPDATE'],
  }),
  independent('independent-11', {
    id: 'i11-business-by-id-url-trailing-slash-dropped',
    rule: 'every field sent reads back, by customer and by id (seed 002, Businesses; provider Business.url): GetBusinessById answers the url without its trailing slash (GetBusinessByCustomer keeps it)',
    source: 'seed',
    rules: ['FD-BUS-READ'],
  }),
  independent('independent-12', {
    id: 'i12-business-by-customer-stale-after-update',
    rule: 'every field sent on update reads back through both readers (seed 002, Businesses; provider 1.35.0 UpdateBusiness): GetBusinessByCustomer answers the business as it was before the update',
    source: 'seed',
    rules: ['FD-BUS-UPDATE'],
  }),
  independent('independent-13', {
    id: 'i13-business-update-moves-created-date',
    rule: "a date reported for an event already past reads the same on every later read (provider 1.35.0 Business createdDate; the catalogue's fixed event dates): an update sets the business's createdDate to the update time",
    source: 'provider',
    rules: ['FD-EVENT-DATE-FIXED'],
  }),
  independent('independent-14', {
    id: 'i14-business-by-customer-other-partner',
    rule: "a customer's business is read by its own partner only (seed 002, Businesses: one per customer; Errors 404 customer not found): GetBusinessByCustomer finds the customer whatever its partner, so another partner reads the business",
    source: 'seed',
    rules: ['FD-OBJ-OTHER-PARTNER', 'FD-BUS-READ'],
  }),
  independent('independent-14', {
    id: 'i14-business-by-id-name-trimmed',
    rule: 'every field of the business added reads back, by customer and by id (seed 002, Businesses; provider 1.35.0 Business name): GetBusinessById trims the name and collapses its inner spaces',
    source: 'provider',
    rules: ['FD-BUS-READ'],
  }),
  independent('independent-15', {
    id: 'i15-business-by-customer-modified-date-now',
    rule: 'a date an answer reports for an event already past reads the same on every later read (provider 1.35.0 Business modifiedDate: the last change): GetBusinessByCustomer dates the last change at the time of the read',
    source: 'assumption',
    rules: ['FD-EVENT-DATE-FIXED'],
  }),
  independent('independent-17', {
    id: 'i17-business-by-id-postal-code-zip5',
    rule: 'every field sent reads back by customer and by id (seed 002 Endpoints - Businesses; provider 1.35.0 NewAddress.postalCode string): GetBusinessById cuts an extended ZIP code (ZIP plus four digits) to its first five digits',
    source: 'provider',
    rules: ['FD-BUS-READ'],
  }),
  independent('independent-17', {
    id: 'i17-business-update-phone-country-plus',
    rule: 'every field sent on update reads back (seed 002; provider 1.35.0 PhoneNumberFormat.countryCode, e.g. 1): UpdateBusiness stores the calling code with a plus sign',
    source: 'provider',
    rules: ['FD-BUS-UPDATE'],
  }),
  independent('independent-18', {
    id: 'i18-business-by-id-name-html-escaped',
    rule: 'every field sent reads back, by customer and by id (seed 002, Businesses): the by-id read gives the name HTML-escaped (& as &amp;, an apostrophe as &#39;)',
    source: 'seed',
    rules: ['FD-BUS-READ', 'FD-PROP-ECHO-AS-SENT'],
  }),
  independent('independent-20', {
    id: 'i20-business-update-url-trailing-slash-added',
    rule: 'every field sent on update reads back as sent (provider 1.35.0 UpdateBusiness): the update stores the url with a trailing slash added, in its answer and both readers',
    source: 'provider',
    rules: ['FD-BUS-UPDATE', 'FD-MODIFY-LEAVES-OTHERS'],
  }),
  independent('independent-21', {
    id: 'i21-business-update-name-ampersand-escaped',
    rule: 'every field sent on update reads back in the answer and through both readers (seed 002 Businesses): the update stores a name holding & HTML-escaped as &amp;',
    source: 'seed',
    rules: ['FD-BUS-UPDATE', 'FD-PROP-ECHO-AS-SENT'],
  }),
  independent('independent-21', {
    id: 'i21-business-by-customer-url-path-lowercased',
    rule: 'every field sent reads back by customer and by id (seed 002 Businesses): GetBusinessByCustomer answers the url lower-cased, its case-sensitive path included',
    source: 'seed',
    rules: ['FD-BUS-READ'],
  }),
  independent('independent-22', {
    id: 'i22-business-by-id-ampersand-as-and',
    rule: 'every field sent reads back, by customer and by id (seed 002 Businesses): GetBusinessById writes an ampersand in the business name as the word and',
    source: 'seed',
    rules: ['FD-BUS-READ'],
  }),
  independent('independent-23', {
    id: 'i23-business-by-id-country-uppercased',
    rule: 'every field sent reads back by customer and by id (seed 002, Businesses): GetBusinessById answers the address country code in upper case',
    source: 'seed',
    rules: ['FD-BUS-READ'],
  }),
  independent('independent-23', {
    id: 'i23-business-update-phone-spaces-removed',
    rule: 'every field sent on update reads back (seed 002, Businesses: UpdateBusiness): an update stores phoneNumber.phoneNo without its spaces',
    source: 'seed',
    rules: ['FD-BUS-UPDATE'],
  }),
  independent('independent-24', {
    id: 'i24-business-by-customer-name-accents-stripped',
    rule: 'every business field sent reads back by customer and by id (seed 002 Businesses): GetBusinessByCustomer answers the name without its accents',
    source: 'seed',
    rules: ['FD-BUS-READ', 'FD-PROP-ECHO-AS-SENT'],
  }),
  independent('independent-25', {
    id: 'i25-business-update-answer-email-dropped',
    rule: 'every field sent on update reads back in the answer (seed 002, Businesses, PUT 200): UpdateBusiness answers the record without its e-mail address (stored all the same)',
    source: 'seed',
    rules: ['FD-BUS-UPDATE'],
  }),
  independent('independent-25', {
    id: 'i25-business-by-id-phone-country-dropped',
    rule: 'every field sent reads back by id (seed 002, Businesses; provider Business): GetBusinessById answers the phone number without its country calling code',
    source: 'seed',
    rules: ['FD-BUS-READ'],
  }),
  independent('independent-26', {
    id: 'i26-business-refused-second-overwrites-name',
    rule: 'a customer has one business and a refused request leaves no trace (seed 002, Businesses: one per customer, 409): a second AddBusinessDetails is refused 409 but the business on record takes the refused body name',
    source: 'seed',
    rules: ['FD-BUS-ONE', 'FD-PROP-REFUSED-NO-TRACE'],
  }),
  independent('independent-26', {
    id: 'i26-business-by-customer-none-200-empty',
    rule: 'a customer without a business is a 404 (seed 002, Businesses: GetBusinessByCustomer 404): it is answered 200 with an empty list',
    source: 'seed',
    rules: ['FD-BUS-NONE-404'],
  }),
  independent('independent-27', {
    id: 'i27-business-update-other-partner-404-but-applied',
    rule: "another partner's business is not found (seed 002, Businesses 404): UpdateBusiness answers 404 for it but replaces its fields",
    source: 'seed',
    rules: ['FD-OBJ-OTHER-PARTNER', 'FD-PROP-REFUSED-NO-TRACE'],
  }),
  independent('independent-27', {
    id: 'i27-business-update-modified-date-eastern',
    rule: 'modifiedDate is when the business was changed (provider 1.35.0, NoZoneDateTime in UTC like createdDate): the update writes modifiedDate five hours behind, before the createdDate of a business made just before',
    source: 'provider',
    rules: ['FD-BUS-UPDATE', 'FD-DATE-WRITE-TIME'],
  }),
  independent('independent-28', {
    id: 'i28-fd-business-second-replaces',
    rule: 'a customer can have a single business record (Limits, Businesses per customer); another is 409 (seed 002, Businesses: AddBusinessDetails 409): a second business replaces the first and is answered 200',
    source: 'seed',
    rules: ['FD-BUS-ONE', 'FD-PROP-REFUSED-NO-TRACE'],
  }),
  independent('independent-29', {
    id: 'i29-fd-business-by-customer-phone-country-plus',
    rule: 'every business field sent reads back by customer and by id (seed 002, Businesses; provider 1.35.0 phoneNumber): the by-customer read gives the phone country code with a plus sign',
    source: 'provider',
    rules: ['FD-BUS-READ', 'FD-PROP-ECHO-AS-SENT'],
  }),
  independent('independent-31', {
    id: 'i31-fd-business-add-answers-201',
    rule: 'AddBusinessDetails answers 200 (seed 002, Businesses): a new business is answered 201',
    source: 'seed',
    rules: ['FD-BUS-READ', 'FD-BUS-ONE'],
  }),
  independent('independent-32', {
    id: 'i32-fd-business-add-answered-201',
    rule: 'AddBusinessDetails answers 200 (seed 002, Businesses): a business record added is answered 201',
    source: 'seed',
    rules: ['FD-BUS-READ'],
  }),
  independent('independent-33', {
    id: 'i33-fd-business-second-add-400',
    rule: 'a customer can have a single business record (Limits, Businesses per customer); another is 409 (seed 002, Businesses; Errors 409 business already exists): the second AddBusinessDetails answers 400',
    source: 'seed',
    rules: ['FD-BUS-ONE'],
  }),
  independent('independent-33', {
    id: 'i33-fd-business-update-phone-flattened',
    rule: 'the business record carries phoneNumber as an object with countryCode and phoneNo (provider 1.35.0; reference, Known corrections): UpdateBusiness stores and answers it as one string',
    source: 'provider',
    rules: ['FD-BUS-UPDATE', 'FD-PROP-ECHO-AS-SENT'],
  }),
  independent('independent-34', {
    id: 'i34-fd-business-update-modified-date-kept',
    rule: 'an update dates the change in modifiedDate (provider 1.35.0, business record createdDate and modifiedDate): an update leaves modifiedDate at the creation date',
    source: 'provider',
    rules: ['FD-BUS-UPDATE', 'FD-DATE-WRITE-TIME'],
  }),
  independent('independent-36', {
    id: 'i36-fd-business-update-unknown-200',
    rule: 'UpdateBusiness of a business id that names none is a 404 (seed 002, Businesses: errors 404): an unknown business id is answered 200 with the body echoed under that id, and nothing is stored',
    source: 'seed',
    rules: ['FD-BUS-UPDATE'],
  }),
  independent('independent-38', {
    id: 'i38-fd-business-by-id-dates-zoned',
    rule: 'business dates are date-times without a zone (provider 1.35.0 Business createdDate/modifiedDate, NoZoneDateTime; reference Known corrections): the by-id read appends a Z zone designator to both dates',
    source: 'provider',
    rules: ['FD-BUS-READ', 'FD-PROP-SAME-ON-EVERY-READER'],
  }),
  independent('independent-38', {
    id: 'i38-fd-business-refused-add-touches-modified',
    rule: 'a second business for a customer is refused 409 and changes nothing (seed 002, Businesses: one business per customer; Errors 409): the refused add still re-dates the modifiedDate of the business on record',
    source: 'seed',
    rules: ['FD-BUS-ONE', 'FD-PROP-REFUSED-NO-TRACE'],
  }),
  independent('independent-38', {
    id: 'i38-fd-business-update-answer-modified-ahead',
    rule: 'the UpdateBusiness answer is the record as stored (seed 002, Businesses PUT 200; provider 1.35.0 Business): the answer carries a modifiedDate a minute later than the one the reads then show',
    source: 'provider',
    rules: ['FD-BUS-UPDATE', 'FD-PROP-ANSWER-IS-STATE'],
  }),
  independent('independent-38', {
    id: 'i38-fd-business-update-unknown-400',
    rule: 'an unknown business is a 404 (seed 002, Businesses: UpdateBusiness errors list only 404; Errors 404): an unknown business id on update answers 400',
    source: 'seed',
    rules: ['FD-NOT-FOUND', 'FD-PROP-ERROR-STATUS'],
  }),
  independent('independent-38', {
    id: 'i38-fd-business-by-customer-listed-twice',
    rule: 'a customer has at most one business (seed 002, Businesses; Limits, businesses per customer): GetBusinessByCustomer lists the one business twice',
    source: 'seed',
    rules: ['FD-BUS-ONE', 'FD-BUS-READ'],
  }),
]);
