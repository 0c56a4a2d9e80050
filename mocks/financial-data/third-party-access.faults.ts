// Faults of third-party access keys and authorization details (switched in third-party-access.ts):
// each breaks one rule of schemas/financial-data/rules/app-registration.yaml, the way a provider's
// release might. `rules` names the rule ids it breaks (`npm run mutation -- --targeted` runs the
// specs citing them). The faults of the suite's authors first, then those written blind (`origin:
// 'blind'`, measured apart by `npm run mutation -- --blind`).
import { faultCatalogue, blind, independent, modelFault, seeded } from '../kit/faults.js';

export const THIRD_PARTY_ACCESS_FAULTS = faultCatalogue([
  // Third-party access keys (seed 002: generate 200, update 200, revoke 204; provider 1.35.0 receipt).
  {
    id: 'accesskey-no-proof',
    rule: 'FD-ACCESSKEY-GENERATE: the key carries its signed proof',
    source: 'seed',
    rules: ['FD-ACCESSKEY-GENERATE'],
  },
  {
    id: 'accesskey-products-dropped',
    rule: 'FD-ACCESSKEY-GENERATE: the receipt lists the products granted',
    source: 'seed',
    rules: ['FD-ACCESSKEY-GENERATE'],
  },
  {
    id: 'accesskey-real-customer-id',
    rule: 'FD-ACCESSKEY-PSEUDO-IDS: the receipt names the customer by a pseudo id',
    source: 'provider',
    rules: ['FD-ACCESSKEY-PSEUDO-IDS'],
  },
  {
    id: 'accesskey-real-account-id',
    rule: 'FD-ACCESSKEY-PSEUDO-IDS: the receipt names the accounts by pseudo ids',
    source: 'provider',
    rules: ['FD-ACCESSKEY-PSEUDO-IDS'],
  },
  {
    id: 'accesskey-customer-unchecked',
    rule: 'FD-ACCESSKEY-NOT-FOUND: a key for an unknown customer is a 404',
    source: 'seed',
    rules: ['FD-ACCESSKEY-NOT-FOUND'],
  },
  {
    id: 'accesskey-account-unchecked',
    rule: 'FD-ACCESSKEY-NOT-FOUND: a key on an account the customer does not have is a 404',
    source: 'seed',
    rules: ['FD-ACCESSKEY-NOT-FOUND'],
  },
  {
    id: 'accesskey-period-unchecked',
    rule: 'FD-ACCESSKEY-PERIOD: a period ending before it starts is a 400',
    source: 'assumption',
    rules: ['FD-ACCESSKEY-PERIOD'],
  },
  {
    id: 'accesskey-period-equal-accepted',
    rule: 'FD-ACCESSKEY-PERIOD: a period ending when it starts is a 400',
    source: 'assumption',
    rules: ['FD-ACCESSKEY-PERIOD'],
  },
  {
    id: 'accesskey-update-period-equal-accepted',
    rule: 'FD-ACCESSKEY-PERIOD: a period ending when it starts is a 400 on update too (the generation refuses it)',
    source: 'assumption',
    rules: ['FD-ACCESSKEY-PERIOD'],
  },
  {
    id: 'accesskey-update-new-id',
    rule: 'FD-ACCESSKEY-UPDATE: an update keeps the receipt id',
    source: 'seed',
    rules: ['FD-ACCESSKEY-UPDATE'],
  },
  {
    id: 'accesskey-update-not-saved',
    rule: 'FD-ACCESSKEY-UPDATE: an update grants the products and period sent',
    source: 'seed',
    rules: ['FD-ACCESSKEY-UPDATE'],
  },
  {
    id: 'accesskey-revoke-noop',
    rule: 'FD-ACCESSKEY-REVOKED: a revoked key cannot be updated (404)',
    source: 'seed',
    rules: ['FD-ACCESSKEY-REVOKED'],
  },
  {
    id: 'accesskey-revoke-twice-204',
    rule: 'FD-ACCESSKEY-REVOKED: revoking a revoked key again is a 404',
    source: 'seed',
    rules: ['FD-ACCESSKEY-REVOKED'],
  },
  {
    id: 'accesskey-unknown-400',
    rule: 'FD-ACCESSKEY-UNKNOWN: a consentReceiptId never issued is a 404 (not 400)',
    source: 'seed',
    rules: ['FD-ACCESSKEY-UNKNOWN'],
  },
  // Authorization details (seed 002: OAuth only; 3003, 3004).
  {
    id: 'authdetails-end-before-start',
    rule: 'FD-AUTHDETAILS-OAUTH: the authorization ends after it starts',
    source: 'seed',
    rules: ['FD-AUTHDETAILS-OAUTH'],
  },
  {
    id: 'authdetails-wrong-login-id',
    rule: 'FD-AUTHDETAILS-OAUTH: the answer names the login asked for',
    source: 'seed',
    rules: ['FD-AUTHDETAILS-OAUTH'],
  },
  {
    id: 'authdetails-legacy-served',
    rule: 'FD-AUTHDETAILS-LEGACY: a legacy connection is a 404 with code 3003',
    source: 'seed',
    rules: ['FD-AUTHDETAILS-LEGACY'],
  },
  {
    id: 'authdetails-migrated-still-legacy',
    rule: 'FD-AUTHDETAILS-LEGACY: a login migrated to OAuth answers its details',
    source: 'seed',
    rules: ['FD-AUTHDETAILS-LEGACY'],
  },
  {
    id: 'authdetails-unavailable-3003',
    rule: 'FD-AUTHDETAILS-UNAVAILABLE: unavailable details carry code 3004 (not 3003)',
    source: 'seed',
    rules: ['FD-AUTHDETAILS-UNAVAILABLE', 'FD-PROP-REFUSAL-CODE'],
  },
  {
    id: 'authdetails-unknown-login-served',
    rule: 'FD-AUTHDETAILS-UNKNOWN: an unknown login is a 404',
    source: 'seed',
    rules: ['FD-AUTHDETAILS-UNKNOWN', 'FD-PROP-REFUSAL-CODE'],
  },
  // Written blind (kit/faults.ts, blind): from the sources and the mock, without reading the specs.
  // Third-party access keys (seed 002: generate 200, update 200, revoke 204; provider 1.35.0 ThirdPartyAccessKeyReceiptData).
  blind({
    id: 'blind-accesskey-generate-periods-dropped',
    rule: 'the receipt of a generation lists each product granted with its access period, as the update does (seed 002, GenerateThirdPartyAccessKey 200; provider 1.35.0 ThirdPartyAccessProduct requires accessPeriod)',
    source: 'seed',
    rules: ['FD-ACCESSKEY-GENERATE'],
  }),
  blind({
    id: 'blind-accesskey-update-real-customer-id',
    rule: 'the re-signed receipt of an update names the customer by a pseudo identifier, as the generation does, never by its real customerId (provider 1.35.0 ThirdPartyAccessReceipt.customerId)',
    source: 'provider',
    rules: ['FD-ACCESSKEY-PSEUDO-IDS'],
  }),
  blind({
    id: 'blind-accesskey-first-account-checked-only',
    rule: 'every product of the request names an account of the customer: an unknown account in a second product is a 404 like one in the first (seed 002, GenerateThirdPartyAccessKey 404)',
    source: 'seed',
    rules: ['FD-ACCESSKEY-NOT-FOUND'],
  }),
  blind({
    id: 'blind-accesskey-period-minute-precision',
    rule: 'a period is compared to the second: one ending a second after it starts is accepted, not refused by a comparison at minute precision (assumption FD-ACCESSKEY-PERIOD; provider DateTimeWithZone)',
    source: 'assumption',
    rules: ['FD-ACCESSKEY-PERIOD'],
  }),
  blind({
    id: 'blind-accesskey-update-appends-products',
    rule: 'an update replaces the products and periods with those sent, it does not append them to those already granted (seed 002, UpdateThirdPartyAccessKey 200; body ThirdPartyAccessKeyData)',
    source: 'seed',
    rules: ['FD-ACCESSKEY-UPDATE'],
  }),
  blind({
    id: 'blind-accesskey-revoked-key-updatable',
    rule: 'a revoked key is gone: updating it is a 404, not a 200 re-signing it (seed 002, RevokeThirdPartyAccessKey 204; UpdateThirdPartyAccessKey 404)',
    source: 'seed',
    rules: ['FD-ACCESSKEY-REVOKED'],
  }),
  blind({
    id: 'blind-accesskey-unknown-update-upserts',
    rule: 'a PUT on a consentReceiptId never issued is a 404, not an upsert issuing a key under that id (seed 002, UpdateThirdPartyAccessKey 404; Errors 404)',
    source: 'seed',
    rules: ['FD-ACCESSKEY-UNKNOWN'],
  }),
  // Authorization details (seed 002: OAuth only; Errors - 3003 legacy connection, 3004 details unavailable).
  blind({
    id: 'blind-authdetails-start-epoch-text',
    rule: 'authorizationStartDate is an ISO 8601 date-time like the end date, not epoch seconds written as text (seed 002, start and end date; provider 1.35.0 CustomerAuthorizationDetails)',
    source: 'seed',
    rules: ['FD-AUTHDETAILS-OAUTH'],
  }),
  blind({
    id: 'blind-authdetails-legacy-3004',
    rule: 'a legacy connection is code 3003, not 3004, the code of an authorization whose details are unavailable (seed 002, App registration and Errors)',
    source: 'seed',
    rules: ['FD-AUTHDETAILS-LEGACY', 'FD-PROP-REFUSAL-CODE'],
  }),
  blind({
    id: 'blind-authdetails-predating-400',
    rule: 'code 3004 comes with a 404, the only error status the operation declares besides 401, not a 400 (seed 002, getCustomerAuthorizationDetails 200, 401, 404; provider 1.35.0 example 3004)',
    source: 'seed',
    rules: ['FD-AUTHDETAILS-UNAVAILABLE'],
  }),
  blind({
    id: 'blind-authdetails-other-partner-login',
    rule: "a login of another partner's customer names no login of the partner: a 404, not its authorization period (seed 002, getCustomerAuthorizationDetails 404)",
    source: 'seed',
    rules: ['FD-AUTHDETAILS-UNKNOWN'],
  }),
  // Found only by a sequence of calls (the reference models, fixtures/models/): each single call answers right.
  modelFault({
    id: 'model-accesskey-revoke-all-of-customer',
    rule: 'revoking a key revokes that consent only (seed 002, RevokeThirdPartyAccessKey by consentReceiptId): every live key of the same customer is revoked with it, so updating another one is a 404',
    source: 'seed',
    rules: ['FD-ACCESSKEY-REVOKED', 'FD-ACCESSKEY-UPDATE'],
  }),
  // The second independent set (kit/faults.ts, independent): written from the seeds, the provider's
  // documents, the contract and the rule catalogue only, the specs unread.
  independent('independent-2', {
    id: 'i2-accesskey-revoke-other-partner',
    rule: "an access key is the partner's own (seed 002, Third-party access; Errors 404): RevokeThirdPartyAccessKey revokes another partner's key (update refuses it)",
    source: 'seed',
    rules: ['FD-ACCESSKEY-UNKNOWN', 'FD-ACCESSKEY-REVOKED'],
  }),
  independent('independent-2', {
    id: 'i2-accesskey-update-period-unchecked',
    rule: 'an access period must end after it starts (provider 1.35.0 ThirdPartyAccessKeyData): checked on generation, not on update',
    source: 'provider',
    rules: ['FD-ACCESSKEY-PERIOD'],
  }),
  independent('independent-6', {
    id: 'i6-accesskey-update-account-other-customer',
    rule: "an account the customer does not have is a 404 (FD-ACCESSKEY-NOT-FOUND): the update checks only that the account is the partner's, so another customer's account is granted (generation still refuses it)",
    source: 'provider',
    rules: ['FD-ACCESSKEY-NOT-FOUND', 'FD-OBJ-OTHER-PARENT'],
  }),
  independent('independent-6', {
    id: 'i6-accesskey-pseudo-account-id-zero-padded',
    rule: "the receipt never carries the account's real id (provider 1.35.0 ThirdPartyAccessKeyReceiptData pseudo ids; FD-ACCESSKEY-PSEUDO-IDS): the pseudo account id is the real id left-padded with zeros to the pseudo id's length",
    source: 'provider',
    rules: ['FD-ACCESSKEY-PSEUDO-IDS'],
  }),
  independent('independent-7', {
    id: 'i7-accesskey-update-start-time-day-start',
    rule: 'an update answers the products and period sent (provider ThirdPartyAccessKeyData): the update stores each period start at the beginning of its UTC day',
    source: 'provider',
    rules: ['FD-ACCESSKEY-UPDATE'],
  }),
  // Independent set 8 (written blind: seed 002, provider 1.35.0, contract and catalogue only).
  independent('independent-8', {
    id: 'i8-accesskey-update-id-case-folded',
    rule: 'a consentReceiptId never issued is a 404 on update (provider 1.35.0 UpdateThirdPartyAccessKey): the update looks the receipt id up without case, so a known id in other case updates that key (revocation compares exactly)',
    source: 'provider',
    rules: ['FD-ACCESSKEY-UNKNOWN'],
  }),
  independent('independent-8', {
    id: 'i8-accesskey-period-compared-as-text',
    rule: 'a period ending when it starts or before is a 400 (provider 1.35.0 accessPeriod start and end date-times): generation compares startTime and endTime as text, so a period whose end is written with another UTC offset (or fractional seconds) is judged by its characters, not its instant',
    source: 'provider',
    rules: ['FD-ACCESSKEY-PERIOD'],
  }),
  // Seeded beside the near-id checker's body ids and id forms (security.near-id.spec.ts; origin 'seeded').
  seeded({
    id: 'accesskey-generate-account-id-trimmed',
    rule: "an owned id in a body names only the object it spells (FD-OBJ-EXACT-ID-FORM): generation looks each product's accountId up trimmed, so an account id with a trailing space grants the account",
    source: 'assumption',
    rules: ['FD-OBJ-EXACT-ID-FORM'],
  }),
  seeded({
    id: 'accesskey-revoke-id-case-folded',
    rule: 'an id issued in both cases names only the object it spells (FD-OBJ-EXACT-ID-FORM): revocation looks the receipt id up without case, so the id in other case revokes the key',
    source: 'assumption',
    rules: ['FD-OBJ-EXACT-ID-FORM'],
  }),
  // Seeded beside the check of periods as instants (app-registration.access-keys.spec.ts; origin 'seeded').
  seeded({
    id: 'accesskey-update-period-compared-as-text',
    rule: 'a period ending when it starts or before is a 400, judged by its instants (FD-ACCESSKEY-PERIOD): the update compares startTime and endTime as text, so an end written at another UTC offset is judged by its characters',
    source: 'assumption',
    rules: ['FD-ACCESSKEY-PERIOD'],
  }),
  independent('independent-13', {
    id: 'i13-accesskey-update-answer-first-product-only',
    rule: 'an update answers 200 with the products and period sent (seed 002, App registration and third-party access: UpdateThirdPartyAccessKey 200; provider 1.35.0 ThirdPartyAccessKeyData): the answer lists only the first product sent',
    source: 'provider',
    rules: ['FD-ACCESSKEY-UPDATE'],
  }),
  independent('independent-14', {
    id: 'i14-accesskey-update-other-partner',
    rule: "an access key is updated by the partner that generated it (seed 002, App registration and third-party access; provider 1.35.0 UpdateThirdPartyAccessKey 404): the update finds the key by its receipt id alone and judges the body for the key's own partner, so another partner updates it (200)",
    source: 'seed',
    rules: ['FD-OBJ-OTHER-PARTNER', 'FD-ACCESSKEY-UPDATE'],
  }),
  independent('independent-19', {
    id: 'i19-accesskey-update-later-products-real-account',
    rule: "the receipt never carries the account's real id, in any member (provider 1.35.0 ThirdPartyAccessKeyReceiptData: pseudo ids): the update's receipt names every product after the first by its real accountId",
    source: 'provider',
    rules: ['FD-ACCESSKEY-PSEUDO-IDS'],
  }),
  independent('independent-19', {
    id: 'i19-authdetails-migrated-login-period-empty',
    rule: 'an OAuth login answers its authorization details with an end date after the start (seed 002, authorization details; provider 1.35.0), a migrated legacy login included: a migrated login answers an end date equal to its start',
    source: 'provider',
    rules: ['FD-AUTHDETAILS-OAUTH', 'FD-AUTHDETAILS-LEGACY'],
  }),
  // Seeded beside the answer judge's periods and the every-login-kind spec (app-registration.authorization.spec.ts).
  seeded({
    id: 'seeded-fam24-authdetails-login-short-of-account-period-reversed',
    rule: 'FD-AUTHDETAILS-OAUTH: an OAuth login one of whose accounts was deleted answers its authorization ending a day before it starts',
    source: 'seed',
    rules: ['FD-AUTHDETAILS-OAUTH'],
  }),
  independent('independent-22', {
    id: 'i22-accesskey-update-period-zone-ignored',
    rule: 'the access period bounds are compared as instants whatever their zone (reference financial-data.md, access keys): the update compares the wall times with their offsets dropped, refusing a period that ends after it starts',
    source: 'assumption',
    rules: ['FD-ACCESSKEY-PERIOD'],
  }),
  independent('independent-23', {
    id: 'i23-authdetails-deleted-customer-login-served',
    rule: "after a documented delete every operation naming the deleted object is refused (seed 002, Errors 404; Customers delete): the authorization details of a deleted customer's login are still answered 200",
    source: 'seed',
    rules: ['FD-OBJ-AFTER-DELETE', 'FD-AUTHDETAILS-UNKNOWN'],
  }),
  independent('independent-27', {
    id: 'i27-accesskey-update-revoked-400',
    rule: 'a revoked access key is no longer found (seed 002, UpdateThirdPartyAccessKey 404): an update of a revoked key is answered 400',
    source: 'assumption',
    rules: ['FD-ACCESSKEY-REVOKED'],
  }),
  independent('independent-28', {
    id: 'i28-fd-accesskey-revoke-answered-200',
    rule: 'DELETE /aggregation/v1/partners/accessKey/{consentReceiptId} answers 204 (seed 002, App registration and third-party access): the revocation is answered 200 with the receipt',
    source: 'seed',
    rules: ['FD-ACCESSKEY-REVOKED'],
  }),
  independent('independent-29', {
    id: 'i29-fd-accesskey-revoke-unknown-403',
    rule: 'a consentReceiptId never issued is a 404 on revocation (seed 002, App registration and third-party access): the mock answers 403',
    source: 'seed',
    rules: ['FD-ACCESSKEY-UNKNOWN'],
  }),
  independent('independent-30', {
    id: 'i30-fd-accesskey-refused-update-revokes-key',
    rule: "a refused access key update changes nothing (seed 002, App registration and third-party access: UpdateThirdPartyAccessKey 400; reference, refused requests): an update refused for its products' periods has already revoked the key, so a later valid update of it is a 404",
    source: 'assumption',
    rules: ['FD-PROP-REFUSED-NO-TRACE', 'FD-ACCESSKEY-UPDATE'],
  }),
  independent('independent-31', {
    id: 'i31-fd-accesskey-revoked-update-answers-old-receipt',
    rule: 'a revoked consent receipt is no longer found (seed 002, App registration and third-party access: UpdateThirdPartyAccessKey 404): an update of a revoked key is answered 200 with the receipt as it was, nothing saved',
    source: 'seed',
    rules: ['FD-ACCESSKEY-REVOKED', 'FD-PROP-ANSWER-IS-STATE'],
  }),
  independent('independent-32', {
    id: 'i32-fd-authdetails-start-eastern-with-z',
    rule: "authorization details return the start date of the customer's authorization (seed 002, App registration and third-party access; provider 1.35.0 date-time in UTC): the start is written from US Eastern wall-clock time but still marked Z",
    source: 'provider',
    rules: ['FD-AUTHDETAILS-OAUTH', 'FD-DATE-WRITE-TIME'],
  }),
  independent('independent-33', {
    id: 'i33-fd-accesskey-revoke-foreign-204',
    rule: "another partner's object is not found for the caller (seed 002, Errors 404; App registration and third-party access): revoking another partner's live consent receipt answers 204 and leaves it live",
    source: 'seed',
    rules: ['FD-ACCESSKEY-UNKNOWN', 'FD-OBJ-OTHER-PARTNER'],
  }),
  independent('independent-34', {
    id: 'i34-fd-accesskey-update-answers-previous-products',
    rule: 'an update answers 200 with the receipt of the products and periods sent (seed 002, App registration and third-party access, UpdateThirdPartyAccessKey 200): the answer is the receipt as it was before the update (the new one is stored)',
    source: 'seed',
    rules: ['FD-ACCESSKEY-UPDATE'],
  }),
  independent('independent-35', {
    id: 'i35-fd-accesskey-generate-revives-revoked',
    rule: 'a revoked access key stays unusable and a generation issues a new consent receipt (seed 002, App registration and third-party access: RevokeThirdPartyAccessKey 204, then 404 for that consentReceiptId): generating a key for a customer whose key was revoked brings the revoked receipt back, same id, updatable again',
    source: 'seed',
    rules: ['FD-ACCESSKEY-REVOKED', 'FD-ACCESSKEY-GENERATE'],
  }),
  independent('independent-36', {
    id: 'i36-fd-authdetails-end-from-read-time',
    rule: "authorization details return the start and end date of the customer's authorization (seed 002, App registration and third-party access): the end date is counted from the time of the read, so it moves with every read while the start stays",
    source: 'seed',
    rules: ['FD-AUTHDETAILS-OAUTH', 'FD-EVENT-DATE-FIXED'],
  }),
  independent('independent-37', {
    id: 'i37-fd-accesskey-revoke-foreign-404-but-revoked',
    rule: "a consent receipt of another partner is not found for the caller and left as it is (seed 002, Errors 404; App registration and third-party access): the revocation answers 404 yet revokes the other partner's key, whose own update is then refused",
    source: 'seed',
    rules: ['FD-OBJ-OTHER-PARTNER', 'FD-PROP-REFUSED-NO-TRACE', 'FD-ACCESSKEY-REVOKED'],
  }),
]);
