// Installments faults written blind (the specs unread), from the seed 001, the provider's document 2.0.0 and the contract only:
// each a deviation a provider release could ship, named by what it breaks (mocks/README.md, Faults).
import { createHash } from 'node:crypto';
import { luhnValid } from '../../helpers/config/luhn.js';
import { assumption, blind, provider, schema } from '../kit/faults.js';
import { answerOf, fault, okBody, paramUnchecked, skipAt } from './fault-builders.js';
import { termsRefusal } from './plan-terms.js';
import type { Exchange } from './seams.js';
import { merchantKey, type Participation } from './state.js';

/** A UUID made from a text (the same text, the same id), as a release keying plans by their card would make it. */
const uuidOf = (text: string) => {
  const h = createHash('sha256').update(text).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
};

/** The name criterion of a merchant search, kept apart while the fault widens it to the dba names. */
const nameCriterion = new WeakMap<Exchange, string>();

/** Whether the offer `other` is in the same offers answer as the plan's offer (a sibling the cardholder was shown). */
const sibling = (x: Exchange, other: unknown) =>
  [...x.world.offerTransactions.values()].some(
    (t) => t.offers.some((o) => o.offerId === x.plan?.offerId) && t.offers.some((o) => o.offerId === other),
  );

export const INDEPENDENT_43_INSTALLMENTS_FAULTS = [
  // --- getPlanApprovalStatus
  fault('i43-in-approval-status-completed-while-pending', {
    rule: 'IN-STATE-DECISION: the checkout status reads COMPLETED, with the callback URL, as soon as an asynchronous decision is posted, before it has landed on the plan (CompletionPSPData.status is IN_PROGRESS until then)',
    answer: okBody(
      'getPlanApprovalStatus',
      (_body, x) => ({ callbackUrl: x.plan!.callbackUrl, status: 'COMPLETED' }),
      (body, x) => body.status === 'IN_PROGRESS' && x.plan?.pending !== undefined,
    ),
    ...provider,
    ...blind,
  }),
  // --- planApproval
  fault('i43-in-approval-async-answered-with-callback', {
    rule: "IN-STATUS-SYNC: an asynchronous approval (sync false or absent) is answered 202 carrying the synchronous answer's body, the callback URL, where the 202 has no body",
    answer: answerOf(
      'planApproval',
      (a, x) => {
        a.body = { callbackUrl: x.plan!.callbackUrl };
        a.headers['content-type'] = 'application/json; charset=utf-8';
      },
      (a, x) => a.status === 202 && x.plan !== undefined,
    ),
    ...provider,
    ...blind,
  }),
  fault('i43-in-approval-offer-id-any-of-answer', {
    rule: "IN-STATE-APPROVAL-OFFER: an approval's offerId is taken when it is any offer of the offers answer the plan came from, not only the plan's own offer",
    judge: skipAt('approval-decision', (x, r) => {
      const card = x.ok?.body?.paymentAuthorization?.primaryAccountNumber;
      return r.details === 'offerId' && sibling(x, x.ok?.body?.offerId) && (typeof card !== 'string' || luhnValid(card));
    }),
    ...provider,
    ...blind,
  }),
  // --- getPlan
  fault('i43-in-plan-read-provider-of-offer', {
    rule: "IN-ECHO-PLAN: getPlan shows as the plan's providerId the lender the service offers with, not the providerId the selection was saved with",
    state: (x, c) => (x.op === 'getPlan' && c.plan ? { ...c, plan: { ...c.plan, providerId: x.world.providerId } } : c),
    ...assumption,
    ...blind,
  }),
  // --- savePlan
  fault('i43-in-plan-id-per-card', {
    rule: 'IN-PROP-UNIQUE-ID: the planId is derived from the card, so a second plan of the same card (another offers transaction) gets the planId of the first and takes its place',
    state: (x, c) => {
      if (x.op !== 'savePlan' || !c.plan) return c;
      const planId = uuidOf(c.plan.pan);
      return { ...c, plan: { ...c.plan, planId, callbackUrl: `https://psp.example.test/checkout/${planId}/callback` } };
    },
    answer: okBody('savePlan', (body, x, a) => {
      const plan = x.plan!;
      x.world.plans.delete(body.planId);
      x.world.plans.set(plan.planId, plan);
      a.headers.location = `plans/${plan.planId}`;
      return { ...body, planId: plan.planId };
    }),
    ...provider,
    ...blind,
  }),
  fault('i43-in-plan-terms-frequency-unchecked', {
    rule: "IN-VAL-PLAN-OFFER-TERMS: a plan whose installment frequency is not its offer's (the tenure and every other term the same) is created, the frequency left out of the comparison with the presented offer",
    judge: (x, s, r) => {
      if (s !== 'plan-terms' || !r || !x.otx || !x.ok) return r;
      const b = x.ok.body;
      const offer = b.offerId === undefined ? x.otx.offers[0] : x.otx.offers.find((o) => o.offerId === b.offerId);
      if (!offer) return r;
      const still = termsRefusal(x.otx, offer, {
        ...b,
        planInstallmentInformation: { ...b.planInstallmentInformation, frequency: offer.frequency },
      });
      return still ? { ...r, description: still[0], details: still[1] } : undefined;
    },
    ...provider,
    ...blind,
  }),
  // --- approvedOffers
  fault('i43-in-offers-single-installment', {
    rule: 'IN-VAL-OFFER-TENURE: the shortest offer of an answer is made a single installment (a tenure of one: the whole amount at once), below the minimum tenure an offer has',
    state: (x, c) => {
      if (x.op !== 'approvedOffers' || !c.offers?.length) return c;
      const shortest = c.offers.reduce((a, o) => (o.tenure < a.tenure ? o : a));
      const amount = Number(x.ok?.body?.transaction?.amount ?? shortest.totalAmount);
      const single = {
        ...shortest,
        tenure: 1,
        totalAmount: amount,
        otherInstallmentAmount: amount,
        schedulePayments: [{ installmentNumber: 1, installmentAmount: amount, dueDate: shortest.schedulePayments?.[0]?.dueDate }],
      };
      return { ...c, offers: c.offers.map((o) => (o === shortest ? single : o)) };
    },
    ...provider,
    ...blind,
  }),
  fault('i43-in-offers-usd-any-country', {
    rule: 'IN-VAL-COUNTRY-CURRENCY: a purchase in US dollars is offered at a merchant of any country, the country and currency pair no longer judged for that currency',
    judge: skipAt('offers-currency', (x) => x.ok?.body?.transaction?.currency === 'USD'),
    ...provider,
    ...blind,
  }),
  // --- registerPans
  fault('i43-in-pans-new-list-range-within-held', {
    rule: 'IN-STATE-HELD-RANGE: a new PAN list is created over an account range that only lies inside one the system holds, where the range must be one the system holds',
    judge: skipAt('register-range', (x) => {
      const r = x.ok?.body?.accountRange;
      return (
        Boolean(r) &&
        x.world.accountRanges.some(
          (h) =>
            h.accountRangeLow.length === String(r.accountRangeLow).length &&
            h.accountRangeHigh.length === String(r.accountRangeHigh).length &&
            r.accountRangeLow >= h.accountRangeLow &&
            r.accountRangeHigh <= h.accountRangeHigh &&
            r.accountRangeLow <= r.accountRangeHigh,
        )
      );
    }),
    ...provider,
    ...blind,
  }),
  // --- deregisterPans
  fault('i43-in-pans-dereg-cards-returned-none-failed', {
    rule: 'IN-PROP-COUNTS: a deregistration where no card failed still answers an encryptedValue, the cards of the request sent back as if failed, where the failed cards come back only when failureCount is above zero',
    answer: okBody(
      'deregisterPans',
      (body, x) => ({ ...body, encryptedValue: x.ok!.body.encryptedValue }),
      (body, x) => body.failureCount === '0' && body.encryptedValue === undefined && x.ok?.body?.encryptedValue !== undefined,
    ),
    ...provider,
    ...blind,
  }),
  // --- postMerchantParticipations
  fault('i43-in-participation-maid-without-type', {
    rule: 'IN-REQ-PARTICIPATION-MAID: a participation naming a maid without its maidType is taken, where maidType is mandatory for a MAID participation',
    relax: schema('MerchantParticipation', { set: { dependentRequired: { maidType: ['maid'] } } }),
    ...provider,
    ...blind,
  }),
  // --- getMerchantParticipations
  fault('i43-in-participations-request-joins-merchant-history', {
    rule: 'IN-FILTER-REQUEST-ID: a request_id answers, beside its own participations, every earlier participation of the same merchants made by other requests',
    judge: (x, s, r) => {
      if (s === 'participations-request' && x.participations?.length) {
        const keys = new Set(x.participations.map(merchantKey));
        x.participations = x.world.participations.filter((p: Participation) => keys.has(merchantKey(p)));
      }
      return r;
    },
    ...blind,
  }),
  fault('i43-in-participations-offset-past-end-404', {
    rule: 'IN-PROP-PAGING: the completed list paged with an offset past its last item is answered 404 not found, where a page past the end is an empty page',
    answer: answerOf(
      'getMerchantParticipations',
      (a) => {
        a.status = 404;
        a.body = {
          Errors: {
            Error: [{ Source: 'installments', ReasonCode: 'NOT_FOUND', Description: 'No merchants at this offset.', Recoverable: false }],
          },
        };
        for (const h of ['count', 'offset', 'limit', 'total']) delete a.headers[h];
      },
      (a, x) =>
        a.status === 200 &&
        Array.isArray(a.body) &&
        a.body.length === 0 &&
        Number(a.headers.offset) > 0 &&
        Number(a.headers.total) > 0 &&
        x.ok?.query.get('request_id') === null,
    ),
    ...provider,
    ...blind,
  }),
  // --- postMerchantSearches
  fault('i43-in-search-name-matches-dba-names', {
    rule: 'IN-FILTER-NAME: a merchant search by legal name also finds a merchant of another legal name whose doing-business-as names hold the text searched',
    state: (x, c) => {
      if (x.op !== 'postMerchantSearches') return c;
      if (c.criteria && c.criteria.merchantLegalName !== undefined) {
        nameCriterion.set(x, String(c.criteria.merchantLegalName).toLowerCase());
        return { ...c, criteria: { ...c.criteria, merchantLegalName: undefined } };
      }
      const name = nameCriterion.get(x);
      if (c.participations && !c.participation && name !== undefined) {
        const has = (v: unknown) =>
          String(v ?? '')
            .toLowerCase()
            .includes(name);
        return {
          ...c,
          participations: c.participations.filter(
            (p) => has(p.merchant.merchantLegalName) || (Array.isArray(p.merchant.dbaNames) && p.merchant.dbaNames.some(has)),
          ),
        };
      }
      return c;
    },
    ...blind,
  }),
  // --- postMerchantMidSearches
  fault('i43-in-mids-opt-in-of-first-submission', {
    rule: "IN-ECHO-MIDSEARCH: the MID page answers the optIn of the merchant's first participation, not the one it holds since a later update",
    answer: okBody('postMerchantMidSearches', (body, x) => {
      const key = merchantKey({ merchant: x.ok!.body });
      const first = x.world.participations.find((p) => merchantKey(p) === key && p.merchant.optIn !== undefined);
      return first ? { ...body, optIn: first.merchant.optIn } : body;
    }),
    ...provider,
    ...blind,
  }),
  // --- notifyPlan (the notification the service sends, and the issuer's endpoint)
  fault('i43-in-notify-installment-fraction-truncated', {
    rule: 'IN-NOTIFY-CHOSEN: the notification of a plan carries each scheduled installment amount cut to its whole units, the fraction of the amount the selection sent dropped',
    delivery: (x, d) =>
      x.op === 'savePlan' && Array.isArray(d.body?.schedulePayments)
        ? {
            ...d,
            body: {
              ...d.body,
              schedulePayments: d.body.schedulePayments.map((s: Record<string, any>) => ({
                ...s,
                installmentAmount: typeof s.installmentAmount === 'number' ? Math.trunc(s.installmentAmount) : s.installmentAmount,
              })),
            },
          }
        : d,
    ...assumption,
    ...blind,
  }),
  fault('i43-in-issuer-correlation-id-optional', {
    rule: 'IN-FMT-CORRELATION: the issuer endpoint takes a notification without a Correlation-Id, where notifyPlan requires one',
    judge: paramUnchecked('Correlation-Id', (v) => v === undefined, 'notifyPlan'),
    ...provider,
    ...blind,
  }),
];
