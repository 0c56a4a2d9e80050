// Faults of the issuer's notification endpoint (issuer.ts, errors.ts), each breaking one rule of schemas/installments/rules.yaml.
// The suite's authors' faults first, then the blind ones (`origin: 'blind'`).
import { assumption, faultCatalogue, provider, seeded } from '../kit/faults.js';
import { errorItems, recodeAt, fault } from './fault-builders.js';
import { INVALID, MISSING } from './errors.js';

export const ISSUER_FAULTS = faultCatalogue([
  fault('issuer-throttle-per-plan', {
    rule: "IN-ISSUER-THROTTLE: the throttle counts each plan's notifications apart, not every notification of the caller's address (provider 2.0.0, the IP rate limit)",
    ...seeded,
    state: (x, c) => (c.counted && x.ok ? { ...c, throttleKey: `plan:${x.ok.body.planId}` } : c),
    ...provider,
  }),
  fault('issuer-reason-code-too-long', {
    rule: 'PlanNotifError ReasonCode maxLength',
    rules: ['IN-ISSUER-INVALID'],
    ...assumption,
    answer: errorItems(
      (item) => void (item.ReasonCode = 'INVALID_FIELD_VALUE_IN_THE_REQUEST_BODY'),
      (a) =>
        a.status === 400 &&
        [a.body?.Errors?.Error ?? []].flat().some((i: { ReasonCode?: string }) => i.ReasonCode === MISSING || i.ReasonCode === INVALID),
    ),
  }),
  fault('in-issuer-unknown-ica-reason-code-too-long', {
    rule: "the issuer's 404 is a PlanNotifError whose ReasonCode keeps within its maxLength (reference/installments.md, Flows (b)): the 404 of an unserved issuerIca carries a ReasonCode two characters longer",
    rules: ['IN-ISSUER-UNKNOWN', 'IN-ERR-SHAPE'],
    ...assumption,
    judge: recodeAt('issuer-ica', (r) => ({ ...r, reasonCode: 'ISSUER_ICA_NOT_SERVED_BY_THIS_ENDPOINT' })),
  }),
  fault('in-issuer-invalid-400-source-is-field', {
    rule: 'the issuer answers an invalid notification 400 PlanNotifError whose Source keeps within its maxLength (provider 2.0.0, PlanNotifError; reference, Flows - issuer certification): Source names the offending member, past that limit for members such as planInstallmentInformation',
    rules: ['IN-ISSUER-INVALID', 'IN-ERR-SHAPE'],
    answer: errorItems(
      (item) => void (item.Source = item.Details ?? item.Source),
      (a, x) => x.op === 'notifyPlan' && x.refused === 400 && a.status === 400,
    ),
    ...provider,
  }),
  fault('in-issuer-throttle-window-refused-notification-counted', {
    rule: "only accepted notifications count toward the issuer's throttle (IN-ISSUER-THROTTLE-WINDOW; written for the earlier per-plan allowance): a notification refused 400 for its contract still counts, so fewer valid ones are accepted before the 429",
    rules: ['IN-ISSUER-THROTTLE-WINDOW', 'IN-PROP-REFUSED-NO-TRACE'],
    ...assumption,
    state: (x, c) => (x.op === 'notifyPlan' && x.refused === 400 ? { ...c, counted: true } : c),
  }),
]);
