// Faults of connect: each breaks one rule of schemas/financial-data/rules/connect.yaml.
import type { Fault } from '../kit/faults.js';

export const CONNECT_FAULTS: Fault[] = [
  // The link (seed 002, Connect: 200 URL; provider 1.35.0 ConnectLink examples).
  { id: 'connect-link-http', rule: 'FD-CONNECT-URL: the link is an https URL (not http)', source: 'provider', rules: ['FD-CONNECT-URL'] },
  { id: 'connect-link-without-customer', rule: 'FD-CONNECT-URL: the link names the customer of the request', source: 'provider', rules: ['FD-CONNECT-URL'] },
  { id: 'connect-ssn-in-link', rule: "FD-CONNECT-SSN-SECRET: the consumer's SSN never appears in the link", source: 'seed', rules: ['FD-CONNECT-SSN-SECRET'] },
  { id: 'connect-ssn-refused', rule: 'FD-CONNECT-SSN-SECRET: a body with the SSN (optionalConsumerInfo) is accepted', source: 'seed', rules: ['FD-CONNECT-SSN-SECRET'] },
  // Language (seed 002, Connect; provider codes; other codes refused: assumption).
  { id: 'connect-language-any', rule: 'FD-CONNECT-LANGUAGE: a language other than en, es, fr is a 400', source: 'assumption', rules: ['FD-CONNECT-LANGUAGE'], relax: [{ schema: 'ConnectLanguage', drop: ['enum'] }] },
  { id: 'connect-transfer-french-accepted', rule: 'FD-CONNECT-LANGUAGE: the transfer flows refuse fr (en and es only)', source: 'assumption', rules: ['FD-CONNECT-LANGUAGE'], relax: [{ schema: 'ConnectTransferLanguage', set: { enum: ['en', 'es', 'fr'] } }] },
  { id: 'connect-french-refused', rule: 'FD-CONNECT-LANGUAGE: French (Canada), fr, is accepted', source: 'seed', rules: ['FD-CONNECT-LANGUAGE'] },
  // Experiences in the generate bodies (provider 1.35.0 Experience; unknown GUID: assumption).
  { id: 'connect-experience-unknown-accepted', rule: 'FD-CONNECT-EXPERIENCE: a GUID of no experience of the partner is a 400', source: 'assumption', rules: ['FD-CONNECT-EXPERIENCE'] },
  { id: 'connect-experience-known-refused', rule: "FD-CONNECT-EXPERIENCE: the id of one of the partner's experiences is accepted", source: 'provider', rules: ['FD-CONNECT-EXPERIENCE'] },
  { id: 'connect-experience-format-unchecked', rule: 'FD-CONNECT-EXPERIENCE: an experience that is neither default nor a GUID is a 400', source: 'provider', rules: ['FD-CONNECT-EXPERIENCE'] },
  // Who the session is for (provider 1.35.0 example 10010; consumer and partner: assumption).
  { id: 'connect-customer-unchecked', rule: 'FD-CONNECT-CUSTOMER: an unknown customer is a 400', source: 'provider', rules: ['FD-CONNECT-CUSTOMER'] },
  { id: 'connect-joint-second-borrower-unchecked', rule: "FD-CONNECT-CUSTOMER: every borrower's customer is checked, not only the primary's", source: 'provider', rules: ['FD-CONNECT-CUSTOMER'] },
  { id: 'connect-microentry-customer-unchecked', rule: 'FD-CONNECT-CUSTOMER: the micro-entry verification refuses an unknown customer', source: 'provider', rules: ['FD-CONNECT-CUSTOMER'] },
  { id: 'connect-consumer-unchecked', rule: "FD-CONNECT-CONSUMER: a consumer that is not the customer's is a 400", source: 'assumption', rules: ['FD-CONNECT-CONSUMER'] },
  { id: 'connect-partner-unchecked', rule: "FD-CONNECT-PARTNER: a partnerId other than the caller's is a 400", source: 'assumption', rules: ['FD-CONNECT-PARTNER'] },
  // Required members (provider 1.35.0 required lists).
  { id: 'connect-lite-partner-optional', rule: 'FD-CONNECT-REQUIRED: Lite Connect without partnerId is a 400', source: 'provider', rules: ['FD-CONNECT-REQUIRED'], relax: [{ schema: 'LiteConnectParameters', at: ['allOf', '1'], unrequire: ['partnerId'] }] },
  { id: 'connect-bill-pay-identity-optional', rule: 'FD-CONNECT-REQUIRED: the bill pay switch flow without identity is a 400', source: 'provider', rules: ['FD-CONNECT-REQUIRED'], relax: [{ schema: 'ConnectGenerateTransferBillPaySwitchParameters', unrequire: ['identity'] }] },
  // E-mail variants (seed 002, Connect; provider 1.35.0 ConnectEmailUrl, EmailOptions).
  { id: 'connect-email-subject-default', rule: 'FD-CONNECT-EMAIL: the e-mail answered is the one sent (its subject)', source: 'provider', rules: ['FD-CONNECT-EMAIL'] },
  { id: 'connect-joint-email-empty-accepted', rule: 'FD-CONNECT-JOINT-EMAIL: an e-mail with an empty address is a 400', source: 'seed', rules: ['FD-CONNECT-JOINT-EMAIL'], relax: [{ schema: 'ConnectEmailOptions', at: ['properties', 'to'], drop: ['minLength'] }] },
  { id: 'connect-joint-email-one-refused', rule: 'FD-CONNECT-JOINT-EMAIL: one joint-borrower address is enough (200)', source: 'seed', rules: ['FD-CONNECT-JOINT-EMAIL'] },
  // Fix connect (seed 002: 404).
  { id: 'connect-fix-login-unchecked', rule: 'FD-CONNECT-FIX-LOGIN: an unknown institution login is a 404', source: 'seed', rules: ['FD-CONNECT-FIX-LOGIN'] },
  { id: 'connect-fix-other-customer-login', rule: "FD-CONNECT-FIX-LOGIN: another customer's login is a 404", source: 'seed', rules: ['FD-CONNECT-FIX-LOGIN'] },
  { id: 'connect-fix-unknown-400', rule: 'FD-CONNECT-FIX-LOGIN: an unknown login is a 404, not a 400', source: 'seed', rules: ['FD-CONNECT-FIX-LOGIN'] },
  // Experiences list (seed 002, Connect; provider 1.35.0 AppNameParam, 404 example 4004).
  { id: 'connect-experiences-app-optional', rule: 'FD-CONNECT-EXPERIENCES: no appName is a 400', source: 'provider', rules: ['FD-CONNECT-EXPERIENCES'] },
  { id: 'connect-experiences-unknown-app-empty', rule: 'FD-CONNECT-EXPERIENCES: an unknown application name is a 404, not an empty list', source: 'provider', rules: ['FD-CONNECT-EXPERIENCES'] },
  { id: 'connect-experiences-filter-ignored', rule: 'FD-CONNECT-EXPERIENCES: the product code filter keeps only matching experiences', source: 'provider', rules: ['FD-CONNECT-EXPERIENCES'] },
];
