// Faults of Connect, named `fd-<rule id>-<deviation>` (schemas/financial-data/rules/connect.yaml): `relax`, or connect.ts's seams
// (the judged request, the session a link opens before it is signed, the answer). An id docs/mutation.md names, and a blind fault's
// first id, stay as aliases.
import { assumption, blind, faultCatalogue, provider, seeded, was, type SeamFn, schema } from '../kit/faults.js';
import { faultKit } from './fault-builders.js';
import { findLogin } from './state.js';
import type { ConnectSeams, Exchange, Session } from './connect.records.js';
import type { FdOperationId as Op } from '../../helpers/contract/operations.js';

type Judge = SeamFn<ConnectSeams, 'judge'>;
type Stating = SeamFn<ConnectSeams, 'state'>;
const { fault, fold, skip, refuse, answered } = faultKit<ConnectSeams>();
const JOINT_EMAIL: Op = 'SendJointBorrowerConnectEmail';
const EMAIL: Op = 'SendConnectEmail';

// (a) The request as judged: functions at the judge seam.
/** A borrower's customer and consumer left unchecked where `when` holds (neither step looks at it). */
const unchecked =
  (when: (x: Exchange) => boolean): Judge =>
  (x, s, r) =>
    (s === 'customer' || s === 'consumer') && when(x) ? undefined : r;
const refusedBody = (when: (x: Exchange) => boolean, message: string) => refuse('body', when, { status: 400, message });
const anyLogin = (x: Exchange) => !!x.world.logins.get(Number(x.body.institutionLoginId));
// (b) The session a link opens: functions at the state seam.
const session =
  (bend: (s: Session, x: Exchange) => void, when: (x: Exchange) => boolean = () => true): Stating =>
  (x, s) => {
    if (when(x)) bend(s, x);
    return s;
  };

