// Faults of the shared front of every route: the security headers and tokens, the body and the error
// body (switched in middleware.ts): each breaks one rule of schemas/financial-data/rules.yaml, the
// way a provider's release might. `rules` names the rule ids it breaks (`npm run mutation --
// --targeted` runs the specs citing them). The faults of the suite's authors first, then those
// written blind (`origin: 'blind'`, measured apart by `npm run mutation -- --blind`).
import { faultCatalogue, blind, seeded, independent } from '../kit/faults.js';

export const MIDDLEWARE_FAULTS = faultCatalogue([
  // Seeded beside the check of every looked-up value in another form (security.value-forms.spec.ts).
  seeded({
    id: 'app-key-separators-folded',
    rule: 'FD-LOOKUP-EXACT: the app key is compared with - and _ taken as one separator, so the key with its separator changed is accepted',
    source: 'assumption',
    rules: ['FD-LOOKUP-EXACT'],
  }),
  // Seeded beside the checker of every typed member's forms (properties.type-forms.spec.ts).
  seeded({
    id: 'param-number-forms-loose',
    rule: "FD-TYPE-FORMS: a number in a query or path is read as JavaScript's Number() reads its text, so a leading zero, a plus sign, a fraction .0, an exponent or a space before it is taken as the number",
    source: 'assumption',
    rules: ['FD-TYPE-FORMS'],
  }),
  // Seeded beside the check of the security headers' form (origin 'seeded').
  seeded({
    id: 'app-key-scheme-prefix-stripped',
    rule: 'FD-AUTH-HEADER-FORM: the app key header carries the key itself; a key after a scheme word (Bearer, Basic) is taken as the key',
    source: 'seed',
    rules: ['FD-AUTH-HEADER-FORM'],
  }),
  seeded({
    id: 'token-case-insensitive',
    rule: 'FD-AUTH-HEADER-FORM: the app token is looked up without regard to case',
    source: 'seed',
    rules: ['FD-AUTH-HEADER-FORM'],
  }),
  seeded({
    id: 'token-first-of-duplicates',
    rule: 'FD-AUTH-HEADER-FORM: the app token header sent twice (combined into one list) is taken as its first value',
    source: 'seed',
    rules: ['FD-AUTH-HEADER-FORM'],
  }),
  // Authentication (seed 002, Authentication and Limits).
  { id: 'token-never-expires', rule: 'a token is valid two hours', source: 'seed', rules: ['FD-TOKEN-LIFETIME'] },
  {
    id: 'token-expires-early',
    rule: 'a token is valid its whole lifetime (x-limits tokenLifetimeSeconds), not expiring earlier',
    source: 'seed',
    rules: ['FD-TOKEN-LIFETIME', 'FD-TOKEN-REUSE'],
  },
  {
    id: 'token-accepted-without-app-key',
    rule: 'the app key header (PartnerAppKey) on every call (401)',
    source: 'seed',
    rules: ['FD-AUTH-KEY-REQUIRED'],
  },
  { id: 'unknown-app-key-accepted', rule: 'an unknown app key (PartnerAppKey) is a 401', source: 'seed', rules: ['FD-AUTH-KEY-WHOLE'] },
  {
    id: 'token-not-required',
    rule: 'the token header (PartnerAppToken) required on all other calls (401)',
    source: 'seed',
    rules: ['FD-AUTH-TOKEN-REQUIRED'],
  },
  { id: 'invalid-token-accepted', rule: 'an invalid token (PartnerAppToken) is a 401', source: 'seed', rules: ['FD-AUTH-TOKEN-REQUIRED'] },
  { id: 'create-token-needs-token', rule: 'CreateToken requires only the app key', source: 'seed', rules: ['FD-AUTH-KEY-ONLY'] },
  {
    id: 'business-auth-skipped',
    rule: 'business operations require both headers (default security)',
    source: 'seed',
    rules: ['FD-AUTH-KEY-REQUIRED', 'FD-AUTH-TOKEN-REQUIRED'],
  },
  // Each rule on both sides of its boundary, on every path and through every reader.
  {
    id: 'app-key-suffix-accepted',
    rule: 'the app key is compared whole: a suffix added is a 401 (FD-AUTH-KEY-WHOLE)',
    source: 'seed',
    rules: ['FD-AUTH-KEY-WHOLE'],
  },
  {
    id: 'token-valid-100-minutes',
    rule: 'a token is accepted until two hours old (FD-TOKEN-LIFETIME, accepting side)',
    source: 'seed',
    rules: ['FD-TOKEN-LIFETIME'],
  },
  { id: 'error-body-wrong-shape', rule: 'error body {code, message}', source: 'assumption', rules: ['FD-AUTH-401-NAMES-HEADER'] },
  { id: 'bad-json-crashes', rule: 'a malformed body is a 400, never a 500', source: 'seed', rules: ['FD-ERR-MALFORMED-JSON'] },
  // Written blind (kit/faults.ts, blind): from the sources and the mock, without reading the specs.
  // Authentication and partner (seed 002, Authentication and Limits; reference, Partner lock).
  blind({
    id: 'blind-token-expires-at-90-minutes',
    rule: 'a token is valid its whole lifetime (tokenLifetimeSeconds); tokenRenewAfterSeconds is when to renew, not when it expires (seed Authentication, Limits)',
    source: 'seed',
    rules: ['FD-TOKEN-LIFETIME'],
  }),
  blind({
    id: 'blind-token-grace-five-minutes',
    rule: 'a token is valid two hours, not two hours and five minutes (seed Authentication, Limits)',
    source: 'seed',
    rules: ['FD-TOKEN-LIFETIME'],
  }),
  blind({
    id: 'blind-expired-token-accepted-on-institutions',
    rule: 'an expired token is a 401 on every call, GetInstitutions included (seed Authentication)',
    source: 'seed',
    rules: ['FD-TOKEN-LIFETIME'],
  }),
  blind({
    id: 'blind-app-key-prefix-match',
    rule: 'an unknown app key (PartnerAppKey) is a 401, even one sharing a prefix with a real key (seed Authentication)',
    source: 'seed',
    rules: ['FD-AUTH-KEY-WHOLE'],
  }),
  blind({
    id: 'blind-missing-header-unnamed',
    rule: 'the 401 for a missing security header names the header (provider 1.35.0 ErrorMessage examples; contract Error.message)',
    source: 'provider',
    rules: ['FD-AUTH-401-NAMES-HEADER'],
  }),
  // Errors (provider 1.35.0 ErrorMessage; reference Error bodies).
  blind({
    id: 'blind-conflict-body-without-code',
    rule: 'the 409 error body is {code, message} like every other status (provider ErrorMessage requires code; reference Error bodies)',
    source: 'provider',
    rules: ['FD-CUST-USERNAME-UNIQUE', 'FD-CONS-UNIQUE', 'FD-BUS-ONE'],
  }),
  independent('independent-10', {
    id: 'i10-token-expires-five-minutes-early',
    rule: 'a token is accepted until it is two hours old, a minute before it is still accepted (seed 002 Authentication, token valid two hours; FD-TOKEN-LIFETIME): the mock takes a five-minute safety margin off the lifetime, so a token 1 h 56 min old is refused 401',
    source: 'seed',
    rules: ['FD-TOKEN-LIFETIME'],
  }),
  independent('independent-14', {
    id: 'i14-token-lifetime-renewed-on-use',
    rule: 'a token is valid for its stated lifetime from its creation, then refused (seed 002, Authentication and Limits: valid for the stated hours, renewed by the client): each accepted call restarts the lifetime, so a token in use never expires',
    source: 'seed',
    rules: ['FD-TOKEN-LIFETIME'],
  }),
  // Red team rt- (origin 'seeded'): a credential taken from another place than its own header.
  seeded({
    id: 'rt-token-from-query',
    rule: 'FD-AUTH-HEADER-FORM: without the token header, the token is read from a query parameter named like the header',
    source: 'seed',
    rules: ['FD-AUTH-HEADER-FORM', 'FD-AUTH-TOKEN-REQUIRED'],
  }),
  seeded({
    id: 'rt-app-key-from-query',
    rule: 'FD-AUTH-HEADER-FORM: without the app key header, the app key is read from a query parameter named like the header',
    source: 'seed',
    rules: ['FD-AUTH-HEADER-FORM', 'FD-AUTH-KEY-REQUIRED'],
  }),
  independent('independent-20', {
    id: 'i20-expired-token-accepted-on-deletes',
    rule: 'a token older than two hours is refused with 401 on every operation (seed 002 Authentication and Limits): the DELETE operations accept an expired token',
    source: 'seed',
    rules: ['FD-TOKEN-LIFETIME'],
  }),
  independent('independent-21', {
    id: 'i21-token-grace-minute',
    rule: 'a token is refused once two hours old (seed 002 Limits, token lifetime): a minute of grace is added and a token of two hours is still accepted',
    source: 'seed',
    rules: ['FD-TOKEN-LIFETIME'],
  }),
  independent('independent-30', {
    id: 'i30-fd-expired-token-accepted-on-report-reads',
    rule: 'a token is valid for its documented lifetime and refused 401 after it, on every operation needing it (seed 002, Authentication; Limits: access token): the v3 report readers accept an expired token',
    source: 'seed',
    rules: ['FD-TOKEN-LIFETIME'],
  }),
  independent('independent-32', {
    id: 'i32-fd-expired-token-accepted-on-webhooks',
    rule: 'a token is valid for its stated lifetime and needed on every other call (seed 002, Authentication; Limits, Access token): the webhook subscription operations accept a token past its lifetime',
    source: 'seed',
    rules: ['FD-TOKEN-LIFETIME'],
  }),
  independent('independent-33', {
    id: 'i33-fd-token-expires-at-renewal-age',
    rule: 'a token is valid for its stated lifetime; a client renews it at an earlier renewal age (seed 002, Authentication; Limits, Access token): the mock refuses a token once it reaches the renewal age',
    source: 'seed',
    rules: ['FD-TOKEN-LIFETIME'],
  }),
  independent('independent-36', {
    id: 'i36-fd-expired-token-accepted-on-transfer',
    rule: 'a token is valid for its stated lifetime and needed on all other calls (seed 002, Authentication; Limits, access token): the transfer operations (deposit and bill pay switches) skip the expiry check and accept an expired token',
    source: 'seed',
    rules: ['FD-TOKEN-LIFETIME'],
  }),
]);
