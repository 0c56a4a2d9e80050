// Faults written blind (from seed 001, the provider's 2.0.0 document and the rule catalogue only, the suite unread).
import { blind, provider } from '../kit/faults.js';
import { answerOf, fault, okBody, paramUnchecked } from './fault-builders.js';
import type { Exchange, Refusal } from './seams.js';

/** The offers answer a plan (or a plan read) was chosen from: the one holding its offerId. */
const offersOfPlan = (x: Exchange, offerId: unknown) =>
  [...x.world.offerTransactions.values()].find((t) => t.offers.some((o) => o.offerId === offerId));
/** The error items of an answer. */
const itemsOf = (body: any): Record<string, any>[] => [body?.Errors?.Error ?? []].flat();
/** The longest account range end the mock holds (the AccountRange pattern's upper bound). */
const LONGEST_RANGE_END = 19;
/** The largest int64. */
const INT64_MAX = 2n ** 63n - 1n;

export const INDEPENDENT_52_INSTALLMENTS_FAULTS = [
  fault('i52-in-plan-repayments-numbered-from-nought', {
    rule: 'IN-ECHO-PLAN, IN-RESP-FORMS: getPlan numbers the scheduled repayments as indexes (one below the number the selection gave each), so every repayment reads back under the number of the one before and the first falls under the installmentNumber minimum, where provider 2.0.0 ScheduledRepayment.installmentNumber is the number of that repayment, as the selection sent it',
    answer: okBody(
      'getPlan',
      (body) => ({
        ...body,
        scheduledRepayments: body.scheduledRepayments.map((r: any) => ({ ...r, installmentNumber: r.installmentNumber - 1 })),
      }),
      (body) => Array.isArray(body.scheduledRepayments) && body.scheduledRepayments.length > 0,
    ),
    ...blind,
    ...provider,
  }),
  fault('i52-in-plan-amount-from-offer-total', {
    rule: "IN-ECHO-PLAN: getPlan answers as the plan's transaction amount the totalAmount of the offer chosen (the amount owed, its fee included) instead of the purchase amount the plan was saved with, so a purchase whose offer adds to it reads back larger than it was, where provider 2.0.0 InstallmentPlan.transaction is the plan's transaction, its amount as sent",
    answer: okBody(
      'getPlan',
      (body, x) => {
        const offer = offersOfPlan(x, body.offerId)?.offers.find((o) => o.offerId === body.offerId);
        return offer ? { ...body, transaction: { ...body.transaction, amount: offer.totalAmount } } : undefined;
      },
      (body) => body.transaction !== undefined,
    ),
    ...blind,
    ...provider,
  }),
  fault('i52-in-plan-status-reads-checkout', {
    rule: "IN-STATE-DECISION, IN-RESP-FORMS: once a decision has landed, getPlan answers the plan's status as the checkout status COMPLETED (the approval status reader's value) instead of APPROVED or DECLINED, a value the plan status enum does not list, where seed 001 States has a plan approved or declined and provider 2.0.0 InstallmentPlan.status is one of CREATED, APPROVED, DECLINED, TIMED_OUT",
    answer: okBody(
      'getPlan',
      (body) => ({ ...body, status: 'COMPLETED' }),
      (body) => body.status === 'APPROVED' || body.status === 'DECLINED',
    ),
    ...blind,
  }),
  fault('i52-in-plan-terms-of-sibling-plan', {
    rule: 'IN-ECHO-PLAN: of two plans saved from one offers answer (the cardholder choosing again, another offer), getPlan of the first answers the terms (planInstallmentInformation: tenure, frequency) of the plan saved last from that offers answer, the terms looked up by offers answer rather than by plan, where provider 2.0.0 InstallmentPlan.planInstallmentInformation holds the terms chosen for that plan',
    answer: okBody(
      'getPlan',
      (body, x) => {
        const offers = offersOfPlan(x, body.offerId);
        if (!offers) return undefined;
        const ids = new Set(offers.offers.map((o) => o.offerId));
        const last = [...x.world.plans.values()].filter((p) => ids.has(p.offerId)).at(-1);
        return last && last.planId !== body.planId ? { ...body, planInstallmentInformation: last.planInstallmentInformation } : undefined;
      },
      (body) => body.planInstallmentInformation !== undefined,
    ),
    ...blind,
    ...provider,
  }),
  fault('i52-in-amounttype-final-refused', {
    rule: 'IN-ENUM-AMOUNTTYPE: a plan whose transaction amountType is FINAL (the final amount of the purchase) is refused 400 as an incorrect amount type, PURCHASE alone taken, where provider 2.0.0 CardedTransaction.amountType is PURCHASE or FINAL',
    judge: (x, step, r): Refusal | undefined =>
      !r && step === 'plan-new' && x.sent?.transaction?.amountType === 'FINAL'
        ? {
            status: 400,
            reasonCode: 'invalid.request.parameter',
            description: 'Incorrect value for Amount Type.',
            details: 'transaction.amountType',
          }
        : r,
    ...blind,
    ...provider,
  }),
  fault('i52-in-cardholder-full-name-alone-refused', {
    rule: 'IN-REQ-CARDHOLDER-NAME: an approval whose card names the cardholder by the full name alone (no first and last names) is refused 400 naming cardholderFirstName, the first and last names read as always required, where provider 2.0.0 paymentAuthorization makes cardholderFirstName and cardholderLastName optional when cardholderFullName is used',
    judge: (x, step, r): Refusal | undefined => {
      const card = x.sent?.paymentAuthorization;
      return !r &&
        step === 'approval-decision' &&
        card?.cardholderFullName !== undefined &&
        (card.cardholderFirstName === undefined || card.cardholderLastName === undefined)
        ? {
            status: 400,
            reasonCode: 'invalid.request.body.parameter',
            description: 'cardholderFirstName and cardholderLastName must not be null.',
            details: 'paymentAuthorization.cardholderFirstName',
          }
        : r;
    },
    ...blind,
    ...provider,
  }),
  fault('i52-in-accountrange-longest-refused', {
    rule: 'IN-LIM-ACCOUNTRANGE: a new PAN list over an account range whose ends have the longest length the AccountRange pattern allows (a range the system holds) is refused 400 invalid.accountRange, the upper bound of the ends taken one short, where provider 2.0.0 accountRangeLow and accountRangeHigh take any length of digits their pattern allows',
    judge: (x, step, r): Refusal | undefined => {
      const range = x.sent?.accountRange;
      return !r &&
        step === 'register-range' &&
        [range?.accountRangeLow, range?.accountRangeHigh].some((end) => String(end ?? '').length >= LONGEST_RANGE_END)
        ? { status: 400, reasonCode: 'invalid.accountRange', description: 'Account range not valid' }
        : r;
    },
    ...blind,
    ...provider,
  }),
  fault('i52-in-offers-outlive-deregistration', {
    rule: 'IN-STATE-PAN-ELIGIBLE: a card offered installments once keeps getting offers after it is deregistered from the only PAN list holding it (its eligibility remembered from its earlier offers answer, not judged again), where seed 001 gives eligible offers for the card numbers a customer registers in a pan list and deregisters from it',
    judge: (x, step, r): Refusal | undefined => {
      const pan = x.ok?.plain?.consumer?.primaryAccountNumber;
      return r && step === 'offers-card' && pan !== undefined && [...x.world.offerTransactions.values()].some((t) => t.pan === String(pan))
        ? undefined
        : r;
    },
    ...blind,
  }),
  fault('i52-in-offers-currency-case-folded', {
    rule: 'IN-FMT-CODES: an offers request whose transaction currency is an ISO 4217 code written in lower case (usd) is upper-cased before it is judged and offered installments, where provider 2.0.0 currency is an ISO 4217 code (upper-case letters) and a currency ISO 4217 does not list is refused 400',
    judge: (x, step, r): Refusal | undefined => {
      const currency = x.sent?.transaction?.currency;
      const folded = x.op === 'approvedOffers' && typeof currency === 'string' && /^[a-z]{3}$/.test(currency);
      if (!r || !folded) return r;
      if (step === 'offers-currency') return undefined;
      if (step === 'body' && r.violations?.length && r.violations.every((v) => v.field.includes('currency'))) return undefined;
      return r;
    },
    ...blind,
    ...provider,
  }),
  fault('i52-in-approval-card-refusal-drops-description', {
    rule: 'IN-ERR-SHAPE: the 400 of an approval whose card fails its check digit answers its error item without Description (Source, ReasonCode, Recoverable and Details only), on that refusal path only, where provider 2.0.0 ErrorWrapper items each carry Source, ReasonCode, Description and Recoverable',
    answer: answerOf(
      'planApproval',
      (a) => {
        for (const item of itemsOf(a.body)) delete item.Description;
      },
      (a) => a.status === 400 && itemsOf(a.body).some((i) => i.Details === 'paymentAuthorization.primaryAccountNumber'),
    ),
    ...blind,
    ...provider,
  }),
  fault('i52-in-offers-begin-epoch', {
    rule: "IN-DATE-UNIT, IN-RESP-FORMS: every offer answers offerBeginDatetime as a number of epoch milliseconds (the offer's start as stored), not an RFC 3339 date and time with its zone, offerEndDatetime keeping its form, where provider 2.0.0 Offer.offerBeginDatetime is a date-time",
    answer: okBody(
      'approvedOffers',
      (body) => ({
        ...body,
        offers: body.offers.map((o: any) => ({ ...o, offerBeginDatetime: Date.parse(o.offerBeginDatetime) })),
      }),
      (body) => Array.isArray(body.offers),
    ),
    ...blind,
    ...provider,
  }),
  fault('i52-in-request-id-past-int64-not-found', {
    rule: 'IN-ERR-REQUEST-ID, IN-STATUS-UNKNOWN-REQUEST: a request_id of digits past the int64 range is looked up as an id and answered 404 as a request not found, not refused 400 invalid.request.parameter, where provider 2.0.0 request_id is an int64 and getMerchantParticipations refuses another value 400 (InvalidRequestIdError)',
    judge: paramUnchecked(
      'request_id',
      (value) => value !== undefined && /^[0-9]+$/.test(value) && BigInt(value) > INT64_MAX,
      'getMerchantParticipations',
    ),
    ...blind,
    ...provider,
  }),
  fault('i52-in-notify-correlation-of-offers-request', {
    rule: "IN-NOTIFY-CORRELATION: the notification of a selected plan carries the Correlation-Id of the offers request the plan was chosen from, not the one savePlan was sent with, where provider 2.0.0 savePlan's Correlation-Id is propagated to all downstream systems (notifyPlan's Correlation-Id)",
    delivery: (x, d) =>
      x.op === 'savePlan' && x.otx?.correlationId !== undefined
        ? { ...d, headers: { ...d.headers, 'Correlation-Id': x.otx.correlationId } }
        : d,
    ...blind,
    ...provider,
  }),
  fault('i52-in-offers-json-charset-refused', {
    rule: 'IN-TRANS-MEDIA: an offers body sent as application/json with a charset parameter (application/json; charset=utf-8) is refused 415, the media type compared whole with its parameters, where provider 2.0.0 approvedOffers takes application/json and answers 415 to a body of another media type',
    judge: (x, step, r): Refusal | undefined =>
      !r && step === 'media' && x.op === 'approvedOffers' && /^application\/json\s*;/i.test(String(x.req.headers['content-type'] ?? ''))
        ? { status: 415, reasonCode: 'UNSUPPORTED_MEDIA_TYPE', description: 'Content type not supported.' }
        : r,
    ...blind,
    ...provider,
  }),
  fault('i52-in-provider-id-upper-case-refused', {
    rule: 'IN-FMT-UUID: a plan whose providerId is a UUID written in upper-case hex digits is refused 400 as not a UUID (the form checked against lower case only), where provider 2.0.0 providerId is of format uuid, whose hex digits are read in either case',
    judge: (x, step, r): Refusal | undefined =>
      !r && step === 'plan-new' && typeof x.sent?.providerId === 'string' && /[A-F]/.test(x.sent.providerId)
        ? { status: 400, reasonCode: 'invalid.request.parameter', description: 'providerId must be a UUID', details: 'providerId' }
        : r,
    ...blind,
    ...provider,
  }),
];
