// Faults written blind (from the seed, the provider's 2.0.0 document and the rule catalogue only, the suite unread).
import { blind, provider } from '../kit/faults.js';
import { answerOf, fault, okBody } from './fault-builders.js';

const items = (b: any): Record<string, any>[] => (Array.isArray(b) ? b : []);
/** A year-month-day date moved by whole months or days (UTC, no time of day). */
const shifted = (date: string, months: number, days: number): string => {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1 + months, d + days)).toISOString().slice(0, 10);
};
/** The planId of the first plan created while the fault is on (a Location header cached once). */
let firstPlanId: string | undefined;

export const INDEPENDENT_48_INSTALLMENTS_FAULTS = [
  fault('i48-in-register-counts-as-numbers', {
    rule: 'IN-VAL-PAN-COUNTS, IN-RESP-FORMS: a registration answers successfulCount and failureCount as JSON numbers, not as the strings of digits provider 2.0.0 Registration types both counts (the rule states them as strings)',
    answer: okBody('registerPans', (b) =>
      typeof b?.successfulCount === 'string'
        ? { ...b, successfulCount: Number(b.successfulCount), failureCount: Number(b.failureCount) }
        : b,
    ),
    ...blind,
    ...provider,
  }),
  fault('i48-in-register-repeat-counted-success', {
    rule: 'IN-VAL-PAN-COUNTS, IN-PROP-COUNTS: a registration sent again with a card the list already holds counts that card successful (failureCount zero, the failed card not sent back), as if the repeated registration took it again, where provider 2.0.0 Registration counts the PANs processed unsuccessfully and a card already in the list is refused',
    answer: okBody('registerPans', (b) =>
      Number(b?.failureCount) > 0
        ? {
            ...b,
            successfulCount: String(Number(b.successfulCount) + Number(b.failureCount)),
            failureCount: '0',
            encryptedValue: undefined,
            sensitiveData: undefined,
          }
        : b,
    ),
    ...blind,
    ...provider,
  }),
  fault('i48-in-dereg-counts-swapped', {
    rule: 'IN-VAL-PAN-COUNTS: a deregistration of cards some held and some not answers the number removed as failureCount and the number refused as successfulCount, each count filled from the other, where provider 2.0.0 Deregistration counts the PANs processed successfully and unsuccessfully',
    answer: okBody('deregisterPans', (b) =>
      b?.successfulCount !== undefined && b.successfulCount !== b.failureCount
        ? { ...b, successfulCount: b.failureCount, failureCount: b.successfulCount }
        : b,
    ),
    ...blind,
    ...provider,
  }),
  fault('i48-in-offer-first-due-month-late', {
    rule: 'IN-VAL-OFFER-TERMS: a MONTHLY offer schedules its first installment in the month after the next (every due date a month late, the cycle counted twice), where provider 2.0.0 Offer.firstInstallmentSchedule starts the installments on the transaction date or after one cycle',
    answer: okBody('approvedOffers', (b) =>
      Array.isArray(b?.offers)
        ? {
            ...b,
            offers: b.offers.map((o: any) =>
              Array.isArray(o.schedulePayments)
                ? { ...o, schedulePayments: o.schedulePayments.map((p: any) => ({ ...p, dueDate: shifted(p.dueDate, 1, 0) })) }
                : o,
            ),
          }
        : b,
    ),
    ...blind,
    ...provider,
  }),
  fault('i48-in-offer-type-lower-case', {
    rule: 'IN-VAL-OFFER-TYPE: every offer answers its offerType in lower case (carded_offer), a value neither of the two types provider 2.0.0 Offer.offerType names for a carded offer',
    answer: okBody('approvedOffers', (b) =>
      Array.isArray(b?.offers)
        ? { ...b, offers: b.offers.map((o: any) => (typeof o.offerType === 'string' ? { ...o, offerType: o.offerType.toLowerCase() } : o)) }
        : b,
    ),
    ...blind,
    ...provider,
  }),
  fault('i48-in-offer-fee-type-singular', {
    rule: 'IN-VAL-OFFER-TERMS: an offer without fees answers feeType NO_FEE, the value written singular, where provider 2.0.0 Offer.feeType is one of NO_FEES, FIXED_AMT and PRCENTG',
    answer: okBody('approvedOffers', (b) =>
      Array.isArray(b?.offers)
        ? { ...b, offers: b.offers.map((o: any) => (o.feeType === 'NO_FEES' ? { ...o, feeType: 'NO_FEE' } : o)) }
        : b,
    ),
    ...blind,
    ...provider,
  }),
  fault('i48-in-offer-other-installment-unrounded', {
    rule: "IN-VAL-OFFER-AMOUNTS: an offer of a purchase that does not divide evenly answers otherInstallmentAmount as the raw quotient of the amount by the tenure, the rounding to the currency's minor unit forgotten, where provider 2.0.0 Offer amounts are written with the minor unit of ISO 4217",
    answer: okBody(
      'approvedOffers',
      (b, x) =>
        Array.isArray(b?.offers)
          ? {
              ...b,
              offers: b.offers.map((o: any) => {
                const raw = Number(x.sent?.transaction?.amount) / o.tenure;
                return Number.isFinite(raw) && Math.round(raw * 100) !== raw * 100 ? { ...o, otherInstallmentAmount: raw } : o;
              }),
            }
          : b,
      (_b, x) => x.sent?.transaction?.currency === 'USD',
    ),
    ...blind,
    ...provider,
  }),
  fault('i48-in-plan-read-tenure-off-by-one', {
    rule: 'IN-ECHO-PLAN: getPlan answers planInstallmentInformation.tenure one fewer than the tenure chosen (the installments after the first counted), where provider 2.0.0 PlanInstallmentInformation.tenure is the number of installments of the plan as chosen',
    answer: okBody('getPlan', (b) =>
      typeof b?.planInstallmentInformation?.tenure === 'number'
        ? { ...b, planInstallmentInformation: { ...b.planInstallmentInformation, tenure: b.planInstallmentInformation.tenure - 1 } }
        : b,
    ),
    ...blind,
    ...provider,
  }),
  fault('i48-in-plan-read-currency-lower-case', {
    rule: 'IN-ECHO-PLAN, IN-PROP-ECHO-AS-SENT: getPlan answers the transaction currency lower-cased (usd), not the currency code the selection sent, where provider 2.0.0 InstallmentPlan.transaction carries the amount and currency of the plan',
    answer: okBody('getPlan', (b) =>
      typeof b?.transaction?.currency === 'string'
        ? { ...b, transaction: { ...b.transaction, currency: b.transaction.currency.toLowerCase() } }
        : b,
    ),
    ...blind,
    ...provider,
  }),
  fault('i48-in-plan-read-due-date-day-early', {
    rule: 'IN-ECHO-PLAN, IN-PROP-ECHO-AS-SENT: getPlan answers each scheduled repayment due the day before the date sent (the date read as local midnight and written back in UTC), so a repayment due on the first of a month reads the last day of the month before, where provider 2.0.0 ScheduledRepayment.dueDate is the due date of the repayment as scheduled',
    answer: okBody('getPlan', (b) =>
      Array.isArray(b?.scheduledRepayments)
        ? {
            ...b,
            scheduledRepayments: b.scheduledRepayments.map((r: any) =>
              typeof r.dueDate === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(r.dueDate) ? { ...r, dueDate: shifted(r.dueDate, 0, -1) } : r,
            ),
          }
        : b,
    ),
    ...blind,
    ...provider,
  }),
  fault('i48-in-plan-location-of-first-plan', {
    rule: 'IN-ECHO-PLAN-LOCATION: every plan saved after the first answers in its 201 a Location naming the first plan (plans/<the first planId>, a header cached once), not the planId the same answer gives, where provider 2.0.0 PlanCreated.Location refers to GET /plans/{plan_id} of the plan created',
    answer: answerOf(
      'savePlan',
      (a) => {
        firstPlanId ??= a.body.planId;
        a.headers.location = `plans/${firstPlanId}`;
      },
      (a) => a.status === 201 && typeof a.body?.planId === 'string',
    ),
    ...blind,
    ...provider,
  }),
  fault('i48-in-approval-status-lower-case', {
    rule: 'IN-STATE-DECISION, IN-RESP-FORMS: the checkout status of a plan reads completed (or in_progress) in lower case, a value provider 2.0.0 CompletionPSPData.status (IN_PROGRESS or COMPLETED) does not list',
    answer: okBody('getPlanApprovalStatus', (b) => (typeof b?.status === 'string' ? { ...b, status: b.status.toLowerCase() } : b)),
    ...blind,
    ...provider,
  }),
  fault('i48-in-approval-unknown-plan-error-not-list', {
    rule: 'IN-ERR-SHAPE: the 400 of an approval naming no plan answers Errors.Error as one bare object, not the list of error items, on that refusal path only, where provider 2.0.0 ErrorWrapper holds Errors.Error as an array of Error items',
    answer: answerOf(
      'planApproval',
      (a) => {
        a.body = { Errors: { Error: a.body.Errors.Error[0] } };
      },
      (a, x) => a.status === 400 && !x.plan && a.body?.Errors?.Error?.[0]?.Details === 'planId',
    ),
    ...blind,
    ...provider,
  }),
  fault('i48-in-search-offset-header-one-based', {
    rule: 'IN-PAGE-HEADERS: the merchant search answers its Offset header one above the offset applied (counted from 1), the page itself unchanged, where provider 2.0.0 Offset is the number of items skipped at the start of the list',
    answer: answerOf(
      'postMerchantSearches',
      (a) => {
        a.headers.offset = String(Number(a.headers.offset) + 1);
      },
      (a) => a.status === 200 && a.headers.offset !== undefined,
    ),
    ...blind,
    ...provider,
  }),
  fault('i48-in-completed-list-optin-boolean', {
    rule: 'IN-ECHO-PARTICIPATION-DETAILS, IN-RESP-FORMS: the completed merchants list (no request_id) answers optIn as a JSON boolean (true for Y, false for N), the other readers keeping Y or N, where provider 2.0.0 MerchantDetails.optIn is Y or N',
    answer: okBody(
      'getMerchantParticipations',
      (b) => items(b).map((m) => (m.optIn === 'Y' || m.optIn === 'N' ? { ...m, optIn: m.optIn === 'Y' } : m)),
      (_b, x) => !x.ok?.query.has('request_id'),
    ),
    ...blind,
    ...provider,
  }),
  fault('i48-in-search-wallet-id-text', {
    rule: 'IN-ECHO-PARTICIPATION-DETAILS, IN-RESP-FORMS: the merchant search answers each wallet walletId as a string of its digit, not the integer submitted, where provider 2.0.0 Wallet.walletId is an integer',
    answer: okBody('postMerchantSearches', (b) =>
      items(b).map((m) =>
        Array.isArray(m.wallets)
          ? { ...m, wallets: m.wallets.map((w: any) => (typeof w.walletId === 'number' ? { ...w, walletId: String(w.walletId) } : w)) }
          : m,
      ),
    ),
    ...blind,
    ...provider,
  }),
];