export const CONNECT_FAULTS = faultCatalogue([
  fault('fd-connect-language-transfer-french-accepted', 'FD-CONNECT-LANGUAGE: the Connect Transfer flows take fr (en and es only)', {
    relax: schema('ConnectTransferLanguage', { set: { enum: ['en', 'es', 'fr'] } }),
    ...assumption,
    ...blind,
    ...was('blind-connect-transfer-accepts-french'),
  }),
  fault('fd-connect-required-bill-pay-identity-optional', 'FD-CONNECT-REQUIRED: the bill pay switch flow without identity is taken', {
    relax: schema('ConnectGenerateTransferBillPaySwitchParameters', { unrequire: ['identity'] }),
    ...provider,
  }),
  fault('fd-connect-required-lite-institution-optional', {
    rule: 'FD-CONNECT-REQUIRED: a Lite Connect body without institutionId answers a link to no institution',
    relax: [{ schema: 'LiteConnectParameters', at: ['allOf', '1'], unrequire: ['institutionId'] }],
    ...provider,
    ...blind,
    ...was('blind-connect-lite-institution-optional'),
  }),

  // --- The link (seed 002, Connect: 200 URL; provider 1.35.0 ConnectLink examples)
  fault('fd-prop-url-encoded-transfer-identity-raw', {
    rule: "FD-PROP-URL-ENCODED: the Transfer links pre-fill the switch page with the identity's city and address placed in the link's query raw, not percent-encoded",
    answer: answered(['GenerateTransferBillPaySwitchUrl', 'GenerateTransferDepositSwitchUrl'], (b, x) => {
      const identity = x.body.identity;
      return identity?.city ? { ...b, link: `${b.link}&city=${identity.city}&address=${identity.address ?? ''}` } : b;
    }),
    ...assumption,
    ...seeded,
    ...was('seeded-prop-url-transfer-identity-raw'),
  }),
  fault('fd-connect-ssn-secret-joint-ssn-in-link', {
    rule: "FD-CONNECT-SSN-SECRET: the joint borrower's SSN pre-fills the co-borrower's payroll step through the link",
    state: session(
      (s, x) =>
        s.query.set(
          'jointBorrowerSsn',
          x.body.borrowers.find((b: any) => b.type !== 'primary' && b.optionalConsumerInfo).optionalConsumerInfo.ssn,
        ),
      (x) => !!x.body.borrowers?.find((b: any) => b.type !== 'primary' && b.optionalConsumerInfo)?.optionalConsumerInfo?.ssn,
    ),
    ...blind,
    ...was('blind-connect-joint-ssn-in-link'),
  }),

  // --- Language (seed 002, Connect: en by default, es and fr)
  fault('fd-connect-language-french-refused', 'FD-CONNECT-LANGUAGE: French (Canada), fr, is refused', {
    judge: refusedBody((x) => x.body.language === 'fr', 'language fr is not supported'),
  }),

  // --- Experiences in the generate bodies (provider 1.35.0 Experience; unknown GUID: assumption)
  fault('fd-connect-experience-known-refused', "FD-CONNECT-EXPERIENCE: the id of one of the partner's experiences is refused", {
    judge: refuse('known', (x) => x.known === true, {
      status: 400,
      message: '"experience" must be a valid GUID of one of your experiences',
    }),
    ...provider,
  }),
  fault('fd-connect-experience-joint-email-default-refused', {
    rule: 'FD-CONNECT-EXPERIENCE: experience "default" is refused on the joint-borrower e-mail',
    judge: refuse('experience', (x) => x.op === JOINT_EMAIL && x.body.experience === 'default', {
      status: 400,
      message: '"experience" must be a valid GUID',
    }),
    ...provider,
    ...blind,
    ...was('blind-connect-joint-email-default-experience-refused'),
  }),

  // --- Who the session is for (provider 1.35.0 example 10010; consumer and partner: assumption)
  fault('fd-connect-customer-unchecked', 'FD-CONNECT-CUSTOMER: an unknown customer is taken', {
    judge: unchecked(() => true),
    ...provider,
  }),
  fault('fd-connect-consumer-unchecked', "FD-CONNECT-CONSUMER: a consumer that is not the customer's is taken", {
    judge: skip('consumer'),
    ...assumption,
  }),
  fault('fd-connect-partner-unchecked', "FD-CONNECT-PARTNER: a partnerId other than the caller's is taken", {
    judge: skip('partner'),
    ...assumption,
  }),
  fault('fd-connect-fix-login-other-customer-400', {
    rule: 'FD-CONNECT-FIX-LOGIN: Fix Connect for a login of another customer is a 400, not a 404',
    judge: (x, s, r) => (s === 'login' && r && anyLogin(x) ? { ...r, status: 400 } : r),
    ...blind,
    ...was('blind-connect-fix-other-customer-login-400'),
  }),
  fault('fd-prop-every-kind-connect-fix-legacy-login-404', {
    rule: 'FD-CONNECT-FIX-LOGIN, FD-PROP-EVERY-KIND: a legacy (non-OAuth) login of the customer is answered 404 as if it did not exist',
    judge: refuse('login', (x) => !!findLogin(x.world, x.body.customerId, String(x.body.institutionLoginId), x.input.partner!.id)?.legacy, {
      status: 404,
      message: 'Customer does not have any accounts associated with institutionLoginId.',
    }),
    ...was('i36-fd-connect-fix-legacy-login-404'),
  }),

  // --- The e-mail variants (seed 002, Connect; provider 1.35.0 ConnectEmailUrl, EmailOptions: the e-mail answered as sent)
  fault('fd-connect-email-subject-default', 'FD-CONNECT-EMAIL: the e-mail answered carries the default subject, not the one sent', {
    answer: answered([EMAIL, JOINT_EMAIL], (b) => ({
      ...b,
      emailConfig: { ...b.emailConfig, subject: 'Verify your Financial Information' },
    })),
    ...provider,
  }),
  fault('fd-connect-joint-email-one-refused', 'FD-CONNECT-JOINT-EMAIL: one joint-borrower address is refused (two asked for)', {
    judge: refusedBody(
      (x) => x.op === JOINT_EMAIL && !String(x.body.email?.to ?? '').includes(','),
      'at least two e-mail addresses are required',
    ),
  }),
  fault('fd-connect-experiences-filter-first-code-only', 'FD-CONNECT-EXPERIENCES: only the first of the product codes asked filters', {
    judge: fold(
      'codes',
      (x) => !!x.codes,
      (x) => (x.codes = x.codes!.slice(0, 1)),
    ),
    ...provider,
    ...blind,
    ...was('blind-connect-experiences-filter-first-code-only'),
  }),
]);
