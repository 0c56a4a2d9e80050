// Faults written blind (from the seed, the provider's 2.0.0 document and the rule catalogue only, the suite unread).
import { blind, provider } from '../kit/faults.js';
import { answerOf, fault, okBody, skipAt } from './fault-builders.js';
import { invalidMembers } from './guard.js';
import { termsRefusal } from './plan-terms.js';
import type { Plan } from './state.js';

/** The plans of one card, oldest first. */
const plansOfCard = (plans: Iterable<Plan>, pan: string) => [...plans].filter((p) => p.pan === pan);

export const INDEPENDENT_51_INSTALLMENTS_FAULTS = [
  fault('i51-in-offers-total-counts-card-history', {
    rule: "IN-VAL-OFFERS-TOTAL: an offers answer gives as total every offer made for the card so far (its earlier offers requests' offers added to this answer's), so a card asking again reads a total above the offers listed, where provider 2.0.0 OffersGroup.total is the number of offers returned in this answer",
    answer: okBody(
      'approvedOffers',
      (body, x) => ({
        ...body,
        total: [...x.world.offerTransactions.values()]
          .filter((t) => t.pan === x.world.offerTransactions.get(body.offerTransactionId)?.pan)
          .reduce((n, t) => n + t.offers.length, 0),
      }),
      (body) => typeof body.total === 'number' && body.offerTransactionId !== undefined,
    ),
    ...blind,
    ...provider,
  }),
  fault('i51-in-offers-correlation-of-card-first-request', {
    rule: "IN-ECHO-CORRELATION, IN-PROP-HEADER-ECHO: a successful offers answer carries the Correlation-Id the card's first offers request was sent with (the id kept per card), not the one this request sent, where provider 2.0.0 approvedOffers answers with the Correlation-Id of the request it answers",
    answer: answerOf(
      'approvedOffers',
      (a, x) => {
        const first = [...x.world.offerTransactions.values()].find(
          (t) => t.pan === x.world.offerTransactions.get(a.body.offerTransactionId)?.pan && t.correlationId !== undefined,
        );
        if (first) a.headers['correlation-id'] = first.correlationId!;
      },
      (a, x) => a.status === 200 && a.body?.offerTransactionId !== undefined && x.req.headers['correlation-id'] !== undefined,
    ),
    ...blind,
    ...provider,
  }),
  fault('i51-in-plan-reads-latest-offers-merchant', {
    rule: "IN-ECHO-PLAN: getPlan answers as the plan's merchant (country and mcc) the merchant of the card's most recent offers request, not the one of the offers request the plan was chosen from, so a card asking offers at another merchant changes an older plan's merchant, where provider 2.0.0 getPlan returns the installment plan of the plan_id (InstallmentPlan.merchant, the merchant of that purchase)",
    answer: okBody(
      'getPlan',
      (body, x) => {
        const latest = [...x.world.offerTransactions.values()].filter((t) => t.pan === x.plan!.pan).at(-1);
        if (latest) return { ...body, merchant: { country: latest.merchant.country ?? 'USA', mcc: latest.merchant.mcc ?? '5999' } };
      },
      (body, x) => x.plan !== undefined && body.merchant !== undefined,
    ),
    ...blind,
    ...provider,
  }),
  fault('i51-in-plan-repayments-request-member-name', {
    rule: "IN-RESP-FORMS, IN-ECHO-PLAN: getPlan answers each scheduledRepayments item with its amount under installmentAmount (the member name of the savePlan request's schedule) and no amount, where provider 2.0.0 ScheduledRepayment names a repayment's amount `amount`",
    answer: okBody(
      'getPlan',
      (body) => ({
        ...body,
        scheduledRepayments: body.scheduledRepayments.map(({ amount, ...r }: Record<string, unknown>) => ({
          ...r,
          installmentAmount: amount,
        })),
      }),
      (body) => Array.isArray(body.scheduledRepayments) && body.scheduledRepayments.length > 0,
    ),
    ...blind,
    ...provider,
  }),
  fault('i51-in-decline-checkout-stays-in-progress', {
    rule: "IN-STATE-DECISION: the checkout status of a plan whose decline has landed still reads IN_PROGRESS without a callback URL (only an approval completes the checkout), while getPlan reads DECLINED, where provider 2.0.0 CompletionPSPData.status is COMPLETED once the provider's decision, approve or decline, has been processed",
    answer: okBody(
      'getPlanApprovalStatus',
      () => ({ status: 'IN_PROGRESS' }),
      (body, x) => body.status === 'COMPLETED' && x.plan?.status === 'DECLINED',
    ),
    ...blind,
    ...provider,
  }),
  fault('i51-in-plan-amount-compared-whole-units', {
    rule: "IN-VAL-PLAN-OFFER-TERMS: a plan whose transaction amount differs from its offers request's in the minor units only (the same whole units, other cents) is created, the amounts compared in whole units, where provider 2.0.0 POST /plans says the transaction data are sent without any changes and validated against the presented offer (TransactionAmountMisMatch)",
    judge: skipAt('plan-terms', (x, r) => {
      const otx = x.otx;
      const b = x.ok?.body;
      const offer = otx?.offers.find((o) => o.offerId === b?.offerId);
      if (!otx?.transaction || !offer || r.details !== 'Mismatch in Transaction Amount.') return false;
      if (Math.trunc(b.transaction?.amount) !== Math.trunc(otx.transaction.amount)) return false;
      return termsRefusal(otx, offer, { ...b, transaction: { ...b.transaction, amount: otx.transaction.amount } }) === undefined;
    }),
    ...blind,
    ...provider,
  }),
  fault('i51-in-plan-card-mismatch-generic-code', {
    rule: "IN-VAL-PLAN-OFFER-TERMS: a plan whose card is not its offers request's is refused 400 with ReasonCode invalid.request.parameter (the code of the other mismatches), not pan.match, on that refusal path only, where provider 2.0.0 PlanCreateInvalidInput example PANMisMatch answers ReasonCode pan.match",
    answer: answerOf(
      'savePlan',
      (a) => {
        for (const item of [a.body.Errors.Error].flat()) if (item.ReasonCode === 'pan.match') item.ReasonCode = 'invalid.request.parameter';
      },
      (a) => a.status === 400 && Array.isArray(a.body?.Errors?.Error),
    ),
    ...blind,
    ...provider,
  }),
  fault('i51-in-dereg-answers-latest-list-id', {
    rule: "IN-ECHO-PANLIST: a deregistration answers as its panListId the id of the customer's most recently created PAN list, not the list it applied to (the cards are taken out of the named list all the same), where provider 2.0.0 Deregistration.panListId is the pan list the pans were deregistered from",
    answer: okBody(
      'deregisterPans',
      (body, x) => ({ ...body, panListId: [...x.world.panLists.keys()].at(-1) }),
      (body) => body.panListId !== undefined,
    ),
    ...blind,
    ...provider,
  }),
  fault('i51-in-approval-status-id-last-char-ignored', {
    rule: "IN-LOOKUP-EXACT, IN-STATUS-PLAN-UNKNOWN: getPlanApprovalStatus finds a plan by its plan_id without its last character (a key column one character short), so a plan_id naming no plan, a plan's id with its last hex digit changed, answers that plan's checkout status instead of 404, where provider 2.0.0 getPlanApprovalStatus answers 404 for a plan_id naming no plan",
    judge: (x, step, r) => {
      if (!r || step !== 'approval-status-plan') return r;
      const id = (x.req.params as { plan_id?: string }).plan_id ?? '';
      const near = [...x.world.plans.values()].find((p) => p.planId.slice(0, -1).toLowerCase() === id.slice(0, -1).toLowerCase());
      if (!near || id.length !== near.planId.length) return r;
      x.plan = near;
      return undefined;
    },
    ...blind,
    ...provider,
  }),
  fault('i51-in-async-approval-without-payment-card', {
    rule: 'IN-REQ-DECISION-MEMBERS: an APPROVED decision without paymentAuthorization sent asynchronously (sync false or absent) is taken (202) and approves the plan, the member required on sync=true only, where provider 2.0.0 PlanApprovalParameters.paymentAuthorization is required when the status is APPROVED',
    judge: (x, step, r) =>
      r?.violations?.length &&
      x.op === 'planApproval' &&
      step === 'body' &&
      x.req.url.indexOf('sync=true') < 0 &&
      r.violations.some((v) => v.field === 'paymentAuthorization' && v.keyword === 'required') &&
      r.violations.every((v) => (v.field === 'paymentAuthorization' && v.keyword === 'required') || v.keyword === 'if')
        ? undefined
        : r,
    ...blind,
    ...provider,
  }),
  fault('i51-in-notify-second-plan-names-first', {
    rule: "IN-NOTIFY-SHAPE, IN-NOTIFY-SENT: the notification of a card's second plan names as its planId the card's first plan (the planId looked up by card), not the plan just selected, so the issuer is told again of the first plan, where seed 001 Events says POST /notifications is sent when a consumer selects an installment plan, that plan (provider 2.0.0 notifyPlan planId)",
    delivery: (x, d) => {
      const first = x.plan ? plansOfCard(x.world.plans.values(), x.plan.pan)[0] : undefined;
      return first && d.body?.planId !== undefined ? { ...d, body: { ...d.body, planId: first.planId } } : d;
    },
    ...blind,
  }),
  fault('i51-in-register-range-failure-uncounted', {
    rule: "IN-VAL-PAN-COUNTS, IN-PROP-COUNTS: a registration's card refused for the account range (outside the list's range) is left out of failureCount and not sent back, only the cards failing their check digit or already listed counted as failures, so the counts no longer add up to the cards sent, where provider 2.0.0 Registration.failureCount is the number of pans that failed (UnencryptedPartialSuccessPanRegistration: pan failed for account range validation)",
    state: (x, c) => {
      if (x.op === 'registerPans' && c.list && !c.pan) {
        const held = c.list;
        const range = held.accountRange;
        const pans = ((x.ok?.plain?.pans ?? []) as { pan?: string }[]).map((i) => i.pan);
        (x as { rangeFailures?: number }).rangeFailures = range
          ? pans.filter(
              (pan) =>
                typeof pan === 'string' &&
                pan.length === range.accountRangeLow.length &&
                (pan < range.accountRangeLow || pan > range.accountRangeHigh) &&
                !held.pans.has(pan),
            ).length
          : 0;
      }
      return c;
    },
    answer: okBody(
      'registerPans',
      (body, x) => {
        const n = (x as { rangeFailures?: number }).rangeFailures ?? 0;
        const failures = Number(body.failureCount) - n;
        const { encryptedValue, ...rest } = body;
        return { ...rest, failureCount: String(failures), ...(failures > 0 ? { encryptedValue } : {}) };
      },
      (body, x) => ((x as { rangeFailures?: number }).rangeFailures ?? 0) > 0 && typeof body.failureCount === 'string',
    ),
    ...blind,
    ...provider,
  }),
  fault('i51-in-offer-due-date-unpadded', {
    rule: "IN-DATE-UNIT, IN-RESP-FORMS: every offer's schedulePayments dueDate is written without the zero padding of its month and day (2027-1-1), a form that is no ISO 8601 full date and falls short of the member's minLength, where provider 2.0.0 SchedulePayments.dueDate is a date (year-month-day)",
    answer: okBody(
      'approvedOffers',
      (body) => ({
        ...body,
        offers: body.offers.map((o: Record<string, any>) => ({
          ...o,
          schedulePayments: (o.schedulePayments ?? []).map((s: Record<string, any>) => ({
            ...s,
            dueDate: String(s.dueDate).replace(/-0(\d)/g, '-$1'),
          })),
        })),
      }),
      (body) => Array.isArray(body.offers),
    ),
    ...blind,
    ...provider,
  }),
  fault('i51-in-plan-date-compared-as-text', {
    rule: "IN-VAL-PLAN-OFFER-TERMS, IN-FMT-PLAN-DATETIME: a plan whose transaction localDateTime names the same instant as its offers request's written with another offset (or Z for +00:00) is refused 400 as a date mismatch, the two date-times compared as text, where provider 2.0.0 CardedTransaction.localDateTime is an RFC 3339 date and time and POST /plans validates the data against the presented offer (the same date)",
    judge: (x, step, r) => {
      if (r || step !== 'plan-terms' || x.op !== 'savePlan') return r;
      const sent = x.ok?.body?.transaction?.localDateTime;
      const asked = x.otx?.transaction?.localDateTime;
      return typeof sent === 'string' && typeof asked === 'string' && sent !== asked
        ? {
            status: 400,
            reasonCode: 'invalid.request.parameter',
            description: 'Provided transaction date does not match with offer.',
            details: 'Mismatch in Transaction Date.',
          }
        : r;
    },
    ...blind,
    ...provider,
  }),
  fault('i51-in-panlistname-tab-refused', {
    rule: 'IN-PAT-PANLISTNAME: a registration creating a list whose panListName holds white space other than the space character (a tab between two words) is refused 400 as a pattern breach, the white space of the pattern read as the space alone, where provider 2.0.0 panListName takes letters, digits, white space and hyphens',
    judge: (x, step, r) =>
      !r &&
      x.op === 'registerPans' &&
      step === 'register-members' &&
      typeof x.ok?.body?.panListName === 'string' &&
      /[^\S ]/.test(x.ok.body.panListName)
        ? invalidMembers([{ field: 'panListName', keyword: 'pattern', message: 'panListName must match the pattern of its schema' }])
        : r,
    ...blind,
    ...provider,
  }),
];
