// Faults written blind (from seed 001, the provider's 2.0.0 document and the rule catalogue only, the suite unread).
import { blind, provider } from '../kit/faults.js';
import { answerOf, errorItems, fault, okBody } from './fault-builders.js';
import type { Exchange } from './seams.js';

/** The offers answer the plan a notification names was chosen from (the one holding its offerId). */
const offersOf = (x: Exchange, offerId: unknown) =>
  [...x.world.offerTransactions.values()].find((t) => t.offers.some((o) => o.offerId === offerId));
/** An ISO 8601 instant `minutes` after an RFC 3339 date-time. */
const after = (at: string, minutes: number) => new Date(Date.parse(at) + minutes * 60_000).toISOString();

export const INDEPENDENT_53_INSTALLMENTS_FAULTS = [
  fault('i53-in-plan-unknown-answered-bad-request', {
    rule: 'IN-STATUS-PLAN-UNKNOWN: getPlan of a well-formed plan_id naming no plan is answered 400 (the unknown plan taken as a bad parameter) instead of 404, on the plan reader only, where provider 2.0.0 getPlan documents 404 for a plan it does not find',
    answer: answerOf(
      'getPlan',
      (a) => ({ ...a, status: 400 }),
      (a) => a.status === 404,
    ),
    ...blind,
    ...provider,
  }),
  fault('i53-in-approval-status-unknown-no-source', {
    rule: 'IN-ERR-SHAPE: the 404 of getPlanApprovalStatus for a plan it does not know answers its error item without Source (ReasonCode, Description and Recoverable only), on that refusal path only, where provider 2.0.0 ErrorWrapper gives every error item its Source',
    answer: errorItems(
      (item) => {
        delete item.Source;
      },
      (a, x) => x.op === 'getPlanApprovalStatus' && a.status === 404,
    ),
    ...blind,
    ...provider,
  }),
  fault('i53-in-offers-refusal-recoverable-text', {
    rule: 'IN-ERR-SHAPE, IN-RESP-FORMS: a refused offers request (400) answers Recoverable as the text "false" rather than a boolean, on the approvedOffers refusals only, where provider 2.0.0 ErrorWrapper types Recoverable a boolean',
    answer: errorItems(
      (item) => {
        item.Recoverable = String(item.Recoverable);
      },
      (a, x) => x.op === 'approvedOffers' && a.status === 400,
    ),
    ...blind,
    ...provider,
  }),
  fault('i53-in-participation-refusal-details-dropped', {
    rule: 'IN-ERR-SHAPE: a participation submission refused 400 for a missing member answers its error item without Details (the member in error not named), on that refusal path only, where provider 2.0.0 postMerchantParticipations 400 examples name the member in error in Details',
    answer: errorItems(
      (item) => {
        delete item.Details;
      },
      (a, x) => x.op === 'postMerchantParticipations' && a.status === 400,
    ),
    ...blind,
    ...provider,
  }),
  fault('i53-in-declined-plan-reason-lower-case', {
    rule: 'IN-REQ-PLAN-REJECT-REASON, IN-RESP-FORMS: getPlan of a DECLINED plan answers its rejectReasonCode lower-cased (consumer_cancellation), a value none of the six reasons of provider 2.0.0 InstallmentPlan.rejectReasonCode, though the decline sent one of them',
    answer: okBody(
      'getPlan',
      (body) => ({ ...body, rejectReasonCode: String(body.rejectReasonCode).toLowerCase() }),
      (body) => body.status === 'DECLINED' && typeof body.rejectReasonCode === 'string',
    ),
    ...blind,
    ...provider,
  }),
  fault('i53-in-sync-decline-answered-accepted', {
    rule: 'IN-STATUS-SYNC: a decline sent with sync=true is answered 202 without a body (the asynchronous answer, its callback URL left out) while an approval with sync=true keeps its 200, the synchronous path applied to approvals only, where provider 2.0.0 planApproval Sync (true) answers 200 with the callback URL whatever the decision',
    answer: answerOf(
      'planApproval',
      (a) => ({ ...a, status: 202, body: undefined }),
      (a, x) => a.status === 200 && x.sent?.status === 'DECLINED',
    ),
    ...blind,
    ...provider,
  }),
  fault('i53-in-notify-offer-of-first-priority', {
    rule: 'IN-NOTIFY-CHOSEN: the notification to the issuer names as offerId the first offer (priority 1) of the offers answer the plan came from, not the offer the cardholder chose, so a plan chosen with a later offer is told to the issuer as another offer, where seed 001 Events sends it when a consumer selects an installment plan and provider 2.0.0 notifyPlan offerId is the offer selected',
    delivery: (x, d) => {
      const first = offersOf(x, d.body?.offerId)?.offers[0];
      return first && d.body ? { ...d, body: { ...d.body, offerId: first.offerId } } : d;
    },
    ...blind,
    ...provider,
  }),
  fault('i53-in-notify-amount-of-first-installment', {
    rule: 'IN-NOTIFY-SHAPE: the notification to the issuer names as its transaction amount the installmentAmount of the first scheduled payment (a member taken from the schedule) instead of the amount of the purchase the plan was selected with, where provider 2.0.0 notifyPlan transaction carries the transaction of the plan, its amount as the selection sent it',
    delivery: (_x, d) => {
      const first = d.body?.schedulePayments?.[0]?.installmentAmount;
      return first !== undefined && d.body?.transaction
        ? { ...d, body: { ...d.body, transaction: { ...d.body.transaction, amount: first } } }
        : d;
    },
    ...blind,
    ...provider,
  }),
  fault('i53-in-dereg-success-count-from-remaining', {
    rule: 'IN-VAL-PAN-COUNTS: a deregistration answers as successfulCount the number of cards the list still holds after it, not the number of cards of the request it removed (the count derived from the list instead of the request), where provider 2.0.0 Deregistration.successfulCount is the number of PANs processed successfully',
    answer: okBody(
      'deregisterPans',
      (body, x) => ({ ...body, successfulCount: String(x.list!.pans.size) }),
      (_body, x) => x.list !== undefined,
    ),
    ...blind,
    ...provider,
  }),
  fault('i53-in-registration-failures-count-processed', {
    rule: 'IN-VAL-PAN-COUNTS, IN-PROP-COUNTS: a registration answers as failureCount every card it processed (those registered too), so a request whose cards all joined the list reports them failed as well as successful, where provider 2.0.0 Registration.failureCount is the number of PANs processed unsuccessfully',
    answer: okBody(
      'registerPans',
      (body) => ({ ...body, failureCount: String(Number(body.successfulCount) + Number(body.failureCount)) }),
      (body) => Number(body.successfulCount) > 0,
    ),
    ...blind,
    ...provider,
  }),
  fault('i53-in-offer-end-from-purchase-time', {
    rule: 'IN-VAL-OFFER-TERMS: every offer computes its offerEndDatetime from the purchase localDateTime the request sent (its validity window added to the purchase, not to the offer), so an offer for a purchase made earlier ends before its offerBeginDatetime, where provider 2.0.0 Offer.offerEndDatetime is when the offer stops being valid, later than its begin',
    answer: okBody(
      'approvedOffers',
      (body, x) => ({
        ...body,
        offers: body.offers.map((o: any) => ({
          ...o,
          offerEndDatetime: after(
            x.sent.transaction.localDateTime,
            (Date.parse(o.offerEndDatetime) - Date.parse(o.offerBeginDatetime)) / 60_000,
          ),
        })),
      }),
      (body, x) => Array.isArray(body.offers) && typeof x.sent?.transaction?.localDateTime === 'string',
    ),
    ...blind,
    ...provider,
  }),
  fault('i53-in-search-postal-code-as-number', {
    rule: 'IN-ECHO-PARTICIPATION-DETAILS: the merchant search answers a merchant address postalCode read as a number (its leading zeros dropped), on the search path only, so a merchant submitted with a postal code starting with zero reads back with another code, where provider 2.0.0 MerchantDetails address postalCode is the text submitted',
    answer: okBody(
      'postMerchantSearches',
      (body) =>
        body.map((m: any) =>
          m.address?.postalCode && /^0+[0-9]/.test(m.address.postalCode)
            ? { ...m, address: { ...m.address, postalCode: String(Number(m.address.postalCode)) } }
            : m,
        ),
      (body) => Array.isArray(body),
    ),
    ...blind,
    ...provider,
  }),
  fault('i53-in-mid-status-lower-case', {
    rule: 'IN-RESP-FORMS: the MID search answers each MID status lower-cased (completed, pending), a value the MidDetails status enum does not list, where provider 2.0.0 MidDetails.status is one of its upper-case statuses',
    answer: okBody(
      'postMerchantMidSearches',
      (body) => ({ ...body, mids: body.mids.map((m: any) => ({ ...m, status: String(m.status).toLowerCase() })) }),
      (body) => Array.isArray(body?.mids),
    ),
    ...blind,
    ...provider,
  }),
  fault('i53-in-registration-name-of-other-list', {
    rule: 'IN-ECHO-PANLIST: a registration into an existing list named by its panListId answers as panListName the name of the customer most recently created other list (a member from the wrong object), not the name of the list it registered to, where provider 2.0.0 ViewPanList names the list the registration applied to',
    answer: okBody(
      'registerPans',
      (body, x) => {
        const other = [...x.world.panLists.values()].reverse().find((l) => l.panListId !== body.panList.panListId && l.panListName);
        return other ? { ...body, panList: { ...body.panList, panListName: other.panListName } } : undefined;
      },
      (body, x) => x.sent?.panListId !== undefined && body?.panList?.panListId !== undefined,
    ),
    ...blind,
    ...provider,
  }),
];
