// Faults written blind (from the seed, the provider's 2.0.0 document and the rule catalogue only, the suite unread).
import { blind, provider } from '../kit/faults.js';
import { answerOf, fault, loosen, okBody, paramUnchecked, skipAt } from './fault-builders.js';

export const INDEPENDENT_50_INSTALLMENTS_FAULTS = [
  fault('i50-in-approval-decides-card-siblings', {
    rule: 'IN-PROP-WRITE-SCOPE, IN-STATE-DECISION: an approval or decline of one plan also lands on every other plan of the same card still CREATED (no decision has reached them), so a plan the approval does not name reads APPROVED or DECLINED on getPlan, where seed 001 States says an approval approves or declines the plan it names',
    state: (x, c) =>
      x.op === 'planApproval' && c.plan && c.decision
        ? {
            ...c,
            plans: [
              c.plan,
              ...[...x.world.plans.values()].filter((p) => p !== c.plan && p.pan === c.plan!.pan && p.status === 'CREATED' && !p.pending),
            ],
          }
        : c,
    ...blind,
  }),
  fault('i50-in-approval-status-callback-of-latest', {
    rule: "IN-ECHO-CALLBACK: the checkout status of a decided plan answers the callbackUrl of the card's most recently created plan (a member from another plan of the same card), not the callbackUrl the synchronous approval of that plan answered, where provider 2.0.0 getPlanApprovalStatus gives the callback URL of the plan named by plan_id",
    answer: answerOf(
      'getPlanApprovalStatus',
      (a, x) => {
        const latest = [...x.world.plans.values()].filter((p) => p.pan === x.plan!.pan).at(-1);
        if (latest) a.body = { ...a.body, callbackUrl: latest.callbackUrl };
      },
      (a, x) => a.status === 200 && a.body?.callbackUrl !== undefined && x.plan !== undefined,
    ),
    ...blind,
    ...provider,
  }),
  fault('i50-in-approval-accepted-location-plans', {
    rule: 'IN-ECHO-PLAN-LOCATION: the 202 of an asynchronous approval answers a Location naming the plan reader (plans/<planId>) instead of the approval status to poll, where provider 2.0.0 planApproval Accepted Location refers to GET /approvals/{plan_id}',
    answer: answerOf(
      'planApproval',
      (a) => {
        a.headers.location = a.headers.location.replace(/^approvals\//, 'plans/');
      },
      (a) => a.status === 202 && a.headers.location !== undefined,
    ),
    ...blind,
    ...provider,
  }),
  fault('i50-in-approval-retry-takes-foreign-offer', {
    rule: "IN-ERR-RECOVERABLE, IN-STATE-APPROVAL-OFFER: an approval refused 400 (Recoverable false) for an offerId that is not the plan's offer is accepted when sent again unchanged, and then decides the plan, where provider 2.0.0 PlanApprovalParameters.offerId must be one of the plan's offers and Error.Recoverable false says a retry cannot succeed",
    judge: (x, step, r, memory) => {
      if (!r || step !== 'approval-decision' || r.details !== 'offerId') return r;
      const key = `${x.sent?.planId}:${x.sent?.offerId}`;
      if (memory[key]) return undefined;
      memory[key] = true;
      return r;
    },
    ...blind,
    ...provider,
  }),
  fault('i50-in-plan-merchant-mcc-unchecked', {
    rule: "IN-VAL-PLAN-OFFER-TERMS: a plan whose merchant mcc is not its offers request's (every other member the same) is created, the mcc left out of the merchant comparison, where provider 2.0.0 POST /plans says the merchant details are sent without any changes and validated against the presented offer",
    judge: skipAt('plan-merchant', (_x, r) => r.details === 'Mismatch in merchant.mcc.'),
    ...blind,
    ...provider,
  }),
  fault('i50-in-plan-correlation-not-uuid', {
    rule: 'IN-FMT-CORRELATION: savePlan takes a Correlation-Id that is not a UUID (any text), the UUID form checked on the issuer side only, where provider 2.0.0 savePlan CorrelationIdHeaderParameter is a UUID',
    judge: paramUnchecked('Correlation-Id', (v) => v !== undefined, 'savePlan'),
    ...blind,
    ...provider,
  }),
  fault('i50-in-notify-endpoint-query-dropped', {
    rule: "IN-NOTIFY-EXACT, IN-NOTIFY-SENT: the notification of a selected plan is sent to the issuer endpoint's path without its query string (the URL rebuilt from origin and path), so it reaches another endpoint than the one the issuer exposes, where seed 001 Events says POST /notifications goes to the endpoint exposed by the issuer",
    delivery: (_x, d) => ({ ...d, url: d.url.split('?')[0] }),
    ...blind,
  }),
  fault('i50-in-notify-due-date-as-datetime', {
    rule: 'IN-NOTIFY-CHOSEN, IN-NOTIFY-SHAPE: the notification carries each schedulePayments dueDate as a UTC date-time (the date with a midnight time and Z added), not the date the selection sent, where provider 2.0.0 notifyPlan schedule payments name dueDate a date',
    delivery: (_x, d) =>
      Array.isArray(d.body?.schedulePayments)
        ? {
            ...d,
            body: {
              ...d.body,
              schedulePayments: d.body.schedulePayments.map((s: any) =>
                typeof s.dueDate === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(s.dueDate) ? { ...s, dueDate: `${s.dueDate}T00:00:00Z` } : s,
              ),
            },
          }
        : d,
    ...blind,
    ...provider,
  }),
  fault('i50-in-dereg-unknown-list-404', {
    rule: 'IN-STATE-UNKNOWN-LIST: a deregistration naming a panListId no list holds is answered 404 (the list taken as a resource not found), not 400, on that refusal path only (the registration keeps its 400), where provider 2.0.0 deregisterPans documents the unknown pan list as a 400 (PanListIdNotFound)',
    answer: answerOf(
      'deregisterPans',
      (a) => {
        a.status = 404;
      },
      (a) =>
        a.status === 400 &&
        [a.body?.Errors?.Error ?? []].flat().some((e: any) => e.Details === 'panListId' && /names no PAN list/.test(e.Description)),
    ),
    ...blind,
    ...provider,
  }),
  fault('i50-in-register-range-counted', {
    rule: 'IN-PROP-COUNTS: a registration carrying an account range and no card answers successfulCount one (the range counted as an item registered), though it sent no card, where provider 2.0.0 Registration counts the pans processed successfully and unsuccessfully',
    answer: okBody(
      'registerPans',
      (b) => ({ ...b, successfulCount: String(Number(b.successfulCount) + 1) }),
      (b, x) => x.sent?.accountRange !== undefined && !(x.ok?.plain?.pans?.length > 0) && b.successfulCount === '0',
    ),
    ...blind,
    ...provider,
  }),
  fault('i50-in-offer-total-whole-units', {
    rule: "IN-VAL-OFFER-AMOUNTS: every offer answers its totalAmount cut to whole units (the purchase's minor units dropped), so a purchase with cents is owed less than its amount and its installments add up to more than totalAmount, where provider 2.0.0 Offer.totalAmount is the total owed on the plan, in the minor unit of ISO 4217",
    answer: okBody('approvedOffers', (b) =>
      Array.isArray(b?.offers) ? { ...b, offers: b.offers.map((o: any) => ({ ...o, totalAmount: Math.trunc(o.totalAmount) })) } : b,
    ),
    ...blind,
    ...provider,
  }),
  fault('i50-in-approval-without-currency', {
    rule: 'IN-REQ-DECISION-MEMBERS: an APPROVED decision without approvedCurrency (approvedAmount and paymentAuthorization given) is accepted and approves the plan, where provider 2.0.0 PlanApprovalParameters.approvedCurrency is required if the status is APPROVED',
    judge: loosen('planApproval', (v) => (v.field === 'approvedCurrency' && v.keyword === 'required') || v.keyword === 'if'),
    ...blind,
    ...provider,
  }),
  fault('i50-in-plan-auth-code-short', {
    rule: "IN-PAT-PLAN-CODES: a plan whose authorizationCode has fewer digits than its fixed length (judged by the stan's rule, any length up to it) is created, where provider 2.0.0 CardedTransaction.authorizationCode is of one fixed length of digits (InvalidLengthAuthCode)",
    judge: loosen(
      'savePlan',
      (v, x) =>
        v.field.endsWith('authorizationCode') &&
        v.keyword === 'minLength' &&
        /^[0-9]+$/.test(String(x.sent?.transaction?.authorizationCode)),
    ),
    ...blind,
    ...provider,
  }),
  fault('i50-in-plan-offer-id-first-of-answer', {
    rule: 'IN-ECHO-PLAN: getPlan answers as offerId the first offer of the offers answer the plan came from (its priority one), not the offer the cardholder chose, where provider 2.0.0 InstallmentPlan.offerId is the offer selected for the plan',
    answer: okBody('getPlan', (b, x) => {
      const otx = [...x.world.offerTransactions.values()].find((t) => t.offers.some((o) => o.offerId === b.offerId));
      return otx ? { ...b, offerId: otx.offers[0].offerId } : b;
    }),
    ...blind,
    ...provider,
  }),
  fault('i50-in-reject-detail-one-past', {
    rule: 'IN-LIM-REJECTDETAIL: a decline whose rejectReasonDetail is one character past its maxLength is accepted (the bound taken as exclusive of the next), where provider 2.0.0 PlanApprovalParameters.rejectReasonDetail states its maxLength',
    judge: loosen(
      'planApproval',
      (v, x) => v.field === 'rejectReasonDetail' && v.keyword === 'maxLength' && String(x.sent?.rejectReasonDetail).length <= 5001,
    ),
    ...blind,
    ...provider,
  }),
  fault('i50-in-participations-one-past', {
    rule: 'IN-LIM-PARTICIPATIONS: a participation request holding one participation past the maxItems of MerchantParticipations is taken (202), the bound checked as one more, where provider 2.0.0 MerchantParticipations states its maxItems',
    judge: loosen(
      'postMerchantParticipations',
      (v, x) => v.keyword === 'maxItems' && Array.isArray(x.sent) && x.sent.length === 31 && !v.field.includes('.'),
    ),
    ...blind,
    ...provider,
  }),
];
