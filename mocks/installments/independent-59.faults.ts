// Faults written blind (from seed 001, the provider's 2.0.0 document and the rule catalogue only, the suite unread).
import { blind, provider } from '../kit/faults.js';
import { answerOf, errorItems, fault, loosen, okBody, refuseAt, type Answering } from './fault-builders.js';
import type { Delivery, Exchange } from './seams.js';

/** The longest panListName the contract takes (PanRegistrationBody.panListName, its pattern's upper bound). */
const PANLIST_NAME_MAX = 64;
/** The longest stan the contract takes (CardedTransaction.stan, its pattern's upper bound). */
const STAN_MAX = 6;

const two = (n: number) => String(n).padStart(2, '0');

/** approvedOffers: an offerEndDatetime whose month differs from its offerBeginDatetime's, written with the day carried into the begin's month. */
const dayOverflow = (begin: string, end: string): string => {
  const b = new Date(begin);
  const e = new Date(end);
  if (Number.isNaN(b.getTime()) || Number.isNaN(e.getTime()) || b.getUTCMonth() === e.getUTCMonth()) return end;
  return `${b.getUTCFullYear()}-${two(b.getUTCMonth() + 1)}-${two(b.getUTCDate() + 1)}${end.slice(10)}`;
};

/** The notification's Correlation-Id header, under whatever case of its name it is carried. */
const lowerCorrelation = (_x: Exchange, d: Delivery): Delivery => {
  for (const name of Object.keys(d.headers)) if (name.toLowerCase() === 'correlation-id') d.headers[name] = d.headers[name].toLowerCase();
  return d;
};

/** postMerchantMidSearches: the page's merchantLegalName taken from the merchant's first doing-business-as name. */
const midPageNameFromDba: Answering = (x, a) => {
  if (x.op !== 'postMerchantMidSearches' || a.status !== 200 || !a.body) return a;
  const s = x.sent ?? {};
  const p = [...x.world.participations]
    .reverse()
    .find(
      (q) =>
        q.merchant.merchantLegalName === s.merchantLegalName &&
        q.merchant.countryCode === s.countryCode &&
        q.merchant.acquirerICA === s.acquirerICA,
    );
  const dba = p?.merchant.dbaNames?.[0];
  if (typeof dba === 'string') a.body = { ...a.body, merchantLegalName: dba };
  return a;
};

/** getPlan: a declined plan's rejectReasonCode answered as the rejectReasonDetail its decline was sent with (kept per plan). */
const reasonFromDetail: Answering = (x, a, m) => {
  m.details ??= {};
  if (x.op === 'planApproval' && a.status < 300 && typeof x.sent?.rejectReasonDetail === 'string')
    m.details[x.sent.planId] = x.sent.rejectReasonDetail;
  if (x.op === 'getPlan' && a.status === 200 && a.body?.rejectReasonCode !== undefined && m.details[a.body.planId] !== undefined)
    a.body = { ...a.body, rejectReasonCode: m.details[a.body.planId] };
  return a;
};

