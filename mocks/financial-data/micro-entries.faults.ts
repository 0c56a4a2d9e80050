// Faults of micro entries (switched in micro-entries.ts): each breaks one rule of schemas/financial-
// data/rules/micro-entries.yaml, the way a provider's release might. `rules` names the rule ids it
// breaks (`npm run mutation -- --targeted` runs the specs citing them). The faults of the suite's
// authors first, then those written blind (`origin: 'blind'`, measured apart by `npm run mutation --
// --blind`).
import { faultCatalogue, blind, independent, modelFault, seeded } from '../kit/faults.js';

export const MICRO_ENTRIES_FAULTS = faultCatalogue([
  // Seeded beside the optional-ids property of properties.type-forms.spec.ts (FD-OPTIONAL-IDS).
  seeded({
    id: 'seeded-prop-micro-initiate-login-refused',
    rule: "FD-OPTIONAL-IDS: InitiateMicroAmountDeposits refuses (400) a body whose optional institutionLoginId names a login of the path's customer",
    source: 'provider',
    rules: ['FD-OPTIONAL-IDS'],
  }),
  // Seeded beside the readers after the writes of security.read-only.spec.ts (FD-OBJ-READ-ONLY; origin 'seeded').
  seeded({
    id: 'seeded-micro-initiate-last4-from-body',
    rule: "FD-OBJ-READ-ONLY: InitiateMicroAmountDeposits keeps an accountNumberLast4 the body sends, and GetMicroDepositsDetails answers it instead of the receiver account number's last four",
    source: 'provider',
    rules: ['FD-OBJ-READ-ONLY'],
  }),
  // Echo byte for byte (kit/faults.ts, seeded): a number-like string normalised on one reader.
  seeded({
    id: 'micro-details-last4-leading-zeros-dropped',
    rule: 'FD-MICRO-DETAILS: the details read shows the last four digits of the account number as sent, leading zeros kept',
    source: 'provider',
    rules: ['FD-MICRO-DETAILS', 'FD-MICRO-MASKING'],
  }),
  // What the initiation rate counts (kit/faults.ts, seeded): the refusals themselves counted.
  seeded({
    id: 'micro-rate-counts-refused',
    rule: 'FD-MICRO-RATE: an initiation refused with 429 counts toward the rate as an accepted one does (a customer who keeps trying stays refused after the window)',
    source: 'assumption',
    rules: ['FD-MICRO-RATE'],
  }),
  seeded({
    id: 'micro-rate-counts-conflicts',
    rule: 'FD-MICRO-RATE: an initiation refused with 409 (the account already has entries) counts toward the rate',
    source: 'assumption',
    rules: ['FD-MICRO-RATE'],
  }),
  // Initiation (seed 002, Micro entries and switches; Limits: two micro amounts, each under one dollar).
  {
    id: 'micro-entries-single-deposit',
    rule: 'FD-MICRO-INITIATE: the initiation answers one micro entry fewer than the contract fixes (depositCount)',
    source: 'seed',
    rules: ['FD-MICRO-INITIATE'],
  },
  {
    id: 'micro-entries-amounts-in-cents',
    rule: 'FD-MICRO-AMOUNTS: each micro amount under one dollar (deposited in cents: the cents taken as dollars)',
    source: 'seed',
    rules: ['FD-MICRO-AMOUNTS'],
  },
  {
    id: 'micro-entries-routing-length-unenforced',
    rule: 'FD-MICRO-ROUTING-LENGTH: a routing number one digit short or long is a 400',
    source: 'seed',
    rules: ['FD-MICRO-ROUTING-LENGTH'],
    relax: [{ schema: 'MicroEntryRoutingNumber', set: { pattern: '^[0-9]{8,10}$' } }],
  },
  {
    id: 'micro-entries-name-optional',
    rule: 'FD-MICRO-REQUIRED: the receiver name is required',
    source: 'provider',
    rules: ['FD-MICRO-REQUIRED'],
    relax: [{ schema: 'MicroEntryReceiver', unrequire: ['name'] }],
  },
  // The micro-entry account: its number is answered by its last four digits only.
  {
    id: 'micro-entries-full-account-number',
    rule: 'FD-MICRO-MASKING: the details read carries the full account number as accountNumberLast4',
    source: 'provider',
    rules: ['FD-MICRO-MASKING'],
  },
  {
    id: 'micro-entries-last4-first-digits',
    rule: 'FD-MICRO-MASKING: accountNumberLast4 holds the first four digits',
    source: 'provider',
    rules: ['FD-MICRO-MASKING'],
  },
  {
    id: 'micro-entries-any-customer-account',
    rule: "FD-MICRO-NOT-FOUND: the micro entries are found by account id alone, under another customer's path",
    source: 'seed',
    rules: ['FD-MICRO-NOT-FOUND'],
  },
  // 409 and 429 (seed 002, Errors; counts and window: assumption).
  {
    id: 'micro-entries-conflict-unenforced',
    rule: 'FD-MICRO-CONFLICT: a second initiation for an account with entries under way is accepted',
    source: 'seed',
    rules: ['FD-MICRO-CONFLICT'],
  },
  {
    id: 'micro-entries-conflict-any-account',
    rule: 'FD-MICRO-CONFLICT: any second account of the customer is a 409 while entries are under way',
    source: 'seed',
    rules: ['FD-MICRO-CONFLICT'],
  },
  {
    id: 'micro-entries-conflict-after-failure',
    rule: 'FD-MICRO-CONFLICT: an account whose entries failed cannot be initiated again',
    source: 'assumption',
    rules: ['FD-MICRO-CONFLICT'],
  },
  {
    id: 'micro-entries-six-per-window',
    rule: 'FD-MICRO-RATE: one initiation of a customer more than the window allows is accepted (off by one)',
    source: 'assumption',
    rules: ['FD-MICRO-RATE'],
  },
  {
    id: 'micro-entries-window-never-resets',
    rule: 'FD-MICRO-RATE: the initiation window never ends',
    source: 'assumption',
    rules: ['FD-MICRO-RATE'],
  },
  // Verification (seed 002: the customer verifies the two amounts).
  {
    id: 'micro-entries-one-amount-enough',
    rule: 'FD-MICRO-VERIFY-WRONG: one right amount of two verifies',
    source: 'seed',
    rules: ['FD-MICRO-VERIFY-WRONG'],
  },
  {
    id: 'micro-entries-cent-tolerance',
    rule: 'FD-MICRO-VERIFY-WRONG: amounts one cent off verify',
    source: 'seed',
    rules: ['FD-MICRO-VERIFY-WRONG'],
  },
  {
    id: 'micro-entries-order-sensitive',
    rule: 'FD-MICRO-VERIFY-ORDER: the two amounts verify only in deposit order',
    source: 'assumption',
    rules: ['FD-MICRO-VERIFY-ORDER'],
  },
  {
    id: 'micro-entries-verify-not-recorded',
    rule: 'FD-MICRO-VERIFY: the verification answers 200 but the details read never shows Verified',
    source: 'seed',
    rules: ['FD-MICRO-VERIFY'],
  },
  {
    id: 'micro-entries-details-stale',
    rule: 'FD-MICRO-DETAILS: the details read keeps showing Pending',
    source: 'provider',
    rules: ['FD-MICRO-DETAILS'],
  },
  {
    id: 'micro-entries-verifiable-before-deposit',
    rule: 'FD-MICRO-BEFORE-DEPOSIT: micro entries not yet deposited can be verified',
    source: 'assumption',
    rules: ['FD-MICRO-BEFORE-DEPOSIT'],
  },
  {
    id: 'micro-entries-retry-allowed',
    rule: 'FD-MICRO-ATTEMPTS: after a failed verification the right amounts still verify',
    source: 'assumption',
    rules: ['FD-MICRO-ATTEMPTS'],
  },
  {
    id: 'micro-entries-error-status-completed',
    rule: 'FD-MICRO-ERROR-BODY: a refused verification reports status Completed',
    source: 'provider',
    rules: ['FD-MICRO-ERROR-BODY'],
  },
  {
    id: 'micro-entries-amount-cap-unenforced',
    rule: 'FD-MICRO-AMOUNT-RANGE: an amount of a dollar or more is taken as an attempt, not refused',
    source: 'seed',
    rules: ['FD-MICRO-AMOUNT-RANGE'],
    relax: [{ schema: 'MicroDepositVerification', at: ['properties', 'amounts', 'items'], drop: ['maximum'] }],
  },
  {
    id: 'micro-entries-amount-cap-98-cents',
    rule: 'FD-MICRO-AMOUNT-RANGE: 99 cents refused as malformed (cap off by one)',
    source: 'seed',
    rules: ['FD-MICRO-AMOUNT-RANGE'],
    relax: [{ schema: 'MicroDepositVerification', at: ['properties', 'amounts', 'items'], set: { maximum: 0.98 } }],
  },
  // Found only by a sequence of calls (the reference models, fixtures/models/): each single call answers right.
  modelFault({
    id: 'model-micro-entries-verify-latest-of-customer',
    rule: "a verification applies to the micro entries of the account its path names, not to the customer's latest ones (seed 002, Micro entries: the customer verifies the two amounts of the account)",
    source: 'seed',
    rules: ['FD-MICRO-VERIFY', 'FD-MICRO-VERIFY-WRONG', 'FD-PROP-WRITE-SCOPE'],
  }),
  // Written blind (kit/faults.ts, blind): from the sources and the mock, without reading the specs.
  // Micro entries (seed 002, Micro entries and switches; Limits; Errors 409, 429; provider 1.35.0).
  blind({
    id: 'blind-micro-entries-deposited-after-23-hours',
    rule: 'micro entries stay Pending until the deposit delay after initiation has passed (still Pending a minute before), Completed from then on (provider MicroDepositStatus; catalogue assumption)',
    source: 'assumption',
    rules: ['FD-MICRO-DETAILS'],
  }),
  blind({
    id: 'blind-micro-entries-creation-date-eastern',
    rule: 'the details creationDate is the initiation time in UTC without zone, not a local wall time (provider 1.35.0 MicroDepositDetails.creationDate NoZoneDateTime)',
    source: 'provider',
    rules: ['FD-MICRO-DETAILS'],
  }),
  blind({
    id: 'blind-micro-entries-rate-per-partner',
    rule: 'the 429 counts the initiations of one customer: another customer is not affected (seed 002, Errors 429; catalogue: initiations per customer in a window)',
    source: 'assumption',
    rules: ['FD-MICRO-RATE'],
  }),
  blind({
    id: 'blind-micro-entries-initiate-echoes-receiver',
    rule: 'no micro entry answer carries the full account number sent, the initiation included (provider 1.35.0 InitiatedMicroDeposit, accountNumberLast4; docs/conventions.md, Secrets and card data)',
    source: 'provider',
    rules: ['FD-MICRO-MASKING'],
  }),
  blind({
    id: 'blind-micro-entries-details-after-customer-deleted',
    rule: 'every micro entry route of a deleted customer is a 404, the details read included (seed 002, Errors 404)',
    source: 'seed',
    rules: ['FD-MICRO-NOT-FOUND'],
  }),
  blind({
    id: 'blind-micro-entries-amount-one-dollar-accepted',
    rule: 'each micro amount is under one dollar: 1.00 is a 400 and no attempt (seed 002, Limits: two micro amounts, each under one dollar)',
    source: 'seed',
    rules: ['FD-MICRO-AMOUNT-RANGE'],
    relax: [{ schema: 'MicroDepositVerification', at: ['properties', 'amounts', 'items'], set: { maximum: 1 } }],
  }),
  // The third independent set (kit/faults.ts, independent): written from the seeds, the provider's
  // documents, the contract, the rule catalogue and this mock only, the specs unread.
  independent('independent-3', {
    id: 'i3-micro-verify-other-customer',
    rule: "the micro-entry account under another customer is a 404 (seed 002, Micro entries; reference, object-level authorization): VerifyMicroAmountDeposits verifies another customer's micro entries (same partner) named under this customer, while GetMicroDepositsDetails answers 404",
    source: 'assumption',
    rules: ['FD-MICRO-NOT-FOUND', 'FD-OBJ-OTHER-PARENT'],
  }),
  independent('independent-3', {
    id: 'i3-micro-details-routing-leading-zeros',
    rule: "the details read shows the routing number sent (seed 002, Micro entries: the routing number's digits): a routing number starting with 0 is answered without its leading zeros",
    source: 'seed',
    rules: ['FD-MICRO-DETAILS'],
  }),
  independent('independent-3', {
    id: 'i3-micro-rate-window-inclusive',
    rule: "a customer's initiations are capped within a window (microEntryWindowSeconds); once the window has passed an initiation is accepted again (seed 002, Limits): an initiation exactly as old as the window still counts, so one more at that instant is a 429",
    source: 'seed',
    rules: ['FD-MICRO-RATE'],
  }),
  // The fourth independent set (kit/faults.ts, independent): written from the seeds, the provider's
  // documents, the contract, the rule catalogue and this mock only, the specs unread.
  independent('independent-4', {
    id: 'i4-micro-verify-amounts-truncated',
    rule: 'the two amounts deposited verify the account (seed 002, Micro entries): the dollar amounts sent are turned into cents by truncation, so an amount such as 0.29 (28.999... cents in floating point) no longer matches',
    source: 'seed',
    rules: ['FD-MICRO-VERIFY'],
  }),
  independent('independent-4', {
    id: 'i4-micro-rate-counts-conflicts',
    rule: 'the initiations of a window are counted against its rate (contract x-limits microEntryInitiationsPerWindow): an initiation refused with 409 is counted too, so the 429 comes early',
    source: 'provider',
    rules: ['FD-MICRO-RATE'],
  }),
  // The fifth independent set (kit/faults.ts, independent): written from the seeds, the provider's
  // documents, the contracts and the rule catalogues, the specs unread.
  independent('independent-5', {
    id: 'i5-micro-verified-any-amounts-200',
    rule: 'wrong amounts are a 400 (provider 1.35.0, VerifyMicroAmountDeposits): once the entries are verified any amounts answer 200 Verified',
    source: 'provider',
    rules: ['FD-MICRO-VERIFY-WRONG'],
  }),
  independent('independent-6', {
    id: 'i6-micro-conflict-account-number-as-number',
    rule: 'only the same account (routing and account number) of the customer is a 409 (FD-MICRO-CONFLICT): account numbers are compared as numbers, so 0012345 and 12345 are taken for one account',
    source: 'assumption',
    rules: ['FD-MICRO-CONFLICT'],
  }),
  independent('independent-6', {
    id: 'i6-micro-completed-after-delay-exclusive',
    rule: 'the details show Completed from the deposit delay on (x-limits microEntryDepositDelaySeconds; FD-MICRO-DETAILS): the elapsed time is counted in whole seconds and compared as exclusive, so for the whole second at the delay they still show Pending',
    source: 'assumption',
    rules: ['FD-MICRO-DETAILS'],
  }),
  independent('independent-7', {
    id: 'i7-micro-verify-by-sum',
    rule: 'the two amounts deposited verify the entries, in either order (seed 002, Micro entries): the amounts are compared by their sum, so one a cent up and the other a cent down verifies',
    source: 'seed',
    rules: ['FD-MICRO-VERIFY-WRONG'],
  }),
  // Independent set 8 (written blind: seed 002, provider 1.35.0, contract and catalogue only).
  independent('independent-8', {
    id: 'i8-micro-one-right-not-failed',
    rule: 'after a wrong first verification the entries are failed, one right and one wrong amount included (seed 002, Micro entries - attempts; reference FD-MICRO-ATTEMPTS): a verification with one amount right is refused without being counted, so a second try with the right amounts verifies',
    source: 'seed',
    rules: ['FD-MICRO-ATTEMPTS', 'FD-MICRO-VERIFY-WRONG'],
  }),
  independent('independent-8', {
    id: 'i8-micro-details-creation-date-moves-on-deposit',
    rule: 'the details read shows the initiation time as creationDate (reference FD-MICRO-DETAILS; provider MicroDepositDetails.creationDate): once the entries are deposited (Completed) creationDate becomes the deposit time, the deposit job having rewritten the record',
    source: 'assumption',
    rules: ['FD-MICRO-DETAILS'],
  }),
  independent('independent-10', {
    id: 'i10-micro-details-other-customer',
    rule: 'the micro-entry account under another customer is a 404 (seed 002 Errors 404; FD-MICRO-NOT-FOUND): GetMicroDepositsDetails serves the micro entries of another customer of the same partner named under this customer, while the verification refuses them',
    source: 'seed',
    rules: ['FD-MICRO-NOT-FOUND'],
  }),
  independent('independent-10', {
    id: 'i10-micro-reinitiate-after-verified',
    rule: 'initiating again for an account of the customer whose entries are pending, deposited or verified is a 409 (seed 002 Micro entries; FD-MICRO-CONFLICT): once the entries are verified, an initiation for the same routing and account number is accepted again (200)',
    source: 'seed',
    rules: ['FD-MICRO-CONFLICT'],
  }),
  independent('independent-11', {
    id: 'i11-micro-rate-per-account',
    rule: 'the initiations of a customer within the window are capped, the next is a 429 (seed 002, Limits micro entries; provider 429 example): the count is kept per receiving account, so a customer initiating for more accounts than the cap is never refused',
    source: 'seed',
    rules: ['FD-MICRO-RATE'],
  }),
  independent('independent-11', {
    id: 'i11-micro-verify-pending-counts-attempt',
    rule: 'verifying micro entries not yet deposited is a 400 that is no attempt (seed 002, Micro entries; provider 3200002 Pending): a wrong verification before the deposit marks the entries Failed, so the right amounts are refused once deposited',
    source: 'seed',
    rules: ['FD-MICRO-BEFORE-DEPOSIT'],
  }),
  independent('independent-12', {
    id: 'i12-micro-details-failed-shown-completed',
    rule: 'after a wrong verification the entries are Failed on verify and details (seed 002, Micro entries; provider 1.35.0 MicroDepositStatus): GetMicroDepositsDetails shows the failed entries as Completed',
    source: 'seed',
    rules: ['FD-MICRO-VERIFY-WRONG'],
  }),
  independent('independent-13', {
    id: 'i13-micro-details-creation-date-zoned',
    rule: 'the details give the initiation time as creationDate in UTC with no zone (provider 1.35.0 MicroEntryDetails NoZoneDateTime): creationDate carries a Z designator',
    source: 'provider',
    rules: ['FD-MICRO-DETAILS'],
  }),
  independent('independent-14', {
    id: 'i14-micro-verify-after-customer-delete',
    rule: 'every micro-entry route of a deleted customer is 404 (seed 002, Errors 404 customer not found): the verification still reaches the micro entries of a deleted customer through its path',
    source: 'seed',
    rules: ['FD-MICRO-NOT-FOUND', 'FD-OBJ-AFTER-DELETE'],
  }),
  independent('independent-15', {
    id: 'i15-micro-details-verified-shown-completed',
    rule: 'once the two amounts verify, the details read shows Verified (seed 002, Micro entries; provider 1.35.0 MicroDepositStatus): the details reader shows verified entries as Completed',
    source: 'seed',
    rules: ['FD-MICRO-VERIFY'],
  }),
  independent('independent-16', {
    id: 'i16-micro-details-last4-of-routing',
    rule: 'the details give the last four digits of the receiver account number (provider 1.35.0 MicroEntryDetails.accountNumberLast4): the routing number last four are given',
    source: 'provider',
    rules: ['FD-MICRO-DETAILS'],
  }),
  independent('independent-16', {
    id: 'i16-micro-details-creation-date-minutes',
    rule: 'creationDate is a date-time to the second (provider 1.35.0 MicroEntryDetails.creationDate, NoZoneDateTime YYYY-MM-DDThh:mm:ss): the details drop the seconds',
    source: 'provider',
    rules: ['FD-MICRO-DETAILS'],
  }),
  independent('independent-17', {
    id: 'i17-micro-rate-by-utc-day',
    rule: 'a customer may initiate only so many micro entries within a rolling day, the next is a 429 (seed 002 Limits, micro entries): the count restarts at UTC midnight, so the initiation over the limit an hour after midnight is accepted',
    source: 'seed',
    rules: ['FD-MICRO-RATE'],
  }),
  independent('independent-17', {
    id: 'i17-micro-details-status-of-latest-entry',
    rule: "the details read shows the status of the account asked (seed 002 Endpoints - Micro entries): it gives the status of the customer's latest entries instead",
    source: 'seed',
    rules: ['FD-MICRO-DETAILS', 'FD-MICRO-VERIFY'],
  }),
  independent('independent-18', {
    id: 'i18-micro-details-last4-star-prefixed',
    rule: 'the details read gives exactly the last four digits of the account number sent (provider 1.35.0 MicroDepositDetails.accountNumberLast4): it writes them after four stars',
    source: 'provider',
    rules: ['FD-MICRO-MASKING'],
  }),
  independent('independent-18', {
    id: 'i18-micro-initiate-savings-number-echoed',
    rule: 'no answer carries the full account number sent (provider 1.35.0 micro entries: accountNumberLast4 only; reference, account numbers masked): an initiation for a savings receiver echoes the whole number in a member receiverAccountNumber',
    source: 'provider',
    rules: ['FD-MICRO-MASKING'],
  }),
  independent('independent-20', {
    id: 'i20-micro-verify-first-amount-cent-over-accepted',
    rule: 'either amount one cent off is a 400 (seed 002 Micro entries; provider 1.35.0 VerifyMicroAmountDeposits): the first amount one cent over is verified (200), in the order deposited',
    source: 'provider',
    rules: ['FD-MICRO-VERIFY-WRONG'],
  }),
  independent('independent-21', {
    id: 'i21-micro-details-pending-an-hour-late',
    rule: 'the details read shows Completed once the deposit delay has passed (provider 1.35.0 micro entries): it still shows Pending for an hour after that',
    source: 'provider',
    rules: ['FD-MICRO-DETAILS'],
  }),
  independent('independent-22', {
    id: 'i22-micro-verify-swapped-second-cent-under-accepted',
    rule: 'either amount one cent off is a 400 and the entries are not verified (seed 002 micro entries): amounts sent in the swapped order verify with the first deposit amount one cent under',
    source: 'seed',
    rules: ['FD-MICRO-VERIFY-WRONG'],
  }),
  independent('independent-22', {
    id: 'i22-micro-details-last4-of-routing',
    rule: 'the details read gives exactly the last four digits of the account number sent (provider 1.35.0 MicroDepositsDetails): it gives the last four digits of the routing number instead',
    source: 'provider',
    rules: ['FD-MICRO-MASKING'],
  }),
  // Seeded beside the near misses of micro-entries.verify.spec.ts (each amount and both, a cent and a fraction off, either order).
  seeded({
    id: 'seeded-fam27b-micro-verify-both-cent-under-accepted',
    rule: 'FD-MICRO-VERIFY-WRONG: amounts sent in the order deposited verify with both one cent under',
    source: 'seed',
    rules: ['FD-MICRO-VERIFY-WRONG'],
  }),
  independent('independent-24', {
    id: 'i24-micro-details-elapsed-hours-rounded',
    rule: 'the details read shows Pending until the deposit time (provider 1.35.0 MicroDepositStatus; reference, the deposit delay): the details read rounds the time elapsed to the nearest hour, so Completed shows half an hour before the deposit',
    source: 'assumption',
    rules: ['FD-MICRO-DETAILS'],
  }),
  independent('independent-26', {
    id: 'i26-micro-initiate-answers-201',
    rule: 'an initiation answers 200 (seed 002, Micro entries: InitiateMicroAmountDeposits 200): the initiation answers 201',
    source: 'seed',
    rules: ['FD-MICRO-INITIATE'],
  }),
  independent('independent-27', {
    id: 'i27-micro-verify-pending-answered-200',
    rule: 'a verification before the deposits landed is refused (provider 1.35.0, VerifyMicroAmountDeposits 400 with status Pending): it is answered 200 with status Pending',
    source: 'provider',
    rules: ['FD-MICRO-BEFORE-DEPOSIT', 'FD-MICRO-ERROR-BODY'],
  }),
  independent('independent-28', {
    id: 'i28-fd-micro-throttled-initiation-stored',
    rule: 'a refused request changes nothing (seed 002, Micro entries 429; assumption): an initiation refused 429 by the rate limit has stored pending micro entries for its account, so a later initiation of that account is refused 409',
    source: 'assumption',
    rules: ['FD-PROP-REFUSED-NO-TRACE', 'FD-MICRO-RATE', 'FD-MICRO-CONFLICT'],
  }),
  independent('independent-28', {
    id: 'i28-fd-micro-verify-failed-refusal-without-status',
    rule: 'a refused verification answers {status, statusDescription} (provider 1.35.0, VerifyMicroAmountDeposits 400; reference, Error bodies): once the validation has failed, the refusal carries only code and message',
    source: 'provider',
    rules: ['FD-MICRO-ERROR-BODY'],
  }),
  independent('independent-29', {
    id: 'i29-fd-micro-conflict-redraws-amounts',
    rule: 'a refused initiation (409 conflict) leaves the entries as they were (seed 002, Micro entries; Errors 409): it draws the open entry amounts again',
    source: 'seed',
    rules: ['FD-MICRO-CONFLICT', 'FD-PROP-REFUSED-NO-TRACE'],
  }),
  independent('independent-30', {
    id: 'i30-fd-micro-verified-wrong-amounts-fails-entry',
    rule: 'a refused verification leaves the micro entries as they were (seed 002, Micro entries: the customer verifies the two amounts; reference, refused requests): wrong amounts sent for an already verified entry are refused and yet move it to Failed',
    source: 'assumption',
    rules: ['FD-MICRO-VERIFY-WRONG', 'FD-PROP-REFUSED-NO-TRACE'],
  }),
  independent('independent-31', {
    id: 'i31-fd-micro-verify-compared-in-dimes',
    rule: 'the customer verifies the micro amounts deposited, to the cent (seed 002, Micro entries; Limits: micro amounts): the amounts are compared to the nearest ten cents, so a wrong amount within the same dime verifies the account',
    source: 'seed',
    rules: ['FD-MICRO-VERIFY-WRONG', 'FD-MICRO-VERIFY'],
  }),
  independent('independent-34', {
    id: 'i34-fd-micro-mismatch-coded-attempts-exceeded',
    rule: 'amounts that do not match are refused with the mismatch code (provider 1.35.0 micro entries 400 examples: amounts did not match; attempts exceeded only after the attempt is spent): a first mismatch is coded as attempts exceeded',
    source: 'provider',
    rules: ['FD-MICRO-VERIFY-WRONG', 'FD-MICRO-ERROR-BODY', 'FD-PROP-REFUSAL-CODE'],
  }),
  independent('independent-37', {
    id: 'i37-fd-micro-details-deposited-described-pending',
    rule: 'the details read describes the status it gives (provider 1.35.0 MicroDepositStatus and statusDescription): deposited entries read Completed with the description of pending entries',
    source: 'provider',
    rules: ['FD-MICRO-DETAILS', 'FD-DERIVED-VIEW', 'FD-PROP-DESCRIBED-STATE'],
  }),
]);
