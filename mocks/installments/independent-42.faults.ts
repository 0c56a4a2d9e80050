// Blind faults of the installments mock (i42): written from the seed, the provider's document and the contract, the suite unread.
import { randomUUID } from 'node:crypto';
import { assumption, blind, provider, schema } from '../kit/faults.js';
import { answerOf, fault, okBody } from './fault-builders.js';
import type { Exchange, Refusal } from './seams.js';
import { callerKey, EFFECTUATION_SECONDS, inRange, merchantKey, type Plan } from './state.js';

/** The merchants of a participation batch with their index, as the request carries them. */
const batch = (x: Exchange): [number, Record<string, any>][] =>
  x.op === 'postMerchantParticipations' && Array.isArray(x.ok?.body) ? [...(x.ok!.body as Record<string, any>[]).entries()] : [];
const missingRefusal = (details: string): Refusal => ({
  status: 400,
  reasonCode: 'invalid.request.body.parameter',
  description: 'One or more of the required fields are missing',
  details,
});

/** The issuer throttle's allowance a second (the contract's x-limits issuerNotificationsPerAddress). */
const ISSUER_ALLOWANCE = 10;
const SECOND_MS = 1000;

export const INDEPENDENT_42_INSTALLMENTS_FAULTS = [
  // --- postMerchantParticipations
  fault('i42-in-participation-postal-code-demanded-everywhere', {
    rule: 'IN-REQ-PARTICIPATION-ADD: a merchant added in a country that has no postal codes is refused for lacking one, as if every country had them.',
    judge: (x, step, r) => {
      if (r || step !== 'participation-members') return r;
      const at = batch(x).find(
        ([, m]) => m.maid === undefined && m.address?.postalCode === undefined && !x.world.merchants.get(merchantKey({ merchant: m })),
      );
      return at ? missingRefusal(`${at[0]}.address.postalCode`) : r;
    },
    ...provider,
    ...blind,
  }),
  fault('i42-in-participation-update-judged-as-add', {
    rule: 'IN-STATE-PARTICIPATION-UPDATE: an update of a known merchant carrying only what an update must carry is refused for lacking the members only an add must carry.',
    judge: (x, step, r) => {
      if (r || step !== 'participation-members') return r;
      const at = batch(x).find(
        ([, m]) => x.world.merchants.get(merchantKey({ merchant: m })) && (m.dbaNames === undefined || m.address?.city === undefined),
      );
      return at ? missingRefusal(`${at[0]}.${at[1].dbaNames === undefined ? 'dbaNames' : 'address.city'}`) : r;
    },
    ...provider,
    ...blind,
  }),
  // --- getMerchantParticipations (by request_id)
  fault('i42-in-participations-error-reason-generalised', {
    rule: 'IN-STATE-INVALID-ICA: the effectuation status read by request_id gives a participation of an unknown acquirer ICA the generic error reason instead of the acquirer one.',
    state: (x, c) =>
      x.op === 'getMerchantParticipations' && c.effectuation?.status === 'ERROR'
        ? { ...c, effectuation: { ...c.effectuation, errorReason: 'UNKNOWN' } }
        : c,
    ...assumption,
    ...blind,
  }),
  // --- postMerchantSearches
  fault('i42-in-search-hides-unfinished-merchants', {
    rule: 'IN-STATE-INVALID-ICA, IN-FILTER-STATUS: the merchant search shows only merchants whose effectuation completed, so a merchant pending or in error is not found and a search by those statuses finds none.',
    state: (x, c) =>
      x.op === 'postMerchantSearches' && c.participations && c.criteria === undefined
        ? {
            ...c,
            participations: c.participations.filter(
              (p) => x.now - p.submittedAtMs >= EFFECTUATION_SECONDS * 1000 && x.world.acquirerIcas.includes(p.merchant.acquirerICA),
            ),
          }
        : c,
    ...blind,
  }),
  // --- postMerchantMidSearches
  fault('i42-in-mids-status-frozen-at-submission', {
    rule: 'IN-STATE-EFFECTUATION: the MID search shows the MIDs of a merchant as they were at submission, pending, after every other reader shows the merchant completed.',
    state: (x, c) => (x.op === 'postMerchantMidSearches' && c.effectuation ? { ...c, effectuation: { status: 'PENDING' } } : c),
    ...assumption,
    ...blind,
  }),
  fault('i42-in-mid-search-country-optional', {
    rule: 'IN-REQ-MIDSEARCH: a MID search without the merchant country is accepted instead of refused.',
    relax: schema('MidSearchRequest', { unrequire: ['countryCode'] }),
    ...provider,
    ...blind,
  }),
  // --- planApproval
  fault('i42-in-approval-callback-template-unfilled', {
    rule: 'IN-ECHO-CALLBACK: the synchronous approval answers the callback URL with its plan placeholder left unfilled, not the URL the approval status later answers.',
    answer: okBody('planApproval', (b, x) =>
      typeof b?.callbackUrl === 'string' && x.plan ? { ...b, callbackUrl: b.callbackUrl.replace(x.plan.planId, '{planId}') } : b,
    ),
    ...provider,
    ...blind,
  }),
  // --- getPlanApprovalStatus
  fault('i42-in-approval-status-not-found-before-rights', {
    rule: 'IN-AUTH-FORBIDDEN: a consumer key without the right to read approval statuses is answered not found for an unknown plan, the plan looked up before the key is judged.',
    judge: (x, step, r) => {
      if (!r || step !== 'forbidden' || x.op !== 'getPlanApprovalStatus') return r;
      const id = (x.req.params as { plan_id?: string } | undefined)?.plan_id;
      return id !== undefined && !x.world.plans.has(id) ? undefined : r;
    },
    ...assumption,
    ...blind,
  }),
  // --- getPlan
  fault('i42-in-plan-405-allow-lists-every-method', {
    rule: 'IN-TRANS-METHOD: the method refusal on a plan names in Allow the very methods it refuses beside GET.',
    answer: answerOf(
      'unrouted',
      (a) => {
        a.headers.allow = 'GET, PUT, DELETE, PATCH, POST';
      },
      (a, x) => a.status === 405 && x.req.url.includes('/plans/'),
    ),
    ...provider,
    ...blind,
  }),
  fault('i42-in-plan-zero-apr-dropped', {
    rule: 'IN-ECHO-PLAN: a plan chosen with a zero apr reads back without its apr, the zero taken for no value.',
    answer: okBody('getPlan', (b) => {
      if (b?.planInstallmentInformation?.apr !== 0) return b;
      const { apr: _apr, ...rest } = b.planInstallmentInformation;
      return { ...b, planInstallmentInformation: rest };
    }),
    ...assumption,
    ...blind,
  }),
  // --- registerPans
  fault('i42-in-pan-list-held-range-by-low-end', {
    rule: 'IN-STATE-HELD-RANGE: a new list is given an account range the system does not hold when its low end is that of a held range, the high end not compared.',
    judge: (x, step, r) => {
      if (!r || step !== 'register-range') return r;
      const low = x.ok?.body?.accountRange?.accountRangeLow;
      return x.world.accountRanges.some((h) => h.accountRangeLow === low) ? undefined : r;
    },
    ...provider,
    ...blind,
  }),
  fault('i42-in-pan-list-name-spaces-collapsed', {
    rule: 'IN-ECHO-PANLIST: the registration answers the list name with its runs of white space collapsed to one space, not as it was given.',
    answer: okBody('registerPans', (b) =>
      typeof b?.panList?.panListName === 'string'
        ? { ...b, panList: { ...b.panList, panListName: b.panList.panListName.replace(/\s+/g, ' ') } }
        : b,
    ),
    ...provider,
    ...blind,
  }),
  // --- deregisterPans
  fault('i42-in-dereg-failed-cards-withheld', {
    rule: 'IN-PROP-COUNTS: a deregistration with cards that failed counts them but does not send them back.',
    answer: okBody('deregisterPans', (b) => {
      if (!b || b.encryptedValue === undefined) return b;
      const { encryptedValue: _e, ...rest } = b;
      return rest;
    }),
    ...provider,
    ...blind,
  }),
  // --- approvedOffers
  fault('i42-in-offers-range-high-end-excluded', {
    rule: 'IN-RANGE-ELIGIBLE: a card at the very high end of a registered account range gets no offers, the range read as ending before its high end.',
    judge: (x, step, r) => {
      if (r || step !== 'offers-card') return r;
      const given = x.ok?.plain?.consumer?.primaryAccountNumber;
      if (given === undefined) return r;
      const pan = String(given);
      const lists = [...x.world.panLists.values()];
      if (lists.some((l) => l.pans.has(pan))) return r;
      const holding = lists.filter((l) => inRange(pan, l.accountRange));
      const atHigh = (high: string, n: number) => pan.slice(0, n).padEnd(n, '0') === high.padEnd(n, '9');
      return holding.length && holding.every((l) => atHigh(l.accountRange!.accountRangeHigh, l.accountRange!.accountRangeLow.length))
        ? { status: 404, reasonCode: 'NO_ELIGIBLE_OFFERS', description: 'No installment offer is eligible for this card.' }
        : r;
    },
    ...assumption,
    ...blind,
  }),
  fault('i42-in-offer-schedule-remainder-lost', {
    rule: "IN-VAL-OFFER-AMOUNTS: an offer's schedule gives its first installment the other installments' amount, so a purchase that does not divide evenly is scheduled short of its totalAmount.",
    state: (x, c) =>
      x.op === 'approvedOffers' && c.offers
        ? {
            ...c,
            offers: c.offers.map((o) => ({
              ...o,
              schedulePayments: (o.schedulePayments ?? []).map((s: Record<string, any>) =>
                s.installmentNumber === 1 ? { ...s, installmentAmount: o.otherInstallmentAmount } : s,
              ),
            })),
          }
        : c,
    ...provider,
    ...blind,
  }),
  // --- savePlan
  fault('i42-in-plan-schedule-due-dates-by-month', {
    rule: "IN-VAL-PLAN-OFFER-TERMS: a plan whose schedule moves a due date within the same month is taken as the offer's schedule, the dates compared by month only.",
    judge: (x, step, r) => {
      if (!r || step !== 'plan-terms' || r.details !== 'Mismatch in schedule payments.' || !x.otx) return r;
      const b = x.ok?.body ?? {};
      const offer = b.offerId === undefined ? x.otx.offers[0] : x.otx.offers.find((o) => o.offerId === b.offerId);
      const mine = (offer?.schedulePayments ?? []) as Record<string, any>[];
      const sent = (Array.isArray(b.schedulePayments) ? b.schedulePayments : []) as Record<string, any>[];
      const same =
        sent.length === mine.length &&
        sent.every((s) => {
          const o = mine.find((m) => m.installmentNumber === s.installmentNumber);
          return o && o.installmentAmount === s.installmentAmount && String(o.dueDate).slice(0, 7) === String(s.dueDate).slice(0, 7);
        });
      return same ? undefined : r;
    },
    ...provider,
    ...blind,
  }),
  fault('i42-in-plan-refused-terms-notified', {
    rule: 'IN-NOTIFY-REFUSED: a selection refused because its terms differ from the offer still sends the issuer a notification of a plan.',
    judge: (x, step, r) => {
      if (!r || step !== 'plan-terms' || !x.otx || !x.notify) return r;
      const b = x.ok?.body ?? {};
      const plan: Plan = {
        planId: randomUUID(),
        providerId: b.providerId,
        offerId: b.offerId,
        pan: x.otx.pan,
        merchant: { country: x.otx.merchant.country ?? 'USA', mcc: x.otx.merchant.mcc ?? '5999' },
        transaction: b.transaction,
        planInstallmentInformation: b.planInstallmentInformation,
        scheduledRepayments: ((b.schedulePayments ?? []) as Record<string, any>[]).map(({ installmentAmount, ...s }) => ({
          ...s,
          amount: installmentAmount,
        })),
        status: 'CREATED',
        callbackUrl: '',
      };
      x.notify(plan);
      return r;
    },
    ...blind,
  }),
  // --- notifyPlan (the issuer's endpoint)
  fault('i42-in-issuer-throttle-second-end-counted', {
    rule: "IN-ISSUER-THROTTLE-WINDOW: a notification still counts against its caller's allowance at exactly a second after it, the second's end included.",
    judge: (x, step, r) => {
      if (r || step !== 'issuer-ica') return r;
      const times = x.world.issuerReceived.get(callerKey(x.req.ip)) ?? [];
      return times.filter((t) => x.now - t <= SECOND_MS).length >= ISSUER_ALLOWANCE
        ? { status: 429, reasonCode: 'too.many.requests', description: 'Too many requests.' }
        : r;
    },
    ...assumption,
    ...blind,
  }),
  fault('i42-in-issuer-throttle-counts-unserved', {
    rule: "IN-ISSUER-THROTTLE-WINDOW: a notification the issuer refuses as naming an issuer it does not serve is counted against its caller's allowance, as if it had been taken.",
    judge: (x, step, r) => {
      if (r?.status === 404 && step === 'issuer-ica') {
        const key = callerKey(x.req.ip);
        x.world.issuerReceived.set(key, [...(x.world.issuerReceived.get(key) ?? []), x.now]);
      }
      return r;
    },
    ...assumption,
    ...blind,
  }),
];