export const INDEPENDENT_59_INSTALLMENTS_FAULTS = [
  fault('i59-in-approval-status-callback-offerid', {
    rule: "IN-ECHO-CALLBACK: getPlanApprovalStatus of a decided plan answers a callbackUrl built with the plan's offerId in the place of its planId (the URL derived from the wrong member), so it is not the callbackUrl the synchronous approval answered, where provider 2.0.0 getPlanApprovalStatus and PSPData.callbackUrl give the callback URL of that approval",
    answer: okBody(
      'getPlanApprovalStatus',
      (b, x) => ({ ...b, callbackUrl: String(b.callbackUrl).replace(x.plan!.planId, String(x.plan!.offerId)) }),
      (b, x) => typeof b.callbackUrl === 'string' && x.plan !== undefined,
    ),
    ...provider,
    ...blind,
  }),
  fault('i59-in-approval-status-decline-in-progress', {
    rule: 'IN-STATE-DECISION: the checkout status of a plan whose DECLINED decision has landed stays IN_PROGRESS without its callback URL (only an approval counted as completing the checkout), while getPlan reads DECLINED, where seed 001 States (approve or decline) and provider 2.0.0 CompletionPSPData.status make a landed decision, either one, COMPLETED',
    answer: okBody(
      'getPlanApprovalStatus',
      () => ({ status: 'IN_PROGRESS' }),
      (b, x) => b.status === 'COMPLETED' && x.plan?.status === 'DECLINED',
    ),
    ...blind,
  }),
  fault('i59-in-approval-unknown-plan-details-object', {
    rule: 'IN-ERR-SHAPE: the 400 of an approval naming a plan the service does not know answers its error item Details as an object naming the member ({"field": "planId"}) instead of a text, on that refusal path only, where provider 2.0.0 Error.Details is a string (or null)',
    answer: errorItems(
      (item) => {
        item.Details = { field: item.Details };
      },
      (a, x) => x.op === 'planApproval' && a.status === 400 && a.body?.Errors?.Error?.[0]?.Details === 'planId',
    ),
    ...provider,
    ...blind,
  }),
  fault('i59-in-offers-end-day-overflow', {
    rule: "IN-VAL-OFFER-TERMS, IN-DATE-UNIT, IN-RESP-FORMS: an offer asked within its validity window of a UTC month's end (a month's last day, the leap day, a year's last day) answers offerEndDatetime with the day carried past the month's last day but not the month or year (a day numbered one past the month's last, in April, in a leap February, in December), no calendar date and not later than offerBeginDatetime, where provider 2.0.0 Offer.offerEndDatetime is an RFC 3339 date and time ending the offer after its start",
    answer: okBody(
      'approvedOffers',
      (b) => ({
        ...b,
        offers: b.offers.map((o: Record<string, any>) => ({
          ...o,
          offerEndDatetime: dayOverflow(o.offerBeginDatetime, o.offerEndDatetime),
        })),
      }),
      (b) => Array.isArray(b.offers),
    ),
    ...provider,
    ...blind,
  }),
  fault('i59-in-offers-correlation-cut', {
    rule: "IN-ECHO-CORRELATION, IN-PROP-HEADER-ECHO: an offers request whose Correlation-Id is longer than a UUID's text is answered with that Correlation-Id cut to a UUID's length (stored in a UUID-sized column), not byte for byte as sent, where provider 2.0.0 approvedOffers' Correlation-Id is any string and is answered as the caller sent it",
    answer: answerOf(
      'approvedOffers',
      (a) => {
        a.headers['correlation-id'] = a.headers['correlation-id'].slice(0, 36);
      },
      (a) => (a.headers['correlation-id'] ?? '').length > 36,
    ),
    ...provider,
    ...blind,
  }),
  fault('i59-in-notify-cid-from-ica', {
    rule: "IN-NOTIFY-SHAPE: the notification of a selected plan names as issuerCid the issuer's ICA (issuerIca's value copied into it), so the issuer's customer id configured for the card's account range is lost, where provider 2.0.0 notifyPlan names the issuer of the card's account range by its own issuerCid and issuerIca",
    delivery: (_x, d) => {
      if (d.body?.issuerIca !== undefined) d.body = { ...d.body, issuerCid: d.body.issuerIca };
      return d;
    },
    ...provider,
    ...blind,
  }),
  fault('i59-in-notify-correlation-lowercased', {
    rule: "IN-NOTIFY-CORRELATION: the notification of a plan carries the Correlation-Id its savePlan was sent with lower-cased (an upper-case UUID passed on in lower case), not byte for byte, where provider 2.0.0 savePlan's Correlation-Id is propagated to all downstream systems",
    delivery: lowerCorrelation,
    ...provider,
    ...blind,
  }),
  fault('i59-in-register-range-only-counted', {
    rule: 'IN-PROP-COUNTS, IN-VAL-PAN-COUNTS: a registration carrying an account range and no card data answers successfulCount one (the range counted as a PAN processed), where provider 2.0.0 Registration counts the PANs processed, so a request without cards counts none',
    answer: okBody(
      'registerPans',
      (b) => ({ ...b, successfulCount: String(Number(b.successfulCount) + 1) }),
      (_b, x) => x.sent?.encryptedValue === undefined && x.sent?.accountRange !== undefined,
    ),
    ...provider,
    ...blind,
  }),
  fault('i59-in-register-failed-not-returned', {
    rule: 'IN-PROP-COUNTS: a registration with cards that failed (failureCount above zero) answers no encryptedValue, the failed cards not sent back, on the registration path only, where provider 2.0.0 registerPans (UnencryptedPartialSuccessPanRegistration, its 200 example) returns the failed cards whenever failureCount is above zero',
    answer: okBody(
      'registerPans',
      (b) => {
        const { encryptedValue: _dropped, ...rest } = b;
        return rest;
      },
      (b) => b.failureCount !== '0' && b.encryptedValue !== undefined,
    ),
    ...provider,
    ...blind,
  }),
  fault('i59-in-register-name-last-char-dropped', {
    rule: "IN-ECHO-PANLIST: a registration creating a list whose panListName is at its maxLength answers the name without its last character (a buffer one short), not byte for byte as given, where provider 2.0.0 ViewPanList.panListName is the list's name as given",
    answer: okBody(
      'registerPans',
      (b) => ({ ...b, panList: { ...b.panList, panListName: b.panList.panListName.slice(0, -1) } }),
      (b) => typeof b.panList?.panListName === 'string' && [...b.panList.panListName].length >= PANLIST_NAME_MAX,
    ),
    ...provider,
    ...blind,
  }),
  fault('i59-in-dereg-long-pan-counted', {
    rule: "IN-LIM-PAN, IN-VARIANT-EVERY-RULE: a deregistration whose encrypted card number is longer than its maxLength is answered 200 with the card counted failed, the PAN's length checked on registration only, where provider 2.0.0 Pan.pan (PanDeregistrationBody's sensitiveData) takes a PAN within its length bounds and a request breaking them is refused 400",
    judge: loosen('deregisterPans', (v) => /pan/i.test(v.field) && (v.keyword === 'maxLength' || v.keyword === 'pattern'), ['plain']),
    ...provider,
    ...blind,
  }),
  fault('i59-in-plan-stan-longest-refused', {
    rule: 'IN-PAT-PLAN-CODES, IN-VALID-ACCEPTED: a plan whose transaction stan has the most digits its pattern takes is refused 400 invalid.request.parameter (Invalid length for STAN.), the upper bound taken as exclusive, where provider 2.0.0 CardedTransaction.stan takes one digit up to its longest',
    judge: refuseAt(
      'plan-bounds',
      (x) => /^\d+$/.test(String(x.sent?.transaction?.stan ?? '')) && String(x.sent.transaction.stan).length === STAN_MAX,
      {
        status: 400,
        reasonCode: 'invalid.request.parameter',
        description: 'Invalid length for STAN.',
        details: 'transaction.stan',
      },
    ),
    ...provider,
    ...blind,
  }),
  fault('i59-in-mid-page-name-from-dba', {
    rule: "IN-ECHO-MIDSEARCH: the MID page names the merchant searched with its first doing-business-as name (dbaNames' first item) in merchantLegalName, a member from the wrong list, not the legal name searched, where provider 2.0.0 MidDetailsPage names the merchant by its merchantLegalName",
    answer: midPageNameFromDba,
    ...provider,
    ...blind,
  }),
  fault('i59-in-by-request-aus-group-dropped', {
    rule: "IN-ECHO-PARTICIPATION-MANDATORY, IN-ECHO-PARTICIPATION-DETAILS: the read by request_id answers an Australian merchant without its merchantGroup (the member shown for the other markets' columns only), where provider 2.0.0 getMerchantParticipations answers the fields mandatory in the POST's table, merchantGroup among them for the Australia MID market",
    answer: okBody(
      'getMerchantParticipations',
      (b) =>
        b.map((m: Record<string, any>) => {
          if (String(m.countryCode).toUpperCase() !== 'AUS') return m;
          const { merchantGroup: _dropped, ...rest } = m;
          return rest;
        }),
      (b, x) => Array.isArray(b) && x.ok?.query.get('request_id') !== null,
    ),
    ...provider,
    ...blind,
  }),
  fault('i59-in-getplan-reason-from-detail', {
    rule: "IN-REQ-PLAN-REJECT-REASON, IN-RESP-FORMS: getPlan of a plan declined with a rejectReasonDetail answers as its rejectReasonCode that free text (the member filled from the detail sent, not the code), so the plan reads DECLINED with none of the reasons, where provider 2.0.0 InstallmentPlan.rejectReasonCode is one of the RejectReasonCode enum's values and rejectReasonDetail a member of its own",
    answer: reasonFromDetail,
    ...provider,
    ...blind,
  }),
];
