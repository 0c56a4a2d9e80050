// Faults written blind (from seed 001, the provider's 2.0.0 document and the rule catalogue only, the suite unread).
import { blind, judgesAt, provider } from '../kit/faults.js';
import { answerOf, fault, loosen, okBody, refuseAt, skipAt } from './fault-builders.js';
import type { Exchange, InstallmentsSeams } from './seams.js';

const { fold } = judgesAt<InstallmentsSeams>();
/** The cards a deregistration has already named earlier in the same request (the fault's own memory, per exchange). */
const namedBefore = new WeakMap<Exchange, Set<string>>();
/** The UTC calendar day of an instant (ms). */
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export const INDEPENDENT_55_INSTALLMENTS_FAULTS = [
  fault('i55-in-dereg-repeated-card-counted-twice', {
    rule: 'IN-VAL-PAN-COUNTS, IN-PROP-COUNTS: a deregistration naming the same card twice counts both copies as deregistered (the second copy, no longer in the list once the first took it out, is not counted failed), so successfulCount exceeds the cards the list gave up, where provider 2.0.0 Deregistration counts the pans processed successfully and unsuccessfully and a card not in the list fails',
    state: (x, c) => {
      if (x.op !== 'deregisterPans' || c.pan === undefined || !('holder' in c)) return c;
      const seen = namedBefore.get(x) ?? new Set<string>();
      namedBefore.set(x, seen);
      const again = seen.has(c.pan);
      seen.add(c.pan);
      return again && !c.holder && x.list ? { ...c, holder: x.list } : c;
    },
    ...provider,
    ...blind,
  }),
  fault('i55-in-panlistname-at-maxlength-refused', {
    rule: 'IN-LIM-PANLISTNAME: a registration creating a list whose panListName is exactly at its maxLength is refused 400 (the bound taken as exclusive), where provider 2.0.0 panListName takes 1 to its maxLength characters, the longest included',
    judge: refuseAt('register-members', (x) => typeof x.ok?.body?.panListName === 'string' && x.ok.body.panListName.length >= 64, {
      status: 400,
      reasonCode: 'invalid.request.parameter',
      description: 'panListName is too long',
      details: 'panListName',
    }),
    ...provider,
    ...blind,
  }),
  fault('i55-in-offers-pan-past-maxlength-taken', {
    rule: 'IN-LIM-PAN: an offers request whose encrypted card number is longer than its maxLength (its first digits in a registered account range) is offered installments instead of refused 400, the length checked on the PAN list path only, where provider 2.0.0 ConsumerCard.primaryAccountNumber takes a number of digits within the bounds of its pattern on every request carrying one',
    judge: loosen('approvedOffers', (v) => v.field.endsWith('primaryAccountNumber'), ['plain']),
    ...provider,
    ...blind,
  }),
  fault('i55-in-offers-correlation-id-lower-cased', {
    rule: 'IN-ECHO-CORRELATION, IN-PROP-HEADER-ECHO: a successful offers answer carries the Correlation-Id sent with its letters lower-cased (an upper-case UUID answered in lower case), not byte for byte, where provider 2.0.0 approvedOffers answers the Correlation-Id the caller sent',
    answer: answerOf(
      'approvedOffers',
      (a) => {
        for (const k of Object.keys(a.headers)) if (k.toLowerCase() === 'correlation-id') a.headers[k] = a.headers[k].toLowerCase();
      },
      (a) => a.status < 300,
    ),
    ...provider,
    ...blind,
  }),
  fault('i55-in-offers-merchantid-without-acquirerid', {
    rule: 'IN-REQ-OFFERS-MERCHANT: an offers merchant with a merchantId and its country but no acquirerId is offered installments, only an acquirerId checked for its merchantId, where provider 2.0.0 approvedOffers (InvalidMerchantParameterCombinations) has acquirerId and merchantId given together',
    judge: skipAt(
      'offers-merchant',
      (x, r) => x.ok?.body?.merchant?.merchantId !== undefined && (r.violations ?? []).every((v) => v.field === 'merchant.acquirerId'),
    ),
    ...provider,
    ...blind,
  }),
  fault('i55-in-plan-apr-not-compared', {
    rule: "IN-VAL-PLAN-OFFER-TERMS: a plan whose planInstallmentInformation.apr differs from its offer's (every other term the same) is created 201, the apr left out of the comparison with the presented offer, where provider 2.0.0 POST /plans validates the plan data against the presented offer, sent without any changes",
    judge: skipAt('plan-terms', (_x, r) => r.details === 'Mismatch in apr.'),
    ...provider,
    ...blind,
  }),
  fault('i55-in-notify-last-four-from-start', {
    rule: "IN-NOTIFY-SHAPE: the notification of a selected plan carries as panLastFour the card's first four digits (the slice taken from the wrong end), not its last four, where provider 2.0.0 notifyPlan's consumer names the card by its last four digits",
    delivery: (_x, d) => {
      const c = d.body?.consumer;
      return c?.panLastFour !== undefined && typeof _x.plan?.pan === 'string'
        ? { ...d, body: { ...d.body, consumer: { ...c, panLastFour: _x.plan.pan.slice(0, 4) } } }
        : d;
    },
    ...provider,
    ...blind,
  }),
  fault('i55-in-plan-created-id-without-hyphens', {
    rule: 'IN-STATUS-PLAN-CREATED, IN-RESP-FORMS: savePlan answers its 201 planId as its hex digits without the hyphens of a UUID (the Location keeps the UUID), so the id answered is no UUID and getPlan refuses it, where provider 2.0.0 PlanCreated.planId is a fresh UUID',
    answer: okBody('savePlan', (body) =>
      typeof body.planId === 'string' ? { ...body, planId: body.planId.replace(/-/g, '') } : undefined,
    ),
    ...provider,
    ...blind,
  }),
  fault('i55-in-async-decline-lands-approved', {
    rule: 'IN-STATE-DECISION: a decline sent asynchronously (sync false or absent) lands as APPROVED (the queued decision written with the default status), so getPlan reads APPROVED once it landed, while a decline with sync=true reads DECLINED, where seed 001 States has the plan approved or declined as the provider decided',
    state: (x, c) => (x.op === 'planApproval' && c.decision === 'DECLINED' && c.sync === false ? { ...c, decision: 'APPROVED' } : c),
    ...blind,
  }),
  fault('i55-in-approval-offerid-required-on-sync-only', {
    rule: "IN-REQ-APPROVAL-OFFER-ID: with the lender's consumer offer selection disabled, an asynchronous approval (sync false or absent) without offerId is taken 202 and decides the plan, the member required on sync=true only, where provider 2.0.0 PlanApprovalParameters.offerId must be provided by the lender when consumer offer selection is disabled",
    judge: skipAt('approval-offer-id', (x) => x.ok?.query.get('sync') !== 'true'),
    ...provider,
    ...blind,
  }),
  fault('i55-in-search-ica-prefix-finds-merchant', {
    rule: "IN-ECHO-ICA-FORMS, IN-FILTER-ICA: a merchant search by an acquirerICA that is only the first digits of a merchant's longer ICA (its shorter form) finds that merchant, the criterion compared as a prefix, where provider 2.0.0 AcquirerIca is kept whole in each of its forms and seed 001 searches merchants by acquirer ICA",
    state: (x, c) =>
      x.op === 'postMerchantSearches' && c.matches
        ? {
            ...c,
            matches: (key, value, criterion) => (key === 'acquirerICA' ? String(value).startsWith(String(criterion)) : value === criterion),
          }
        : c,
    ...provider,
    ...blind,
  }),
  fault('i55-in-maidtype-lower-case-taken', {
    rule: 'IN-ENUM-MAIDTYPE: a participation whose maidType is an enum value written in lower case (grp) is taken 202, the value compared without its case, where provider 2.0.0 maidType is GRP or EXT as written',
    judge: loosen('postMerchantParticipations', (v, x) => {
      if (!v.field.endsWith('maidType')) return false;
      const sent = (Array.isArray(x.sent) ? x.sent : []).map((p: any) => p?.maidType);
      return sent.some((t: unknown) => typeof t === 'string' && ['GRP', 'EXT'].includes(t.toUpperCase()));
    }),
    ...provider,
    ...blind,
  }),
  fault('i55-in-approval-currency-past-length-taken', {
    rule: "IN-LIM-CURRENCY: an approval whose approvedCurrency is longer than its maxLength (a code with a letter added) is taken and decides the plan, the currency's length checked on the offers path only, where provider 2.0.0 PlanApprovalParameters.approvedCurrency is an ISO 4217 code of its fixed length",
    judge: loosen('planApproval', (v) => v.field === 'approvedCurrency' && (v.keyword === 'maxLength' || v.keyword === 'format')),
    ...provider,
    ...blind,
  }),
  fault('i55-in-dereg-listid-cut-to-length', {
    rule: "IN-PAT-PANLISTID: a deregistration whose panListId has more digits than its pattern allows is cut to the pattern's length and applied to the list those first digits name (200, its cards taken out), not refused 400, where provider 2.0.0 PanDeregistrationBody.panListId is of exactly its pattern's digits",
    judge: fold(
      'body-read',
      (x) => x.op === 'deregisterPans' && typeof x.sent?.panListId === 'string' && /^[0-9]{19,}$/.test(x.sent.panListId),
      (x) => {
        x.sent.panListId = x.sent.panListId.slice(0, 18);
      },
    ),
    ...provider,
    ...blind,
  }),
  fault('i55-in-approval-status-from-other-plan-of-card', {
    rule: "IN-STATE-DECISION: the checkout status of a plan no decision has reached reads COMPLETED (with its callbackUrl) once another plan of the same card is decided, the status looked up by card, while getPlan of it still reads CREATED, where seed 001 Endpoints has getPlanApprovalStatus give the status of that plan's checkout and provider 2.0.0 CompletionPSPData.status is IN_PROGRESS until its decision landed",
    answer: okBody(
      'getPlanApprovalStatus',
      (_body, x) => {
        const other = [...x.world.plans.values()].some(
          (p) => p !== x.plan && p.pan === x.plan?.pan && (p.status === 'APPROVED' || p.status === 'DECLINED'),
        );
        return other ? { callbackUrl: x.plan!.callbackUrl, status: 'COMPLETED' } : undefined;
      },
      (body, x) => body.status === 'IN_PROGRESS' && x.plan !== undefined,
    ),
    ...blind,
  }),
  fault('i55-in-plan-leap-day-refused', {
    rule: "IN-FMT-PLAN-DATETIME, IN-VALID-ACCEPTED: a plan whose transaction localDateTime falls on 29 February of a leap year (its offers request made that day) is refused 400 invalid.request.parameter as an invalid datetime, the day checked against a common year's February, where provider 2.0.0 CardedTransaction.localDateTime is a date and time and 29 February is one in a leap year",
    judge: refuseAt('plan-bounds', (x) => /^\d{4}-02-29/.test(String(x.ok?.body?.transaction?.localDateTime ?? '')), {
      status: 400,
      reasonCode: 'invalid.request.parameter',
      description: 'Invalid datetime format.',
      details: 'transaction.localDateTime',
    }),
    ...provider,
    ...blind,
  }),
  fault('i55-in-callback-window-ends-at-day-end', {
    rule: "IN-ECHO-CALLBACK: the checkout status of a plan approved late in a UTC day is 404 from the next midnight on (the window ended at the end of the approval's calendar day), well within the hours of the window counted from the approval, where provider 2.0.0 getPlanApprovalStatus is used within its window from the time the approval was posted",
    state: (x, c, memory) => {
      if (x.op === 'planApproval' && c.plan) memory[c.plan.planId] = x.now;
      return c;
    },
    judge: refuseAt(
      'approval-status-plan',
      (x, memory) => x.plan !== undefined && memory[x.plan.planId] !== undefined && dayOf(x.now) > dayOf(memory[x.plan.planId]),
      { status: 404, reasonCode: 'PLAN_NOT_FOUND', description: 'No plan with this plan_id.', details: 'plan_id' },
    ),
    ...provider,
    ...blind,
  }),
];
