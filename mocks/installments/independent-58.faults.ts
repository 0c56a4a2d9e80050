// Faults written blind (from seed 001, the provider's 2.0.0 document and the rule catalogue only, the suite unread).
import { blind, provider } from '../kit/faults.js';
import { errorItems, fault, loosen, okBody, refuseAt, type Answering } from './fault-builders.js';
import type { PanList } from './state.js';

/** The longest merchantLegalName the contract takes (MerchantLegalName.maxLength). */
const LEGAL_NAME_MAX = 300;

/** savePlan: the planId first answered to a selection (offerTransactionId and offerId), answered again to the same selection resent. */
const replayedPlanId: Answering = (x, a, m) => {
  if (x.op !== 'savePlan' || a.status !== 201 || typeof a.body?.planId !== 'string') return a;
  const key = `${x.sent?.offerTransactionId}|${x.sent?.offerId}`;
  m.seen ??= {};
  const first: string | undefined = m.seen[key];
  if (first === undefined) {
    m.seen[key] = a.body.planId;
    return a;
  }
  a.body = { ...a.body, planId: first };
  if (a.headers.location !== undefined) a.headers.location = `plans/${first}`;
  return a;
};

export const INDEPENDENT_58_INSTALLMENTS_FAULTS = [
  fault('i58-in-offers-invalid-card-quoted', {
    rule: 'IN-OBJ-SENSITIVE: the 400 of an offers request whose card fails its check digit quotes the card number in its Description (the value in error logged into the refusal), so the card travels in clear in the answer, where provider 2.0.0 sends the card only encrypted (ConsumerCard in sensitiveData) and no answer carries it in clear',
    answer: errorItems(
      (item, _a, x) => {
        const pan = x.ok?.plain?.consumer?.primaryAccountNumber;
        if (pan !== undefined) item.Description = `${item.Description} (${pan})`;
      },
      (a, x) => x.op === 'approvedOffers' && a.status === 400 && a.body?.Errors?.Error?.[0]?.Description === 'PAN provided is invalid',
    ),
    ...provider,
    ...blind,
  }),
  fault('i58-in-getplan-card-in-clear', {
    rule: "IN-OBJ-SENSITIVE: getPlan answers the plan's card number in clear (consumer.primaryAccountNumber, the stored plan serialised with the card it was selected with), where provider 2.0.0 InstallmentPlan carries no card and the card travels only encrypted",
    answer: okBody('getPlan', (b, x) => {
      if (x.plan) b.consumer = { primaryAccountNumber: x.plan.pan };
    }),
    ...provider,
    ...blind,
  }),
  fault('i58-in-offers-correlation-not-made', {
    rule: 'IN-ECHO-CORRELATION: an offers request sent without a Correlation-Id is answered without any (the header only echoed, none made), where provider 2.0.0 approvedOffers has the API make a Correlation-Id of its own when the caller gives none and answer it',
    answer: (x, a) => {
      if (x.op === 'approvedOffers' && x.req.headers['correlation-id'] === undefined) delete a.headers['correlation-id'];
      return a;
    },
    ...provider,
    ...blind,
  }),
  fault('i58-in-plan-rrn-letters-taken', {
    rule: 'IN-PAT-PLAN-CODES: a plan whose transaction rrn holds a letter (its length right) is created 201, the rrn checked for its length only, where provider 2.0.0 CardedTransaction.rrn is digits only and a non-numeric RRN is 400 invalid.request.parameter',
    judge: loosen('savePlan', (v) => v.field === 'transaction.rrn' && v.keyword === 'pattern'),
    ...provider,
    ...blind,
  }),
  fault('i58-in-participation-country-lower-refused', {
    rule: "IN-PAT-COUNTRY, IN-VALID-FORMS: a participation whose countryCode is written in lower case (usa) is refused 400, the code checked against upper-case letters only on that operation, where provider 2.0.0 CountryCode's pattern takes three letters of either case",
    judge: refuseAt(
      'body',
      (x) =>
        x.op === 'postMerchantParticipations' &&
        Array.isArray(x.sent) &&
        x.sent.some((p: any) => typeof p?.countryCode === 'string' && /[a-z]/.test(p.countryCode)),
      {
        status: 400,
        reasonCode: 'INVALID_FIELD_VALUE',
        description: 'countryCode must be an ISO 3166 alpha-3 code',
        details: 'countryCode',
      },
    ),
    ...provider,
    ...blind,
  }),
  fault('i58-in-wallet-without-acceptance-taken', {
    rule: 'IN-REQ-WALLET: a participation whose wallet carries its walletId but no walletAcceptance is taken 202 (the flag read as optional), where provider 2.0.0 Wallet requires walletAcceptance',
    judge: loosen('postMerchantParticipations', (v) => /(^|\.)wallets\.\d+\.walletAcceptance$/.test(v.field) && v.keyword === 'required'),
    ...provider,
    ...blind,
  }),
  fault('i58-in-legal-name-at-max-refused', {
    rule: 'IN-LIM-LEGALNAME: a participation whose merchantLegalName is exactly at its maxLength is refused 400 (the bound taken as exclusive), where provider 2.0.0 MerchantLegalName takes 1 to its maxLength characters, the longest included',
    judge: refuseAt(
      'body',
      (x) =>
        x.op === 'postMerchantParticipations' &&
        Array.isArray(x.sent) &&
        x.sent.some((p: any) => typeof p?.merchantLegalName === 'string' && p.merchantLegalName.length >= LEGAL_NAME_MAX),
      {
        status: 400,
        reasonCode: 'INVALID_FIELD_VALUE',
        description: 'merchantLegalName is too long',
        details: 'merchantLegalName',
      },
    ),
    ...provider,
    ...blind,
  }),
  fault('i58-in-plan-year-end-datetime-refused', {
    rule: "IN-FMT-PLAN-DATETIME, IN-VALID-ACCEPTED: a plan whose transaction localDateTime falls on the last day of a year (31 December, its offers request made that day) is refused 400 invalid.request.parameter as an invalid datetime, December's length read one day short from the month table, where provider 2.0.0 CardedTransaction.localDateTime is a date and time and 31 December is one",
    judge: refuseAt('plan-terms', (x) => /^\d{4}-12-31T/.test(String(x.sent?.transaction?.localDateTime ?? '')), {
      status: 400,
      reasonCode: 'invalid.request.parameter',
      description: 'Invalid datetime',
      details: 'transaction.localDateTime',
    }),
    ...provider,
    ...blind,
  }),
  fault('i58-in-approval-offer-of-card-other-plan', {
    rule: "IN-STATE-APPROVAL-OFFER: an approval whose offerId is the offer of another plan of the same card (another offers answer) is accepted and decides the plan named, the offerId checked against the card's plans rather than the plan's own, where provider 2.0.0 PlanApprovalParameters.offerId is the plan's offer and another id is 400",
    judge: (x, s, r) =>
      r &&
      s === 'approval-decision' &&
      r.details === 'offerId' &&
      [...x.world.plans.values()].some((p) => p !== x.plan && p.pan === x.plan?.pan && p.offerId === x.sent?.offerId)
        ? undefined
        : r,
    ...provider,
    ...blind,
  }),
  fault('i58-in-plan-resent-planid-replayed', {
    rule: 'IN-PROP-UNIQUE-ID: a plan selection sent again unchanged (the same offerTransactionId and offerId) is answered 201 with the planId, and Location, of the plan the first one made (an idempotency cache keyed by the selection), while a second plan is stored under another id, where provider 2.0.0 PlanCreated.planId is a new id for each plan created, never one an earlier answer gave',
    answer: replayedPlanId,
    ...provider,
    ...blind,
  }),
  fault('i58-in-midsearch-legal-name-upper', {
    rule: "IN-ECHO-MIDSEARCH: the MID page names the merchant searched with its merchantLegalName upper-cased (the name normalised for matching answered in place of the merchant's), where provider 2.0.0 MidDetailsPage names the merchant searched by its legal name",
    answer: okBody('postMerchantMidSearches', (b) => {
      if (typeof b?.merchantLegalName === 'string') b.merchantLegalName = b.merchantLegalName.toUpperCase();
    }),
    ...provider,
    ...blind,
  }),
  fault('i58-in-search-dba-names-first-only', {
    rule: "IN-ECHO-PARTICIPATION-DETAILS: the merchant search answers each merchant's dbaNames with its first name only (the list read as a single value), on the search path only, where provider 2.0.0 DbaNames is the list of doing-business-as names submitted, every one kept",
    answer: okBody('postMerchantSearches', (b) => {
      for (const m of [b].flat()) if (Array.isArray(m?.dbaNames)) m.dbaNames = m.dbaNames.slice(0, 1);
    }),
    ...provider,
    ...blind,
  }),
  fault('i58-in-register-failures-counted-once', {
    rule: 'IN-VAL-PAN-COUNTS, IN-PROP-COUNTS: a registration with several cards refused answers failureCount as one (a flag set by any failure, not a count), where provider 2.0.0 Registration.failureCount is the number of PANs processed unsuccessfully',
    answer: okBody('registerPans', (b) => {
      if (Number(b?.failureCount) > 1) b.failureCount = '1';
    }),
    ...provider,
    ...blind,
  }),
  fault('i58-in-notify-issuer-ica-zeros-dropped', {
    rule: "IN-NOTIFY-SHAPE: the notification of a selected plan names its issuer by the ICA read as a number (its leading zeros dropped), not the issuer's ICA as configured for the card's account range, where provider 2.0.0 notifyPlan names the issuer of the card's account range by its ICA",
    delivery: (_x, d) => {
      if (typeof d.body?.issuerIca === 'string') d.body = { ...d.body, issuerIca: String(Number(d.body.issuerIca)) };
      return d;
    },
    ...provider,
    ...blind,
  }),
  fault('i58-in-register-unknown-list-upserted', {
    rule: 'IN-STATE-UNKNOWN-LIST: a registration naming a panListId no list holds, with a panListName, creates the list under that id and registers its cards (200), where provider 2.0.0 registerPans refuses a pan list that does not exist with 400',
    judge: (x, s, r) => {
      if (s !== 'register-list' || !r || typeof x.sent?.panListId !== 'string' || typeof x.sent?.panListName !== 'string') return r;
      const list: PanList = { panListId: x.sent.panListId, panListName: x.sent.panListName, pans: new Set() };
      if (x.sent.accountRange) list.accountRange = x.sent.accountRange;
      x.world.panLists.set(list.panListId, list);
      x.list = list;
      return undefined;
    },
    ...provider,
    ...blind,
  }),
];
