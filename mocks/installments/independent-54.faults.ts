// Faults written blind (from seed 001, the provider's 2.0.0 document and the rule catalogue only, the suite unread).
import { blind, provider } from '../kit/faults.js';
import { fault, loosen, okBody } from './fault-builders.js';
import type { Exchange } from './seams.js';

/** Every acquirer ICA a participation batch sends. */
const icasOf = (x: Exchange): unknown[] => (Array.isArray(x.sent) ? x.sent.map((p: any) => p?.acquirerICA) : []);

export const INDEPENDENT_54_INSTALLMENTS_FAULTS = [
  fault('i54-in-dereg-clears-card-from-other-lists', {
    rule: 'IN-PROP-WRITE-SCOPE, IN-VAL-PAN-COUNTS: a deregistration from one PAN list also takes the card out of every other list of the customer holding it, so the other list, never named, no longer holds the card (registering it there again succeeds instead of failing as a card already in the list), where seed 001 Endpoints has a deregistration name its list and cards',
    state: (x, c) => {
      if (x.op === 'deregisterPans' && c.pan !== undefined && c.holder)
        for (const l of x.world.panLists.values()) if (l !== c.holder) l.pans.delete(c.pan);
      return c;
    },
    ...blind,
  }),
  fault('i54-in-decline-reason-rewrites-card-declined-plans', {
    rule: "IN-PROP-WRITE-SCOPE, IN-REQ-PLAN-REJECT-REASON: a decline of one plan writes its rejectReasonCode on every other already DECLINED plan of the same card as well, so getPlan of an earlier plan reads the later plan's reason, where seed 001 Endpoints has an approval decide the plan its body names and provider 2.0.0 InstallmentPlan.rejectReasonCode is the reason that plan was declined",
    state: (x, c) => {
      if (x.op === 'planApproval' && c.decision === 'DECLINED' && c.plan)
        for (const p of x.world.plans.values())
          if (p !== c.plan && p.pan === c.plan.pan && p.status === 'DECLINED') p.rejectReasonCode = c.reason;
      return c;
    },
    ...blind,
  }),
  fault('i54-in-plan-created-answers-earlier-plan-status', {
    rule: "IN-PROP-ANSWER-IS-STATE: savePlan's 201 answers as status the status of the same card's previous plan (APPROVED once that one was approved) while getPlan of the new plan reads CREATED, where seed 001 Endpoints has savePlan answer the plan getPlan then returns",
    answer: okBody(
      'savePlan',
      (body, x) => {
        const earlier = [...x.world.plans.values()].filter((p) => p !== x.plan && p.pan === x.plan?.pan).at(-1);
        if (earlier) return { ...body, status: earlier.status };
      },
      (_b, x) => x.plan !== undefined,
    ),
    ...blind,
  }),
  fault('i54-in-offer-end-local-time-no-zone', {
    rule: 'IN-DATE-UNIT, IN-RESP-FORMS: every offer answers offerEndDatetime as a local date and time without its zone (the offset or Z left off), where provider 2.0.0 Offer.offerEndDatetime is an RFC 3339 date and time, which ends in its time-offset',
    answer: okBody('approvedOffers', (body) => ({
      ...body,
      offers: (body.offers ?? []).map((o: any) => ({ ...o, offerEndDatetime: String(o.offerEndDatetime).replace(/(\.\d+)?Z$/, '') })),
    })),
    ...blind,
    ...provider,
  }),
  fault('i54-in-other-installment-of-shortest-tenure', {
    rule: "IN-VAL-OFFER-AMOUNTS: every offer of an answer carries the otherInstallmentAmount computed for the answer's shortest tenure (the split worked out once), so a longer offer's installments no longer make up its totalAmount (all but the first of them together exceed it), where provider 2.0.0 Offer.otherInstallmentAmount is the subsequent installment of that offer, its tenure installments making up its totalAmount",
    state: (x, c) => {
      if (x.op !== 'approvedOffers' || !c.offers?.length) return c;
      const shortest = [...c.offers].sort((a, b) => a.tenure - b.tenure)[0];
      for (const o of c.offers) o.otherInstallmentAmount = shortest.otherInstallmentAmount;
      return c;
    },
    ...blind,
    ...provider,
  }),
  fault('i54-in-approval-offerid-cut-to-length', {
    rule: "IN-LIM-APPROVAL-OFFERID: an approval whose offerId is longer than its fixed length is cut to that length before it is judged, so the plan's offerId followed by another character is accepted and decides the plan, where provider 2.0.0 PlanApprovalParameters.offerId has exactly its fixed length",
    judge: (x, s, r) => {
      const sent = x.sent?.offerId;
      if (x.op !== 'planApproval' || typeof sent !== 'string' || !r) return r;
      if (s === 'body' && r.violations?.every((v) => v.field.includes('offerId'))) return undefined;
      if (s === 'approval-decision' && r.details === 'offerId' && x.plan && sent.slice(0, x.plan.offerId.length) === x.plan.offerId)
        return undefined;
      return r;
    },
    ...blind,
    ...provider,
  }),
  fault('i54-in-dereg-without-list-id-uses-first-list', {
    rule: "IN-REQ-DEREG-LISTID: a deregistration without panListId is applied to the customer's first PAN list (200, the cards taken out of it) instead of being refused 400, where provider 2.0.0 PanDeregistrationBody requires panListId",
    judge: (x, s, r) => {
      if (x.op === 'deregisterPans' && s === 'body-read' && x.sent && typeof x.sent === 'object' && x.sent.panListId === undefined) {
        const first = x.world.panLists.keys().next().value;
        if (first !== undefined) x.sent.panListId = first;
      }
      return r;
    },
    ...blind,
    ...provider,
  }),
  fault('i54-in-acquirer-ica-length-range', {
    rule: 'IN-PAT-ICA: a participation acquirerICA is checked as a run of digits between its shortest and longest forms, so an ICA of a length between the middle and the longest form is taken (202) instead of refused 400, where provider 2.0.0 MerchantParticipation.acquirerICA takes only its three lengths',
    judge: loosen(
      'postMerchantParticipations',
      (v, x) => v.field.includes('acquirerICA') && v.keyword === 'pattern' && icasOf(x).every((i) => /^[0-9]{6,11}$/.test(String(i))),
    ),
    ...blind,
    ...provider,
  }),
  fault('i54-in-wallets-empty-list-taken', {
    rule: 'IN-LIM-WALLETS: a participation sent with wallets as an empty list is taken (202) instead of refused 400, the minItems of wallets not applied, where provider 2.0.0 wallets, when given, hold at least one wallet',
    judge: loosen('postMerchantParticipations', (v) => v.field.includes('wallets') && v.keyword === 'minItems'),
    ...blind,
    ...provider,
  }),
  fault('i54-in-mid-search-status-criterion-ignored', {
    rule: "IN-FILTER-MID-STATUS: the MID search drops its status criterion, so a search by COMPLETED lists a merchant's MIDs still PENDING, where provider 2.0.0 MerchantMidSearchParameters.status narrows the MIDs to those in that status",
    state: (x, c) => {
      if (x.op !== 'postMerchantMidSearches' || !c.criteria || c.criteria.status === undefined) return c;
      const { status: _dropped, ...rest } = c.criteria;
      return { ...c, criteria: rest };
    },
    ...blind,
    ...provider,
  }),
  fault('i54-in-schedule-year-not-carried', {
    rule: "IN-VAL-OFFER-TERMS: a MONTHLY offer's schedulePayments keep the year of the offer on every dueDate, the year not carried past December, so an offer asked in December falls due next in January of the same year (before the purchase) and the months after go back in time, where provider 2.0.0 Offer.frequency MONTHLY has each installment in the calendar month after the one before",
    state: (x, c) => {
      if (x.op !== 'approvedOffers' || !c.offers) return c;
      for (const o of c.offers) {
        const year = String(o.offerBeginDatetime).slice(0, 4);
        o.schedulePayments = (o.schedulePayments ?? []).map((p: any) => ({ ...p, dueDate: year + String(p.dueDate).slice(4) }));
      }
      return c;
    },
    ...blind,
    ...provider,
  }),
  fault('i54-in-offers-short-mcc-zero-padded', {
    rule: 'IN-LIM-MCC: an offers request whose merchant mcc is shorter than its fixed length is left-padded with zeros (read as a number) and offered installments instead of refused 400, where provider 2.0.0 mcc has exactly its fixed length',
    judge: (x, s, r) => {
      const mcc = x.sent?.merchant?.mcc;
      if (x.op === 'approvedOffers' && s === 'body-read' && typeof mcc === 'string' && /^[0-9]{1,3}$/.test(mcc))
        x.sent.merchant.mcc = mcc.padStart(4, '0');
      return r;
    },
    ...blind,
    ...provider,
  }),
  fault('i54-in-mid-criterion-matched-by-prefix', {
    rule: "IN-PROP-SEARCH-CRITERIA: the MID search compares its mid criterion as a prefix, so a search by the start of a merchant's MID lists that MID, where provider 2.0.0 MerchantMidSearchParameters.mid is an identifier compared whole",
    state: (x, c) => {
      if (x.op !== 'postMerchantMidSearches' || !c.matches) return c;
      const whole = c.matches;
      return {
        ...c,
        matches: (k, v, crit) =>
          k === 'mid' && typeof v === 'string' && typeof crit === 'string' ? v.startsWith(crit) : whole(k, v, crit),
      };
    },
    ...blind,
    ...provider,
  }),
  fault('i54-in-plan-invalid-frequency-refused-as-terms-mismatch', {
    rule: 'IN-ENUM-PLAN-FREQUENCY: a plan whose frequency is the day-count value the carded product does not take is refused 400 as terms that differ from the offer (the plan installment information mismatch Description and Details) instead of with its own Invalid frequency Description, on that refusal path only, where provider 2.0.0 PlanCreateInvalidInput example InvalidFrequency answers that frequency as invalid (Invalid frequency)',
    judge: (x, s, r) =>
      x.op === 'savePlan' &&
      s === 'body' &&
      r?.violations?.length &&
      r.violations.every((v) => v.field.includes('frequency')) &&
      x.sent?.planInstallmentInformation?.frequency === '15DAYS'
        ? {
            status: 400,
            reasonCode: 'invalid.request.parameter',
            description: 'Provided plan installment information does not match with offer.',
            details: 'Mismatch in tenure or frequency.',
          }
        : r,
    ...blind,
    ...provider,
  }),
  fault('i54-in-plan-read-drops-last-repayment', {
    rule: "IN-VAL-OFFER-AMOUNTS, IN-ECHO-PLAN: getPlan answers the plan's scheduledRepayments without the last one (the list cut one short), so the repayments read back no longer add up to the offer's totalAmount nor are the schedule the selection sent, where provider 2.0.0 InstallmentPlan.scheduledRepayments is the plan's schedule, its installments making up the totalAmount owed",
    answer: okBody('getPlan', (body) =>
      Array.isArray(body.scheduledRepayments) ? { ...body, scheduledRepayments: body.scheduledRepayments.slice(0, -1) } : undefined,
    ),
    ...blind,
    ...provider,
  }),
];
