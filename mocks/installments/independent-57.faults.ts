// Faults written blind (from seed 001, the provider's 2.0.0 document and the rule catalogue only, the suite unread).
import { blind, provider } from '../kit/faults.js';
import { answerOf, errorItems, fault, okBody, paramUnchecked, refuseAt } from './fault-builders.js';
import { NOT_ACCEPTABLE } from './guard.js';

/** A full date (YYYY-MM-DD) moved on by one calendar month (the first of a month stays the first). */
const monthLater = (date: unknown) => {
  if (typeof date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return date;
  const d = new Date(`${date}T00:00:00Z`);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate())).toISOString().slice(0, 10);
};
/** Whether an instant (ms) falls on the last day of its UTC month. */
const lastDayOfMonth = (ms: number) => new Date(ms + 86_400_000).getUTCDate() === 1;
/** ISO 3166 alpha-3 codes to the alpha-2 code a display table gives them. */
const ALPHA2: Record<string, string> = { USA: 'US', GBR: 'GB', FRA: 'FR', DEU: 'DE', AUS: 'AU', CAN: 'CA' };

export const INDEPENDENT_57_INSTALLMENTS_FAULTS = [
  fault('i57-in-offer-schedule-month-end-late', {
    rule: "IN-VAL-OFFER-TERMS: an offer asked on the last day of a UTC month schedules its MONTHLY installments from the next day's month (the purchase day taken as the day after), so its first installment falls due in the month after next, where provider 2.0.0 Offer.frequency MONTHLY has the first installment in the purchase's month or the next",
    answer: okBody(
      'approvedOffers',
      (b) => {
        for (const o of b.offers ?? []) for (const s of o.schedulePayments ?? []) s.dueDate = monthLater(s.dueDate);
      },
      (_b, x) => lastDayOfMonth(x.now),
    ),
    ...provider,
    ...blind,
  }),
  fault('i57-in-offer-begin-offset-without-colon', {
    rule: "IN-DATE-UNIT, IN-RESP-FORMS: every offer answers offerBeginDatetime with its zone written as a basic offset without the colon (+0000, a formatter's default), which is no RFC 3339 time-offset, where provider 2.0.0 Offer.offerBeginDatetime is an RFC 3339 date and time of format date-time",
    answer: okBody('approvedOffers', (b) => {
      for (const o of b.offers ?? [])
        if (typeof o.offerBeginDatetime === 'string') o.offerBeginDatetime = o.offerBeginDatetime.replace(/Z$/, '+0000');
    }),
    ...provider,
    ...blind,
  }),
  fault('i57-in-getplan-merchant-country-alpha2', {
    rule: "IN-RESP-FORMS, IN-ECHO-PLAN, IN-PROP-ECHO-AS-SENT: getPlan answers the plan's merchant country as the ISO 3166 alpha-2 code (US for USA, converted for display), where provider 2.0.0 MerchantPlan.country is the ISO 3166 alpha-3 code the offers request named",
    answer: okBody('getPlan', (b) => {
      if (b.merchant && typeof b.merchant.country === 'string' && ALPHA2[b.merchant.country])
        b.merchant.country = ALPHA2[b.merchant.country];
    }),
    ...provider,
    ...blind,
  }),
  fault('i57-in-search-total-before-criteria', {
    rule: 'IN-PAGE-HEADERS, IN-DERIVED-VIEW: the merchant search answers in its Total header the number of every merchant held, counted before its criteria narrow them, not the merchants its criteria select, where provider 2.0.0 Total is the size of the data set the search pages over',
    answer: answerOf(
      'postMerchantSearches',
      (a, x) => {
        a.headers.total = String(x.world.merchants.size);
      },
      (a) => a.status === 200 && a.headers.total !== undefined,
    ),
    ...provider,
    ...blind,
  }),
  fault('i57-in-reregister-after-deregister-failed', {
    rule: 'IN-VAL-PAN-COUNTS, IN-STATE-PAN-ELIGIBLE: a card deregistered from a list and registered into it again is counted a failure as a card already in the list (the removal remembered as a mark, not the card taken out), so it cannot rejoin the list it left, where provider 2.0.0 Registration counts as failed only the cards the list holds and Deregistration takes the card out of the list',
    state: (x, c, memory) => {
      if (x.op === 'deregisterPans' && c.pan !== undefined && c.holder)
        (memory.gone ??= new Set<string>()).add(`${c.holder.panListId}:${c.pan}`);
      return c;
    },
    judge: refuseAt(
      'register-duplicate',
      (x, memory) => x.card !== undefined && x.list !== undefined && Boolean(memory.gone?.has(`${x.list.panListId}:${x.card}`)),
      { status: 400, reasonCode: 'invalid.request.parameter', description: 'pan is already in the pan list' },
    ),
    ...provider,
    ...blind,
  }),
  fault('i57-in-list-wallets-first-acceptance', {
    rule: "IN-ECHO-PARTICIPATION-DETAILS, IN-PROP-READERS-AGREE: the completed merchants list (no request_id) answers every wallet of a merchant with the walletAcceptance of its first wallet (a member from the wrong object), so a merchant accepting one wallet and refusing another reads the same flag for both, where provider 2.0.0 Wallet.walletAcceptance is each wallet's flag as submitted",
    answer: okBody(
      'getMerchantParticipations',
      (b) => {
        for (const m of Array.isArray(b) ? b : [])
          if (Array.isArray(m.wallets) && m.wallets.length > 1)
            for (const w of m.wallets) w.walletAcceptance = m.wallets[0].walletAcceptance;
      },
      (_b, x) => x.ok?.query.get('request_id') == null,
    ),
    ...provider,
    ...blind,
  }),
  fault('i57-in-no-offers-description-empty', {
    rule: 'IN-ERR-SHAPE: the 404 of an offers request whose card has no eligible offer answers its error item with an empty Description (the text filled from an empty list of eligibility messages), on that refusal path only, where provider 2.0.0 ErrorWrapper gives every error item a human-readable Description within its minLength',
    answer: errorItems(
      (item) => {
        item.Description = '';
      },
      (a, x) => x.op === 'approvedOffers' && a.status === 404,
    ),
    ...provider,
    ...blind,
  }),
  fault('i57-in-sync-upper-case-taken', {
    rule: 'IN-STATUS-SYNC, IN-TYPE-FORMS: an approval whose sync is TRUE (upper case) is taken as synchronous and answered 200 with its callback URL (the boolean parsed without regard to case), where provider 2.0.0 Sync is a boolean whose words are true and false and another word is refused 400',
    judge: paramUnchecked('sync', (v) => typeof v === 'string' && v.toLowerCase() === 'true', 'planApproval'),
    state: (x, c) => (x.op === 'planApproval' && x.ok?.query.get('sync')?.toLowerCase() === 'true' ? { ...c, sync: true } : c),
    ...provider,
    ...blind,
  }),
  fault('i57-in-accept-other-case-406', {
    rule: 'IN-PROP-ACCEPT: the completed merchants list refuses 406 an Accept naming application/json in another case (Application/JSON), the media type compared case-sensitively on that reader only, where provider 2.0.0 getMerchantParticipations produces application/json and serves it to every valid Accept selecting it, a media type named in any case',
    judge: refuseAt(
      'accept',
      (x) => {
        const accept = x.req.headers.accept;
        return (
          x.op === 'getMerchantParticipations' &&
          typeof accept === 'string' &&
          /application\/json/i.test(accept) &&
          !accept.includes('application/json')
        );
      },
      NOT_ACCEPTABLE,
    ),
    ...provider,
    ...blind,
  }),
  fault('i57-in-notify-amount-as-text', {
    rule: 'IN-NOTIFY-SHAPE: the notification of a selected plan carries its transaction amount as the text of the decimal ("100.25", a string), where provider 2.0.0 notifyPlan\'s transaction amount is a number',
    delivery: (_x, d) => {
      if (d.body?.transaction && typeof d.body.transaction.amount === 'number')
        d.body = { ...d.body, transaction: { ...d.body.transaction, amount: String(d.body.transaction.amount) } };
      return d;
    },
    ...provider,
    ...blind,
  }),
  fault('i57-in-async-location-latest-plan-of-card', {
    rule: "IN-ECHO-PLAN-LOCATION: the 202 of an asynchronous approval names in its Location the card's most recently created plan (approvals/<that planId>), not the plan decided, so a card with two plans polls the other one, where provider 2.0.0 planApproval Accepted gives the URL to poll, GET /approvals/{plan_id} of the plan decided",
    answer: answerOf(
      'planApproval',
      (a, x) => {
        const plans = [...x.world.plans.values()].filter((p) => p.pan === x.plan!.pan);
        const latest = plans[plans.length - 1];
        if (latest) a.headers.location = `approvals/${latest.planId}`;
      },
      (a, x) => a.status === 202 && x.plan !== undefined,
    ),
    ...provider,
    ...blind,
  }),
  fault('i57-in-status-first-read-in-progress', {
    rule: "IN-STATE-DECISION, IN-ECHO-CALLBACK: the first read of a plan's checkout status after its decision landed answers IN_PROGRESS without the callback URL (the status cache filled by that read), only a repeated read answering COMPLETED, where seed 001 States has getPlanApprovalStatus show COMPLETED once the decision landed (and provider 2.0.0 getPlanApprovalStatus answers COMPLETED with the callbackUrl within its window from the approval)",
    answer: (x, a, memory) => {
      if (x.op !== 'getPlanApprovalStatus' || a.status !== 200 || a.body?.status !== 'COMPLETED' || !x.plan) return a;
      const seen: Set<string> = (memory.seen ??= new Set<string>());
      if (seen.has(x.plan.planId)) return a;
      seen.add(x.plan.planId);
      return { ...a, body: { status: 'IN_PROGRESS' } };
    },
    ...blind,
  }),
  fault('i57-in-by-request-optin-n-dropped', {
    rule: 'IN-ECHO-PARTICIPATION-MANDATORY: the read by request_id answers a MID merchant submitted with optIn N without its optIn (the flag N taken for no value), where provider 2.0.0 postMerchantParticipations makes optIn mandatory and the merchant reads back by request_id with it',
    answer: okBody(
      'getMerchantParticipations',
      (b) => {
        for (const m of Array.isArray(b) ? b : []) if (m.optIn === 'N') delete m.optIn;
      },
      (_b, x) => x.ok?.query.get('request_id') != null,
    ),
    ...provider,
    ...blind,
  }),
  fault('i57-in-offer-total-of-previous-request', {
    rule: "IN-VAL-OFFER-AMOUNTS: an offers request for a card that asked before answers each offer's totalAmount computed from the amount of the card's previous offers request (kept per card), so a larger purchase is owed less than its amount and its schedule no longer adds up to totalAmount, where provider 2.0.0 Offer.totalAmount is the amount owed for this purchase, at least its amount",
    answer: (x, a, memory) => {
      if (x.op !== 'approvedOffers' || a.status !== 200 || !Array.isArray(a.body?.offers)) return a;
      const pan = String(x.ok?.plain?.consumer?.primaryAccountNumber ?? '');
      const amounts: Map<string, number> = (memory.amounts ??= new Map<string, number>());
      const before = amounts.get(pan);
      const amount = x.ok?.body?.transaction?.amount;
      if (typeof amount === 'number') amounts.set(pan, amount);
      if (before !== undefined && before !== amount) for (const o of a.body.offers) o.totalAmount = before;
      return a;
    },
    ...provider,
    ...blind,
  }),
  fault('i57-in-by-request-count-whole-request', {
    rule: 'IN-PAGE-HEADERS, IN-DERIVED-VIEW: the read by request_id answers in its Count header the number of every participation of the request, not the items of the page (a page cut by its limit reports more items than it holds), where provider 2.0.0 Count is the number of items in the page',
    answer: answerOf(
      'getMerchantParticipations',
      (a, x) => {
        a.headers.count = String(x.participations!.length);
      },
      (a, x) => a.status === 200 && x.ok?.query.get('request_id') != null && x.participations !== undefined,
    ),
    ...provider,
    ...blind,
  }),
];
