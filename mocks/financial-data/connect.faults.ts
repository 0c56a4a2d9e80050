// Faults of Connect, the hosted flows (switched in connect.ts): each breaks one rule of
// schemas/financial-data/rules/connect.yaml, the way a provider's release might. `rules` names the
// rule ids it breaks (`npm run mutation -- --targeted` runs the specs citing them). The faults of
// the suite's authors first, then those written blind (`origin: 'blind'`, measured apart by `npm run
// mutation -- --blind`).
import { faultCatalogue, blind, independent, seeded } from '../kit/faults.js';
import type { ConnectSeams } from './state.js';
import type { FaultSeams } from '../kit/faults.js';

export const CONNECT_FAULTS = faultCatalogue([
  // The link (seed 002, Connect: 200 URL; provider 1.35.0 ConnectLink examples).
  { id: 'connect-link-http', rule: 'FD-CONNECT-URL: the link is an https URL (not http)', source: 'provider', rules: ['FD-CONNECT-URL'] },
  {
    id: 'connect-link-without-customer',
    rule: 'FD-CONNECT-URL: the link names the customer of the request',
    source: 'provider',
    rules: ['FD-CONNECT-URL'],
  },
  {
    id: 'connect-ssn-in-link',
    rule: "FD-CONNECT-SSN-SECRET: the consumer's SSN never appears in the link",
    source: 'seed',
    rules: ['FD-CONNECT-SSN-SECRET'],
  },
  {
    id: 'connect-ssn-refused',
    rule: 'FD-CONNECT-SSN-SECRET: a body with the SSN (optionalConsumerInfo) is accepted',
    source: 'seed',
    rules: ['FD-CONNECT-SSN-SECRET'],
  },
  // Language (seed 002, Connect; provider codes; other codes refused: assumption).
  {
    id: 'connect-language-any',
    rule: 'FD-CONNECT-LANGUAGE: a language other than en, es, fr is a 400',
    source: 'assumption',
    rules: ['FD-CONNECT-LANGUAGE'],
    relax: [{ schema: 'ConnectLanguage', drop: ['enum'] }],
  },
  {
    id: 'connect-transfer-french-accepted',
    rule: 'FD-CONNECT-LANGUAGE: the transfer flows refuse fr (en and es only)',
    source: 'assumption',
    rules: ['FD-CONNECT-LANGUAGE'],
    relax: [{ schema: 'ConnectTransferLanguage', set: { enum: ['en', 'es', 'fr'] } }],
  },
  {
    id: 'connect-french-refused',
    rule: 'FD-CONNECT-LANGUAGE: French (Canada), fr, is accepted',
    source: 'seed',
    rules: ['FD-CONNECT-LANGUAGE'],
  },
  // Experiences in the generate bodies (provider 1.35.0 Experience; unknown GUID: assumption).
  {
    id: 'connect-experience-unknown-accepted',
    rule: 'FD-CONNECT-EXPERIENCE: a GUID of no experience of the partner is a 400',
    source: 'assumption',
    rules: ['FD-CONNECT-EXPERIENCE'],
  },
  {
    id: 'connect-experience-known-refused',
    rule: "FD-CONNECT-EXPERIENCE: the id of one of the partner's experiences is accepted",
    source: 'provider',
    rules: ['FD-CONNECT-EXPERIENCE'],
  },
  {
    id: 'connect-experience-format-unchecked',
    rule: 'FD-CONNECT-EXPERIENCE: an experience that is neither default nor a GUID is a 400',
    source: 'provider',
    rules: ['FD-CONNECT-EXPERIENCE'],
  },
  // Who the session is for (provider 1.35.0 example 10010; consumer and partner: assumption).
  {
    id: 'connect-customer-unchecked',
    rule: 'FD-CONNECT-CUSTOMER: an unknown customer is a 400',
    source: 'provider',
    rules: ['FD-CONNECT-CUSTOMER'],
  },
  {
    id: 'connect-joint-second-borrower-unchecked',
    rule: "FD-CONNECT-CUSTOMER: every borrower's customer is checked, not only the primary's",
    source: 'provider',
    rules: ['FD-CONNECT-CUSTOMER'],
  },
  {
    id: 'connect-microentry-customer-unchecked',
    rule: 'FD-CONNECT-CUSTOMER: the micro-entry verification refuses an unknown customer',
    source: 'provider',
    rules: ['FD-CONNECT-CUSTOMER'],
  },
  {
    id: 'connect-consumer-unchecked',
    rule: "FD-CONNECT-CONSUMER: a consumer that is not the customer's is a 400",
    source: 'assumption',
    rules: ['FD-CONNECT-CONSUMER'],
  },
  {
    id: 'connect-partner-unchecked',
    rule: "FD-CONNECT-PARTNER: a partnerId other than the caller's is a 400",
    source: 'assumption',
    rules: ['FD-CONNECT-PARTNER'],
  },
  // Required members (provider 1.35.0 required lists).
  {
    id: 'connect-lite-partner-optional',
    rule: 'FD-CONNECT-REQUIRED: Lite Connect without partnerId is a 400',
    source: 'provider',
    rules: ['FD-CONNECT-REQUIRED'],
    relax: [{ schema: 'LiteConnectParameters', at: ['allOf', '1'], unrequire: ['partnerId'] }],
  },
  {
    id: 'connect-bill-pay-identity-optional',
    rule: 'FD-CONNECT-REQUIRED: the bill pay switch flow without identity is a 400',
    source: 'provider',
    rules: ['FD-CONNECT-REQUIRED'],
    relax: [{ schema: 'ConnectGenerateTransferBillPaySwitchParameters', unrequire: ['identity'] }],
  },
  // E-mail variants (seed 002, Connect; provider 1.35.0 ConnectEmailUrl, EmailOptions).
  {
    id: 'connect-email-subject-default',
    rule: 'FD-CONNECT-EMAIL: the e-mail answered is the one sent (its subject)',
    source: 'provider',
    rules: ['FD-CONNECT-EMAIL'],
  },
  {
    id: 'connect-joint-email-empty-accepted',
    rule: 'FD-CONNECT-JOINT-EMAIL: an e-mail with an empty address is a 400',
    source: 'seed',
    rules: ['FD-CONNECT-JOINT-EMAIL'],
    relax: [{ schema: 'ConnectEmailOptions', at: ['properties', 'to'], drop: ['minLength'] }],
  },
  {
    id: 'connect-joint-email-one-refused',
    rule: 'FD-CONNECT-JOINT-EMAIL: one joint-borrower address is enough (200)',
    source: 'seed',
    rules: ['FD-CONNECT-JOINT-EMAIL'],
  },
  // Fix connect (seed 002: 404).
  {
    id: 'connect-fix-login-unchecked',
    rule: 'FD-CONNECT-FIX-LOGIN: an unknown institution login is a 404',
    source: 'seed',
    rules: ['FD-CONNECT-FIX-LOGIN'],
  },
  {
    id: 'connect-fix-other-customer-login',
    rule: "FD-CONNECT-FIX-LOGIN: another customer's login is a 404",
    source: 'seed',
    rules: ['FD-CONNECT-FIX-LOGIN'],
  },
  {
    id: 'connect-fix-unknown-400',
    rule: 'FD-CONNECT-FIX-LOGIN: an unknown login is a 404, not a 400',
    source: 'seed',
    rules: ['FD-CONNECT-FIX-LOGIN'],
  },
  // Experiences list (seed 002, Connect; provider 1.35.0 AppNameParam, 404 example 4004).
  {
    id: 'connect-experiences-app-optional',
    rule: 'FD-CONNECT-EXPERIENCES: no appName is a 400',
    source: 'provider',
    rules: ['FD-CONNECT-EXPERIENCES'],
  },
  {
    id: 'connect-experiences-unknown-app-empty',
    rule: 'FD-CONNECT-EXPERIENCES: an unknown application name is a 404, not an empty list',
    source: 'provider',
    rules: ['FD-CONNECT-EXPERIENCES'],
  },
  {
    id: 'connect-experiences-filter-ignored',
    rule: 'FD-CONNECT-EXPERIENCES: the product code filter keeps only matching experiences',
    source: 'provider',
    rules: ['FD-CONNECT-EXPERIENCES'],
  },
  // Written blind (kit/faults.ts, blind): from the sources and the mock, without reading the specs.
  // Connect, the hosted flows (seed 002, Connect (hosted flows); provider 1.35.0 ConnectParameters ... ConnectLink).
  blind({
    id: 'blind-connect-joint-link-first-listed-borrower',
    rule: "the joint-borrower session opens for the primary borrower's customer, not for whichever borrower is listed first (seed 002, Connect: the joint-borrower variants prompt the primary and the joint borrower; provider Borrower.type)",
    source: 'provider',
    rules: ['FD-CONNECT-URL'],
  }),
  blind({
    id: 'blind-connect-lite-link-reused-per-partner',
    rule: 'each Lite Connect link names the customer of its request: two customers get two links, not the first link reused for the partner within its two hours (seed 002, Connect: 200 URL; provider ConnectLink carries customerId)',
    source: 'provider',
    rules: ['FD-CONNECT-URL'],
  }),
  blind({
    id: 'blind-connect-transfer-accepts-french',
    rule: 'the Connect Transfer flows speak English and es only: fr, accepted by the other flows, is a 400 on the bill pay and deposit switch links (provider 1.35.0 transfer language names es only; FD-CONNECT-LANGUAGE)',
    source: 'assumption',
    rules: ['FD-CONNECT-LANGUAGE'],
    relax: [{ schema: 'ConnectTransferLanguage', set: { enum: ['en', 'es', 'fr'] } }],
  }),
  blind({
    id: 'blind-connect-microentry-experience-unknown-accepted',
    rule: 'the micro-entry verification refuses a well-formed GUID that names none of the experiences, as the other flows do (provider 1.35.0 Experience; contract: unknown GUID is a 400)',
    source: 'provider',
    rules: ['FD-CONNECT-EXPERIENCE'],
  }),
  blind({
    id: 'blind-connect-joint-email-default-experience-refused',
    rule: 'experience "default" is accepted on the joint-borrower e-mail, where experience is required, as everywhere else (provider 1.35.0 Experience: "default" or a GUID)',
    source: 'provider',
    rules: ['FD-CONNECT-EXPERIENCE'],
  }),
  blind({
    id: 'blind-connect-bill-pay-other-partner-customer',
    rule: "the bill pay switch link refuses (400) a customer that exists but is another partner's, not only an unknown one (provider 1.35.0 example 10010: does not exist or does not belong to this partner)",
    source: 'provider',
    rules: ['FD-CONNECT-CUSTOMER'],
  }),
  blind({
    id: 'blind-connect-email-consumer-any-existing',
    rule: "the e-mail variant refuses a consumerId that is another customer's consumer, not only one that exists nowhere (seed 002, Resources: a consumer belongs to a customer; contract 400)",
    source: 'assumption',
    rules: ['FD-CONNECT-CONSUMER'],
  }),
  blind({
    id: 'blind-connect-transfer-partner-unchecked',
    rule: "the two Connect Transfer flows refuse a partnerId other than the caller's with a 400, as the other flows do (provider PartnerId: your partner ID; contract decision)",
    source: 'assumption',
    rules: ['FD-CONNECT-PARTNER'],
  }),
  blind({
    id: 'blind-connect-lite-institution-optional',
    rule: 'a Lite Connect body without institutionId is a 400 naming it, not a link to no institution (provider 1.35.0 LiteConnectParameters required institutionId)',
    source: 'provider',
    rules: ['FD-CONNECT-REQUIRED'],
    relax: [{ schema: 'LiteConnectParameters', at: ['allOf', '1'], unrequire: ['institutionId'] }],
  }),
  blind({
    id: 'blind-connect-fix-missing-login-generic-message',
    rule: 'a Fix Connect body without institutionLoginId is a 400 whose message names institutionLoginId, not a bare "Bad request" (provider 1.35.0 FixConnectParameters; 400 example 10010 names the member)',
    source: 'provider',
    rules: ['FD-CONNECT-REQUIRED'],
    relax: [{ schema: 'FixConnectParameters', at: ['allOf', '1'], unrequire: ['institutionLoginId'] }],
  }),
  blind({
    id: 'blind-connect-joint-ssn-in-link',
    rule: "the joint borrower's SSN sent to pre-fill the payroll step is never carried by the link (seed 002, Connect: SSN in the body; reference, Consumers: full SSNs never shown)",
    source: 'seed',
    rules: ['FD-CONNECT-SSN-SECRET'],
  }),
  blind({
    id: 'blind-connect-email-ssn-refused',
    rule: "the e-mail variant accepts (200) a body carrying the consumer's SSN in optionalConsumerInfo, as full Connect does (seed 002, Connect: the SSN may be passed in the body; provider ConnectEmailParameters.optionalConsumerInfo)",
    source: 'seed',
    rules: ['FD-CONNECT-SSN-SECRET'],
  }),
  blind({
    id: 'blind-connect-email-from-noreply',
    rule: 'SendConnectEmail answers the e-mail as sent, its sender included, not replaced by a platform no-reply address (provider 1.35.0 ConnectEmailUrl.emailConfig)',
    source: 'provider',
    rules: ['FD-CONNECT-EMAIL'],
  }),
  blind({
    id: 'blind-connect-email-empty-address-accepted',
    rule: 'the joint-borrower e-mail with an empty address is a 400: it needs at least one joint borrower e-mail address (seed 002, Connect; provider EmailOptions required to)',
    source: 'seed',
    rules: ['FD-CONNECT-JOINT-EMAIL'],
    relax: [{ schema: 'ConnectEmailOptions', at: ['properties', 'to'], drop: ['minLength'] }],
  }),
  blind({
    id: 'blind-connect-fix-other-customer-login-400',
    rule: 'Fix Connect for a login of another customer is a 404 like an unknown login, not a 400 (seed 002, Connect fix: 404; Errors 404; provider example 38007)',
    source: 'seed',
    rules: ['FD-CONNECT-FIX-LOGIN'],
  }),
  blind({
    id: 'blind-connect-experiences-filter-first-code-only',
    rule: 'a productCode list keeps the experiences with any of its codes, not only those with the first code (seed 002, Connect: query product codes; provider ProductCodeParam, an array)',
    source: 'provider',
    rules: ['FD-CONNECT-EXPERIENCES'],
  }),
  // The fourth independent set (kit/faults.ts, independent): written from the seeds, the provider's
  // documents, the contract, the rule catalogue and this mock only, the specs unread.
  independent('independent-4', {
    id: 'i4-connect-ssn-in-prefill-member',
    rule: "no answer carries the consumer's SSN sent to pre-populate the payroll step (seed 002, Connect): GenerateConnectUrl answers a prefill member holding it beside the link",
    source: 'seed',
    rules: ['FD-CONNECT-SSN-SECRET', 'FD-SENSITIVE-ECHO'],
  }),
  independent('independent-7', {
    id: 'i7-connect-email-to-lowercased',
    rule: 'the e-mail variant answers the e-mail as sent (provider ConnectEmailParameters): SendConnectEmail answers the address in lower case',
    source: 'provider',
    rules: ['FD-CONNECT-EMAIL'],
  }),
  independent('independent-9', {
    id: 'i9-connect-lite-consumer-unchecked',
    rule: "a known consumer of another customer is refused (FD-CONNECT-CONSUMER; provider 1.35.0 consumerId of the connect bodies is the customer's consumer): the Lite Connect generate operation does not check whose consumer the consumerId is (the other flows refuse it)",
    source: 'provider',
    rules: ['FD-CONNECT-CONSUMER', 'FD-OBJ-OTHER-PARENT'],
  }),
  independent('independent-9', {
    id: 'i9-connect-fix-link-without-customer',
    rule: "each generate operation answers an https link for the request's customer (seed 002 Connect: Fix connect is for a lost connection of that customer): the Fix Connect link carries no customerId (built from the institution login alone)",
    source: 'seed',
    rules: ['FD-CONNECT-URL'],
  }),
  independent('independent-9', {
    id: 'i9-connect-joint-email-ssn-in-config',
    rule: "a body carrying the consumer's SSN is accepted and no answer carries that SSN (seed 002 Connect: the SSN pre-populates a payroll step; FD-CONNECT-SSN-SECRET): the joint-borrower e-mail answer copies each borrower's optionalConsumerInfo into emailConfig.borrowers, SSN included",
    source: 'seed',
    rules: ['FD-CONNECT-SSN-SECRET', 'FD-OBJ-SENSITIVE'],
  }),
  // Seeded beside the other-parent checker's Connect pairs (security.other-parent.spec.ts; origin 'seeded').
  seeded({
    id: 'connect-joint-url-consumer-any-customer',
    rule: "a known consumer of another customer is refused (FD-CONNECT-CONSUMER): the joint-borrower URL does not check whose consumer a borrower's consumerId is",
    source: 'assumption',
    rules: ['FD-CONNECT-CONSUMER', 'FD-OBJ-OTHER-PARENT'],
  }),
  // Seeded beside the sensitive-values checker, which sends every sensitive member a body declares (origin 'seeded').
  seeded({
    id: 'connect-email-consumer-info-in-config',
    rule: 'no answer carries the SSN a body pre-populates the payroll step with (seed 002 Connect; FD-CONNECT-SSN-SECRET): the Connect e-mail answer copies optionalConsumerInfo into emailConfig, SSN included',
    source: 'seed',
    rules: ['FD-CONNECT-SSN-SECRET', 'FD-OBJ-SENSITIVE'],
  }),
  // Red team rt- (origin 'seeded'): deviations written as a stranger would, from the seed, the provider document and the mock.
  // Seeded beside the built-URL property (helpers/client/invariants/built-urls.ts), which judges every URL an answer builds.
  seeded({
    id: 'seeded-prop-url-transfer-identity-raw',
    rule: "FD-PROP-URL-ENCODED: the Transfer links pre-fill the switch page with the identity's city and address placed in the link's query raw, not percent-encoded",
    source: 'assumption',
    rules: ['FD-PROP-URL-ENCODED'],
    seams: {
      answer: (x, answer) => {
        const identity = x.body?.identity;
        if (!String(x.operationId).startsWith('GenerateTransfer') || !identity?.city) return answer;
        return { ...answer, body: { ...answer.body, link: `${answer.body.link}&city=${identity.city}&address=${identity.address ?? ''}` } };
      },
    } satisfies FaultSeams<ConnectSeams>,
  }),
  seeded({
    id: 'rt-connect-joint-email-subject-trimmed',
    rule: 'FD-CONNECT-EMAIL: SendJointBorrowerConnectEmail answers the e-mail configuration with its subject trimmed (the single e-mail keeps it as sent)',
    source: 'seed',
    rules: ['FD-CONNECT-EMAIL'],
  }),
  // Red team rt2- (origin 'seeded'): a second set written as a stranger would, from the seed, the provider document and the mock.
  seeded({
    id: 'rt2-connect-experience-guid-first-group',
    rule: 'FD-CONNECT-EXPERIENCE: an experience is recognised by the first group of its GUID, so a GUID of no experience that shares it is accepted',
    source: 'provider',
    rules: ['FD-CONNECT-EXPERIENCE'],
  }),
  seeded({
    id: 'rt2-connect-experiences-app-name-prefix',
    rule: 'FD-CONNECT-EXPERIENCES: GetAllExperience matches the application name as a prefix, so a shortened name lists the experiences of every application it begins',
    source: 'provider',
    rules: ['FD-CONNECT-EXPERIENCES'],
  }),
  seeded({
    id: 'rt2-connect-joint-email-coborrower-consumer-unchecked',
    rule: "FD-CONNECT-CONSUMER: SendJointBorrowerConnectEmail checks the primary borrower's consumer only; a co-borrower naming another customer's consumer is accepted",
    source: 'assumption',
    rules: ['FD-CONNECT-CONSUMER'],
  }),
  seeded({
    id: 'rt2-connect-microentry-customer-other-partner',
    rule: "FD-CONNECT-CUSTOMER: VerifyMicroEntryMicrodeposit looks the customer up across partners, so another partner's customer gets a link",
    source: 'provider',
    rules: ['FD-CONNECT-CUSTOMER', 'FD-OBJ-OTHER-PARTNER'],
  }),
  seeded({
    id: 'rt2-connect-joint-email-from-lowercased',
    rule: 'FD-CONNECT-EMAIL: SendJointBorrowerConnectEmail answers the sender address in lower case (the single e-mail keeps it as sent)',
    source: 'provider',
    rules: ['FD-CONNECT-EMAIL'],
  }),
  seeded({
    id: 'rt2-connect-lite-experience-unknown-accepted',
    rule: 'FD-CONNECT-EXPERIENCE: the Lite flow accepts a well-formed GUID of no experience (the other flows refuse it)',
    source: 'provider',
    rules: ['FD-CONNECT-EXPERIENCE'],
  }),
  seeded({
    id: 'rt2-connect-joint-url-coborrower-other-partner',
    rule: "FD-CONNECT-CUSTOMER: GenerateJointBorrowerConnectUrl looks the co-borrower's customer up across partners (the primary's is checked against the caller)",
    source: 'provider',
    rules: ['FD-CONNECT-CUSTOMER', 'FD-OBJ-OTHER-PARTNER'],
  }),
  seeded({
    id: 'rt2-connect-experiences-product-code-prefix',
    rule: 'FD-CONNECT-EXPERIENCES: the product code filter keeps an experience with a code that begins with the code asked for, so a shortened code keeps experiences of longer codes',
    source: 'provider',
    rules: ['FD-CONNECT-EXPERIENCES'],
  }),
  independent('independent-19', {
    id: 'i19-connect-email-signature-blank-lines-dropped',
    rule: 'the e-mail variants answer the e-mail as sent, every member byte for byte (provider 1.35.0 EmailOptions.signature, an array of strings): SendConnectEmail answers the signature without its empty lines',
    source: 'provider',
    rules: ['FD-CONNECT-EMAIL'],
  }),
  independent('independent-19', {
    id: 'i19-connect-lite-other-partner-customer',
    rule: "a customerId that names no customer of the calling partner is a 400 (seed 002, Connect; provider 1.35.0 GenerateLiteConnectUrl): the lite flow alone answers a link for another partner's customer",
    source: 'provider',
    rules: ['FD-CONNECT-CUSTOMER'],
  }),
  // Seeded beside the answer judge's array echo (fixtures/assertions/financial-data-answer.ts) and the telling signature lines.
  seeded({
    id: 'seeded-fam24-joint-email-signature-lines-trimmed',
    rule: 'FD-CONNECT-EMAIL: the joint-borrower e-mail answers its signature with each line trimmed, so a line of a tab or a space alone comes back empty',
    source: 'provider',
    rules: ['FD-CONNECT-EMAIL'],
  }),
  // Seeded beside the e-mail members sent with the characters HTML escapes (tellingMarkup).
  seeded({
    id: 'seeded-fam25-joint-email-institution-name-entities-escaped',
    rule: 'FD-CONNECT-EMAIL: the joint-borrower e-mail answers institutionName with &, <, > and the double quote as HTML entities',
    source: 'provider',
    rules: ['FD-CONNECT-EMAIL'],
  }),
  independent('independent-20', {
    id: 'i20-connect-email-subject-entities-escaped',
    rule: 'the e-mail variants answer the e-mail as sent, every member byte for byte (provider 1.35.0 SendConnectEmail emailConfig): the single e-mail answers a subject holding & or < with HTML entities',
    source: 'provider',
    rules: ['FD-CONNECT-EMAIL'],
  }),
  independent('independent-26', {
    id: 'i26-connect-lite-spanish-refused',
    rule: 'language is English by default, also Spanish (United States) and French (Canada) (seed 002, Connect): the Lite flow refuses language es with 400',
    source: 'seed',
    rules: ['FD-CONNECT-LANGUAGE'],
  }),
  independent('independent-33', {
    id: 'i33-fd-connect-fix-link-plain-http',
    rule: 'Connect URLs are https links (provider 1.35.0 ConnectUrl examples): GenerateFixConnectUrl answers a plain http link',
    source: 'provider',
    rules: ['FD-CONNECT-URL'],
  }),
  independent('independent-35', {
    id: 'i35-fd-connect-experiences-every-code-asked',
    rule: 'GetAllExperience filters the experiences of an application by the product codes asked (seed 002, Connect: query product codes): an experience is kept only when every one of its own product codes was asked for, so asking for one code an experience offers leaves that experience out',
    source: 'seed',
    rules: ['FD-CONNECT-EXPERIENCES'],
  }),
  independent('independent-36', {
    id: 'i36-fd-connect-fix-legacy-login-404',
    rule: 'Fix Connect serves a login of the customer, 404 only when the login is not found (seed 002, Connect: fix connect is for a lost connection, updated credentials or an expired challenge; errors 404): a legacy (non-OAuth) login of the customer is answered 404',
    source: 'seed',
    rules: ['FD-CONNECT-FIX-LOGIN', 'FD-PROP-EVERY-KIND'],
  }),
]);
