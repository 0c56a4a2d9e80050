// Faults of PAN lists: registration and deregistration (switched in pans.ts; the limits and patterns
// through the contract): each breaks one rule of schemas/installments/rules.yaml, the way a
// provider's release might. `rules` names the rule ids it breaks (`npm run mutation -- --targeted`
// runs the specs citing them). The faults of the suite's authors first, then those written blind
// (`origin: 'blind'`, measured apart by `npm run mutation -- --blind`).
import { faultCatalogue, independent, modelFault, seeded } from '../kit/faults.js';
import { blind, judged, relax, rule } from './fault-builders.js';

export const PANS_FAULTS = faultCatalogue([
  judged(
    'new-list-unheld-range-accepted',
    'IN-STATE-HELD-RANGE: a new list is made with whatever account range it is given, one the system does not hold too',
    ['IN-STATE-HELD-RANGE'],
    ['registerPans'],
    'held-range',
    () => undefined,
  ),
  judged(
    'held-range-refusal-once',
    'IN-ERR-RECOVERABLE: a new list given a range the system does not hold is refused once, not recoverable, and made when asked again',
    ['IN-ERR-RECOVERABLE'],
    ['registerPans'],
    'held-range',
    (refusal, _x, memory) => {
      if (!refusal || !memory.refused) return (memory.refused = refusal);
      return undefined;
    },
  ),
  // Seeded beside the optional-ids property of properties.type-forms.spec.ts (IN-OPTIONAL-IDS).
  seeded({
    id: 'seeded-prop-register-id-beside-name-new-list',
    rule: "IN-OPTIONAL-IDS: a registration naming the caller's PAN list by panListId beside a panListName makes a new list by the name and answers its id",
    source: 'provider',
    rules: ['IN-OPTIONAL-IDS'],
  }),
  // Seeded beside the list names holding every white space character (pan-lists.counts.spec.ts; origin 'seeded').
  seeded({
    id: 'seeded-fam24-register-by-id-name-line-breaks-as-spaces',
    rule: 'IN-ECHO-PANLIST: a registration to a list by its id answers the name it was created with byte for byte: its line feeds, carriage returns, vertical tabs and form feeds are answered as spaces',
    source: 'provider',
    rules: ['IN-ECHO-PANLIST'],
  }),
  // Seeded beside the check that a PAN is matched on its whole length (pan-lists.whole-pan.spec.ts; origin 'seeded').
  seeded({
    id: 'register-pan-duplicate-on-first-16',
    rule: 'IN-VAL-PAN-COUNTS: a registration counts a card as already in the list when a listed card shares its first sixteen digits',
    source: 'provider',
    rules: ['IN-VAL-PAN-COUNTS'],
  }),
  // Limits, patterns, enums and array caps (provider 2.0.0): the mock's validation is loosened.
  // No fault drops the panListId pattern: a list id is made by the service (18 digits), so an id off
  // the pattern names no list and is refused as an unknown list would be, with the same status and
  // ReasonCode (provider 2.0.0 examples BadRequestPanListIdRegexValidationError: 'invalid.data:
  // panListId'); only the Description's wording would differ, and no source pins it.
  relax('panListName-pattern-unenforced', 'panListName pattern', 'PanListName', undefined, { drop: ['pattern'] }, [
    'IN-PAT-PANLISTNAME',
    'IN-LIM-PANLISTNAME',
  ]),
  relax('accountRange-pattern-unenforced', 'accountRangeLow/High pattern', 'AccountRangeBound', undefined, { drop: ['pattern'] }, [
    'IN-LIM-ACCOUNTRANGE',
  ]),
  relax('pan-pattern-unenforced', 'PAN pattern (digits, in its range of lengths)', 'Pan', undefined, { drop: ['pattern'] }, ['IN-LIM-PAN']),
  // PAN lists and offers (reference, Flows - services).
  rule('pan-list-unnamed-accepted', 'a registration names its list by id or creates one by name (provider 400 example)', [
    'IN-EXCL-PANLIST',
  ]),
  rule('duplicate-pan-counted', 'a PAN already in the list is a failure', ['IN-VAL-PAN-COUNTS']),
  rule('registration-ignored', 'registered PANs become eligible for offers', ['IN-STATE-PAN-ELIGIBLE']),
  rule('deregistration-ignored', 'deregistered PANs are no longer eligible', ['IN-STATE-PAN-ELIGIBLE']),
  // Filters, paging, readers, counts, echoes and paths of the suite's rule catalogue.
  {
    id: 'panListName-uppercased',
    rule: 'IN-ECHO-PANLIST: panListName answered byte for byte',
    source: 'provider',
    rules: ['IN-ECHO-PANLIST'],
  },
  {
    id: 'deregistration-counts-requested',
    rule: 'IN-VAL-PAN-COUNTS: failureCount counts the PANs not in the list',
    source: 'provider',
    rules: ['IN-VAL-PAN-COUNTS'],
  },
  // Found only by a sequence of calls (the reference models, fixtures/models/): each single call answers right.
  modelFault({
    id: 'model-deregistered-pan-kept-as-removed',
    rule: 'a card deregistered from a list can be registered to it again (seed 001, Endpoints: register and deregister pans): the list keeps it as removed, so registering it again counts it a failure, leaves it out and it gets no offers',
    source: 'assumption',
    rules: ['IN-STATE-PAN-ELIGIBLE', 'IN-VAL-PAN-COUNTS'],
  }),
  // Written blind (kit/faults.ts, blind): from the sources and the mock, without reading the specs.
  // Shapes and headers of answers (provider 2.0.0).
  blind(
    'blind-registration-counts-numeric',
    'registerPans successfulCount/failureCount are strings (provider Registration; reference Known corrections): sent as JSON numbers (deregistration unchanged)',
    'provider',
    ['IN-VAL-PAN-COUNTS'],
  ),
  // The second independent set (kit/faults.ts, independent): written from the seeds, the provider's
  // documents, the contract and the rule catalogue only, the specs unread.
  independent('independent-2', {
    id: 'i2-pans-batch-duplicate-counted-twice',
    rule: 'successfulCount and failureCount count the PANs of the request registered and refused (provider 2.0.0, Registration): a PAN given twice in one request is checked against the list as it was before the request, so both copies count as registered',
    source: 'provider',
    rules: ['IN-VAL-PAN-COUNTS'],
  }),
  independent('independent-2', {
    id: 'i2-panlist-name-spaces-collapsed',
    rule: 'the list name is answered byte for byte (provider 2.0.0, ViewPanList): runs of white space in panListName are collapsed to one space and the ends trimmed',
    source: 'provider',
    rules: ['IN-ECHO-PANLIST'],
  }),
  independent('independent-2', {
    id: 'i2-panlist-name-65-accepted',
    rule: 'panListName has at most the characters its pattern allows (provider 2.0.0, PanListName pattern): one more is accepted (the refusing side only)',
    source: 'provider',
    rules: ['IN-LIM-PANLISTNAME'],
    relax: [{ schema: 'PanListName', set: { pattern: '^[a-zA-Z0-9\\s-]{1,65}$' } }],
  }),
  // The third independent set (kit/faults.ts, independent): written from the seeds, the provider's
  // documents, the contract, the rule catalogue and this mock only, the specs unread.
  independent('independent-3', {
    id: 'i3-new-list-range-dropped',
    rule: 'a card within a registered account range gets offers (seed 001, PAN lists: a list carries PANs and/or an account range): a list created by panListName with an accountRange does not keep the range (a range sent with a panListId is kept)',
    source: 'seed',
    rules: ['IN-RANGE-ELIGIBLE'],
  }),
  independent('independent-3', {
    id: 'i3-register-by-id-name-dropped',
    rule: "registration answers the list's id and its name (provider 2.0.0, PanRegistration response): a registration into an existing list by panListId answers the id without the list's name (the creating registration gives both)",
    source: 'provider',
    rules: ['IN-ECHO-PANLIST'],
  }),
  independent('independent-3', {
    id: 'i3-deregistration-from-every-list',
    rule: 'deregistration removes the PANs from the list named (seed 001, PAN lists): it removes them from every list of the service, so a card still registered in another list gets no offers',
    source: 'seed',
    rules: ['IN-STATE-PAN-ELIGIBLE', 'IN-PROP-WRITE-SCOPE'],
  }),
  // The fourth independent set (kit/faults.ts, independent): written from the seeds, the provider's
  // documents, the contract, the rule catalogue and this mock only, the specs unread.
  independent('independent-4', {
    id: 'i4-dereg-unknown-list-counted-successful',
    rule: 'successfulCount counts the PANs actually deregistered and failureCount those not in the list (provider Deregistration): deregistering from a list id that names no list counts every PAN as successful',
    source: 'provider',
    rules: ['IN-VAL-PAN-COUNTS'],
  }),
  // The fifth independent set (kit/faults.ts, independent): written from the seeds, the provider's
  // documents, the contracts and the rule catalogues, the specs unread.
  independent('independent-5', {
    id: 'i5-pans-register-by-id-clears-range',
    rule: "a card in a list's account range stays eligible (reference, Flows - services): registering PANs into an existing list by id without accountRange erases the list's range",
    source: 'assumption',
    rules: ['IN-RANGE-ELIGIBLE', 'IN-STATE-PAN-ELIGIBLE'],
  }),
  independent('independent-5', {
    id: 'i5-panlist-name-64-refused',
    rule: 'panListName has a maximum length (provider 2.0.0, Registration): a name of exactly that length is refused, the bound checked as exclusive',
    source: 'provider',
    rules: ['IN-LIM-PANLISTNAME'],
  }),
  independent('independent-5', {
    id: 'i5-pans-missing-pan-not-counted',
    rule: 'failureCount counts every PAN item refused (provider 2.0.0, Registration): an item without its number is counted neither successful nor failed',
    source: 'provider',
    rules: ['IN-VAL-PAN-COUNTS'],
  }),
  // Seeded beside the checks of a list's account range and the counts of every item (pan-lists.ranges.spec.ts, the PAN lists model).
  seeded({
    id: 'seeded-registration-without-cards-or-range-accepted',
    rule: 'IN-REQ-CARDS-OR-RANGE: a registration with neither card data nor an account range is accepted',
    source: 'provider',
    rules: ['IN-REQ-CARDS-OR-RANGE'],
  }),
  seeded({
    id: 'seeded-list-range-replaced',
    rule: "IN-STATE-LIST-RANGE: a registration into an existing list with another account range replaces the list's range instead of being refused",
    source: 'provider',
    rules: ['IN-STATE-LIST-RANGE'],
  }),
  // Seeded beside the check that a card and a range are compared as digit strings, leading zeros counted
  // (pan-lists.ranges.spec.ts), on the deregistration: the i14 range fault breaks the registration by id.
  seeded({
    id: 'seeded-register-pan-matched-as-number',
    rule: 'IN-VAL-PAN-COUNTS: a registration counts a card as already in the list when a listed card equals it as a number, so the listed card with a leading zero (another card within the Pan pattern, provider 2.0.0) is counted failed',
    source: 'provider',
    rules: ['IN-VAL-PAN-COUNTS'],
  }),
  seeded({
    id: 'seeded-dereg-pan-matched-as-number',
    rule: 'IN-VAL-PAN-COUNTS: a deregistration matches a listed card to the one sent as a number, so the card with a leading zero (another card within the Pan pattern, provider 2.0.0) is counted deregistered and the listed card removed',
    source: 'provider',
    rules: ['IN-VAL-PAN-COUNTS'],
  }),
  seeded({
    id: 'seeded-dereg-empty-item-uncounted',
    rule: 'IN-VAL-PAN-COUNTS: a deregistration item without its card number is counted neither as deregistered nor as failed',
    source: 'provider',
    rules: ['IN-VAL-PAN-COUNTS'],
  }),
  seeded({
    id: 'seeded-update-without-pans-accepted',
    rule: 'IN-REQ-UPDATE-PANS: a registration into an existing list without a card number is accepted',
    source: 'provider',
    rules: ['IN-REQ-UPDATE-PANS'],
  }),
  seeded({
    id: 'seeded-dereg-unknown-list-answered',
    rule: 'IN-STATE-UNKNOWN-LIST: a deregistration from a list that does not exist is answered 200 with every card failed',
    source: 'provider',
    rules: ['IN-STATE-UNKNOWN-LIST'],
  }),
  // Seeded beside the exact-lookup checks of a list id in the body (origin 'seeded'): an 18-digit id
  // read as a double loses its last digits, so another id of the same double names the list.
  // Seeded beside the check of every looked-up id's end forms (lookups.end-forms.spec.ts).
  seeded({
    id: 'seeded-register-list-id-last-char-ignored',
    rule: "IN-LOOKUP-EXACT: a registration into a list finds it by its id as sent (provider 2.0.0, PanListIdNotFound); registerPans finds a list by all but its id's last character",
    source: 'provider',
    rules: ['IN-LOOKUP-EXACT', 'IN-STATE-UNKNOWN-LIST'],
  }),
  seeded({
    id: 'seeded-register-list-id-as-double',
    rule: 'IN-STATE-UNKNOWN-LIST: a registration into a list looks the panListId up as a number, so an id of the full length differing only in its last digits registers into the live list',
    source: 'provider',
    rules: ['IN-STATE-UNKNOWN-LIST'],
  }),
  seeded({
    id: 'seeded-dereg-list-id-as-double',
    rule: 'IN-STATE-UNKNOWN-LIST: a deregistration looks the panListId up as a number, so an id of the full length differing only in its last digits deregisters from the live list',
    source: 'provider',
    rules: ['IN-STATE-UNKNOWN-LIST'],
  }),
  seeded({
    id: 'seeded-dereg-without-cards-accepted',
    rule: 'IN-REQ-DEREG-CARDS: a deregistration without card data is answered 200',
    source: 'provider',
    rules: ['IN-REQ-DEREG-CARDS'],
  }),
  independent('independent-6', {
    id: 'i6-panlist-unknown-id-with-range-created',
    rule: 'registering to a PAN list that does not exist is 400 (provider 2.0.0, Registration): a registration naming an unknown panListId together with an accountRange creates a list under that id',
    source: 'provider',
    rules: ['IN-STATE-UNKNOWN-LIST'],
  }),
  independent('independent-6', {
    id: 'i6-register-pan-in-range-counted-failure',
    rule: "successfulCount counts the PANs of the request registered, failureCount those already in the list (provider 2.0.0): a PAN inside the list's account range, though not yet in the list, is counted a failure and not registered",
    source: 'provider',
    rules: ['IN-VAL-PAN-COUNTS'],
  }),
  independent('independent-7', {
    id: 'i7-dereg-range-covered-counted-successful',
    rule: 'failureCount counts the PANs of a deregistration not in the list (reference, IN-VAL-PAN-COUNTS; provider 2.0.0 Deregistration): a PAN that was never registered but falls in the account range of the list is counted successful',
    source: 'provider',
    rules: ['IN-VAL-PAN-COUNTS'],
  }),
  independent('independent-7', {
    id: 'i7-panlist-name-hyphen-refused',
    rule: 'panListName holds letters, digits, white space and hyphens (provider 2.0.0 PanListName pattern): creating a list whose name holds a hyphen is refused with 400',
    source: 'provider',
    rules: ['IN-PAT-PANLISTNAME'],
  }),
  // Independent set 8 (written blind: seed 001, provider 2.0.0, contract and catalogue only).
  independent('independent-8', {
    id: 'i8-panlist-dereg-id-as-number',
    rule: 'deregistering from a pan list that does not exist is 400, and the answer names the panListId it applied to (provider 2.0.0 deregisterPans; reference IN-STATE-UNKNOWN-LIST): the deregistration looks the all-digit id up as a number, so an unknown id differing from a known one in its last digits (beyond double precision) deregisters from that list',
    source: 'provider',
    rules: ['IN-STATE-UNKNOWN-LIST', 'IN-ECHO-PANLIST'],
  }),
  independent('independent-8', {
    id: 'i8-panlist-by-id-name-cut-32',
    rule: "registration answers the list's name byte for byte (provider 2.0.0 Registration.panList.panListName): a registration into an existing list (by panListId) answers the name cut to thirty-two characters (a display column); the creation answers it whole",
    source: 'provider',
    rules: ['IN-ECHO-PANLIST'],
  }),
  independent('independent-8', {
    id: 'i8-dereg-pan-matched-on-first-16',
    rule: 'successfulCount of a deregistration counts the PANs of the request that were in the list, and a deregistered card gets no offer (provider 2.0.0 Deregistration; reference IN-VAL-PAN-COUNTS): a PAN is matched on its first sixteen digits, so deregistering a card removes (and counts) another, longer listed card that starts with it',
    source: 'provider',
    rules: ['IN-VAL-PAN-COUNTS', 'IN-STATE-PAN-ELIGIBLE'],
  }),
  independent('independent-9', {
    id: 'i9-dereg-duplicate-counted-twice',
    rule: 'failureCount counts the PANs of the request not in the list (reference, PAN registration response counts): a deregistration naming the same listed PAN twice counts both as successful (the list is checked as it was before the request)',
    source: 'provider',
    rules: ['IN-VAL-PAN-COUNTS'],
  }),
  independent('independent-10', {
    id: 'i10-panlist-by-id-name-lowercased',
    rule: "registration answers the list's name byte for byte, when registered to by id too (provider 2.0.0 Registration panList; IN-ECHO-PANLIST): a registration into an existing list by panListId answers its name in lower case",
    source: 'provider',
    rules: ['IN-ECHO-PANLIST'],
  }),
  independent('independent-11', {
    id: 'i11-dereg-counts-numeric',
    rule: 'successfulCount and failureCount are strings (provider 2.0.0, Deregistration): the deregistration answers them as JSON numbers (registration keeps strings)',
    source: 'provider',
    rules: ['IN-VAL-PAN-COUNTS'],
  }),
  independent('independent-11', {
    id: 'i11-panlist-create-name-trailing-space-trimmed',
    rule: 'registration answers the list name byte for byte, spaces kept, when created by name (provider 2.0.0, ViewPanList): a list created by name is stored and answered without its trailing spaces',
    source: 'provider',
    rules: ['IN-ECHO-PANLIST'],
  }),
  independent('independent-12', {
    id: 'i12-dereg-encrypted-not-applied',
    rule: 'a card gets no offers once deregistered (seed 001, PAN lists; provider 2.0.0, deregisterPans): a deregistration with encrypted card data is counted successful but the card stays in the list (the clear path removes it)',
    source: 'seed',
    rules: ['IN-STATE-PAN-ELIGIBLE'],
  }),
  independent('independent-12', {
    id: 'i12-register-by-id-duplicate-counted-successful',
    rule: 'failureCount counts the PANs already in the list (provider 2.0.0, registerPans successfulCount/failureCount): registering by panListId a card the list already holds counts it successful',
    source: 'provider',
    rules: ['IN-VAL-PAN-COUNTS'],
  }),
  independent('independent-13', {
    id: 'i13-panlist-create-longest-name-cut',
    rule: "registration answers the list's name byte for byte, at the longest the contract allows too (reference, PAN registration: panListName; response panList): a list created with a name at its longest is answered with the name's last character cut",
    source: 'provider',
    rules: ['IN-ECHO-PANLIST'],
  }),
  independent('independent-14', {
    id: 'i14-register-by-id-range-compared-as-number',
    rule: "a registration into an existing list with an account range other than the list's is refused 400 (provider 2.0.0 registerPans 400 example; reference, PAN registration accountRange, digits only): the ranges are compared as numbers, so a range written with a leading zero is taken as the list's",
    source: 'provider',
    rules: ['IN-STATE-LIST-RANGE'],
  }),
  // Red team rt-: deviations a stranger would write (seeded beside the checks extended for their family).
  seeded({
    id: 'rt-dereg-pan-of-other-list-removed',
    rule: 'a deregistration applies to the pan list it names; a card not in it is counted a failure (provider 2.0.0, deregisterPans counts): a card held by another list is removed from that list and counted successful',
    source: 'provider',
    rules: ['IN-VAL-PAN-COUNTS', 'IN-STATE-PAN-ELIGIBLE', 'IN-PROP-WRITE-SCOPE'],
  }),
  seeded({
    id: 'rt-dereg-answer-list-id-through-double',
    rule: 'deregistration answers the panListId it applied to byte for byte (provider 2.0.0, Deregistration.panListId): the id passed through a double, its last digits changed',
    source: 'provider',
    rules: ['IN-ECHO-PANLIST'],
  }),
  seeded({
    id: 'rt-register-by-id-name-of-latest-list',
    rule: "registration by panListId answers that list's own name (provider 2.0.0, ViewPanList; IN-ECHO-PANLIST): it answers the name of the list created last",
    source: 'provider',
    rules: ['IN-ECHO-PANLIST'],
  }),
  independent('independent-15', {
    id: 'i15-register-pan-of-other-list-failed',
    rule: 'successfulCount counts the cards of the request registered into the list named (seed 001, Endpoints: registers pans to a pan list; reference/installments.md, Registration successfulCount and failureCount): a card another pan list already holds is refused and counted a failure',
    source: 'assumption',
    rules: ['IN-VAL-PAN-COUNTS'],
  }),
  independent('independent-15', {
    id: 'i15-dereg-pan-of-other-list-removed',
    rule: 'a deregistration removes cards from the existing pan list named (seed 001, Endpoints: deregisters pans from an existing pan list): a card this list does not hold is removed from the other list that holds it and counted successful',
    source: 'seed',
    rules: ['IN-VAL-PAN-COUNTS', 'IN-STATE-PAN-ELIGIBLE', 'IN-PROP-WRITE-SCOPE'],
  }),
  independent('independent-16', {
    id: 'i16-register-all-failed-counts-zero',
    rule: 'failureCount is the number of PANs of the request refused (provider 2.0.0 Registration, counts of PANs processed unsuccessfully): a registration whose every card is already listed answers failureCount "0"',
    source: 'provider',
    rules: ['IN-VAL-PAN-COUNTS'],
  }),
  independent('independent-17', {
    id: 'i17-dereg-later-pans-kept',
    rule: 'a card gets no offers once deregistered (reference, Flows - services): a deregistration of several cards removes only the first, the others counted deregistered but kept in the list',
    source: 'assumption',
    rules: ['IN-STATE-PAN-ELIGIBLE'],
  }),
  // Seeded beside the card's masked forms on every answer (security.sensitive-values.spec.ts; origin 'seeded').
  seeded({
    id: 'seeded-register-latest-card-bin-and-last-four',
    rule: "IN-OBJ-SENSITIVE: answers carry at most the last four digits of a card (provider 2.0.0: card data only encrypted in requests, panLastFour at most in answers): registerPans names the list's latest card by its first six and last four, dots between",
    source: 'provider',
    rules: ['IN-OBJ-SENSITIVE'],
  }),
  independent('independent-18', {
    id: 'i18-register-by-id-counts-swapped',
    rule: 'successfulCount and failureCount are the numbers of PANs registered and refused (provider 2.0.0, Registration): registered to by panListId with both non-zero, the two counts are swapped',
    source: 'provider',
    rules: ['IN-VAL-PAN-COUNTS'],
  }),
  independent('independent-18', {
    id: 'i18-register-by-id-name-spaces-collapsed',
    rule: 'registration answers the list name byte for byte, spaces kept, also when registered to by id (provider 2.0.0, ViewPanList): by panListId the name is answered with its runs of inner spaces collapsed to one',
    source: 'provider',
    rules: ['IN-ECHO-PANLIST'],
  }),
  // Seeded for the answer judge (fixtures/assertions/installments-answer.ts; origin 'seeded'): on a path no
  // spec's own check looks at, so that only the judge of every answer can catch it.
  seeded({
    id: 'seeded-judge-register-first-range-counted-twice',
    rule: 'IN-VAL-PAN-COUNTS: successfulCount and failureCount count the PANs of the request registered and refused (provider 2.0.0, Registration); a registration by panListId that gives a list without a range its first account range counts each card it registers twice',
    source: 'provider',
    rules: ['IN-VAL-PAN-COUNTS'],
  }),
  independent('independent-19', {
    id: 'i19-register-create-name-tabs-as-spaces',
    rule: 'registration answers the list name byte for byte, spaces kept (provider 2.0.0 panListName: letters, digits, white space and hyphens): a list created by name with a tab in it is answered with the tab written as a space',
    source: 'provider',
    rules: ['IN-ECHO-PANLIST'],
  }),
  independent('independent-19', {
    id: 'i19-register-range-19-digits-refused',
    rule: 'each end of an account range is accepted at every length its pattern allows (provider 2.0.0 AccountRange): a range whose low end has the longest length allowed is refused 400 as too long',
    source: 'provider',
    rules: ['IN-LIM-ACCOUNTRANGE'],
  }),
  independent('independent-20', {
    id: 'i20-register-by-id-range-low-end-only',
    rule: "a registration into an existing list with an account range other than the list's is 400 and changes nothing (provider 2.0.0 registerPans; reference, PAN registration): the ranges are compared on their low end only, so a range with another high end is accepted and replaces the list's",
    source: 'provider',
    rules: ['IN-STATE-LIST-RANGE'],
  }),
  independent('independent-21', {
    id: 'i21-panlist-name-echo-cut-at-50',
    rule: 'registration answers the list with its name as sent, up to its maxLength (provider Consumer PAN API, panListName): a name longer than fifty characters is answered cut to fifty',
    source: 'provider',
    rules: ['IN-ECHO-PANLIST'],
  }),
  independent('independent-21', {
    id: 'i21-panlist-name-one-char-refused',
    rule: 'panListName is within its minLength and maxLength (provider Consumer PAN API, panListName): a new list named by a single character, the lower bound, is refused 400',
    source: 'provider',
    rules: ['IN-LIM-PANLISTNAME'],
  }),
  independent('independent-21', {
    id: 'i21-register-range-low-11-digits-refused',
    rule: 'each end of an account range is within its documented digit range (provider Consumer PAN API, accountRange): a range whose low end has the fewest digits allowed is refused 400',
    source: 'provider',
    rules: ['IN-LIM-ACCOUNTRANGE'],
  }),
  independent('independent-22', {
    id: 'i22-register-create-last-pan-uncounted',
    rule: 'successfulCount is the number of PANs of the request registered (provider 2.0.0, PanRegistration response): a list created by name with several cards answers one fewer successful than it registered',
    source: 'provider',
    rules: ['IN-VAL-PAN-COUNTS'],
  }),
  independent('independent-23', {
    id: 'i23-panlist-name-64-refused-on-create',
    rule: 'panListName is accepted up to its maxLength (provider 2.0.0 PanList.panListName): a list created by name at exactly that longest length is refused 400 as too long',
    source: 'provider',
    rules: ['IN-LIM-PANLISTNAME'],
  }),
  independent('independent-23', {
    id: 'i23-register-by-id-name-leading-spaces-trimmed',
    rule: 'registration answers the list name byte for byte, spaces kept (provider 2.0.0 PanList): registering to a list by id answers its name cut of its leading white space',
    source: 'provider',
    rules: ['IN-ECHO-PANLIST'],
  }),
  independent('independent-24', {
    id: 'i24-register-by-id-counts-numeric',
    rule: 'successfulCount and failureCount are strings (provider 2.0.0, PanRegistrationResponse): a registration into an existing list by panListId answers them as JSON numbers',
    source: 'provider',
    rules: ['IN-VAL-PAN-COUNTS'],
  }),
  independent('independent-25', {
    id: 'i25-register-create-name-hyphen-spaced',
    rule: "registration answers the list's name byte for byte (provider 2.0.0 ViewPanList): a list created by name is answered with its hyphens as spaces",
    source: 'provider',
    rules: ['IN-ECHO-PANLIST'],
  }),
  independent('independent-25', {
    id: 'i25-register-range-only-failure-count-empty',
    rule: 'successfulCount and failureCount are, as strings, the numbers of PANs registered and refused (provider 2.0.0 Registration): a registration by account range alone answers failureCount as an empty string',
    source: 'provider',
    rules: ['IN-VAL-PAN-COUNTS'],
  }),
  independent('independent-25', {
    id: 'i25-register-create-panlistid-as-number',
    rule: "registration answers the list's id as issued, a string of digits (provider ViewPanList.panListId): a list created by name answers it as a JSON number, its last digits lost",
    source: 'provider',
    rules: ['IN-ECHO-PANLIST'],
  }),
  independent('independent-26', {
    id: 'i26-dereg-answer-first-list-id',
    rule: 'deregistration answers the panListId it applied to (provider 2.0.0, Deregistration): the answer names the first PAN list of the customer instead',
    source: 'provider',
    rules: ['IN-ECHO-PANLIST'],
  }),
  independent('independent-27', {
    id: 'i27-register-by-id-other-range-pans-kept',
    rule: "a registration into an existing list with an account range other than the list's is 400 and changes nothing (provider 2.0.0, registerPans 400 example): the cards it carried are added to the list before the range is refused",
    source: 'provider',
    rules: ['IN-STATE-LIST-RANGE', 'IN-PROP-REFUSED-NO-TRACE'],
  }),
  independent('independent-27', {
    id: 'i27-dereg-mixed-batch-all-failed',
    rule: 'failureCount counts the cards not deregistered (provider 2.0.0, Deregistration counts): in a batch where some cards were not in the list, every card of the batch is counted as failed, the removed ones too',
    source: 'provider',
    rules: ['IN-VAL-PAN-COUNTS'],
  }),
  independent('independent-28', {
    id: 'i28-inst-dereg-unknown-list-404',
    rule: 'deregistering from a pan list that does not exist is 400 (provider 2.0.0, deregisterPans 400 example PanListIdNotFound): the mock answers 404',
    source: 'provider',
    rules: ['IN-STATE-UNKNOWN-LIST'],
  }),
  independent('independent-28', {
    id: 'i28-inst-dereg-refused-still-removes',
    rule: 'a refused request is not carried out in part (reference, assumption; seed 001 Endpoints): a deregistration refused 400 for one malformed card has already removed the well-formed cards of the batch from the list',
    source: 'assumption',
    rules: ['IN-PROP-REFUSED-NO-TRACE', 'IN-STATE-PAN-ELIGIBLE'],
  }),
  independent('independent-29', {
    id: 'i29-inst-register-update-held-pans-counted-successful',
    rule: 'successfulCount and failureCount are the numbers of PANs registered and refused, a PAN already in the list being refused (reference, PAN registration; provider 2.0.0): into an existing list, cards the list already holds are counted successful',
    source: 'provider',
    rules: ['IN-VAL-PAN-COUNTS'],
  }),
  independent('independent-30', {
    id: 'i30-inst-dereg-unknown-list-refused-still-removes',
    rule: 'a deregistration naming no PAN list of the customer is refused and changes nothing (reference, Main fields - PAN registration: panListId required; a refused request leaves no trace): refused 400 for its unknown list, it has already removed its cards from the lists holding them',
    source: 'assumption',
    rules: ['IN-PROP-REFUSED-NO-TRACE', 'IN-STATE-UNKNOWN-LIST'],
  }),
  independent('independent-31', {
    id: 'i31-inst-dereg-last-pan-kept',
    rule: 'deregisterPans removes the PANs it counts as deregistered (seed 001, POST /consumers/pans/deregistrations; provider 2.0.0, Deregistration counts): the last card of a batch of several is counted in successfulCount but stays in the list, still eligible for offers',
    source: 'seed',
    rules: ['IN-VAL-PAN-COUNTS', 'IN-STATE-PAN-ELIGIBLE'],
  }),
  independent('independent-32', {
    id: 'i32-inst-register-duplicate-in-request-uncounted',
    rule: 'successfulCount and failureCount count the PANs of the request (provider 2.0.0, Registration): a PAN sent twice in one registration is counted once, so the two counts no longer add up to the PANs sent',
    source: 'provider',
    rules: ['IN-VAL-PAN-COUNTS'],
  }),
  independent('independent-33', {
    id: 'i33-inst-register-existing-list-answers-new-id',
    rule: 'a registration to an existing list answers that panList (reference, Main fields, PAN registration): registered by panListId it answers a new, unknown panListId',
    source: 'assumption',
    rules: ['IN-ECHO-PANLIST'],
  }),
  independent('independent-34', {
    id: 'i34-inst-dereg-forbidden-still-removes',
    rule: 'a consumer key not allowed an operation is refused 403 and the refusal changes nothing (reference, Transport and auth): a deregistration refused 403 has removed the cards it named all the same',
    source: 'assumption',
    rules: ['IN-AUTH-FORBIDDEN', 'IN-PROP-REFUSED-NO-TRACE'],
  }),
  independent('independent-35', {
    id: 'i35-inst-register-long-pan-stored-cut',
    rule: 'a card gets offers once registered in a list (reference, Flows - services; the pan pattern takes cards longer than the account-range bounds): a card longer than the bounds is stored cut to their length, so the card registered gets no offers',
    source: 'assumption',
    rules: ['IN-STATE-PAN-ELIGIBLE'],
  }),
  independent('independent-36', {
    id: 'i36-inst-register-range-only-counted-successful',
    rule: 'successfulCount counts the cards registered (reference, PAN registration response; provider 2.0.0 Registration): a list created with an accountRange and no cards answers successfulCount one, the range counted as a card',
    source: 'provider',
    rules: ['IN-VAL-PAN-COUNTS', 'IN-PROP-COUNTS'],
  }),
  independent('independent-36', {
    id: 'i36-inst-dereg-without-cards-refused-empties-list',
    rule: 'a deregistration without card data is refused (reference, Deregistration: sensitiveData) and a refused request changes nothing: the refusal still empties the list named by panListId, its cards registrable again as new',
    source: 'assumption',
    rules: ['IN-REQ-DEREG-CARDS', 'IN-PROP-REFUSED-NO-TRACE'],
  }),
  independent('independent-37', {
    id: 'i37-inst-register-created-list-answered-next-id',
    rule: 'registration answers the list it registered the cards to (provider 2.0.0, Registration panList; reference, Main fields): a list created by panListName is answered with the panListId after the one it is stored under, so a later registration or deregistration by the answered id names no list',
    source: 'provider',
    rules: ['IN-ECHO-PANLIST', 'IN-PROP-ANSWER-IS-STATE'],
  }),
  independent('independent-37', {
    id: 'i37-inst-dereg-all-removed-answered-204',
    rule: 'deregisterPans answers 200 with its Deregistration body (reference, Operations; provider 2.0.0): a deregistration that removed every card it named is answered 204 with no body',
    source: 'provider',
    rules: ['IN-VAL-PAN-COUNTS'],
  }),
  independent('independent-38', {
    id: 'i38-inst-register-create-name-edges-trimmed',
    rule: 'panListName may hold white space (its pattern, reference Main fields) and is answered as sent (provider 2.0.0 Registration panList): a list created by name is answered with the spaces at the edges of its name cut',
    source: 'provider',
    rules: ['IN-ECHO-PANLIST', 'IN-PROP-ECHO-AS-SENT'],
  }),
  independent('independent-38', {
    id: 'i38-inst-dereg-emptied-list-deleted',
    rule: 'deregistration removes cards from an existing pan list, the list itself stays (seed 001, Endpoints: deregisters pans from an existing pan list): a deregistration that removes the last card deletes the list, so a later registration by its panListId is refused as unknown',
    source: 'seed',
    rules: ['IN-STATE-UNKNOWN-LIST', 'IN-PROP-ANSWER-IS-STATE'],
  }),
]);
