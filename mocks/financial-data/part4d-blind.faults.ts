// Faults of financial data part 4, Connect (the hosted flows) and connect components,
// written blind: each breaks one rule of seed 002 (Connect (hosted flows), Connect components,
// Errors), the provider's document (1.35.0) or reference/financial-data.md (Error bodies), the way a
// provider's engineer would, written from the rules, the contract and the mock without reading the
// suite's specs. `npm run mutation -- --service financial-data --blind` measures them.
import type { Fault } from '../kit/faults.js';
import { blind } from './part2-blind.faults.js';

export const FD_PART4D_BLIND_FAULTS: Fault[] = [
  // Connect, the hosted flows (seed 002, Connect (hosted flows); provider 1.35.0 ConnectParameters ... ConnectLink).
  blind({ id: 'blind-connect-joint-link-first-listed-borrower', rule: "the joint-borrower session opens for the primary borrower's customer, not for whichever borrower is listed first (seed 002, Connect: the joint-borrower variants prompt the primary and the joint borrower; provider Borrower.type)", source: 'provider', rules: ['FD-CONNECT-URL'] }),
  blind({ id: 'blind-connect-lite-link-reused-per-partner', rule: 'each Lite Connect link names the customer of its request: two customers get two links, not the first link reused for the partner within its two hours (seed 002, Connect: 200 URL; provider ConnectLink carries customerId)', source: 'provider', rules: ['FD-CONNECT-URL'] }),
  blind({
    id: 'blind-connect-transfer-accepts-french', rule: 'the Connect Transfer flows speak English and es only: fr, accepted by the other flows, is a 400 on the bill pay and deposit switch links (provider 1.35.0 transfer language names es only; FD-CONNECT-LANGUAGE)', source: 'assumption', rules: ['FD-CONNECT-LANGUAGE'],
    relax: [{ schema: 'ConnectTransferLanguage', set: { enum: ['en', 'es', 'fr'] } }],
  }),
  blind({ id: 'blind-connect-microentry-experience-unknown-accepted', rule: 'the micro-entry verification refuses a well-formed GUID that names none of the experiences, as the other flows do (provider 1.35.0 Experience; contract: unknown GUID is a 400)', source: 'provider', rules: ['FD-CONNECT-EXPERIENCE'] }),
  blind({ id: 'blind-connect-joint-email-default-experience-refused', rule: 'experience "default" is accepted on the joint-borrower e-mail, where experience is required, as everywhere else (provider 1.35.0 Experience: "default" or a GUID)', source: 'provider', rules: ['FD-CONNECT-EXPERIENCE'] }),
  blind({ id: 'blind-connect-bill-pay-other-partner-customer', rule: "the bill pay switch link refuses (400) a customer that exists but is another partner's, not only an unknown one (provider 1.35.0 example 10010: does not exist or does not belong to this partner)", source: 'provider', rules: ['FD-CONNECT-CUSTOMER'] }),
  blind({ id: 'blind-connect-email-consumer-any-existing', rule: "the e-mail variant refuses a consumerId that is another customer's consumer, not only one that exists nowhere (seed 002, Resources: a consumer belongs to a customer; contract 400)", source: 'assumption', rules: ['FD-CONNECT-CONSUMER'] }),
  blind({ id: 'blind-connect-transfer-partner-unchecked', rule: "the two Connect Transfer flows refuse a partnerId other than the caller's with a 400, as the other flows do (provider PartnerId: your partner ID; contract decision)", source: 'assumption', rules: ['FD-CONNECT-PARTNER'] }),
  blind({
    id: 'blind-connect-lite-institution-optional', rule: 'a Lite Connect body without institutionId is a 400 naming it, not a link to no institution (provider 1.35.0 LiteConnectParameters required institutionId)', source: 'provider', rules: ['FD-CONNECT-REQUIRED'],
    relax: [{ schema: 'LiteConnectParameters', at: ['allOf', '1'], unrequire: ['institutionId'] }],
  }),
  blind({
    id: 'blind-connect-fix-missing-login-generic-message', rule: 'a Fix Connect body without institutionLoginId is a 400 whose message names institutionLoginId, not a bare "Bad request" (provider 1.35.0 FixConnectParameters; 400 example 10010 names the member)', source: 'provider', rules: ['FD-CONNECT-REQUIRED'],
    relax: [{ schema: 'FixConnectParameters', at: ['allOf', '1'], unrequire: ['institutionLoginId'] }],
  }),
  blind({ id: 'blind-connect-joint-ssn-in-link', rule: "the joint borrower's SSN sent to pre-fill the payroll step is never carried by the link (seed 002, Connect: SSN in the body; reference, Consumers: full SSNs never shown)", source: 'seed', rules: ['FD-CONNECT-SSN-SECRET'] }),
  blind({ id: 'blind-connect-email-ssn-refused', rule: "the e-mail variant accepts (200) a body carrying the consumer's SSN in optionalConsumerInfo, as full Connect does (seed 002, Connect: the SSN may be passed in the body; provider ConnectEmailParameters.optionalConsumerInfo)", source: 'seed', rules: ['FD-CONNECT-SSN-SECRET'] }),
  blind({ id: 'blind-connect-email-from-noreply', rule: 'SendConnectEmail answers the e-mail as sent, its sender included, not replaced by a platform no-reply address (provider 1.35.0 ConnectEmailUrl.emailConfig)', source: 'provider', rules: ['FD-CONNECT-EMAIL'] }),
  blind({
    id: 'blind-connect-email-empty-address-accepted', rule: 'the joint-borrower e-mail with an empty address is a 400: it needs at least one joint borrower e-mail address (seed 002, Connect; provider EmailOptions required to)', source: 'seed', rules: ['FD-CONNECT-JOINT-EMAIL'],
    relax: [{ schema: 'ConnectEmailOptions', at: ['properties', 'to'], drop: ['minLength'] }],
  }),
  blind({ id: 'blind-connect-fix-other-customer-login-400', rule: "Fix Connect for a login of another customer is a 404 like an unknown login, not a 400 (seed 002, Connect fix: 404; Errors 404; provider example 38007)", source: 'seed', rules: ['FD-CONNECT-FIX-LOGIN'] }),
  blind({ id: 'blind-connect-experiences-filter-first-code-only', rule: 'a productCode list keeps the experiences with any of its codes, not only those with the first code (seed 002, Connect: query product codes; provider ProductCodeParam, an array)', source: 'provider', rules: ['FD-CONNECT-EXPERIENCES'] }),
  // Connect components (seed 002, Connect components; provider 1.35.0 OauthUrl, LoginForm(s), MfaChallenge, Configuration; reference Error bodies).
  blind({ id: 'blind-components-login-form-id-per-customer', rule: 'two login forms are two sessions with two ids, not one id derived from the institution and the customer (seed 002, Connect components 201; provider LoginForms.id)', source: 'seed', rules: ['FD-COMPONENTS-SESSION'] }),
  blind({ id: 'blind-components-login-form-unknown-institution-400', rule: 'a login form of an institution that does not exist is a 404, as for the OAuth URL, not a 400 (seed 002, Connect components 404; Errors 404 institution)', source: 'seed', rules: ['FD-COMPONENTS-INSTITUTION'] }),
  blind({
    id: 'blind-components-oauth-redirect-optional', rule: 'an OAuth URL request without redirectURI is a 400 (seed 002: the redirectURI is called when the OAuth session completes; provider OauthUrl required redirectURI)', source: 'seed', rules: ['FD-COMPONENTS-REDIRECT-REQUIRED'],
    relax: [{ schema: 'ComponentsOauthUrlRequest', unrequire: ['redirectURI'] }],
  }),
  blind({ id: 'blind-components-login-form-deleted-config-accepted', rule: 'a deleted configuration is refused in the login form request as in the OAuth one (seed 002: a configuration is passed by id when used; provider "a valid configurationId")', source: 'seed', rules: ['FD-COMPONENTS-CONFIGURATION-REF'] }),
  blind({ id: 'blind-components-reconnect-unknown-customer-404', rule: 'an unknown customer in the reconnection path is a 400: the reconnection documents 400 and 401, no 404 (seed 002, Connect components)', source: 'assumption', rules: ['FD-COMPONENTS-CUSTOMER'] }),
  blind({ id: 'blind-components-reconnect-203-object', rule: 'the 203 of a reconnection is the array of challenge holders, each with at least one challenge, not a bare object (seed 002, Errors 203 reconnection; provider MfaChallenge)', source: 'seed', rules: ['FD-COMPONENTS-RECONNECT'] }),
  blind({ id: 'blind-components-reconnect-unknown-login-404', rule: 'an institution login that does not exist is a 400 on the reconnection, which documents no 404 (seed 002, Connect components: 400, 401)', source: 'assumption', rules: ['FD-COMPONENTS-RECONNECT-LOGIN'] }),
  blind({ id: 'blind-components-config-list-drops-classification', rule: 'the configuration list shows each configuration with the filters sent, accountClassificationType included, as the read by id does (provider 1.35.0 Configurations: array of Configuration)', source: 'provider', rules: ['FD-COMPONENTS-CONFIG-CREATE'] }),
  blind({ id: 'blind-components-config-delete-idempotent', rule: 'a second delete of a configuration is a 404, not an idempotent 204 (seed 002, Connect components: DELETE 204; 404)', source: 'seed', rules: ['FD-COMPONENTS-CONFIG-DELETE'] }),
  blind({ id: 'blind-components-config-foreign-delete-removes', rule: "another partner's delete of our configuration is a 404 and leaves it in place, not a 404 after removing it (seed 002: a configuration is returned only to the partner that owns it)", source: 'seed', rules: ['FD-COMPONENTS-CONFIG-OWNER'] }),
  blind({ id: 'blind-components-401-default-shape', rule: 'the 401 of the connect components operations carries {"Errors": {"Error": [...]}}, not the {code, message} of other operations (reference, Error bodies; provider GoldStandardErrorMessage)', source: 'provider', rules: ['FD-COMPONENTS-ERROR-SHAPE'] }),
];
