// Faults of plans and the notification to the issuer (switched in plans.ts; the limits through the
// contract): each breaks one rule of schemas/installments/rules.yaml, the way a provider's release
// might. `rules` names the rule ids it breaks (`npm run mutation -- --targeted` runs the specs
// citing them). The faults of the suite's authors first, then those written blind (`origin:
// 'blind'`, measured apart by `npm run mutation -- --blind`).
import { faultCatalogue, independent, telling, seeded, type FaultSeams } from '../kit/faults.js';
import type { PlanSeams } from './state.js';
import { answered, blind, judged, relax, rule } from './fault-builders.js';

export const PLANS_FAULTS = faultCatalogue([
  // Seeded beside the lasting-state property (invariants.lasting.spec.ts): the 24 hours of the status read taken as the decision's life.
  seeded({
    id: 'in-prop-lasting-decision-times-out-after-a-day',
    rule: 'IN-PROP-LASTING: getPlan shows a decided plan (approved or declined) as TIMED_OUT once 24 hours have passed since it first showed it decided (provider 2.0.0 getPlanApprovalStatus asks the status be read within 24 hours: a time for the caller, not an end of the decision)',
    source: 'seed',
    rules: ['IN-PROP-LASTING'],
    seams: {
      state: (x, plan, memory) => {
        if (x.operationId !== 'getPlan' || (plan.status !== 'APPROVED' && plan.status !== 'DECLINED')) return plan;
        memory[plan.planId] ??= x.nowMs;
        return x.nowMs - memory[plan.planId] >= 86_400_000 ? { ...plan, status: 'TIMED_OUT' } : plan;
      },
    } satisfies FaultSeams<PlanSeams>,
  }),
  // Seeded beside the path-id property (invariants.readers-agree.spec.ts): a plan read by another of its identifiers.
  seeded({
    id: 'seeded-prop-getplan-provider-id-reads-latest-plan',
    rule: "IN-PROP-ID-NAMES-ONE: getPlan given a plan's providerId for its plan_id (both UUIDs) answers that provider's latest plan, a lookup falling back on the lender's id, where no plan has that id (404)",
    source: 'assumption',
    rules: ['IN-PROP-ID-NAMES-ONE', 'IN-LOOKUP-EXACT'],
  }),
  // Seeded beside the plans made in every minor unit with small, fractional and large amounts (plans.read.spec.ts; origin 'seeded').
  seeded({
    id: 'seeded-fam24-getplan-three-decimal-amount-rounded-to-cents',
    rule: 'IN-ECHO-PLAN: getPlan reads back the transaction amount the plan was created with: a plan in a currency of three decimals (KWD, BHD) is read back rounded to hundredths',
    source: 'assumption',
    rules: ['IN-ECHO-PLAN'],
  }),
  seeded({
    id: 'seeded-fam24-getplan-large-amount-single-precision',
    rule: 'IN-ECHO-PLAN: getPlan reads back the transaction amount the plan was created with: an amount of ten million or more is read back through a single-precision float',
    source: 'assumption',
    rules: ['IN-ECHO-PLAN'],
  }),
  // Seeded beside the checks of the issuer's account range on every card form (notifications.issuer-range.spec.ts; origin 'seeded').
  seeded({
    id: 'seeded-notify-range-low-exclusive',
    rule: "IN-NOTIFY-SENT: a plan for the card at the low end of the issuer's account range notifies no issuer (the low end read as exclusive)",
    source: 'seed',
    rules: ['IN-NOTIFY-SENT'],
  }),
  // Seeded beside the card's masked forms (notifications.card-data.spec.ts; origin 'seeded').
  seeded({
    id: 'seeded-notify-card-grouped-bin-and-last-four',
    rule: 'IN-OBJ-SENSITIVE: the notification names the card at most by its last four (provider 2.0.0, notifyPlan consumer.panLastFour): its consumer also carries the card in groups of four with the first six and the last four shown',
    source: 'provider',
    rules: ['IN-OBJ-SENSITIVE'],
  }),
  seeded({
    id: 'seeded-saveplan-card-last-eight',
    rule: 'IN-OBJ-SENSITIVE: answers carry at most the last four digits of a card (provider 2.0.0: card data only encrypted in requests, panLastFour at most in answers): the savePlan 201 names the card by its last eight digits in groups of four',
    source: 'provider',
    rules: ['IN-OBJ-SENSITIVE'],
  }),
  // Seeded beside the check of a schedule shorter than its tenure (plans.chosen-offer.spec.ts; origin 'seeded').
  seeded({
    id: 'getplan-tenure-from-schedule-length',
    rule: "IN-ECHO-PLAN: getPlan shows as tenure the number of scheduled payments, so a plan sent with its first installment paid at checkout (a schedule one shorter than the chosen offer's tenure) reads back with the shorter tenure",
    source: 'assumption',
    rules: ['IN-ECHO-PLAN'],
  }),
  // Seeded beside the check that a selection is notified once whatever follows it (notifications.count.spec.ts; origin 'seeded').
  seeded({
    id: 'notify-resent-on-async-decision',
    rule: 'IN-NOTIFY-EXACT: a plan is notified once, when it is selected; the read that shows its asynchronous approval sends no second notification',
    source: 'seed',
    rules: ['IN-NOTIFY-EXACT'],
  }),
  // Limits, patterns, enums and array caps (provider 2.0.0): the mock's validation is loosened.
  relax('offerId-length-unenforced', 'offerId minLength/maxLength', 'OfferId', undefined, { drop: ['minLength', 'maxLength'] }, [
    'IN-ISSUER-INVALID',
    'IN-ERR-CONTRACT',
  ]),
  relax(
    'tenure-range-unenforced',
    'tenure minimum/maximum',
    'PlanInstallmentInformation',
    ['properties', 'tenure'],
    { drop: ['minimum', 'maximum'] },
    ['IN-LIM-TENURE'],
  ),
  judged(
    'plan-merchant-unchecked',
    "IN-VAL-PLAN-OFFER-TERMS: a plan's merchant is not compared with its offers request's: another merchant's details are taken",
    ['IN-VAL-PLAN-OFFER-TERMS'],
    ['savePlan'],
    'merchant',
    () => undefined,
  ),
  answered(
    'saveplan-location-names-offers',
    "IN-ECHO-PLAN-LOCATION: the 201 of a plan's selection names its offers answer in its Location (plans/<offerTransactionId>), not the plan made",
    ['IN-ECHO-PLAN-LOCATION'],
    'savePlan',
    (x: { operationId: string; body: Record<string, any> }, a) => ({
      ...a,
      headers: { ...a.headers, Location: `plans/${String(x.body.offerTransactionId)}` },
    }),
  ),
  relax('plan-amount-type-open', 'amountType PURCHASE or FINAL', 'PlanTransaction', ['properties', 'amountType'], { drop: ['enum'] }, [
    'IN-ENUM-AMOUNTTYPE',
  ]),
  relax('apr-range-unenforced', 'apr 0-200', 'PlanInstallmentInformation', ['properties', 'apr'], { drop: ['minimum', 'maximum'] }, [
    'IN-LIM-APR',
  ]),
  relax(
    'schedulePayments-max-99-unenforced',
    'schedulePayments maxItems',
    'PlanRequest',
    ['properties', 'schedulePayments'],
    { drop: ['maxItems'] },
    ['IN-LIM-SCHEDULE'],
  ),
  // Auth and transport (reference, Transport and auth).
  rule('method-not-allowed-404', 'other methods on /plans/{plan_id}: 405', ['IN-TRANS-METHOD']),
  // Plans and approvals (reference, Flows - checkout).
  rule('unknown-offer-transaction-accepted', 'a plan is created from an offers transaction of the service', ['IN-STATE-OFFER-TRANSACTION']),
  rule('plan-created-200', 'plan creation answers 201', ['IN-STATUS-PLAN-CREATED']),
  {
    id: 'plan-carries-consumer-key',
    rule: "IN-OBJ-SENSITIVE: getPlan's answer carries the caller's consumer key (requestedBy)",
    source: 'provider',
    rules: ['IN-OBJ-SENSITIVE'],
  },
  {
    id: 'plan-status-from-body',
    rule: "IN-OBJ-READ-ONLY: a plan's status sent in the savePlan body is stored and read back",
    source: 'provider',
    rules: ['IN-OBJ-READ-ONLY'],
  },
  // Seeded beside the read-only check on every reader of the plan (origin 'seeded').
  seeded({
    id: 'seeded-plan-callback-from-body',
    rule: "IN-OBJ-READ-ONLY: a callbackUrl sent in the savePlan body (its request declares none) is stored as the plan's and answered by getPlanApprovalStatus",
    source: 'provider',
    rules: ['IN-OBJ-READ-ONLY'],
  }),
  rule('plan-id-unchecked', 'getPlan: plan_id not a UUID is 400', ['IN-FMT-UUID']),
  rule('plan-status-stale', 'the plan read back shows the approval', ['IN-STATE-DECISION', 'IN-ECHO-PLAN']),
  // The notification to the issuer (seed 001, Events; reference, Main fields - Notification).
  rule('notification-not-sent', 'selecting a plan notifies the issuer of the account range', ['IN-NOTIFY-SENT']),
  // Outbound deliveries (kit/faults.ts, seeded): the configured endpoint changed on the way.
  seeded({
    id: 'notification-url-query-dropped',
    rule: "IN-NOTIFY-EXACT: the notification goes to the issuer's endpoint as configured for the account range, query string included",
    source: 'assumption',
    rules: ['IN-NOTIFY-EXACT'],
  }),
  rule('notification-wrong-plan', 'the notification names the plan selected', ['IN-NOTIFY-SENT', 'IN-NOTIFY-SHAPE']),
  rule('notification-missing-issuerIca', 'notification body: issuerIca required', ['IN-NOTIFY-SHAPE']),
  rule('notification-no-correlation-id', 'notification header Correlation-Id required', ['IN-NOTIFY-SHAPE']),
  rule('notification-unsigned', 'the service signs the notification (OAuth 1.0a)', ['IN-NOTIFY-SIGNED']),
  // Filters, paging, readers, counts, echoes and paths of the suite's rule catalogue.
  {
    id: 'plan-read-ignores-async',
    rule: 'IN-STATE-DECISION@plan: getPlan shows an asynchronous decision',
    source: 'seed',
    rules: ['IN-STATE-DECISION'],
  },
  // Normalisations on one path (kit/faults.ts, telling): reference, Flows - checkout (getPlan reads back the plan).
  telling({
    id: 'telling-getplan-amount-whole-units',
    rule: 'getPlan reads back the transaction amount saved (IN-ECHO-PLAN): this one rounds it to whole units',
    source: 'assumption',
    rules: ['IN-ECHO-PLAN'],
  }),
  // Written blind (kit/faults.ts, blind): from the sources and the mock, without reading the specs.
  // Off-by-one limits (provider 2.0.0 field schemas; reference, Main fields).
  blind(
    'blind-tenure-1-accepted',
    'savePlan planInstallmentInformation.tenure is within its minimum and maximum (provider; reference, tenure): one below the minimum is accepted',
    'provider',
    ['IN-LIM-TENURE'],
    [{ schema: 'PlanInstallmentInformation', at: ['properties', 'tenure'], set: { minimum: 1 } }],
  ),
  blind(
    'blind-schedule-payments-100-accepted',
    'savePlan schedulePayments at most maxItems (provider; reference, schedulePayments[]): one more accepted',
    'provider',
    ['IN-LIM-SCHEDULE'],
    [{ schema: 'PlanRequest', at: ['properties', 'schedulePayments'], set: { maxItems: 100 } }],
  ),
  // State changes seen through other endpoints (seed 001, States; reference, Flows - checkout and services).
  blind(
    'blind-getplan-decline-not-shown',
    'a plan is approved or declined (seed 001, States) and getPlan shows the decision (reference, Flows - checkout): a DECLINED plan is read back as CREATED (approvals still shown)',
    'seed',
    ['IN-STATE-DECISION'],
  ),
  // The notification to the issuer (seed 001, Events; reference, Main fields - Notification).
  blind(
    'blind-notification-for-unconfigured-range',
    "the notification goes to the issuer configured for the card's account range (seed 001, Events; reference Flows - notification (a)): a plan on a card of no configured range notifies the default issuer",
    'assumption',
    ['IN-NOTIFY-NONE'],
  ),
  // No rule of the catalogue covers Correlation-Id propagation: no rules, the whole service runs.
  blind(
    'blind-notification-correlation-id-regenerated',
    'the Correlation-Id given to POST /plans is propagated downstream (provider: "propagate to all down-stream systems"): the notification carries a fresh one',
    'provider',
  ),
  blind(
    'blind-notification-amount-in-cents',
    'notification transaction.amount is the purchase amount in the units of its currency (provider PlanNotifTransaction; reference): sent in minor units (x100)',
    'provider',
    ['IN-NOTIFY-SHAPE'],
  ),
  blind(
    'blind-notification-schedule-amount-key',
    "notification schedulePayments items carry installmentAmount* (provider PlanNotifSchedulePayment; reference Main fields - Notification): they carry the plan record's `amount` instead",
    'provider',
    ['IN-NOTIFY-SHAPE'],
  ),
  // The second independent set (kit/faults.ts, independent): written from the seeds, the provider's
  // documents, the contract and the rule catalogue only, the specs unread.
  // Seeded beside the plan id in another case on every reader (lookups.end-forms.spec.ts; origin 'seeded').
  seeded({
    id: 'seeded-getplan-id-case-folded',
    rule: 'IN-LOOKUP-EXACT: getPlan finds the plan by its id in any case while getPlanApprovalStatus and planApproval do not, so one id names the plan on one reader and no plan on the others',
    source: 'assumption',
    rules: ['IN-LOOKUP-EXACT'],
  }),
  // Seeded beside the plan's merchant read back (plans.read.spec.ts; origin 'seeded').
  seeded({
    id: 'seeded-saveplan-zero-mcc-stored-as-default',
    rule: "IN-ECHO-PLAN: savePlan stores the plan's merchant with the default mcc 5999 when the offers request's mcc starts with a zero, so getPlan reads back another mcc than the one named",
    source: 'assumption',
    rules: ['IN-ECHO-PLAN'],
  }),
  independent('independent-2', {
    id: 'i2-notification-signed-over-other-bytes',
    rule: 'the notification is signed by the service over the body it sends (reference, Transport and auth; body hash): the signature and body hash are computed over the body serialised with indentation, the compact body is sent',
    source: 'assumption',
    rules: ['IN-NOTIFY-SIGNED'],
  }),
  independent('independent-2', {
    id: 'i2-notification-only-with-correlation-id',
    rule: "selecting a plan notifies the issuer of the card's account range (seed 001, Events): no notification is sent when the savePlan request carries no Correlation-Id",
    source: 'seed',
    rules: ['IN-NOTIFY-SENT'],
  }),
  // The third independent set (kit/faults.ts, independent): written from the seeds, the provider's
  // documents, the contract, the rule catalogue and this mock only, the specs unread.
  independent('independent-3', {
    id: 'i3-notify-delivered-twice',
    rule: 'selecting a plan sends one POST /notifications of that plan to the issuer (seed 001, Events): every notification is sent twice at once, the same body and Correlation-Id',
    source: 'seed',
    rules: ['IN-NOTIFY-SENT'],
  }),
  independent('independent-3', {
    id: 'i3-notify-consumer-full-pan',
    rule: "no delivery carries the card number in clear (seed 001, Security; reference, Notification: panLastFour only): the notification's consumer block adds accountNumber holding the whole PAN beside panLastFour",
    source: 'assumption',
    rules: ['IN-OBJ-SENSITIVE', 'IN-NOTIFY-SHAPE'],
  }),
  independent('independent-3', {
    id: 'i3-getplan-currency-lowercased',
    rule: 'getPlan reads back the plan created, its transaction currency as sent (provider 2.0.0, Plan; ISO 4217 upper-case code): the plan read gives the currency lower-cased (usd)',
    source: 'provider',
    rules: ['IN-ECHO-PLAN'],
  }),
  independent('independent-3', {
    id: 'i3-tenure-100-accepted',
    rule: "a plan's tenure is within its minimum and maximum (provider 2.0.0, PlanInstallmentInformation): a tenure one above the maximum is accepted (the lower bound still holds)",
    source: 'provider',
    rules: ['IN-LIM-TENURE', 'IN-ERR-CONTRACT'],
    relax: [{ schema: 'PlanInstallmentInformation', at: ['properties', 'tenure'], shift: { maximum: 1 } }],
  }),
  // The fourth independent set (kit/faults.ts, independent): written from the seeds, the provider's
  // documents, the contract, the rule catalogue and this mock only, the specs unread.
  independent('independent-4', {
    id: 'i4-notify-installment-amount-floored',
    rule: "the notification names the plan's schedule as the service computed it (provider notifyPlan SchedulePayment.installmentAmount; seed 001, Events): each installmentAmount is cut down to whole currency units in the notification only (getPlan keeps the cents)",
    source: 'provider',
    rules: ['IN-NOTIFY-SHAPE'],
  }),
  independent('independent-4', {
    id: 'i4-notify-only-for-listed-pan',
    rule: "selecting a plan notifies the issuer of the card's account range (seed 001, Events; reference, Flows - notification): a card eligible through the list's account range but not registered by number notifies nobody",
    source: 'seed',
    rules: ['IN-NOTIFY-SENT'],
  }),
  independent('independent-4', {
    id: 'i4-notify-correlation-id-uppercased',
    rule: 'the notification carries the Correlation-Id of the selection that caused it (provider notifyPlan Correlation-Id): it is upper-cased on the way out',
    source: 'provider',
    rules: ['IN-NOTIFY-SHAPE', 'IN-FMT-CORRELATION'],
  }),
  independent('independent-4', {
    id: 'i4-plan-apr-max-refused',
    rule: "a plan's apr is accepted up to its maximum inclusive (provider PlanInstallmentInformation.apr maximum): the maximum itself is refused (the bound is made exclusive; the minimum still holds)",
    source: 'provider',
    rules: ['IN-LIM-APR', 'IN-ERR-CONTRACT'],
    relax: [{ schema: 'PlanInstallmentInformation', at: ['properties', 'apr'], shift: { maximum: -0.01 } }],
  }),
  independent('independent-4', {
    id: 'i4-getplan-providerid-from-offer',
    rule: 'getPlan reads back the providerId the plan was created with (reference, Flows - checkout; provider InstallmentPlan.providerId): it answers the lender of the offers instead',
    source: 'assumption',
    rules: ['IN-ECHO-PLAN'],
  }),
  // The fifth independent set (kit/faults.ts, independent): written from the seeds, the provider's
  // documents, the contracts and the rule catalogues, the specs unread.
  independent('independent-5', {
    id: 'i5-plan-offer-from-other-transaction',
    rule: 'the offer chosen must be one of the offers of the offerTransactionId named (reference, Flows - services): an offerId of another offers answer is accepted and its terms used',
    source: 'assumption',
    rules: ['IN-STATE-OFFER-TRANSACTION', 'IN-ECHO-PLAN'],
  }),
  independent('independent-5', {
    id: 'i5-plan-tenure-of-first-offer',
    rule: "the plan's terms are those of the offer chosen (reference, Flows - checkout): without planInstallmentInformation the tenure of the first offer is stored, whichever offerId was chosen",
    source: 'assumption',
    rules: ['IN-ECHO-PLAN'],
  }),
  independent('independent-5', {
    id: 'i5-notify-skipped-with-given-schedule',
    rule: 'selecting a plan sends one notification to the issuer (seed 001, Events): a selection whose body carries its own complete schedulePayments notifies nobody',
    source: 'seed',
    rules: ['IN-NOTIFY-SENT', 'IN-NOTIFY-EXACT'],
  }),
  independent('independent-5', {
    id: 'i5-plan-amount-from-offers-request',
    rule: "getPlan reads back the transaction amount the plan was created with (seed 001; reference IN-ECHO-PLAN): the stored amount is the offers request's total, not the savePlan body's",
    source: 'assumption',
    rules: ['IN-ECHO-PLAN'],
  }),
  // Seeded beside the checks of the offer a plan is chosen with (tests/installments/plans.chosen-offer.spec.ts).
  seeded({
    id: 'seeded-plan-offer-unchecked',
    rule: 'IN-STATE-PLAN-OFFER: savePlan takes any offerId as given, one of another offers answer included',
    source: 'assumption',
    rules: ['IN-STATE-PLAN-OFFER'],
  }),
  seeded({
    id: 'seeded-notify-offer-first-of-answer',
    rule: 'IN-NOTIFY-CHOSEN: the notification names the first offer of the offers answer, not the one the plan was chosen with',
    source: 'assumption',
    rules: ['IN-NOTIFY-CHOSEN'],
  }),
  seeded({
    id: 'seeded-notify-schedule-recomputed',
    rule: 'IN-NOTIFY-CHOSEN: the notification carries a schedule the service computes from the amount and tenure, not the schedulePayments the selection sent',
    source: 'assumption',
    rules: ['IN-NOTIFY-CHOSEN'],
  }),
  seeded({
    id: 'seeded-notify-correlation-id-of-offers',
    rule: "IN-NOTIFY-CORRELATION: the notification carries the offers request's Correlation-Id, not the one its savePlan was sent with",
    source: 'provider',
    rules: ['IN-NOTIFY-CORRELATION'],
  }),
  seeded({
    id: 'seeded-notify-correlation-id-empty-when-absent',
    rule: 'IN-NOTIFY-CORRELATION: a selection sent without a Correlation-Id is notified with an empty one, not one the service made',
    source: 'provider',
    rules: ['IN-NOTIFY-CORRELATION'],
  }),
  seeded({
    id: 'seeded-notify-correlation-id-of-previous-plan',
    rule: "IN-NOTIFY-CORRELATION: a notification carries the Correlation-Id of the selection before its own plan's",
    source: 'provider',
    rules: ['IN-NOTIFY-CORRELATION'],
  }),
  seeded({
    id: 'seeded-notify-refused-selection',
    rule: 'IN-NOTIFY-REFUSED: a selection refused for an offer of another offers answer still notifies the issuer',
    source: 'seed',
    rules: ['IN-NOTIFY-REFUSED'],
  }),
  seeded({
    id: 'seeded-notify-issuer-cid-is-ica',
    rule: "IN-NOTIFY-SHAPE: the notification's issuerCid carries the issuer's ICA, not its customer id",
    source: 'provider',
    rules: ['IN-NOTIFY-SHAPE'],
  }),
  seeded({
    id: 'seeded-plan-default-terms-of-last-offer',
    rule: "IN-ECHO-PLAN: a plan chosen without terms of its own gets the last offer's tenure and frequency, not the chosen offer's",
    source: 'assumption',
    rules: ['IN-ECHO-PLAN'],
  }),
  // Seeded beside the exact-lookup checks of the ids a plan names in its body (tests/installments/plans.read.spec.ts).
  seeded({
    id: 'seeded-plan-offer-transaction-last-char-ignored',
    rule: 'IN-LOOKUP-EXACT: an offers answer is found by its offerTransactionId as issued (reference, Flows - checkout); an id differing from an issued one only in its last character names that answer',
    source: 'assumption',
    rules: ['IN-LOOKUP-EXACT', 'IN-STATE-OFFER-TRANSACTION'],
  }),
  seeded({
    id: 'seeded-plan-offer-transaction-trimmed',
    rule: 'IN-STATE-OFFER-TRANSACTION: the offerTransactionId is looked up with its leading and trailing spaces trimmed, so an issued id with a space added names that answer',
    source: 'assumption',
    rules: ['IN-STATE-OFFER-TRANSACTION'],
  }),
  seeded({
    id: 'seeded-plan-offer-id-prefix-match',
    rule: "IN-STATE-PLAN-OFFER: the offerId is found among the answer's offers by prefix, either way, so an offer id with a character added or removed names that offer",
    source: 'assumption',
    rules: ['IN-STATE-PLAN-OFFER'],
  }),
  independent('independent-6', {
    id: 'i6-notify-deferred-to-approval',
    rule: 'selecting a plan sends the notification to the issuer (seed 001, Events): it is sent only once the plan is approved synchronously, never at selection',
    source: 'seed',
    rules: ['IN-NOTIFY-SENT', 'IN-NOTIFY-EXACT'],
  }),
  independent('independent-6', {
    id: 'i6-notify-url-plan-id-appended',
    rule: "the notification goes to the issuer endpoint configured for the card (reference, Flows - notification): the plan id is appended to the endpoint's path",
    source: 'assumption',
    rules: ['IN-NOTIFY-EXACT'],
  }),
  independent('independent-6', {
    id: 'i6-getplan-apr-rounded',
    rule: 'getPlan shows the terms chosen, apr included (reference IN-ECHO-PLAN; provider PlanInstallmentInformation.apr number): the reader rounds apr to a whole percent',
    source: 'assumption',
    rules: ['IN-ECHO-PLAN'],
  }),
  independent('independent-7', {
    id: 'i7-notify-schedule-numbered-from-zero',
    rule: 'a plan selected without a schedule is notified with one payment per installment numbered 1 to tenure (reference IN-NOTIFY-SCHEDULE; provider NotifyPlan schedulePayments.installmentNumber): the computed schedule is numbered from 0',
    source: 'assumption',
    rules: ['IN-NOTIFY-SCHEDULE'],
  }),
  independent('independent-7', {
    id: 'i7-notify-signed-over-url-without-query',
    rule: 'the notification is OAuth 1.0a signed by the service (reference, Transport and auth): the signature base string is built from the issuer URL without its query string, while the call goes to the URL with it',
    source: 'provider',
    rules: ['IN-NOTIFY-SIGNED'],
  }),
  independent('independent-7', {
    id: 'i7-notify-resent-on-sync-approval',
    rule: 'one plan selected sends exactly one notification (seed 001, Events: sent when a consumer selects a plan): a synchronous APPROVED decision sends the notification of that plan a second time',
    source: 'seed',
    rules: ['IN-NOTIFY-EXACT'],
  }),
  independent('independent-7', {
    id: 'i7-plan-schedule-99-refused',
    rule: 'schedulePayments has a maximum number of items (provider 2.0.0 savePlan): a selection with exactly that many scheduled payments is refused with 400 (the bound read as exclusive)',
    source: 'provider',
    rules: ['IN-LIM-SCHEDULE'],
  }),
  independent('independent-7', {
    id: 'i7-getplan-frequency-uppercased',
    rule: 'getPlan shows the terms chosen, frequency included (reference IN-ECHO-PLAN; provider PlanInstallmentInformation.frequency is free text): the reader upper-cases the frequency',
    source: 'assumption',
    rules: ['IN-ECHO-PLAN'],
  }),
  // Independent set 8 (written blind: seed 001, provider 2.0.0, contract and catalogue only).
  independent('independent-8', {
    id: 'i8-notify-url-issuercid-duplicated',
    rule: 'the notification goes to the issuer endpoint as configured, byte for byte with its query string (seed 001 Events; reference IN-NOTIFY-EXACT): the client appends issuerCid to the configured URL, which already carries it, so the call goes to ...?issuerCid=202020&Ref=Ab%2F07&issuerCid=202020',
    source: 'assumption',
    rules: ['IN-NOTIFY-EXACT'],
  }),
  independent('independent-8', {
    id: 'i8-notify-currency-numeric-code',
    rule: "the notification keeps the notifyPlan contract and names the plan's transaction (provider 2.0.0 NotifyPlan transaction.currency, alphabetic like the plan's): the notification gives the currency as its ISO 4217 numeric code (840 for USD), three characters that the schema lets through",
    source: 'provider',
    rules: ['IN-NOTIFY-SHAPE'],
  }),
  independent('independent-8', {
    id: 'i8-notify-due-date-day-early',
    rule: "the notification carries the schedulePayments the selection sent, each dueDate as sent (provider 2.0.0 SchedulePayment; reference IN-NOTIFY-CHOSEN): each dueDate is parsed as a UTC midnight and written in the service's US time zone, one day early",
    source: 'provider',
    rules: ['IN-NOTIFY-CHOSEN', 'IN-VAL-PLAN-SCHEDULE'],
  }),
  independent('independent-8', {
    id: 'i8-notify-tenure-from-schedule-length',
    rule: "the notification names the plan's tenure as chosen (seed 001 Events; provider NotifyPlan planInstallmentInformation): the tenure is taken as the number of scheduled payments, so a selection whose schedule holds fewer payments than its tenure (a first payment at checkout) is notified with the shorter tenure",
    source: 'provider',
    rules: ['IN-NOTIFY-CHOSEN', 'IN-NOTIFY-SHAPE'],
  }),
  independent('independent-8', {
    id: 'i8-getplan-keeps-first-decision',
    rule: 'an APPROVED or DECLINED decision is what both getPlanApprovalStatus and getPlan show (provider 2.0.0 planApproval; reference IN-STATE-DECISION): getPlan keeps the first decision it showed (a read model that treats a decided plan as final), so a later decision shows on getPlanApprovalStatus only',
    source: 'provider',
    rules: ['IN-STATE-DECISION'],
  }),
  independent('independent-9', {
    id: 'i9-notify-installment-amount-string',
    rule: 'the notification keeps the notifyPlan contract (reference, Notification: schedulePayments[{installmentAmount*, dueDate*, installmentNumber*}], a number): each installmentAmount is sent as a decimal string (a BigDecimal serialised as text)',
    source: 'provider',
    rules: ['IN-NOTIFY-SHAPE'],
  }),
  independent('independent-9', {
    id: 'i9-notify-body-hash-of-empty-body',
    rule: "the notification is OAuth 1.0a signed by the service, body hash included (reference, Transport and auth: RSA-SHA256 with a body hash): the service's signer hashes an empty body, so oauth_body_hash is not that of the bytes sent",
    source: 'provider',
    rules: ['IN-NOTIFY-SIGNED'],
  }),
  independent('independent-10', {
    id: 'i10-notify-issuer-by-first-four',
    rule: "a plan for a card outside every configured issuer's account range notifies no issuer (reference, Flows - notification; IN-NOTIFY-NONE): the issuer is found by the card's first four digits, so a card of the same brand prefix outside the range notifies it",
    source: 'assumption',
    rules: ['IN-NOTIFY-NONE'],
  }),
  independent('independent-10', {
    id: 'i10-getplan-offerid-of-first-offer',
    rule: "getPlan reads back the offerId chosen (reference; IN-ECHO-PLAN): getPlan names the first offer of the plan's offers answer, not the later offer the plan was saved with; the notification names the right one",
    source: 'assumption',
    rules: ['IN-ECHO-PLAN'],
  }),
  independent('independent-11', {
    id: 'i11-notify-planid-uppercased',
    rule: 'the notification names the plan selected (provider 2.0.0, notifyPlan; seed 001, Events): the notification carries the planId in upper case, not the id savePlan answered',
    source: 'provider',
    rules: ['IN-NOTIFY-SHAPE'],
  }),
  independent('independent-11', {
    id: 'i11-notify-offerid-as-number',
    rule: 'the notification keeps the notifyPlan contract (provider 2.0.0, notifyPlan body offerId a string): the offerId of the plan is sent as a JSON number',
    source: 'provider',
    rules: ['IN-NOTIFY-SHAPE'],
  }),
  independent('independent-11', {
    id: 'i11-plan-tenure-1-accepted',
    rule: 'a plan tenure is within its minimum and maximum (provider 2.0.0, PlanInstallmentInformation.tenure): savePlan accepts a tenure one below the minimum',
    source: 'provider',
    rules: ['IN-LIM-TENURE'],
  }),
  independent('independent-12', {
    id: 'i12-notify-frequency-lowercased',
    rule: 'the notification names the offer chosen with its tenure and frequency (provider 2.0.0, notifyPlan planInstallmentInformation.frequency WEEKLY|BIWEEKLY|MONTHLY; seed 001, Events): the frequency is sent in lower case',
    source: 'provider',
    rules: ['IN-NOTIFY-CHOSEN'],
  }),
  independent('independent-12', {
    id: 'i12-plan-apr-200-refused',
    rule: 'a plan apr is within its minimum and maximum (provider 2.0.0, PlanInstallmentInformation.apr): savePlan refuses an apr at the maximum, the bound read as exclusive',
    source: 'provider',
    rules: ['IN-LIM-APR'],
  }),
  independent('independent-12', {
    id: 'i12-plan-correlation-non-uuid-accepted',
    rule: 'Correlation-Id is a UUID on savePlan (provider 2.0.0, savePlan header Correlation-Id): savePlan accepts a Correlation-Id that is no UUID',
    source: 'provider',
    rules: ['IN-FMT-CORRELATION'],
  }),
  independent('independent-13', {
    id: 'i13-getplan-mcc-leading-zero-dropped',
    rule: 'getPlan reads back the plan created, its merchant as the offers request named it (reference, Plan: merchant{country, mcc}; provider 2.0.0 InstallmentPlan): an mcc with a leading zero is read back as a number, the zero dropped',
    source: 'provider',
    rules: ['IN-ECHO-PLAN'],
  }),
  independent('independent-13', {
    id: 'i13-notify-sent-on-decline',
    rule: "one plan selected sends exactly one notification, when the consumer selects the plan (seed 001, the outbound notification; reference, Flows (a)): a synchronous DECLINED decision sends the plan's notification a second time",
    source: 'seed',
    rules: ['IN-NOTIFY-EXACT'],
  }),
  independent('independent-13', {
    id: 'i13-notify-url-query-decoded',
    rule: 'the notification goes to the issuer endpoint configured for the account range, byte for byte with its query string (reference, Flows (a)): the query string is sent percent-decoded (%2F as /)',
    source: 'assumption',
    rules: ['IN-NOTIFY-EXACT'],
  }),
  independent('independent-14', {
    id: 'i14-plan-tenure-99-refused',
    rule: "a plan's tenure lies within its bounds, the upper bound included (reference, Plan creation: planInstallmentInformation.tenure; provider 2.0.0 PlanInstallmentInformation): a tenure at the upper bound is refused 400",
    source: 'provider',
    rules: ['IN-LIM-TENURE'],
  }),
  independent('independent-14', {
    id: 'i14-plan-apr-zero-refused',
    rule: "a plan's apr lies within its bounds, zero included (reference, Plan creation: apr; provider 2.0.0 PlanInstallmentInformation): a zero-interest plan (apr zero, the lower bound) is refused 400",
    source: 'provider',
    rules: ['IN-LIM-APR'],
  }),
  independent('independent-14', {
    id: 'i14-plan-offer-id-matched-as-number',
    rule: 'a plan names an offer of the offers answer its offerTransactionId names, by its offerId (reference, Flows: offers -> plan created; provider 2.0.0 savePlan offerId): the offerId is compared as a number, so the id with a leading zero added names the offer',
    source: 'provider',
    rules: ['IN-STATE-PLAN-OFFER', 'IN-LOOKUP-EXACT'],
  }),
  independent('independent-14', {
    id: 'i14-getplan-repayment-amount-whole-units',
    rule: 'getPlan reads back the plan created with its scheduled repayments (seed 001, GET /plans/{plan_id}; provider 2.0.0 InstallmentPlan scheduledRepayments amount): each repayment amount is rounded to whole units on this reader',
    source: 'provider',
    rules: ['IN-ECHO-PLAN'],
  }),
  independent('independent-14', {
    id: 'i14-notify-issuer-ica-leading-zeros-dropped',
    rule: "the notification names the issuer by its ICA, the issuer's own value (seed 001, POST /notifications; reference, Notification: issuerIca*): the ICA is written through a number, its leading zeros dropped",
    source: 'seed',
    rules: ['IN-NOTIFY-SHAPE'],
  }),
  independent('independent-14', {
    id: 'i14-notify-url-path-lowercased',
    rule: "the notification goes to the issuer endpoint configured for the account range (seed 001, Events; reference, Flows (a)): the endpoint's path is lower-cased before the call, its query kept",
    source: 'seed',
    rules: ['IN-NOTIFY-EXACT'],
  }),
  // Seeded beside the check that plans chosen from one offers answer are each notified as their own (notifications.correlation.spec.ts; origin 'seeded').
  seeded({
    id: 'seeded-notify-same-answer-offer-of-first',
    rule: "IN-NOTIFY-CHOSEN: each plan's notification names the offer that plan was chosen with; a later plan chosen from the same offers answer (another of its offers) is notified with the offer the first plan of that answer chose",
    source: 'assumption',
    rules: ['IN-NOTIFY-CHOSEN', 'IN-NOTIFY-SHAPE'],
  }),
  seeded({
    id: 'seeded-notify-same-answer-transaction-of-first',
    rule: "IN-NOTIFY-SHAPE: each plan's notification names that plan's transaction; a later plan chosen from the same offers answer is notified with the transaction (amount) the first plan of that answer was saved with",
    source: 'provider',
    rules: ['IN-NOTIFY-SHAPE'],
  }),
  // Red team rt-: deviations a stranger would write (seeded beside the checks extended for their family).
  seeded({
    id: 'rt-getplan-merchant-country-lowercased',
    rule: "getPlan reads back the plan's merchant country as the offers request gave it (IN-ECHO-PLAN): the reader writes it in lower case",
    source: 'assumption',
    rules: ['IN-ECHO-PLAN'],
  }),
  seeded({
    id: 'rt-getplan-due-date-as-datetime',
    rule: 'getPlan scheduledRepayments carry dueDate as a date (provider 2.0.0, ScheduledRepayment.dueDate format date): the reader writes each due date as a UTC date-time',
    source: 'provider',
    rules: ['IN-VAL-PLAN-SCHEDULE', 'IN-ECHO-PLAN'],
  }),
  seeded({
    id: 'rt-getplan-card-masked-from-the-wrong-end',
    rule: 'card data comes back as panLastFour at most (provider 2.0.0; IN-OBJ-SENSITIVE): getPlan names the card with its BIN masked and every other digit in clear',
    source: 'provider',
    rules: ['IN-OBJ-SENSITIVE'],
  }),
  seeded({
    id: 'seeded-getplan-month-end-due-date-next-day',
    rule: "getPlan reads back the plan's scheduled repayments as selected (seed 001, Endpoints: GET /plans/{plan_id} returns the plan; provider 2.0.0 InstallmentPlan.scheduledRepayments): a due date on the last day of a month is written as the first of the next",
    source: 'provider',
    rules: ['IN-ECHO-PLAN'],
  }),
  seeded({
    id: 'seeded-getplan-apr-one-decimal',
    rule: "getPlan reads back the plan's terms as selected (provider 2.0.0 InstallmentPlan.planInstallmentInformation; apr 0-200, a number): an apr with two decimals is written with one",
    source: 'provider',
    rules: ['IN-ECHO-PLAN'],
  }),
  seeded({
    id: 'seeded-getplan-zero-apr-terms-left-out',
    rule: "getPlan reads back the plan's terms whatever their apr (provider 2.0.0 InstallmentPlan.planInstallmentInformation; apr 0-200): a plan selected with an apr of 0 is read back without its planInstallmentInformation",
    source: 'provider',
    rules: ['IN-ECHO-PLAN'],
  }),
  independent('independent-15', {
    id: 'i15-getplan-due-date-day-early',
    rule: 'getPlan reads back the plan created, its scheduled repayments as selected (seed 001, Endpoints: GET /plans/{plan_id} returns the plan; provider 2.0.0 InstallmentPlan.scheduledRepayments): the reader writes every due date one day early',
    source: 'provider',
    rules: ['IN-ECHO-PLAN'],
  }),
  independent('independent-15', {
    id: 'i15-getplan-apr-zero-dropped',
    rule: "getPlan reads back the plan's planInstallmentInformation (provider 2.0.0 InstallmentPlan; apr 0-200): an apr of 0 sent at selection is left out by the reader, as if none had been given",
    source: 'provider',
    rules: ['IN-ECHO-PLAN'],
  }),
  independent('independent-15', {
    id: 'i15-notify-given-schedule-last-dropped',
    rule: 'the notification carries the schedule of the plan the cardholder selected (seed 001, Events; provider 2.0.0 notifyPlan schedulePayments): a plan selected with a schedule of its own is notified without its last installment',
    source: 'provider',
    rules: ['IN-NOTIFY-CHOSEN'],
  }),
  independent('independent-15', {
    id: 'i15-notify-correlation-id-lowercased',
    rule: 'the notification carries, byte for byte, the Correlation-Id of the selection (reference/installments.md: Correlation-Id on POST /plans and required on POST /notifications): an upper-case Correlation-Id is sent in lower case',
    source: 'assumption',
    rules: ['IN-NOTIFY-CORRELATION'],
  }),
  independent('independent-15', {
    id: 'i15-notify-second-plan-names-first',
    rule: "each selected plan is notified under its own planId (seed 001, Events: sent when a consumer selects an installment plan; provider 2.0.0 notifyPlan planId): a second plan chosen from the same offers answer is notified under the first plan's id",
    source: 'provider',
    rules: ['IN-NOTIFY-SHAPE'],
  }),
  independent('independent-16', {
    id: 'i16-notify-pan-last-four-is-first-four',
    rule: 'the notification names the card by the last four digits of its PAN (provider 2.0.0 notifyPlan consumer.panLastFour): the first four digits are sent',
    source: 'provider',
    rules: ['IN-NOTIFY-SHAPE'],
  }),
  independent('independent-16', {
    id: 'i16-notify-currency-lowercased',
    rule: 'the notification carries the plan transaction as selected (provider 2.0.0 notifyPlan transaction.currency, ISO 4217 alpha code): the currency is sent in lower case',
    source: 'provider',
    rules: ['IN-NOTIFY-SHAPE'],
  }),
  independent('independent-16', {
    id: 'i16-getplan-amount-in-cents',
    rule: 'getPlan reads back the transaction amount of the plan (seed 001 Endpoints, getPlan returns the plan; provider 2.0.0 InstallmentPlan.transaction.amount in major units): the reader gives it in cents',
    source: 'provider',
    rules: ['IN-ECHO-PLAN'],
  }),
  independent('independent-17', {
    id: 'i17-notify-range-high-exclusive',
    rule: 'selecting a plan notifies the issuer whose account range holds the card, both ends included (reference, Flows - issuer notification; provider AccountRange low/high): the card at the high end of the range is notified to no issuer',
    source: 'assumption',
    rules: ['IN-NOTIFY-SENT'],
  }),
  independent('independent-17', {
    id: 'i17-notify-long-tenure-last-payment-dropped',
    rule: 'a plan selected without a schedule is notified with one payment per installment of its tenure, numbered from one to the tenure (provider notifyPlan schedulePayments): a plan of a year of monthly installments or more loses its last payment',
    source: 'provider',
    rules: ['IN-NOTIFY-SCHEDULE'],
  }),
  independent('independent-17', {
    id: 'i17-getplan-merchant-of-latest-offers',
    rule: 'getPlan reads back the merchant country and mcc the offers request of the plan named (seed 001 getPlan; reference Main fields): it answers the merchant of the latest offers answer of any plan',
    source: 'seed',
    rules: ['IN-ECHO-PLAN'],
  }),
  // The second red team (origin 'seeded', ids rt2-): deviations a stranger would write, measured before any check was extended.
  seeded({
    id: 'rt2-notify-given-schedule-renumbered',
    rule: 'IN-NOTIFY-CHOSEN: the notification carries the schedulePayments the selection sent, installmentNumber as sent (seed 001 Events; provider 2.0.0 SchedulePayment): the notification numbers them by position',
    source: 'assumption',
    rules: ['IN-NOTIFY-CHOSEN'],
  }),
  seeded({
    id: 'rt2-notify-schedule-amounts-of-first',
    rule: "IN-NOTIFY-CHOSEN: the notification carries the schedulePayments the selection sent, each installmentAmount as sent (seed 001 Events; provider 2.0.0 SchedulePayment): every installment carries the first installment's amount",
    source: 'assumption',
    rules: ['IN-NOTIFY-CHOSEN'],
  }),
  seeded({
    id: 'rt2-getplan-async-decline-shown-created',
    rule: 'IN-STATE-DECISION: an APPROVED or DECLINED decision, sync or async, is what getPlan shows (seed 001 States): a landed asynchronous decline is read back as CREATED by getPlan',
    source: 'seed',
    rules: ['IN-STATE-DECISION'],
  }),
  seeded({
    id: 'rt2-getplan-schedule-renumbered',
    rule: 'IN-ECHO-PLAN: the scheduled repayments, when shown, are those sent, number included (seed 001 Endpoints): getPlan numbers them by position',
    source: 'assumption',
    rules: ['IN-ECHO-PLAN'],
  }),
  independent('independent-18', {
    id: 'i18-getplan-declined-reads-approved',
    rule: 'an APPROVED or DECLINED decision is what both getPlanApprovalStatus and getPlan show (seed 001, States; Endpoints): getPlan reads a DECLINED plan as APPROVED while the approval-status reader says DECLINED',
    source: 'seed',
    rules: ['IN-STATE-DECISION'],
  }),
  independent('independent-18', {
    id: 'i18-getplan-eur-read-as-usd',
    rule: 'getPlan reads back the transaction currency the plan was created with (seed 001, Endpoints; reference, Flows - checkout): a plan in EUR is read back in USD, the account default',
    source: 'assumption',
    rules: ['IN-ECHO-PLAN'],
  }),
  independent('independent-18', {
    id: 'i18-getplan-card-bin-and-last-four',
    rule: 'answers carry at most the last four digits of a card (provider 2.0.0: card data only encrypted in requests, panLastFour at most in answers): getPlan names the card by its first six and last four digits',
    source: 'provider',
    rules: ['IN-OBJ-SENSITIVE'],
  }),
  // Seeded for the answer judge (fixtures/assertions/installments-answer.ts; origin 'seeded'): on a path no
  // spec's own check looks at, so that only the judge of every answer can catch it.
  seeded({
    id: 'seeded-fam27-plan-computed-schedule-eur-floored-to-dimes',
    rule: 'the repayments the service schedules are whole cents that reach the amount (reference installments.md; provider 2.0.0 ScheduledRepayment): in EUR each computed installment is rounded down to ten cents, the total short by more than a cent per installment',
    source: 'assumption',
    rules: ['IN-VAL-PLAN-SCHEDULE'],
  }),
  seeded({
    id: 'seeded-fam28a-notify-weekly-schedule-monthly-count',
    rule: 'the notification carries one schedule payment per installment of the tenure (provider 2.0.0 notifyPlan schedulePayments): a WEEKLY plan is notified with one payment per four weeks of its term',
    source: 'provider',
    rules: ['IN-NOTIFY-SCHEDULE', 'IN-NOTIFY-CHOSEN'],
  }),
  seeded({
    id: 'seeded-fam28a-getplan-biweekly-frequency-read-weekly',
    rule: 'getPlan shows the terms chosen, frequency included (seed 001 getPlan): a BIWEEKLY plan is read back with frequency WEEKLY',
    source: 'assumption',
    rules: ['IN-ECHO-PLAN'],
  }),
  seeded({
    id: 'seeded-fam28a-notify-biweekly-given-dates-monthly',
    rule: 'the notification carries the schedulePayments the selection sent, each dueDate as sent (IN-NOTIFY-CHOSEN; provider 2.0.0 SchedulePayment): a BIWEEKLY plan selected with its own schedule is notified with its due dates a calendar month apart from the first',
    source: 'assumption',
    rules: ['IN-NOTIFY-CHOSEN'],
  }),
  seeded({
    id: 'seeded-judge-getplan-merchant-id-mcc-default',
    rule: "IN-ECHO-PLAN: getPlan reads the plan's merchant country and mcc as the offers request named them; for an offers merchant named by its merchantId, getPlan answers the default mcc 5999 instead of the one sent",
    source: 'assumption',
    rules: ['IN-ECHO-PLAN'],
  }),
  independent('independent-19', {
    id: 'i19-getplan-gbp-amount-floored',
    rule: 'getPlan reads back the transaction amount the plan was created with (seed 001 Endpoints; reference, Flows - checkout): a plan in GBP is read back with its amount floored to whole pounds',
    source: 'assumption',
    rules: ['IN-ECHO-PLAN'],
  }),
  independent('independent-19', {
    id: 'i19-notify-given-schedule-card-number',
    rule: 'the notification carries no card number of the run in clear in any member (reference, Flows - notification; provider 2.0.0 notifyPlan consumer): a plan selected with a schedule of its own is notified with the card number in consumer.primaryAccountNumber',
    source: 'assumption',
    rules: ['IN-NOTIFY-EXACT'],
  }),
  independent('independent-20', {
    id: 'i20-notify-signed-with-caller-key',
    rule: "the notification is OAuth 1.0a signed by the service with its own key, no consumer key's public key verifying it (reference, Transport and auth; seed 001 Events): the notification of a plan is signed with the consumer key of the partner that selected it",
    source: 'assumption',
    rules: ['IN-NOTIFY-SIGNED'],
  }),
  independent('independent-20', {
    id: 'i20-getplan-decision-lowercased',
    rule: "an APPROVED or DECLINED decision is what getPlan shows (seed 001 States: approve or decline; provider 2.0.0 InstallmentPlan.status): getPlan writes a decided plan's status in lower case (approved, declined) while getPlanApprovalStatus keeps it",
    source: 'provider',
    rules: ['IN-STATE-DECISION'],
  }),
  independent('independent-22', {
    id: 'i22-plan-computed-schedule-whole-units-from-thousand',
    rule: 'the repayments the service schedules are whole cents that reach the amount (reference installments.md; provider 2.0.0 ScheduledRepayment): for a large purchase (a thousand units or more) selected without a schedule each computed installment is rounded to whole units, the total off by more than a cent per installment',
    source: 'assumption',
    rules: ['IN-VAL-PLAN-SCHEDULE'],
  }),
  independent('independent-22', {
    id: 'i22-getplan-providerid-uppercased',
    rule: 'getPlan reads back the providerId the plan was created with, byte for byte (reference installments.md; provider 2.0.0 InstallmentPlan): the reader renders the providerId UUID in upper case',
    source: 'assumption',
    rules: ['IN-ECHO-PLAN'],
  }),
  independent('independent-22', {
    id: 'i22-notify-given-schedule-due-date-as-datetime',
    rule: 'the notification carries the schedulePayments the selection sent, each dueDate as sent (seed 001 notification; reference installments.md): a selection with its own schedule is notified with each due date turned into a midnight UTC date-time',
    source: 'assumption',
    rules: ['IN-NOTIFY-CHOSEN'],
  }),
  independent('independent-23', {
    id: 'i23-notify-biweekly-schedule-halved',
    rule: 'the notification carries one schedule payment per installment of the tenure (provider 2.0.0 notifyPlan schedulePayments; seed 001 notification): a BIWEEKLY plan of four or more installments is notified with half of them (one per month of its term)',
    source: 'provider',
    rules: ['IN-NOTIFY-SCHEDULE', 'IN-NOTIFY-CHOSEN'],
  }),
  independent('independent-23', {
    id: 'i23-notify-correlation-dashes-dropped',
    rule: 'the notification carries, byte for byte, the Correlation-Id of its savePlan (provider 2.0.0 CorrelationIdHeaderParameter): it is sent as 32 hex digits, its dashes removed',
    source: 'provider',
    rules: ['IN-NOTIFY-CORRELATION'],
  }),
  independent('independent-23', {
    id: 'i23-getplan-weekly-frequency-read-monthly',
    rule: 'getPlan shows the terms chosen, frequency included (seed 001 getPlan; reference installments.md, checkout): a WEEKLY plan is read back with frequency MONTHLY',
    source: 'assumption',
    rules: ['IN-ECHO-PLAN'],
  }),
  independent('independent-24', {
    id: 'i24-getplan-large-amount-fraction-dropped',
    rule: 'getPlan reads back the transaction amount of the plan created (reference/installments.md, the plan read back): from an amount of 10000 the reader drops its fraction',
    source: 'assumption',
    rules: ['IN-ECHO-PLAN'],
  }),
  independent('independent-24', {
    id: 'i24-getplan-schedule-cut-at-six',
    rule: 'a plan scheduled by the service shows one repayment per installment of its tenure (reference/installments.md, the schedule): getPlan shows at most the first six scheduledRepayments',
    source: 'assumption',
    rules: ['IN-VAL-PLAN-SCHEDULE'],
  }),
  independent('independent-24', {
    id: 'i24-notify-weekly-schedule-from-zero',
    rule: 'the notification numbers its schedule payments 1 to tenure (provider notifyPlan, schedulePayments): a WEEKLY plan is notified with its payments numbered from 0',
    source: 'provider',
    rules: ['IN-NOTIFY-SCHEDULE'],
  }),
  independent('independent-24', {
    id: 'i24-notify-large-amount-sent-twice',
    rule: 'one plan selected sends exactly one notification (reference/installments.md, notifications): a plan of 10000 or more is notified a second time',
    source: 'assumption',
    rules: ['IN-NOTIFY-EXACT'],
  }),
  independent('independent-25', {
    id: 'i25-getplan-offerid-leading-zeros-dropped',
    rule: 'getPlan reads back the offerId the plan was created with (reference/installments.md, the plan read back): an offerId of digits starting with 0 is read back without its leading zeros',
    source: 'assumption',
    rules: ['IN-ECHO-PLAN'],
  }),
  independent('independent-26', {
    id: 'i26-saveplan-answer-status-lowercase',
    rule: 'the body of a plan selection is what a read right after it returns (provider 2.0.0, PlanResponse status): savePlan answers the status in lower case while getPlan gives it upper case',
    source: 'provider',
    rules: ['IN-PROP-ANSWER-IS-STATE'],
  }),
  independent('independent-26', {
    id: 'i26-getplan-amount-as-string',
    rule: 'getPlan reads back the transaction amount as created (provider 2.0.0, InstallmentPlan transaction.amount number): the amount comes back as a decimal string',
    source: 'provider',
    rules: ['IN-ECHO-PLAN'],
  }),
  independent('independent-26', {
    id: 'i26-getplan-404-recoverable-string',
    rule: 'every error item carries Source, ReasonCode, Description and a boolean Recoverable (provider 2.0.0, Errors): the 404 of an unknown plan writes Recoverable as a string',
    source: 'provider',
    rules: ['IN-ERR-SHAPE', 'IN-STATUS-PLAN-UNKNOWN'],
  }),
  independent('independent-26', {
    id: 'i26-notify-currency-lowercased',
    rule: 'the notification keeps the notifyPlan contract (provider 2.0.0, PlanNotification transaction.currency ISO 4217): the notification writes the currency in lower case',
    source: 'provider',
    rules: ['IN-NOTIFY-SHAPE'],
  }),
  independent('independent-27', {
    id: 'i27-notify-installment-number-zero-based',
    rule: 'the notification numbers its schedule payments 1 to tenure (provider 2.0.0, notifyPlan examples): the notification numbers them from 0',
    source: 'provider',
    rules: ['IN-NOTIFY-SCHEDULE'],
  }),
  independent('independent-27', {
    id: 'i27-getplan-approved-amount-outstanding',
    rule: 'getPlan reads back the transaction amount the plan was created with (provider 2.0.0, InstallmentPlan transaction.amount): once APPROVED the plan reads back the amount less its first repayment',
    source: 'provider',
    rules: ['IN-ECHO-PLAN', 'IN-STATE-DECISION'],
  }),
  independent('independent-28', {
    id: 'i28-inst-notify-plain-http',
    rule: 'the notification goes to the issuer endpoint configured for the account range (seed 001, Events; reference, Notification round-trip): it is sent to that URL with its https scheme replaced by http',
    source: 'seed',
    rules: ['IN-NOTIFY-SENT', 'IN-NOTIFY-EXACT'],
  }),
  independent('independent-28', {
    id: 'i28-inst-notify-correlation-absent-dropped',
    rule: 'Correlation-Id is required on POST /notifications and the API makes one when savePlan carries none (provider 2.0.0, PlanNotifCorrelationIdHeaderParameter, CorrelationIdHeaderParameter): a selection sent without Correlation-Id notifies the issuer with no Correlation-Id header',
    source: 'provider',
    rules: ['IN-NOTIFY-CORRELATION', 'IN-NOTIFY-SHAPE'],
  }),
  independent('independent-28', {
    id: 'i28-inst-notify-due-dates-epoch-seconds',
    rule: 'schedulePayments[].dueDate is a date string (provider 2.0.0, notifyPlan SchedulePayment.dueDate): the notification sends each due date as a number of epoch seconds',
    source: 'provider',
    rules: ['IN-NOTIFY-SCHEDULE', 'IN-NOTIFY-SHAPE'],
  }),
  independent('independent-28', {
    id: 'i28-inst-saveplan-answers-approved',
    rule: 'POST /plans answers 201 {planId, status} of the plan it created (provider 2.0.0, savePlan; reference, Flows - checkout): the answer says APPROVED while getPlan and getPlanApprovalStatus show the plan undecided (CREATED)',
    source: 'provider',
    rules: ['IN-STATUS-PLAN-CREATED', 'IN-PROP-ANSWER-IS-STATE'],
  }),
  independent('independent-29', {
    id: 'i29-inst-getplan-declined-provider-id-uppercased',
    rule: 'getPlan reads back the providerId the plan was created with, byte for byte (seed 001, GET /plans/{plan_id}; reference, Plan): a declined plan is read back with its providerId in upper case',
    source: 'assumption',
    rules: ['IN-ECHO-PLAN', 'IN-PROP-ECHO-AS-SENT'],
  }),
  independent('independent-29', {
    id: 'i29-inst-notify-stamped-after-signing',
    rule: 'the notification is OAuth 1.0a signed by the service over the body it sends, body hash included (seed 001, POST /notifications; reference, Auth): a member is added to the body after the signature was made',
    source: 'seed',
    rules: ['IN-NOTIFY-SIGNED', 'IN-NOTIFY-SHAPE'],
  }),
  independent('independent-29', {
    id: 'i29-inst-plan-tenure-two-refused',
    rule: 'a plan tenure is accepted from its minimum (reference, Plan creation planInstallmentInformation.tenure): a tenure at that minimum is refused 400',
    source: 'assumption',
    rules: ['IN-LIM-TENURE'],
  }),
  independent('independent-30', {
    id: 'i30-inst-notify-range-high-end-exclusive',
    rule: "selecting a plan notifies the issuer configured for the card's account range, both ends included (seed 001, Events; reference, Flows - notification): a card at the high end of the issuer's range notifies no issuer",
    source: 'seed',
    rules: ['IN-NOTIFY-SENT', 'IN-RANGE-WHOLE'],
  }),
  independent('independent-30', {
    id: 'i30-inst-getplan-repayments-in-minor-units',
    rule: "getPlan's scheduledRepayments carry each amount in the transaction's currency units, as the plan was scheduled (reference, Main fields - Plan; provider 2.0.0 ScheduledRepayment amount): the reader gives each repayment amount in minor units (cents)",
    source: 'provider',
    rules: ['IN-VAL-PLAN-SCHEDULE', 'IN-ECHO-PLAN'],
  }),
  independent('independent-30', {
    id: 'i30-inst-saveplan-answers-first-plan-of-offers',
    rule: "a plan selection is answered 201 with the planId of the plan it created, a new UUID each time (reference, Operations: savePlan 201 planId; Flows - checkout): a second selection from the same offers answer is answered with the first plan's planId while the new plan is stored under its own",
    source: 'provider',
    rules: ['IN-STATUS-PLAN-CREATED', 'IN-PROP-ANSWER-IS-STATE'],
  }),
  independent('independent-31', {
    id: 'i31-inst-getplan-apr-as-fraction',
    rule: 'getPlan reads back the plan as selected, its planInstallmentInformation.apr a percentage within its documented range (reference, Main fields - Plan creation: apr; seed 001, GET /plans/{plan_id}): the reader gives apr divided by a hundred',
    source: 'assumption',
    rules: ['IN-ECHO-PLAN'],
  }),
  independent('independent-31', {
    id: 'i31-inst-notify-tenure-remaining',
    rule: "the notification to the issuer carries the selected plan's planInstallmentInformation (reference, Notification; provider 2.0.0, tenure: the total number of installments): its tenure is one less than the plan's (the installments left after the first)",
    source: 'provider',
    rules: ['IN-NOTIFY-SHAPE', 'IN-NOTIFY-SCHEDULE'],
  }),
  independent('independent-31', {
    id: 'i31-inst-saveplan-id-braced',
    rule: "savePlan answers 201 with the new plan's planId, a UUID (provider 2.0.0, CreatedInstallmentPlan; reference, Plan creation: planId (UUID)): the planId is answered wrapped in braces, a form getPlan and getPlanApprovalStatus do not know",
    source: 'provider',
    rules: ['IN-STATUS-PLAN-CREATED', 'IN-FMT-UUID'],
  }),
  independent('independent-32', {
    id: 'i32-inst-notify-amount-in-minor-units',
    rule: 'the notification carries the transaction of the plan selected (reference, Notification; provider 2.0.0 notifyPlan transaction): its amount is sent in minor units (cents), a hundred times the amount selected',
    source: 'provider',
    rules: ['IN-NOTIFY-SHAPE'],
  }),
  independent('independent-32', {
    id: 'i32-inst-notify-frequency-lowercased',
    rule: 'the notification names the installment terms of the offer chosen (reference, Notification planInstallmentInformation; provider 2.0.0 frequency enum): the frequency is sent in lower case',
    source: 'provider',
    rules: ['IN-NOTIFY-CHOSEN', 'IN-NOTIFY-SHAPE'],
  }),
  independent('independent-32', {
    id: 'i32-inst-saveplan-given-schedule-answered-200',
    rule: 'savePlan creates the plan with 201 (reference, Operations; provider 2.0.0 savePlan): a selection that sends a complete schedulePayments of its own is answered 200',
    source: 'provider',
    rules: ['IN-STATUS-PLAN-CREATED'],
  }),
  independent('independent-32', {
    id: 'i32-inst-getplan-due-dates-us-local',
    rule: 'getPlan returns the plan created with its scheduledRepayments, the schedule its notification carried (seed 001, GET /plans/{plan_id}; provider 2.0.0 InstallmentPlan): the reader turns each UTC midnight due date into US Eastern time before writing the date, so every due date reads a day early',
    source: 'provider',
    rules: ['IN-VAL-PLAN-SCHEDULE', 'IN-ECHO-PLAN'],
  }),
  independent('independent-33', {
    id: 'i33-inst-notify-sent-as-text-plain',
    rule: 'the notification is a JSON request (reference, Transport and auth: JSON bodies; seed 001, POST /notifications): the service sends it with Content-Type text/plain',
    source: 'assumption',
    rules: ['IN-NOTIFY-SHAPE'],
  }),
  independent('independent-33', {
    id: 'i33-inst-getplan-due-dates-with-offset',
    rule: 'getPlan reads back the repayment due dates of the plan as dates (provider 2.0.0, InstallmentPlan scheduledRepayments; reference, Plan): the reader writes each as a local midnight date-time with a zone offset',
    source: 'provider',
    rules: ['IN-ECHO-PLAN', 'IN-DATE-UNIT'],
  }),
  independent('independent-33', {
    id: 'i33-inst-saveplan-same-offer-twice-409',
    rule: 'savePlan answers 201, or 400, 401, 403 (reference, Operations: savePlan): a second plan selected from the same offer is answered 409, a status the operation does not have',
    source: 'assumption',
    rules: ['IN-STATUS-PLAN-CREATED', 'IN-ERR-CONTRACT'],
  }),
  independent('independent-34', {
    id: 'i34-inst-getplan-unknown-204',
    rule: 'a plan_id of no plan is 404 with the Errors.Error body (reference, Error body; provider 2.0.0, getPlan 404): a well-formed id of no plan is answered 204 with no body',
    source: 'assumption',
    rules: ['IN-STATUS-PLAN-UNKNOWN', 'IN-ERR-SHAPE'],
  }),
  independent('independent-34', {
    id: 'i34-inst-getplan-repayments-whole-units',
    rule: 'the repayments a plan shows are in whole cents and together reach the transaction amount (provider 2.0.0, ScheduledRepayment; reference, Plan): the plan read gives each repayment cut to whole currency units',
    source: 'assumption',
    rules: ['IN-VAL-PLAN-SCHEDULE', 'IN-PROP-READERS-AGREE'],
  }),
  independent('independent-34', {
    id: 'i34-inst-saveplan-correlation-regenerated',
    rule: "the answer to a selection carries the caller's Correlation-Id (reference, Headers; provider 2.0.0, savePlan Correlation-Id): the 201 answers a Correlation-Id of its own",
    source: 'provider',
    rules: ['IN-ECHO-CORRELATION', 'IN-PROP-HEADER-ECHO'],
  }),
  independent('independent-34', {
    id: 'i34-inst-notify-url-query-sorted',
    rule: 'the notification goes to the issuer endpoint as configured, byte for byte with its query string (seed 001, Events; reference, Flows - notification): the endpoint is called with its query parameters reordered alphabetically',
    source: 'assumption',
    rules: ['IN-NOTIFY-EXACT'],
  }),
  independent('independent-35', {
    id: 'i35-inst-saveplan-weekly-answer-text-plain',
    rule: 'savePlan answers 201 with a JSON CreatedInstallmentPlan (provider 2.0.0, savePlan; reference, JSON bodies): the selection of a WEEKLY plan is answered with its JSON labelled Content-Type text/plain',
    source: 'provider',
    rules: ['IN-STATUS-PLAN-CREATED'],
  }),
  independent('independent-35', {
    id: 'i35-inst-notify-trace-header-holds-card',
    rule: 'the notification carries no card number in clear in any member or header (reference, Flows - notification (a); Payload encryption): a selection sent without Correlation-Id is notified with a trace header naming the whole card number',
    source: 'assumption',
    rules: ['IN-NOTIFY-EXACT'],
  }),
  independent('independent-35', {
    id: 'i35-inst-plan-delete-405-still-removes',
    rule: 'a method getPlan does not document is 405 and a refused request changes nothing (reference, Operations: getPlan 405; provider 2.0.0): a DELETE of a plan is answered 405 but the plan is gone, getPlan then answers 404',
    source: 'provider',
    rules: ['IN-TRANS-METHOD', 'IN-PROP-REFUSED-NO-TRACE'],
  }),
  independent('independent-36', {
    id: 'i36-inst-notify-issuer-url-http',
    rule: 'the notification goes to the issuer endpoint configured for the account range (reference, Flows - notification (a); seed 001, POST /notifications): it is sent to that URL with the scheme http instead of https',
    source: 'seed',
    rules: ['IN-NOTIFY-SENT', 'IN-NOTIFY-EXACT'],
  }),
  independent('independent-36', {
    id: 'i36-inst-getplan-given-schedule-recomputed',
    rule: "getPlan reads back the schedule the plan was selected with (reference, Plan creation schedulePayments and Plan scheduledRepayments; provider 2.0.0, repayments carry amount): a schedule sent with the selection is read back as the service's own even split, the amounts and due dates sent lost",
    source: 'provider',
    rules: ['IN-ECHO-PLAN', 'IN-VAL-PLAN-SCHEDULE'],
  }),
  independent('independent-37', {
    id: 'i37-inst-getplan-404-error-item-not-in-array',
    rule: "the error body is Errors.Error, an array of items with Source, ReasonCode, Description and Recoverable (reference, Transport and auth; provider 2.0.0): getPlan's 404 for an unknown plan_id writes Errors.Error as a single object",
    source: 'provider',
    rules: ['IN-ERR-SHAPE', 'IN-STATUS-PLAN-UNKNOWN'],
  }),
  independent('independent-37', {
    id: 'i37-inst-getplan-due-dates-from-read-time',
    rule: "getPlan returns the plan selected, its scheduled repayments as recorded (seed 001, GET /plans/{plan_id}; provider 2.0.0 InstallmentPlan): each repayment's due date is re-derived from the time of the read, so the dates move from one read to the next",
    source: 'seed',
    rules: ['IN-ECHO-PLAN', 'IN-PROP-READERS-AGREE'],
  }),
  independent('independent-38', {
    id: 'i38-inst-plan-put-405-without-error-body',
    rule: 'getPlan documents 405 for the other methods, answered with the error body Errors.Error[] (reference, Operations and Error body): a PUT on /plans/{plan_id} is answered 405 with an empty body',
    source: 'provider',
    rules: ['IN-TRANS-METHOD', 'IN-ERR-SHAPE'],
  }),
  independent('independent-38', {
    id: 'i38-inst-notify-correlation-regenerated-when-given',
    rule: "the selection's Correlation-Id is propagated to the issuer notification; one is made only when the selection has none (reference, Headers; provider 2.0.0 CorrelationIdHeaderParameter): a selection carrying a Correlation-Id notifies the issuer under a newly generated one",
    source: 'provider',
    rules: ['IN-NOTIFY-CORRELATION', 'IN-ECHO-CORRELATION'],
  }),
  independent('independent-38', {
    id: 'i38-inst-getplan-declined-amount-negative',
    rule: "getPlan reads back the plan's transaction amount as selected (reference, Main fields and Flows: plan read back; provider 2.0.0 InstallmentPlan): a declined plan is read back with the amount negated",
    source: 'provider',
    rules: ['IN-ECHO-PLAN', 'IN-PROP-READERS-AGREE'],
  }),
  independent('independent-38', {
    id: 'i38-inst-plan-apr-above-max-accepted',
    rule: 'planInstallmentInformation.apr is at most its maximum (reference, Main fields: apr bounds; provider 2.0.0 PlanInstallmentInformation): savePlan accepts an apr above the maximum',
    source: 'provider',
    rules: ['IN-LIM-APR'],
    relax: [{ schema: 'PlanInstallmentInformation', at: ['properties', 'apr'], shift: { maximum: 1 } }],
  }),
]);
