// Faults written blind (from the seed, the provider's 2.0.0 document and the rule catalogue only, the suite unread): an independent
// measure of the installments checks. Each bends a behaviour module at its seams (seams.ts) or an answer as it leaves.
import { blind, provider } from '../kit/faults.js';
import { answerOf, errorItems, fault, loosen, okBody, paramUnchecked, refuseAt, skipAt } from './fault-builders.js';
import type { Change, Exchange } from './seams.js';

/** The offers of an approvedOffers answer, each changed by `edit` (the state seam's change, stored and answered). */
const offersEdited = (x: Exchange, c: Change, edit: (offers: Record<string, any>[]) => Record<string, any>[]): Change =>
  x.op === 'approvedOffers' && c.offers ? { ...c, offers: edit(c.offers.map((o) => ({ ...o }))) } : c;

/** The currencies written without a minor unit (ISO 4217 exponent 0) a lender of the mock offers in. */
const NO_MINOR_UNIT = new Set(['JPY', 'KRW', 'CLP', 'ISK', 'VND', 'XAF', 'XOF', 'UGX', 'PYG']);

/** An amount rounded to cents (two decimals), whatever the currency. */
const cents = (n: number) => Math.round(n * 100) / 100;

export const INDEPENDENT_46_INSTALLMENTS_FAULTS = [
  fault('i46-in-decline-reason-rewrites-other-plans', {
    rule: "IN-PROP-WRITE-SCOPE, IN-REQ-PLAN-REJECT-REASON: a decline of one plan writes its rejectReasonCode onto every plan of the same providerId declined before, so an earlier declined plan reads on getPlan the reason of another plan's decline, where seed 001 States (an approval approves or declines the plan it names) and provider 2.0.0 InstallmentPlan.rejectReasonCode (the reason that plan was declined with) tie the reason to its own plan",
    state: (x, c) => {
      if (x.op === 'planApproval' && c.decision === 'DECLINED' && c.plan)
        for (const p of x.world.plans.values())
          if (p !== c.plan && p.providerId === c.plan.providerId && p.rejectReasonCode !== undefined) p.rejectReasonCode = c.reason;
      return c;
    },
    ...blind,
    ...provider,
  }),
  fault('i46-in-async-decline-never-lands', {
    rule: 'IN-STATE-DECISION: an asynchronous decline (sync false or absent) is answered 202 but never lands, so getPlan reads CREATED and getPlanApprovalStatus IN_PROGRESS however long after, while an asynchronous approval lands, where seed 001 States says an approval approves or declines the plan (sync or async, the decision is what the readers show once landed)',
    state: (x, c) => (x.op === 'planApproval' && c.decision === 'DECLINED' && !c.sync ? { ...c, plans: [] } : c),
    ...blind,
  }),
  fault('i46-in-plan-due-date-as-date-time', {
    rule: 'IN-ECHO-PLAN, IN-RESP-FORMS: getPlan answers each scheduledRepayments dueDate as a UTC date-time instead of the year-month-day date the selection sent, where provider 2.0.0 ScheduledRepayment.dueDate is a date of year, month and day (its format and lengths)',
    answer: okBody('getPlan', (body) =>
      Array.isArray(body.scheduledRepayments)
        ? {
            ...body,
            scheduledRepayments: body.scheduledRepayments.map((r: Record<string, any>) =>
              typeof r.dueDate === 'string' ? { ...r, dueDate: new Date(r.dueDate).toISOString() } : r,
            ),
          }
        : undefined,
    ),
    ...blind,
    ...provider,
  }),
  fault('i46-in-offers-schedule-year-not-carried', {
    rule: "IN-VAL-OFFER-TERMS: a MONTHLY offer asked in December schedules its installments of the next year in the purchase's year (January of the same year, the month wrapped but the year not carried), so the due dates go back in time, where provider 2.0.0 Offer.frequency MONTHLY puts each due date in the month after the one before",
    state: (x, c) =>
      offersEdited(x, c, (offers) => {
        const year = String(new Date(x.now).getUTCFullYear());
        return offers.map((o) => ({
          ...o,
          schedulePayments: (o.schedulePayments ?? []).map((s: Record<string, any>) => ({
            ...s,
            dueDate: typeof s.dueDate === 'string' ? `${year}${s.dueDate.slice(4)}` : s.dueDate,
          })),
        }));
      }),
    ...blind,
    ...provider,
  }),
  fault('i46-in-offers-zero-decimal-currency-split-in-cents', {
    rule: "IN-VAL-OFFER-AMOUNTS: the offers of a purchase in a currency without a minor unit (JPY) split it in hundredths all the same (a JPY purchase over three installments answered with cents), the split rounded to two decimals whatever the currency, where provider 2.0.0 Offer's amounts are in the currency's minor unit according to ISO 4217",
    state: (x, c) => {
      const t = x.ok?.body?.transaction;
      if (!t || !NO_MINOR_UNIT.has(String(t.currency)) || typeof t.amount !== 'number') return c;
      return offersEdited(x, c, (offers) =>
        offers.map((o) => {
          const other = cents(t.amount / o.tenure);
          return {
            ...o,
            otherInstallmentAmount: other,
            totalAmount: t.amount,
            schedulePayments: (o.schedulePayments ?? []).map((s: Record<string, any>) => ({
              ...s,
              installmentAmount: s.installmentNumber === 1 ? cents(t.amount - other * (o.tenure - 1)) : other,
            })),
          };
        }),
      );
    },
    ...blind,
    ...provider,
  }),
  fault('i46-in-pans-dereg-removes-from-every-list', {
    rule: 'IN-PROP-WRITE-SCOPE, IN-STATE-PAN-ELIGIBLE: deregistering a card from one PAN list takes it out of every list of the customer holding it, so a card another list still names loses its offers, where seed 001 Endpoints says the customer deregisters pans from an existing pan list (the one named)',
    state: (x, c) => {
      if (x.op === 'deregisterPans' && c.holder && c.pan !== undefined)
        for (const l of x.world.panLists.values()) if (l !== c.holder) l.pans.delete(c.pan);
      return c;
    },
    ...blind,
  }),
  fault('i46-in-pans-duplicate-across-lists', {
    rule: 'IN-VAL-PAN-COUNTS, IN-PROP-COUNTS: a card registered into a second list of the customer is counted a failure (already in a pan list) because another list holds it, so it never joins the second list, where provider 2.0.0 Registration counts as failed only the cards refused for that list (already in it)',
    judge: refuseAt(
      'register-duplicate',
      (x) =>
        x.op === 'registerPans' && x.card !== undefined && [...x.world.panLists.values()].some((l) => l !== x.list && l.pans.has(x.card!)),
      { status: 400, reasonCode: 'INVALID_FIELD_VALUE', description: 'pan is already in a pan list' },
    ),
    ...blind,
    ...provider,
  }),
  fault('i46-in-pans-list-range-not-kept', {
    rule: "IN-STATE-LIST-CARD-RANGE: a list without an account range judges each card against the held range that card falls in, the first card's range not kept, so one registration puts cards of two account ranges into one list, where provider 2.0.0 PanRegistrationWithEncryptedValueRequest validates the pans against the first valid account range found for them, kept for the list",
    judge: (x, s, r) => {
      if (s === 'register-duplicate' && x.op === 'registerPans' && x.list && !x.list.accountRange) delete x.list.cardsRange;
      return r;
    },
    ...blind,
    ...provider,
  }),
  fault('i46-in-participations-request-id-past-64-bits', {
    rule: 'IN-ERR-REQUEST-ID: a request_id of digits beyond the int64 range is looked up and answered 404 as an unknown request instead of refused 400 invalid.request.parameter, where provider 2.0.0 getMerchantParticipations request_id is an int64 integer (InvalidRequestIdError)',
    judge: paramUnchecked('request_id', (v) => v !== undefined && /^[0-9]+$/.test(v), 'getMerchantParticipations'),
    ...blind,
    ...provider,
  }),
  fault('i46-in-participation-aus-group-not-required', {
    rule: 'IN-REQ-PARTICIPATION-ADD: an Australian merchant added without merchantGroup is accepted (202), the Australia MID column of the add table not applied, where provider 2.0.0 postMerchantParticipations makes merchantGroup mandatory when adding an Australian merchant',
    judge: (x, s, r) => {
      if (s === 'participation-members' && x.op === 'postMerchantParticipations' && Array.isArray(x.ok?.body))
        for (const m of x.ok.body as Record<string, any>[])
          if (String(m.countryCode ?? '').toUpperCase() === 'AUS' && m.maid === undefined && m.merchantGroup === undefined)
            m.merchantGroup = '';
      return r;
    },
    state: (x, c) => {
      if (x.op === 'postMerchantParticipations' && c.merchant?.merchantGroup === '') {
        const { merchantGroup: _dropped, ...merchant } = c.merchant;
        return { ...c, merchant };
      }
      return c;
    },
    ...blind,
    ...provider,
  }),
  fault('i46-in-approval-first-name-alone', {
    rule: "IN-REQ-CARDHOLDER-NAME: an approval whose card names the cardholder's first name alone (no full name, no last name) is accepted and decides the plan, where provider 2.0.0 paymentAuthorization makes cardholderFirstName and cardholderLastName optional only when cardholderFullName is used",
    judge: loosen(
      'planApproval',
      (v) => v.field.startsWith('paymentAuthorization') && /cardholderLastName|^paymentAuthorization$/.test(v.field),
    ),
    ...blind,
    ...provider,
  }),
  fault('i46-in-approval-async-card-check-digit-unchecked', {
    rule: 'IN-FMT-APPROVAL-PAN: an asynchronous approval (sync false or absent) whose card number fails its check digit is taken (202) and lands, the ISO/IEC 7812 check made on sync=true only, where provider 2.0.0 paymentAuthorization.primaryAccountNumber is an ISO/IEC 7812 account number',
    judge: skipAt(
      'approval-decision',
      (x, r) => r.details === 'paymentAuthorization.primaryAccountNumber' && x.ok?.query.get('sync') !== 'true',
    ),
    ...blind,
    ...provider,
  }),
  fault('i46-in-issuer-accepts-with-200', {
    rule: 'IN-ISSUER-ACCEPT: the issuer endpoint answers a valid notification 200 instead of 201, where provider 2.0.0 notifyPlan documents 201 for a notification taken',
    answer: answerOf(
      'notifyPlan',
      (a) => ({ ...a, status: 200 }),
      (a) => a.status === 201,
    ),
    ...blind,
    ...provider,
  }),
  fault('i46-in-notify-issuer-ica-from-cid', {
    rule: "IN-NOTIFY-SHAPE: the notification of a selected plan carries as issuerIca the issuer's customer id (its issuerCid), the member taken from the wrong field, where provider 2.0.0 notifyPlan's body names the issuer by its ICA",
    delivery: (x, d) => (x.op === 'savePlan' && d.body?.issuerCid ? { ...d, body: { ...d.body, issuerIca: d.body.issuerCid } } : d),
    ...blind,
    ...provider,
  }),
  fault('i46-in-notify-installments-numbered-from-zero', {
    rule: 'IN-NOTIFY-SCHEDULE, IN-NOTIFY-CHOSEN: the notification numbers its schedulePayments from 0 (an index, not the installment number), so the first installment reads 0 and the last tenure - 1, where provider 2.0.0 PlanNotifSchedulePayments numbers each installment from 1 (installmentNumber minimum 1)',
    delivery: (x, d) =>
      x.op === 'savePlan' && Array.isArray(d.body?.schedulePayments)
        ? {
            ...d,
            body: {
              ...d.body,
              schedulePayments: d.body.schedulePayments.map((s: Record<string, any>, i: number) => ({ ...s, installmentNumber: i })),
            },
          }
        : d,
    ...blind,
    ...provider,
  }),
  fault('i46-in-offers-replayed-by-correlation-id', {
    rule: 'IN-VAL-OFFER-AMOUNTS: an offers request carrying a Correlation-Id seen before is answered the offers (and offerTransactionId) of that earlier request, as if the header were an idempotency key, so a larger purchase is offered a totalAmount below its amount, where provider 2.0.0 Offer.totalAmount is the total owed on the plan of the transaction sent (and the Correlation-Id only traces the exchange)',
    state: (x, c, memory) => {
      const key = x.req.headers['correlation-id'];
      if (x.op !== 'approvedOffers' || !c.offers || typeof key !== 'string') return c;
      if (memory[key]) return { ...c, ...memory[key] };
      memory[key] = { offers: c.offers, offerTransactionId: c.offerTransactionId };
      return c;
    },
    ...blind,
    ...provider,
  }),
  fault('i46-in-plan-transmission-datetime-feb-29-common-year', {
    rule: 'IN-FMT-PLAN-DATETIME: a plan whose transmissionDateTime falls on 29 February of a common year (2025-02-29T10:00:00Z, no such day) is created, the date checked by its shape only, where provider 2.0.0 CardedTransaction.transmissionDateTime is an RFC 3339 date and time (InvalidTransmissionDateTime)',
    judge: loosen(
      'savePlan',
      (v, x) =>
        v.field === 'transaction.transmissionDateTime' &&
        v.keyword === 'format' &&
        /^[0-9]{4}-02-29T/.test(String(x.sent?.transaction?.transmissionDateTime)),
    ),
    ...blind,
    ...provider,
  }),
  fault('i46-in-unknown-request-id-error-without-source', {
    rule: 'IN-ERR-SHAPE: the 404 of an unknown request_id answers its error item without Source (ReasonCode, Description, Recoverable only), the member forgotten on that refusal path, where provider 2.0.0 Error requires Source, ReasonCode, Description and Recoverable',
    answer: errorItems(
      (item) => {
        delete item.Source;
      },
      (a, x) => x.op === 'getMerchantParticipations' && a.status === 404,
    ),
    ...blind,
    ...provider,
  }),
  fault('i46-in-mid-search-negative-offset', {
    rule: 'IN-PAGE-OFFSET, IN-PAGE-SLICE: a MID search with offset -1 is taken, the page starting from the end (the last MID alone, Offset -1 in its header), instead of refused 400, where provider 2.0.0 offset has a minimum of 0 (the number of items skipped)',
    judge: paramUnchecked('offset', (v) => v !== undefined && /^-[0-9]+$/.test(v), 'postMerchantMidSearches'),
    ...blind,
    ...provider,
  }),
];
