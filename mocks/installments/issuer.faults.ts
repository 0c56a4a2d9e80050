// Faults of the issuer's notification endpoint (switched in issuer.ts and errors.ts): each breaks
// one rule of schemas/installments/rules.yaml, the way a provider's release might. `rules` names the
// rule ids it breaks (`npm run mutation -- --targeted` runs the specs citing them). The faults of
// the suite's authors first, then those written blind (`origin: 'blind'`, measured apart by `npm run
// mutation -- --blind`).
import { faultCatalogue, independent, seeded } from '../kit/faults.js';
import { relax, rule } from './fault-builders.js';

export const ISSUER_FAULTS = faultCatalogue([
  // Seeded beside the check of ICAs sharing a prefix with the served one (notifications.issuer-prefixes.spec.ts; origin 'seeded').
  seeded({
    id: 'seeded-issuer-ica-first-four',
    rule: "IN-ISSUER-UNKNOWN: the issuer endpoint matches a notification's issuerIca on its first four characters, so an ICA sharing them with the served one is answered 201",
    source: 'assumption',
    rules: ['IN-ISSUER-UNKNOWN'],
  }),
  // Seeded beside the check of the throttle's window and what it counts (origin 'seeded').
  seeded({
    id: 'issuer-throttle-window-doubled',
    rule: "IN-ISSUER-THROTTLE-WINDOW: the throttle's window is twice its length (a caller's notifications a window later are still refused)",
    source: 'assumption',
    rules: ['IN-ISSUER-THROTTLE-WINDOW'],
  }),
  seeded({
    id: 'issuer-throttle-counts-refused',
    rule: 'IN-ISSUER-THROTTLE-WINDOW: a notification answered 429 counts toward the throttle as an accepted one does',
    source: 'assumption',
    rules: ['IN-ISSUER-THROTTLE-WINDOW'],
  }),
  seeded({
    id: 'issuer-throttle-per-plan',
    rule: "IN-ISSUER-THROTTLE: the throttle counts each plan's notifications apart, not every notification of the caller's address (provider 2.0.0, the IP rate limit)",
    source: 'provider',
    rules: ['IN-ISSUER-THROTTLE'],
  }),
  // Limits, patterns, enums and array caps (provider 2.0.0): the mock's validation is loosened.
  relax('issuer-issuerIca-not-required', 'notification: issuerIca required', 'PlanNotification', undefined, { unrequire: ['issuerIca'] }, [
    'IN-ISSUER-INVALID',
  ]),
  // The issuer endpoint (reference, Flows - notification (b)).
  rule('issuer-answers-200', 'issuer answers a valid notification 201', ['IN-ISSUER-ACCEPT']),
  rule('issuer-reason-code-too-long', 'PlanNotifError ReasonCode maxLength', ['IN-ISSUER-INVALID']),
  rule('issuer-source-too-long', 'PlanNotifError Source maxLength', ['IN-ISSUER-INVALID']),
  rule('issuer-unknown-ica-accepted', 'issuer: unknown issuerIca is 404', ['IN-ISSUER-UNKNOWN']),
  rule('issuer-never-throttles', 'issuer: too many notifications from one address is 429', ['IN-ISSUER-THROTTLE']),
  // Seeded beside the check of the served ICA written another way (tests/installments/notifications.issuer.spec.ts).
  seeded({
    id: 'issuer-ica-separators-ignored',
    rule: 'IN-ISSUER-UNKNOWN: the issuer compares the ICA without its hyphens and spaces, so its own ICA with a hyphen inside is served (201), not 404',
    source: 'assumption',
    rules: ['IN-ISSUER-UNKNOWN'],
  }),
  // The fourth independent set (kit/faults.ts, independent): written from the seeds, the provider's
  // documents, the contract, the rule catalogue and this mock only, the specs unread.
  independent('independent-4', {
    id: 'i4-issuer-throttle-window-half-minute',
    rule: "the issuer throttles a caller's notifications within its window (IN-ISSUER-THROTTLE-WINDOW; written for the earlier minute): the window is half its length, so a further notification half a window later is accepted",
    source: 'assumption',
    rules: ['IN-ISSUER-THROTTLE-WINDOW'],
  }),
  independent('independent-9', {
    id: 'i9-issuer-fourth-accepted',
    rule: 'the issuer accepts its allowance of notifications within its window and answers the next one 429 (IN-ISSUER-THROTTLE; written for the earlier per-plan allowance): the count is compared with > instead of >=, so one notification over the allowance is accepted and only the following one refused',
    source: 'provider',
    rules: ['IN-ISSUER-THROTTLE'],
  }),
  independent('independent-9', {
    id: 'i9-issuer-ica-leading-zeros-ignored',
    rule: 'the issuer answers a notification for an issuer ICA it does not serve with 404 (reference, Notification (b)): the ICA is compared as a number, so 4321 is served as 004321 (201)',
    source: 'assumption',
    rules: ['IN-ISSUER-UNKNOWN'],
  }),
  // Red team rt-: a deviation a stranger would write (seeded beside the checks extended for its family).
  seeded({
    id: 'rt-issuer-unknown-ica-answers-403',
    rule: 'the issuer answers a notification for an issuer ICA it does not serve with 404 (reference, Flows - notification (b)): it answers 403',
    source: 'assumption',
    rules: ['IN-ISSUER-UNKNOWN'],
  }),
  // The second red team (origin 'seeded', ids rt2-): deviations a stranger would write, measured before any check was extended.
  seeded({
    id: 'rt2-issuer-unknown-ica-counted',
    rule: "IN-ISSUER-THROTTLE-WINDOW: the throttle counts a caller's accepted notifications: a notification answered 404 for an unknown issuerIca counts toward its caller's allowance",
    source: 'assumption',
    rules: ['IN-ISSUER-THROTTLE-WINDOW'],
  }),
  // Seeded beside the check of the throttle's window at the millisecond (notifications.issuer-throttle-edges.spec.ts; origin 'seeded').
  seeded({
    id: 'seeded-fam26-issuer-throttle-age-whole-seconds',
    rule: "IN-ISSUER-THROTTLE-WINDOW: a notification's age is rounded to whole tenths of the window, so one a millisecond short of the window is taken as a window old and no longer counted (one over the allowance then answered 201)",
    source: 'assumption',
    rules: ['IN-ISSUER-THROTTLE-WINDOW'],
  }),
  seeded({
    id: 'seeded-fam26-issuer-throttle-fixed-minute',
    rule: "IN-ISSUER-THROTTLE-WINDOW: the throttle counts a caller's notifications per window of the clock (a fixed window starting afresh on each whole second), not over the sliding window before each notification",
    source: 'assumption',
    rules: ['IN-ISSUER-THROTTLE-WINDOW'],
  }),
  independent('independent-21', {
    id: 'i21-issuer-truncated-ica-served',
    rule: 'the issuer answers a notification for an issuer ICA it does not serve with 404 (reference installments.md, issuer endpoint): an ICA that is a served ICA without its last digits is taken as served (201)',
    source: 'assumption',
    rules: ['IN-ISSUER-UNKNOWN'],
  }),
  independent('independent-21', {
    id: 'i21-issuer-throttle-window-edge-inclusive',
    rule: "the issuer accepts its allowance of a caller's notifications within its window, the window sliding (IN-ISSUER-THROTTLE-WINDOW; written for the earlier minute): a notification exactly a window after the first is still counted and answered 429",
    source: 'assumption',
    rules: ['IN-ISSUER-THROTTLE-WINDOW'],
  }),
  independent('independent-24', {
    id: 'i24-issuer-throttle-window-59s',
    rule: "the issuer accepts its allowance of a caller's notifications within a sliding window and answers the next one 429 (IN-ISSUER-THROTTLE-WINDOW; written for the earlier minute): the window is a sixtieth short, so a notification past the allowance just before the window's end is accepted",
    source: 'assumption',
    rules: ['IN-ISSUER-THROTTLE-WINDOW'],
  }),
  independent('independent-27', {
    id: 'i27-issuer-unknown-ica-reason-code-too-long',
    rule: "the issuer's 404 is a PlanNotifError whose ReasonCode keeps within its maxLength (reference/installments.md, Flows (b)): the 404 of an unserved issuerIca carries a ReasonCode two characters longer",
    source: 'assumption',
    rules: ['IN-ISSUER-UNKNOWN', 'IN-ERR-SHAPE'],
  }),
  independent('independent-27', {
    id: 'i27-issuer-repeat-answer-without-body',
    rule: 'the issuer answers a valid notification 201 {status, message} (provider 2.0.0, notifyPlan 201): a second valid notification of the same plan within the minute is answered 201 with no body',
    source: 'provider',
    rules: ['IN-ISSUER-ACCEPT'],
  }),
  independent('independent-29', {
    id: 'i29-inst-issuer-throttle-keyed-by-offer',
    rule: "the issuer throttles a caller's notifications (IN-ISSUER-THROTTLE; written for the earlier per-plan allowance): the allowance is counted per offerId, so a caller's notifications of different offers are never refused",
    source: 'provider',
    rules: ['IN-ISSUER-THROTTLE', 'IN-ISSUER-ACCEPT'],
  }),
  independent('independent-31', {
    id: 'i31-inst-issuer-400-source-is-field',
    rule: 'the issuer answers an invalid notification 400 PlanNotifError whose Source keeps within its maxLength (provider 2.0.0, PlanNotifError; reference, Flows - issuer certification): Source names the offending member, past that limit for members such as planInstallmentInformation',
    source: 'provider',
    rules: ['IN-ISSUER-INVALID', 'IN-ERR-SHAPE'],
  }),
  independent('independent-33', {
    id: 'i33-inst-issuer-429-empty-body',
    rule: 'errors carry the Errors.Error body (reference, Error body; Operations: notifyPlan 429): the throttled notification is answered 429 with an empty body',
    source: 'assumption',
    rules: ['IN-ISSUER-THROTTLE', 'IN-ERR-SHAPE'],
  }),
  independent('independent-35', {
    id: 'i35-inst-issuer-refused-notification-counted',
    rule: "only accepted notifications count toward the issuer's throttle (IN-ISSUER-THROTTLE-WINDOW; written for the earlier per-plan allowance): a notification refused 400 for its contract still counts, so fewer valid ones are accepted before the 429",
    source: 'assumption',
    rules: ['IN-ISSUER-THROTTLE-WINDOW', 'IN-PROP-REFUSED-NO-TRACE'],
  }),
  independent('independent-37', {
    id: 'i37-inst-issuer-unknown-ica-answered-400',
    rule: 'the issuer answers a notification for an issuer ICA it does not serve with 404 (reference, flows: issuer certification): the mock issuer refuses it 400 as an invalid issuerIca',
    source: 'assumption',
    rules: ['IN-ISSUER-UNKNOWN'],
  }),
]);
