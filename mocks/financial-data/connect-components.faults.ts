// Faults of Connect components (switched in connect-components.ts): each breaks one rule of
// schemas/financial-data/rules/connect-components.yaml, the way a provider's release might. `rules`
// names the rule ids it breaks (`npm run mutation -- --targeted` runs the specs citing them). The
// faults of the suite's authors first, then those written blind (`origin: 'blind'`, measured apart
// by `npm run mutation -- --blind`).
import { faultCatalogue, blind, independent, seeded } from '../kit/faults.js';

export const CONNECT_COMPONENTS_FAULTS = faultCatalogue([
  // Sessions (seed 002, Connect components).
  {
    id: 'components-oauth-institution-unchecked',
    rule: 'FD-COMPONENTS-INSTITUTION: an OAuth URL for an unknown institution is a 404',
    source: 'seed',
    rules: ['FD-COMPONENTS-INSTITUTION'],
  },
  {
    id: 'components-login-form-institution-unchecked',
    rule: 'FD-COMPONENTS-INSTITUTION: a login form for an unknown institution is a 404',
    source: 'seed',
    rules: ['FD-COMPONENTS-INSTITUTION'],
  },
  {
    id: 'components-redirect-optional',
    rule: 'FD-COMPONENTS-REDIRECT-REQUIRED: an OAuth URL request without redirectURI is a 400',
    source: 'seed',
    rules: ['FD-COMPONENTS-REDIRECT-REQUIRED'],
    relax: [{ schema: 'ComponentsOauthUrlRequest', unrequire: ['redirectURI'] }],
  },
  {
    id: 'components-config-unknown-accepted',
    rule: 'FD-COMPONENTS-CONFIGURATION-REF: a configurationId of no configuration is refused',
    source: 'seed',
    rules: ['FD-COMPONENTS-CONFIGURATION-REF'],
  },
  {
    id: 'components-config-known-refused',
    rule: "FD-COMPONENTS-CONFIGURATION-REF: a configurationId of one of the partner's configurations is accepted",
    source: 'seed',
    rules: ['FD-COMPONENTS-CONFIGURATION-REF'],
  },
  {
    id: 'components-customer-unchecked',
    rule: "FD-COMPONENTS-CUSTOMER: a customer that is not the partner's is refused in the session bodies",
    source: 'assumption',
    rules: ['FD-COMPONENTS-CUSTOMER'],
  },
  // Reconnections (seed 002: 201; 203 MFA challenge).
  {
    id: 'components-reconnect-mfa-ignored',
    rule: 'FD-COMPONENTS-RECONNECT: a login whose institution asks MFA answers 203 with the challenge',
    source: 'seed',
    rules: ['FD-COMPONENTS-RECONNECT'],
  },
  {
    id: 'components-reconnect-always-203',
    rule: 'FD-COMPONENTS-RECONNECT: a login without MFA answers 201 with a login form',
    source: 'seed',
    rules: ['FD-COMPONENTS-RECONNECT'],
  },
  {
    id: 'components-reconnect-customer-unchecked',
    rule: "FD-COMPONENTS-CUSTOMER: a reconnection for a customer that is not the partner's is a 400",
    source: 'assumption',
    rules: ['FD-COMPONENTS-CUSTOMER'],
  },
  {
    id: 'components-reconnect-login-unchecked',
    rule: 'FD-COMPONENTS-RECONNECT-LOGIN: an unknown institution login is a 400',
    source: 'assumption',
    rules: ['FD-COMPONENTS-RECONNECT-LOGIN'],
  },
  {
    id: 'components-reconnect-other-customer-login',
    rule: "FD-COMPONENTS-RECONNECT-LOGIN: another customer's institution login is a 400",
    source: 'assumption',
    rules: ['FD-COMPONENTS-RECONNECT-LOGIN'],
  },
  // Configurations (seed 002; provider 1.35.0 Configuration).
  {
    id: 'components-config-create-200',
    rule: 'FD-COMPONENTS-CONFIG-CREATE: creation answers 201 (not 200)',
    source: 'seed',
    rules: ['FD-COMPONENTS-CONFIG-CREATE'],
  },
  {
    id: 'components-config-drops-filter',
    rule: 'FD-COMPONENTS-CONFIG-CREATE: the filterAccounts sent are recorded and read back',
    source: 'provider',
    rules: ['FD-COMPONENTS-CONFIG-CREATE'],
  },
  {
    id: 'components-config-ao-default-true',
    rule: 'FD-COMPONENTS-CONFIG-CREATE: aoRequired left out is false',
    source: 'provider',
    rules: ['FD-COMPONENTS-CONFIG-CREATE'],
  },
  {
    id: 'components-config-delete-still-readable',
    rule: 'FD-COMPONENTS-CONFIG-DELETE: a deleted configuration is a 404 by id',
    source: 'seed',
    rules: ['FD-COMPONENTS-CONFIG-DELETE'],
  },
  {
    id: 'components-config-delete-keeps-listed',
    rule: 'FD-COMPONENTS-CONFIG-DELETE: a deleted configuration is gone from the list',
    source: 'seed',
    rules: ['FD-COMPONENTS-CONFIG-DELETE'],
  },
  {
    id: 'components-config-owner-unchecked',
    rule: "FD-COMPONENTS-CONFIG-OWNER: another partner's configurations are neither listed nor read",
    source: 'seed',
    rules: ['FD-COMPONENTS-CONFIG-OWNER'],
  },
  {
    id: 'components-config-delete-other-partner',
    rule: 'FD-COMPONENTS-CONFIG-OWNER: another partner cannot delete our configuration',
    source: 'seed',
    rules: ['FD-COMPONENTS-CONFIG-OWNER'],
  },
  // Error body (reference, Error bodies; provider 1.35.0 GoldStandardErrorMessage).
  {
    id: 'components-error-default-shape',
    rule: 'FD-COMPONENTS-ERROR-SHAPE: errors carry {"Errors": {"Error": [...]}}, not {code, message}',
    source: 'provider',
    rules: ['FD-COMPONENTS-ERROR-SHAPE'],
  },
  // Written blind (kit/faults.ts, blind): from the sources and the mock, without reading the specs.
  // Connect components (seed 002, Connect components; provider 1.35.0 OauthUrl, LoginForm(s), MfaChallenge, Configuration; reference Error bodies).
  blind({
    id: 'blind-components-login-form-id-per-customer',
    rule: 'two login forms are two sessions with two ids, not one id derived from the institution and the customer (seed 002, Connect components 201; provider LoginForms.id)',
    source: 'seed',
    rules: ['FD-COMPONENTS-SESSION'],
  }),
  blind({
    id: 'blind-components-login-form-unknown-institution-400',
    rule: 'a login form of an institution that does not exist is a 404, as for the OAuth URL, not a 400 (seed 002, Connect components 404; Errors 404 institution)',
    source: 'seed',
    rules: ['FD-COMPONENTS-INSTITUTION'],
  }),
  blind({
    id: 'blind-components-oauth-redirect-optional',
    rule: 'an OAuth URL request without redirectURI is a 400 (seed 002: the redirectURI is called when the OAuth session completes; provider OauthUrl required redirectURI)',
    source: 'seed',
    rules: ['FD-COMPONENTS-REDIRECT-REQUIRED'],
    relax: [{ schema: 'ComponentsOauthUrlRequest', unrequire: ['redirectURI'] }],
  }),
  blind({
    id: 'blind-components-login-form-deleted-config-accepted',
    rule: 'a deleted configuration is refused in the login form request as in the OAuth one (seed 002: a configuration is passed by id when used; provider "a valid configurationId")',
    source: 'seed',
    rules: ['FD-COMPONENTS-CONFIGURATION-REF'],
  }),
  blind({
    id: 'blind-components-reconnect-unknown-customer-404',
    rule: 'an unknown customer in the reconnection path is a 400: the reconnection documents 400 and 401, no 404 (seed 002, Connect components)',
    source: 'assumption',
    rules: ['FD-COMPONENTS-CUSTOMER'],
  }),
  blind({
    id: 'blind-components-reconnect-203-object',
    rule: 'the 203 of a reconnection is the array of challenge holders, each with at least one challenge, not a bare object (seed 002, Errors 203 reconnection; provider MfaChallenge)',
    source: 'seed',
    rules: ['FD-COMPONENTS-RECONNECT'],
  }),
  blind({
    id: 'blind-components-reconnect-unknown-login-404',
    rule: 'an institution login that does not exist is a 400 on the reconnection, which documents no 404 (seed 002, Connect components: 400, 401)',
    source: 'assumption',
    rules: ['FD-COMPONENTS-RECONNECT-LOGIN'],
  }),
  blind({
    id: 'blind-components-config-list-drops-classification',
    rule: 'the configuration list shows each configuration with the filters sent, accountClassificationType included, as the read by id does (provider 1.35.0 Configurations: array of Configuration)',
    source: 'provider',
    rules: ['FD-COMPONENTS-CONFIG-CREATE'],
  }),
  blind({
    id: 'blind-components-config-delete-idempotent',
    rule: 'a second delete of a configuration is a 404, not an idempotent 204 (seed 002, Connect components: DELETE 204; 404)',
    source: 'seed',
    rules: ['FD-COMPONENTS-CONFIG-DELETE'],
  }),
  blind({
    id: 'blind-components-config-foreign-delete-removes',
    rule: "another partner's delete of our configuration is a 404 and leaves it in place, not a 404 after removing it (seed 002: a configuration is returned only to the partner that owns it)",
    source: 'seed',
    rules: ['FD-COMPONENTS-CONFIG-OWNER'],
  }),
  blind({
    id: 'blind-components-401-default-shape',
    rule: 'the 401 of the connect components operations carries {"Errors": {"Error": [...]}}, not the {code, message} of other operations (reference, Error bodies; provider GoldStandardErrorMessage)',
    source: 'provider',
    rules: ['FD-COMPONENTS-ERROR-SHAPE'],
  }),
  // The fifth independent set (kit/faults.ts, independent): written from the seeds, the provider's
  // documents, the contracts and the rule catalogues, the specs unread.
  independent('independent-5', {
    id: 'i5-components-oauth-config-other-partner',
    rule: "a configuration is returned only to the partner that owns it (seed 002, Connect components): the OAuth URL accepts another partner's configurationId (the login form refuses it)",
    source: 'seed',
    rules: ['FD-COMPONENTS-CONFIG-OWNER', 'FD-OBJ-OTHER-PARTNER'],
  }),
  independent('independent-9', {
    id: 'i9-components-login-form-other-partner-config',
    rule: "a configuration is returned only to the partner that owns it (seed 002, Connect components) and its configurationId is refused in a request of another partner: the login form request accepts another partner's live configuration (the OAuth URL request still refuses it)",
    source: 'seed',
    rules: ['FD-COMPONENTS-CONFIG-OWNER', 'FD-COMPONENTS-CONFIGURATION-REF', 'FD-OBJ-OTHER-PARTNER'],
  }),
  independent('independent-9', {
    id: 'i9-components-config-list-ao-default-true',
    rule: 'a configuration reads back with the aoRequired sent, false when left out (provider 1.35.0 CreateConfiguration.aoRequired default false): the list reader fills an unset aoRequired with true (a column default), the read by id is right',
    source: 'provider',
    rules: ['FD-COMPONENTS-CONFIG-CREATE'],
  }),
  // Seeded beside the foreign-id checker (security.other-partner.spec.ts; origin 'seeded').
  seeded({
    id: 'components-oauth-config-any-partner',
    rule: "a configurationId is refused in a request of a partner that does not own it (FD-COMPONENTS-CONFIG-OWNER): the OAuth URL request looks the configuration up by id alone, any partner's, deleted or not",
    source: 'seed',
    rules: ['FD-COMPONENTS-CONFIG-OWNER', 'FD-OBJ-FOREIGN-ID'],
  }),
  independent('independent-11', {
    id: 'i11-components-oauth-deleted-config-accepted',
    rule: "a configurationId that names none of the partner's live configurations is refused (provider Connect components, configurations; a deleted one names none): the OAuth URL accepts a configuration the partner deleted",
    source: 'provider',
    rules: ['FD-COMPONENTS-CONFIGURATION-REF'],
  }),
  independent('independent-12', {
    id: 'i12-components-config-list-ao-required-false',
    rule: 'a configuration reads back by id and in the list with the aoRequired sent (provider 1.35.0 Connect components configurations): the list answers aoRequired false for a configuration created with true',
    source: 'provider',
    rules: ['FD-COMPONENTS-CONFIG-CREATE'],
  }),
  independent('independent-13', {
    id: 'i13-components-config-by-id-case-folded',
    rule: "an owned id with its case swapped names no object (seed 002, Connect components: get a configuration 404; the catalogue's exact ids): a configuration is read by its id in upper case",
    source: 'seed',
    rules: ['FD-OBJ-EXACT-ID-FOLD'],
  }),
  independent('independent-13', {
    id: 'i13-components-config-by-id-drops-filter',
    rule: 'a configuration reads back by id and in the list with the filters sent (seed 002, Connect components; provider 1.35.0 Configuration): the by-id reader leaves filterAccounts out, the list keeps it',
    source: 'provider',
    rules: ['FD-COMPONENTS-CONFIG-CREATE'],
  }),
  // Red team rt- (origin 'seeded'): deviations written as a stranger would, from the seed, the provider document and the mock.
  seeded({
    id: 'rt-components-login-form-customer-other-partner',
    rule: 'FD-COMPONENTS-CUSTOMER: the login form accepts a customerId of another partner (it checks only that the customer exists); the OAuth URL keeps the partner check',
    source: 'assumption',
    rules: ['FD-COMPONENTS-CUSTOMER', 'FD-OBJ-OTHER-PARTNER'],
  }),
  seeded({
    id: 'rt-components-config-list-filter-accounts-first-only',
    rule: 'FD-COMPONENTS-CONFIG-CREATE: get-configurations lists each configuration with only the first of its filterAccounts (the by-id read keeps them all)',
    source: 'provider',
    rules: ['FD-COMPONENTS-CONFIG-CREATE'],
  }),
  independent('independent-15', {
    id: 'i15-components-config-by-id-classification-first-only',
    rule: 'a configuration reads back by id with the filters sent (provider 1.35.0 Configuration.accountClassificationType, an array): the by-id read keeps only the first classification filter',
    source: 'provider',
    rules: ['FD-COMPONENTS-CONFIG-CREATE'],
  }),
  independent('independent-19', {
    id: 'i19-components-config-by-id-ao-true-with-classification',
    rule: 'a configuration reads back by id with the aoRequired sent, left out reading back false (provider 1.35.0 AoRequired, default false): the by-id reader answers aoRequired true for a configuration created with accountClassificationType and without aoRequired',
    source: 'provider',
    rules: ['FD-COMPONENTS-CONFIG-CREATE'],
  }),
  independent('independent-19', {
    id: 'i19-components-oauth-session-id-per-redirect',
    rule: 'two sessions have two ids (provider 1.35.0 OAuthUrlResponse.id): the OAuth URL session id is derived from the redirectURI, so two requests with the same redirect answer the same id',
    source: 'provider',
    rules: ['FD-COMPONENTS-SESSION'],
  }),
  // Seeded beside the answer judge's defaults and the combinations of optional members (connect-components.configurations.spec.ts).
  seeded({
    id: 'seeded-fam24-components-config-created-ao-true-with-filter',
    rule: 'FD-COMPONENTS-CONFIG-CREATE: the 201 answers aoRequired true for a configuration created with filterAccounts and without aoRequired (recorded false, read back false)',
    source: 'provider',
    rules: ['FD-COMPONENTS-CONFIG-CREATE'],
  }),
  independent('independent-23', {
    id: 'i23-components-oauth-customer-other-partner',
    rule: "a customer that is not the partner's is refused in the OAuth URL body (seed 002, Connect components): the OAuth URL request for another partner's customer is answered 201",
    source: 'seed',
    rules: ['FD-COMPONENTS-CUSTOMER', 'FD-OBJ-OTHER-PARTNER'],
  }),
  independent('independent-26', {
    id: 'i26-components-oauth-config-id-case-folded',
    rule: 'a configurationId that names none of the partner configurations is refused (seed 002, Connect components; provider 1.35.0 OauthUrl.configurationId): the OAuth URL request accepts (201) a configuration id written in another case',
    source: 'seed',
    rules: ['FD-COMPONENTS-CONFIGURATION-REF', 'FD-OBJ-EXACT-ID-FOLD'],
  }),
  independent('independent-27', {
    id: 'i27-components-config-delete-answers-200',
    rule: 'DELETE /connect-components/configurations/{id} answers 204 (seed 002, Connect components): it answers 200 with the configuration removed',
    source: 'seed',
    rules: ['FD-COMPONENTS-CONFIG-DELETE'],
  }),
  independent('independent-28', {
    id: 'i28-fd-components-config-list-misses-newest',
    rule: "GET /connect-components/configurations lists the partner's configurations (seed 002, Connect components): the newest configuration is left out of the list though readable by id",
    source: 'seed',
    rules: ['FD-COMPONENTS-CONFIG-CREATE', 'FD-PROP-ANSWER-IS-STATE'],
  }),
  independent('independent-29', {
    id: 'i29-fd-components-config-deleted-still-applied',
    rule: 'a configuration is optional and once deleted is gone (seed 002, Connect components): a deleted configuration is still applied to login forms and OAuth URLs',
    source: 'seed',
    rules: ['FD-COMPONENTS-CONFIG-DELETE', 'FD-COMPONENTS-CONFIGURATION-REF'],
  }),
  independent('independent-30', {
    id: 'i30-fd-components-config-by-id-any-partner',
    rule: "a configuration is returned only to the partner that owns it (seed 002, Connect components): the by-id read answers another partner's live configuration",
    source: 'seed',
    rules: ['FD-COMPONENTS-CONFIG-OWNER', 'FD-OBJ-OTHER-PARTNER'],
  }),
  independent('independent-31', {
    id: 'i31-fd-components-oauth-redirect-query-dropped',
    rule: 'the redirectURI is called when the OAuth session completes (seed 002, Connect components): the OAuth URL carries the redirectURI without its query string',
    source: 'seed',
    rules: ['FD-COMPONENTS-SESSION', 'FD-PROP-ECHO-AS-SENT'],
  }),
  independent('independent-32', {
    id: 'i32-fd-components-config-foreign-delete-204',
    rule: "a configuration is returned only to the partner that owns it (seed 002, Connect components; delete 204, 404): deleting another partner's configuration removes it and answers 204",
    source: 'seed',
    rules: ['FD-COMPONENTS-CONFIG-OWNER', 'FD-COMPONENTS-CONFIG-DELETE', 'FD-OBJ-OTHER-PARTNER'],
  }),
  independent('independent-33', {
    id: 'i33-fd-components-config-foreign-delete-403',
    rule: "a configuration is returned only to the partner that owns it; delete answers 204, or 401, 404 (seed 002, Connect components): deleting another partner's configuration answers 403, telling it exists",
    source: 'seed',
    rules: ['FD-COMPONENTS-CONFIG-OWNER', 'FD-COMPONENTS-CONFIG-DELETE', 'FD-OBJ-OTHER-PARTNER'],
  }),
  independent('independent-34', {
    id: 'i34-fd-components-config-deleted-still-read',
    rule: 'a deleted configuration is gone (seed 002, Connection components: delete 204, get 404): a configuration deleted by its partner is still read by id with 200',
    source: 'seed',
    rules: ['FD-COMPONENTS-CONFIG-DELETE', 'FD-OBJ-AFTER-DELETE'],
  }),
  independent('independent-35', {
    id: 'i35-fd-components-reconnect-challenge-asked-once',
    rule: 'a reconnection of a login whose institution asks a multi-factor challenge answers 203 with the challenge (seed 002, Connect components; Errors 203): after one 203 the login is taken as answered, and its next reconnection answers 201 with a login form though no challenge was ever answered',
    source: 'seed',
    rules: ['FD-COMPONENTS-RECONNECT', 'FD-PROP-SAME-ANSWER'],
  }),
  independent('independent-36', {
    id: 'i36-fd-components-config-list-skips-second',
    rule: "get-configurations lists every configuration the partner owns (seed 002, Connect components; provider 1.35.0): with three or more configurations the partner's second one is left out of the list, while it still reads by id",
    source: 'provider',
    rules: ['FD-COMPONENTS-CONFIG-CREATE'],
  }),
  independent('independent-36', {
    id: 'i36-fd-components-config-delete-unknown-204',
    rule: 'deleting a configuration id that names none is a 404 (seed 002, Connect components: delete errors 401, 404): an id that never named a configuration is answered 204',
    source: 'seed',
    rules: ['FD-COMPONENTS-CONFIG-DELETE'],
  }),
  independent('independent-37', {
    id: 'i37-fd-components-config-delete-removes-all-of-partner',
    rule: 'deleting a configuration removes that configuration (seed 002, Connect components: delete-configurations-configurationId 204): the delete removes every configuration of the partner, the others then 404 and missing from the list',
    source: 'seed',
    rules: ['FD-COMPONENTS-CONFIG-DELETE', 'FD-PROP-WRITE-SCOPE'],
  }),
  independent('independent-38', {
    id: 'i38-fd-components-config-create-id-uppercased',
    rule: "the created configuration's id is the one it is then found by (seed 002, Connect components: its id is passed as configurationId; provider 1.35.0 Configuration): the 201 answers the id upper-cased, so the id it gives is a 404 on read",
    source: 'provider',
    rules: ['FD-COMPONENTS-CONFIG-CREATE', 'FD-PROP-ANSWER-IS-STATE'],
  }),
  independent('independent-38', {
    id: 'i38-fd-components-config-delete-removes-oldest',
    rule: "a delete removes the configuration named in the path (seed 002, Connect components DELETE 204): the partner's oldest live configuration is removed instead, the named one stays readable",
    source: 'seed',
    rules: ['FD-COMPONENTS-CONFIG-DELETE', 'FD-PROP-WRITE-SCOPE'],
  }),
  independent('independent-38', {
    id: 'i38-fd-components-config-by-id-ao-required-string',
    rule: 'aoRequired is a boolean (provider 1.35.0 Configuration, AoRequired): the by-id read answers it as the string true or false',
    source: 'provider',
    rules: ['FD-COMPONENTS-CONFIG-CREATE', 'FD-TYPE-FORMS'],
  }),
]);
