// Plans: POST /plans (savePlan: the cardholder chose an offer; the service then notifies the
// issuer configured for the card's account range) and GET /plans/{plan_id} (getPlan, 400 for an
// id that is not a UUID, 404 unknown, 405 for other methods). Seed 001, Endpoints and Events.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { signRequest } from '../../helpers/auth/oauth1.js';
import type { MockContext } from '../kit/context.js';
import type { InstallmentsFaultId } from './catalogue.js';
import { invalidRequest, sendAnswer, sendError } from './errors.js';
import type { ResourceSeams } from './fault-builders.js';
import type { Guard } from './guard.js';
import { inRange, type InstallmentsState, type OfferTransaction, type Plan, type PlanSeams } from './state.js';

/** i8-notify-currency-numeric-code: ISO 4217 numeric codes. */
const NUMERIC_CURRENCY: Record<string, string> = { USD: '840', EUR: '978', GBP: '826', CAD: '124', AUD: '036' };

/** What the seams of a plan's selection are given (mocks/kit/faults.ts): the request as judged and, once made, the plan. */
type PlansSeams = ResourceSeams<{ body: Record<string, any>; plan?: Plan }>;

export const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/** i6-notify-deferred-to-approval: the notification of a plan held back until its synchronous approval. */
export const deferredNotifications = new WeakMap<Plan, () => void>();

/** i7-notify-resent-on-sync-approval: the notification of a plan, sent again by its synchronous approval. */
export const resentNotifications = new WeakMap<Plan, () => void>();

/** The plans whose decision landed asynchronously (read only by rt2-getplan-async-decline-shown-created). */
const settledAsync = new WeakSet<Plan>();

/** Applies an asynchronous (202) decision once its time has come on the virtual clock. */
export function settle(plan: Plan, nowMs: number): Plan {
  if (plan.pending && nowMs >= plan.pending.atMs) {
    settledAsync.add(plan);
    plan.status = plan.pending.status;
    delete plan.pending;
  }
  return plan;
}

function schedule(amount: number, tenure: number, from: Date) {
  return Array.from({ length: tenure }, (_, i) => {
    const due = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + i + 1, 1));
    return {
      installmentNumber: i + 1,
      installmentAmount: Math.round((amount / tenure) * 100) / 100,
      dueDate: due.toISOString().slice(0, 10),
    };
  });
}

const near = (a: unknown, b: unknown) => typeof a === 'number' && typeof b === 'number' && Math.abs(a - b) < 1e-9;
const present = (v: unknown) => v !== undefined && v !== null && v !== '';

/**
 * What the configured product refuses in a plan (provider 2.0.0, POST /plans, PlanCreateInvalidInput), as [Description,
 * Details] of its error example: the members it makes mandatory, then terms other than the chosen offer's.
 */
function productRefusal(world: InstallmentsState, b: Record<string, any>, pan: unknown): [string, string] | undefined {
  // provider 2.0.0: OfferIdField "mandatory for Mastercard Installments Payment Services"; TransactionOffers "mandatory for
  // During Purchase use case" (examples/InvalidPresentedOffersDRNG), and for a client classified as a distribution partner
  // (examples/InvalidPresentedOffersDSP, whose Description names the client).
  const offersNeeded = world.distributionPartner || world.useCases.includes('DURING_PURCHASE');
  if (!present(b.offerId) || (offersNeeded && !present(b.transactionOffers)))
    return [
      `Both OfferId and TransactionOffers must be present for this ${world.distributionPartner ? 'client' : 'provider'} - Value must not be null`,
      'Invalid input request for cardedInstallments.',
    ];
  // provider 2.0.0: PlanInstallmentInformation (with CardedPlanInstallmentInformation.feeValue) and SchedulePayment
  // "mandatory for Mastercard Installments Payment Services".
  if (!present(b.planInstallmentInformation))
    return [
      'planInstallmentInformation must not be null.',
      'planInstallmentInformation is mandatory for Mastercard Installments Payment Services.',
    ];
  if (!present(b.planInstallmentInformation.feeValue))
    return ['planInstallmentInformation.feeValue must not be null.', 'feeValue is mandatory for Mastercard Installments Payment Services.'];
  if (!present(b.schedulePayments))
    return ['schedulePayments must not be null.', 'schedulePayments is mandatory for Mastercard Installments Payment Services.'];
  // provider 2.0.0, PlanConsumer.primaryAccountNumber (the encrypted card) mandatory for Installments on Cards (examples/BlankPAN).
  if (!present(pan)) return ['PAN is present and is blank or null.', 'PAN cannot blank or empty.'];
}

/**
 * provider 2.0.0, POST /plans: the merchant details too are sent as presented and validated against the offer: the
 * first member of the plan's merchant (its name in the encrypted plaintext) both carry that differs, or undefined.
 */
function merchantDiffers(asked: Record<string, any>, b: Record<string, any>, plain: any): string | undefined {
  const sent = { ...(b.merchant ?? {}), ...(plain?.merchant ?? {}) };
  return ['name', 'country', 'mcc', 'url', 'acquirerId', 'merchantId']
    .filter((k) => present(sent[k]) && present(asked[k]) && String(sent[k]) !== String(asked[k]))
    .map((k) => `merchant.${k}`)[0];
}

/**
 * provider 2.0.0, POST /plans: the partner sends the offer's data "without any changes" and the service "validates this data
 * against the presented offer" (examples/TransactionAmountMisMatch); [Description, Details] of the first difference.
 */
function termsRefusal(otx: OfferTransaction, offer: Record<string, any>, b: Record<string, any>): [string, string] | undefined {
  const t = b.transaction ?? {};
  const pi = b.planInstallmentInformation ?? {};
  if (otx.transaction && !near(t.amount, otx.transaction.amount))
    return ['Provided transaction amount does not match with offer.', 'Mismatch in Transaction Amount.'];
  if (otx.transaction && t.currency !== otx.transaction.currency)
    return ['Provided transaction currency does not match with offer.', 'Mismatch in Transaction Currency.'];
  // examples/TransactionDateMisMatch: a date the plan sends is its offers request's (the same instant).
  if (present(t.localDateTime) && Date.parse(t.localDateTime) !== Date.parse(otx.transaction?.localDateTime))
    return ['Provided transaction date does not match with offer.', 'Mismatch in Transaction Date.'];
  const terms = 'Provided plan installment information does not match with offer.';
  if (pi.tenure !== offer.tenure || pi.frequency !== offer.frequency) return [terms, 'Mismatch in tenure or frequency.'];
  for (const k of ['apr', 'feeValue', 'firstInstallmentAmount', 'otherInstallmentAmount', 'totalAmount'])
    if (present(pi[k]) && !near(pi[k], offer[k])) return [terms, `Mismatch in ${k}.`];
  if (present(pi.currency) && pi.currency !== otx.transaction?.currency) return [terms, 'Mismatch in currency.'];
  const mine = (offer.schedulePayments ?? []) as Record<string, unknown>[];
  const sent = Array.isArray(b.schedulePayments) ? (b.schedulePayments as Record<string, unknown>[]) : [];
  if (
    sent.length !== mine.length ||
    sent.some((s) => {
      const o = mine.find((m) => m.installmentNumber === s.installmentNumber);
      return !o || !near(o.installmentAmount, s.installmentAmount) || o.dueDate !== s.dueDate;
    })
  )
    return ['Provided schedule payments do not match with offer.', 'Mismatch in schedule payments.'];
}

export function registerPlans(
  app: FastifyInstance,
  prefix: string,
  ctx: MockContext<InstallmentsFaultId>,
  world: InstallmentsState,
  guard: Guard,
) {
  const { faults, clock, deliveries } = ctx;
  const seams = faults.seams<PlanSeams>();
  /** This module's own seams (ResourceSeams): its judgement and its answers. */
  const own = faults.seams<PlansSeams>();

  /** i15-notify-given-schedule-last-dropped, i19-notify-given-schedule-card-number: the plans selected with a schedule of their own (kept only while one of those faults is on). */
  const givenSchedule = new WeakSet<Plan>();
  /** i15-notify-second-plan-names-first: the first plan notified per offerTransactionId (kept only while that fault is on). */
  const firstPlanOfOffers = new Map<string, string>();
  /** seeded-notify-same-answer-offer-of-first: the offer the first plan of each offers answer named (kept only while that fault is on). */
  const firstOfferOfAnswer = new Map<string, unknown>();
  /** seeded-notify-same-answer-transaction-of-first: the transaction the first plan of each offers answer sent (kept only while that fault is on). */
  const firstTransactionOfAnswer = new Map<string, unknown>();
  /** i20-notify-signed-with-caller-key: the consumer key that selected each plan (kept only while that fault is on). */
  const callerOf = new WeakMap<Plan, InstallmentsState['keys'][number]>();
  /** i28-inst-notify-correlation-absent-dropped, i35-inst-notify-trace-header-holds-card: the Correlation-Id each selection was sent with (kept only while one of those faults is on). */
  const callerCorrelation = new WeakMap<Plan, string | undefined>();
  /** `otx`: the offers answer the plan was chosen from (read only by the seeded faults of the notification). */
  function notifyIssuer(plan: Plan, correlationId: string, otx?: { offers: Record<string, any>[]; correlationId?: string }) {
    // i4-notify-only-for-listed-pan: only a card registered by its number in a list finds its issuer.
    const listed = !faults.has('i4-notify-only-for-listed-pan') || [...world.panLists.values()].some((l) => l.pans.has(plan.pan));
    const issuer =
      (listed
        ? world.issuers.find(
            (i) =>
              inRange(plan.pan, i.accountRange) &&
              // i30-inst-notify-range-high-end-exclusive: a card at the high end of the issuer's account range finds no issuer.
              !(
                faults.has('i30-inst-notify-range-high-end-exclusive') &&
                plan.pan.slice(0, i.accountRange.accountRangeHigh.length) === i.accountRange.accountRangeHigh
              ),
          )
        : undefined) ??
      // i10-notify-issuer-by-first-four: the issuer found by the card's first four digits.
      (faults.has('i10-notify-issuer-by-first-four')
        ? world.issuers.find((i) => i.accountRange.accountRangeLow.slice(0, 4) === plan.pan.slice(0, 4))
        : undefined) ??
      (faults.has('blind-notification-for-unconfigured-range') ? world.issuers[0] : undefined);
    // seeded-notify-range-low-exclusive: the card at the low end of the issuer's range finds no issuer.
    if (issuer && faults.has('seeded-notify-range-low-exclusive') && plan.pan === issuer.accountRange.accountRangeLow) return;
    // i17-notify-range-high-exclusive: the card at the high end of the issuer's range finds no issuer.
    if (issuer && faults.has('i17-notify-range-high-exclusive') && plan.pan === issuer.accountRange.accountRangeHigh) return;
    if (!issuer || faults.has('notification-not-sent')) return;
    const body: Record<string, unknown> = {
      planId: faults.has('notification-wrong-plan')
        ? randomUUID()
        : faults.has('i11-notify-planid-uppercased')
          ? plan.planId.toUpperCase()
          : plan.planId,
      // seeded-notify-issuer-cid-is-ica: the issuer named by its ICA in both members.
      issuerCid: faults.has('seeded-notify-issuer-cid-is-ica') ? issuer.issuerIca : issuer.issuerCid,
      // i14-notify-issuer-ica-leading-zeros-dropped: the issuer ICA written through a number, its leading zeros lost.
      issuerIca: faults.has('i14-notify-issuer-ica-leading-zeros-dropped') ? String(Number(issuer.issuerIca)) : issuer.issuerIca,
      // seeded-notify-offer-first-of-answer: the notification names the first offer of the answer, not the one chosen.
      offerId:
        faults.has('seeded-notify-offer-first-of-answer') && otx?.offers[0]
          ? otx.offers[0].offerId
          : faults.has('i11-notify-offerid-as-number') && /^[0-9]+$/.test(plan.offerId)
            ? Number(plan.offerId)
            : plan.offerId,
      schedulePayments: faults.has('seeded-notify-schedule-recomputed')
        ? // seeded-notify-schedule-recomputed: the schedule the selection sent replaced by one the service computes.
          schedule(plan.transaction.amount, plan.planInstallmentInformation.tenure, clock.now())
        : faults.has('blind-notification-schedule-amount-key')
          ? plan.scheduledRepayments
          : plan.scheduledRepayments.map(({ amount, ...r }) => ({
              ...r,
              // i4-notify-installment-amount-floored: whole currency units in the notification only.
              installmentAmount:
                faults.has('i4-notify-installment-amount-floored') && typeof amount === 'number'
                  ? Math.floor(amount)
                  : // i9-notify-installment-amount-string: the amount sent as a decimal string.
                    faults.has('i9-notify-installment-amount-string') && typeof amount === 'number'
                    ? amount.toFixed(2)
                    : amount,
              // i8-notify-due-date-day-early: the due date written in a US time zone, a day early.
              ...(faults.has('i8-notify-due-date-day-early') && typeof r.dueDate === 'string' && !Number.isNaN(Date.parse(r.dueDate))
                ? { dueDate: new Date(Date.parse(r.dueDate) - 86400_000).toISOString().slice(0, 10) }
                : {}),
            })),
      // i8-notify-tenure-from-schedule-length: the tenure taken as the number of scheduled payments.
      planInstallmentInformation:
        // i31-inst-notify-tenure-remaining: the notification gives as tenure the installments left after the first.
        faults.has('i31-inst-notify-tenure-remaining') && typeof plan.planInstallmentInformation.tenure === 'number'
          ? { ...plan.planInstallmentInformation, tenure: plan.planInstallmentInformation.tenure - 1 }
          : faults.has('i8-notify-tenure-from-schedule-length') && plan.scheduledRepayments.length > 0
            ? { ...plan.planInstallmentInformation, tenure: plan.scheduledRepayments.length }
            : // i12-notify-frequency-lowercased: the frequency written in lower case.
              faults.has('i12-notify-frequency-lowercased') && typeof plan.planInstallmentInformation.frequency === 'string'
              ? { ...plan.planInstallmentInformation, frequency: plan.planInstallmentInformation.frequency.toLowerCase() }
              : plan.planInstallmentInformation,
      transaction: faults.has('blind-notification-amount-in-cents')
        ? { ...plan.transaction, amount: Math.round(plan.transaction.amount * 100) }
        : // i26-notify-currency-lowercased: the notification writes the transaction's currency in lower case.
          faults.has('i26-notify-currency-lowercased') && typeof plan.transaction.currency === 'string'
          ? { ...plan.transaction, currency: plan.transaction.currency.toLowerCase() }
          : // i8-notify-currency-numeric-code: the currency as its ISO 4217 numeric code.
            faults.has('i8-notify-currency-numeric-code') && NUMERIC_CURRENCY[plan.transaction.currency]
            ? { ...plan.transaction, currency: NUMERIC_CURRENCY[plan.transaction.currency] }
            : plan.transaction,
      // i3-notify-consumer-full-pan: the consumer block also names the card by its whole number.
      consumer: faults.has('i3-notify-consumer-full-pan')
        ? { panLastFour: plan.pan.slice(-4), accountNumber: plan.pan }
        : // i16-notify-pan-last-four-is-first-four: the card named by its first four digits.
          {
            panLastFour: faults.has('i16-notify-pan-last-four-is-first-four') ? plan.pan.slice(0, 4) : plan.pan.slice(-4),
            // seeded-notify-card-grouped-bin-and-last-four: the card also named in groups of four, its BIN and last four shown.
            ...(faults.has('seeded-notify-card-grouped-bin-and-last-four')
              ? { maskedPan: `${plan.pan.slice(0, 4)} ${plan.pan.slice(4, 6)}XX XXXX ${plan.pan.slice(-4)}` }
              : {}),
          },
    };
    if (faults.has('notification-missing-issuerIca')) delete body.issuerIca;
    // i27-notify-installment-number-zero-based: the notification numbers the schedule payments from 0.
    if (faults.has('i27-notify-installment-number-zero-based') && Array.isArray(body.schedulePayments))
      body.schedulePayments = body.schedulePayments.map((r: Record<string, unknown>) =>
        typeof r.installmentNumber === 'number' ? { ...r, installmentNumber: r.installmentNumber - 1 } : r,
      );
    // i17-notify-long-tenure-last-payment-dropped: a plan of twelve installments or more notified without its last payment.
    if (
      faults.has('i17-notify-long-tenure-last-payment-dropped') &&
      Number(plan.planInstallmentInformation.tenure) >= 12 &&
      Array.isArray(body.schedulePayments) &&
      body.schedulePayments.length >= 12
    )
      body.schedulePayments = body.schedulePayments.slice(0, -1);
    // i16-notify-currency-lowercased: the notification writes the transaction's currency in lower case.
    if (faults.has('i16-notify-currency-lowercased') && typeof plan.transaction.currency === 'string')
      body.transaction = { ...(body.transaction as object), currency: plan.transaction.currency.toLowerCase() };
    // rt2-notify-given-schedule-renumbered: the notification numbers the schedule payments by their position, not as sent.
    if (faults.has('rt2-notify-given-schedule-renumbered') && Array.isArray(body.schedulePayments))
      body.schedulePayments = body.schedulePayments.map((r: Record<string, unknown>, i: number) => ({ ...r, installmentNumber: i + 1 }));
    // rt2-notify-schedule-amounts-of-first: every installment of the notification carries the first one's amount.
    if (faults.has('rt2-notify-schedule-amounts-of-first') && Array.isArray(body.schedulePayments) && body.schedulePayments.length > 0) {
      const first = (body.schedulePayments[0] as Record<string, unknown>).installmentAmount;
      body.schedulePayments = body.schedulePayments.map((r: Record<string, unknown>) => ({ ...r, installmentAmount: first }));
    }
    // i19-notify-given-schedule-card-number: a plan selected with its own schedule notified with the card number.
    if (faults.has('i19-notify-given-schedule-card-number') && givenSchedule.has(plan))
      body.consumer = { ...(body.consumer as object), primaryAccountNumber: plan.pan };
    // i15-notify-given-schedule-last-dropped: a schedule the selection sent loses its last installment.
    // i22-notify-given-schedule-due-date-as-datetime: a schedule the selection sent is notified with its due dates as midnight UTC date-times.
    if (faults.has('i22-notify-given-schedule-due-date-as-datetime') && givenSchedule.has(plan) && Array.isArray(body.schedulePayments))
      body.schedulePayments = body.schedulePayments.map((s: Record<string, unknown>) =>
        typeof s.dueDate === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(s.dueDate) ? { ...s, dueDate: `${s.dueDate}T00:00:00Z` } : s,
      );
    if (faults.has('i15-notify-given-schedule-last-dropped') && givenSchedule.has(plan) && Array.isArray(body.schedulePayments))
      body.schedulePayments = body.schedulePayments.slice(0, -1);
    // i15-notify-second-plan-names-first: a later plan of the same offers answer notified under the first plan's id.
    const otxId = (otx as { offerTransactionId?: string } | undefined)?.offerTransactionId;
    if (faults.has('i15-notify-second-plan-names-first') && otxId !== undefined) {
      const first = firstPlanOfOffers.get(otxId);
      if (first === undefined) firstPlanOfOffers.set(otxId, plan.planId);
      else body.planId = first;
    }
    // seeded-notify-same-answer-offer-of-first: a later plan of the same offers answer notified with the offer the first one chose.
    if (faults.has('seeded-notify-same-answer-offer-of-first') && otxId !== undefined) {
      if (firstOfferOfAnswer.has(otxId)) body.offerId = firstOfferOfAnswer.get(otxId);
      else firstOfferOfAnswer.set(otxId, body.offerId);
    }
    // seeded-notify-same-answer-transaction-of-first: a later plan of the same offers answer notified with the first one's transaction.
    if (faults.has('seeded-notify-same-answer-transaction-of-first') && otxId !== undefined) {
      if (firstTransactionOfAnswer.has(otxId)) body.transaction = firstTransactionOfAnswer.get(otxId);
      else firstTransactionOfAnswer.set(otxId, body.transaction);
    }
    // seeded-fam28a-notify-weekly-schedule-monthly-count: a WEEKLY plan notified with one payment per four weeks of its term.
    if (
      faults.has('seeded-fam28a-notify-weekly-schedule-monthly-count') &&
      plan.planInstallmentInformation.frequency === 'WEEKLY' &&
      Array.isArray(body.schedulePayments) &&
      body.schedulePayments.length >= 2
    )
      body.schedulePayments = body.schedulePayments.slice(0, Math.ceil(body.schedulePayments.length / 4));
    // seeded-fam28a-notify-biweekly-given-dates-monthly: a BIWEEKLY plan's own schedule notified with monthly due dates.
    if (
      faults.has('seeded-fam28a-notify-biweekly-given-dates-monthly') &&
      givenSchedule.has(plan) &&
      plan.planInstallmentInformation.frequency === 'BIWEEKLY' &&
      Array.isArray(body.schedulePayments) &&
      typeof body.schedulePayments[0]?.dueDate === 'string' &&
      !Number.isNaN(Date.parse(body.schedulePayments[0].dueDate))
    ) {
      const first = new Date(Date.parse(body.schedulePayments[0].dueDate));
      body.schedulePayments = body.schedulePayments.map((r: Record<string, unknown>, i: number) => ({
        ...r,
        dueDate: new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + i, first.getUTCDate())).toISOString().slice(0, 10),
      }));
    }
    // i23-notify-biweekly-schedule-halved: a BIWEEKLY plan notified with one payment per month of its term (half its tenure).
    if (
      faults.has('i23-notify-biweekly-schedule-halved') &&
      plan.planInstallmentInformation.frequency === 'BIWEEKLY' &&
      Array.isArray(body.schedulePayments) &&
      body.schedulePayments.length >= 4
    )
      body.schedulePayments = body.schedulePayments.slice(0, Math.ceil(body.schedulePayments.length / 2));
    // i24-notify-weekly-schedule-from-zero: a WEEKLY plan's schedule numbered from 0.
    if (
      faults.has('i24-notify-weekly-schedule-from-zero') &&
      plan.planInstallmentInformation.frequency === 'WEEKLY' &&
      Array.isArray(body.schedulePayments)
    )
      body.schedulePayments = body.schedulePayments.map((r: Record<string, unknown>, i: number) => ({ ...r, installmentNumber: i }));
    // i32-inst-notify-amount-in-minor-units: the transaction amount sent in cents.
    if (faults.has('i32-inst-notify-amount-in-minor-units') && typeof (body.transaction as any)?.amount === 'number')
      body.transaction = { ...(body.transaction as object), amount: Math.round((body.transaction as any).amount * 100) };
    // i32-inst-notify-frequency-lowercased: the chosen terms' frequency sent in lower case.
    if (faults.has('i32-inst-notify-frequency-lowercased') && typeof (body.planInstallmentInformation as any)?.frequency === 'string')
      body.planInstallmentInformation = {
        ...(body.planInstallmentInformation as object),
        frequency: (body.planInstallmentInformation as any).frequency.toLowerCase(),
      };
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: 'application/json',
    };
    if (!faults.has('notification-no-correlation-id'))
      headers['Correlation-Id'] = faults.has('blind-notification-correlation-id-regenerated')
        ? randomUUID()
        : faults.has('i4-notify-correlation-id-uppercased')
          ? correlationId.toUpperCase()
          : // i15-notify-correlation-id-lowercased: the Correlation-Id written in lower case.
            faults.has('i15-notify-correlation-id-lowercased')
            ? correlationId.toLowerCase()
            : // seeded-notify-correlation-id-of-offers: the offers request's Correlation-Id propagated instead of the plan's.
              faults.has('seeded-notify-correlation-id-of-offers') && otx?.correlationId
              ? otx.correlationId
              : correlationId;
    // i20-notify-signed-with-caller-key: the notification signed with the key of the partner that selected the plan.
    const signer = (faults.has('i20-notify-signed-with-caller-key') ? callerOf.get(plan) : undefined) ?? world.serviceKey;
    if (!faults.has('notification-unsigned'))
      headers.authorization = signRequest(
        { consumerKey: signer.consumerKey, signingKey: signer.privateKeyPem },
        'POST',
        // i7-notify-signed-over-url-without-query: the base string built from the URL without its query.
        faults.has('i7-notify-signed-over-url-without-query') ? issuer.notificationUrl.split('?')[0] : issuer.notificationUrl,
        faults.has('i2-notification-signed-over-other-bytes')
          ? JSON.stringify(body, null, 2)
          : // i9-notify-body-hash-of-empty-body: the signer given no body.
            faults.has('i9-notify-body-hash-of-empty-body')
            ? ''
            : JSON.stringify(body),
      );
    // Seeded fault: the issuer's endpoint called without the query string it was configured with.
    let url = faults.has('notification-url-query-dropped') ? issuer.notificationUrl.split('?')[0] : issuer.notificationUrl;
    // i13-notify-url-query-decoded: the endpoint's query string sent percent-decoded.
    if (faults.has('i13-notify-url-query-decoded') && url.includes('?'))
      url = `${url.split('?')[0]}?${decodeURIComponent(url.split('?')[1])}`;
    // i6-notify-url-plan-id-appended: the plan id added to the endpoint's path.
    // i14-notify-url-path-lowercased: the endpoint's path lower-cased (its query kept) before the call.
    if (faults.has('i14-notify-url-path-lowercased')) url = url.replace(/^([^?]*)/, (p) => p.toLowerCase());
    if (faults.has('i6-notify-url-plan-id-appended')) url = url.replace(/(\?|$)/, `/${plan.planId}$1`);
    // i8-notify-url-issuercid-duplicated: issuerCid appended to a URL that already carries it.
    if (faults.has('i8-notify-url-issuercid-duplicated')) url = `${url}${url.includes('?') ? '&' : '?'}issuerCid=${issuer.issuerCid}`;
    // i23-notify-correlation-dashes-dropped: the issuer gateway's Correlation-Id written as 32 hex digits.
    if (faults.has('i23-notify-correlation-dashes-dropped') && typeof headers['Correlation-Id'] === 'string')
      headers['Correlation-Id'] = headers['Correlation-Id'].replace(/-/g, '');
    // i28-inst-notify-plain-http: the issuer's endpoint called over http (the scheme of an internal relay), not the https URL configured.
    if (faults.has('i28-inst-notify-plain-http')) url = url.replace(/^https:/, 'http:');
    // i34-inst-notify-url-query-sorted: the endpoint's query parameters rewritten in alphabetical order by a URL builder.
    if (faults.has('i34-inst-notify-url-query-sorted') && url.includes('?'))
      url = `${url.split('?')[0]}?${url.split('?')[1].split('&').sort().join('&')}`;
    // i28-inst-notify-correlation-absent-dropped: a selection sent without Correlation-Id notifies the issuer without one.
    if (faults.has('i28-inst-notify-correlation-absent-dropped') && callerCorrelation.get(plan) === undefined)
      delete headers['Correlation-Id'];
    // i28-inst-notify-due-dates-epoch-seconds: the schedule's due dates sent as epoch seconds.
    if (faults.has('i28-inst-notify-due-dates-epoch-seconds') && Array.isArray(body.schedulePayments))
      body.schedulePayments = body.schedulePayments.map((r: Record<string, unknown>) =>
        typeof r.dueDate === 'string' && !Number.isNaN(Date.parse(r.dueDate))
          ? { ...r, dueDate: Math.floor(Date.parse(r.dueDate) / 1000) }
          : r,
      );
    // i29-inst-notify-stamped-after-signing: a relay stamps the body with its send time after the body hash was signed.
    if (faults.has('i29-inst-notify-stamped-after-signing')) body.notifiedAt = clock.now().toISOString();
    // i33-inst-notify-sent-as-text-plain: the notification's JSON body sent labelled text/plain.
    if (faults.has('i33-inst-notify-sent-as-text-plain'))
      for (const name of Object.keys(headers)) if (name.toLowerCase() === 'content-type') headers[name] = 'text/plain';
    if (faults.has('i33-inst-notify-sent-as-text-plain') && !Object.keys(headers).some((n) => n.toLowerCase() === 'content-type'))
      headers['Content-Type'] = 'text/plain';
    // i35-inst-notify-trace-header-holds-card: a selection without a Correlation-Id is notified with a trace header naming the card.
    if (faults.has('i35-inst-notify-trace-header-holds-card') && callerCorrelation.get(plan) === undefined)
      headers['X-Trace-Context'] = `plan=${plan.planId};card=${plan.pan}`;
    // i36-inst-notify-issuer-url-http: the issuer's URL called with the scheme http.
    if (faults.has('i36-inst-notify-issuer-url-http')) url = url.replace(/^https:/, 'http:');
    void deliveries.send(url, 'POST', headers, body, clock.now());
    // i24-notify-large-amount-sent-twice: a plan of 10000 or more notified a second time (a review queue replaying it).
    if (faults.has('i24-notify-large-amount-sent-twice') && Number(plan.transaction.amount) >= 10000)
      void deliveries.send(url, 'POST', headers, body, clock.now());
    // i3-notify-delivered-twice: the notification is sent again at once (a retry that does not wait for the first answer).
    if (faults.has('i3-notify-delivered-twice')) void deliveries.send(issuer.notificationUrl, 'POST', headers, body, clock.now());
  }

  /** i30-inst-saveplan-answers-first-plan-of-offers: the first planId answered per offerTransactionId (kept only while that fault is on). */
  const firstPlanOfSelection = new Map<string, string>();
  /** seeded-notify-correlation-id-of-previous-plan: the Correlation-Id of the last selection (read only while that fault is on). */
  let previousCorrelation: string | undefined;

  // i32-inst-getplan-due-dates-us-local: getPlan's due dates written from US Eastern time, a day early.
  app.addHook('preSerialization', async (req, reply, payload: any) => {
    if (
      !faults.has('i32-inst-getplan-due-dates-us-local') ||
      req.method !== 'GET' ||
      !req.url.startsWith(`${prefix}/plans/`) ||
      reply.statusCode !== 200 ||
      !Array.isArray(payload?.scheduledRepayments)
    )
      return payload;
    return {
      ...payload,
      scheduledRepayments: payload.scheduledRepayments.map((r: Record<string, unknown>) =>
        typeof r.dueDate === 'string' && !Number.isNaN(Date.parse(r.dueDate))
          ? { ...r, dueDate: new Date(Date.parse(r.dueDate) - 5 * 3600_000).toISOString().slice(0, 10) }
          : r,
      ),
    };
  });
  app.post(`${prefix}/plans`, async (req, reply) => {
    const ok = await guard(req, reply, 'savePlan');
    if (!ok) return reply;
    const b = ok.body;
    const missing = productRefusal(world, b, ok.plain?.consumer?.primaryAccountNumber);
    if (missing) return sendError(reply, faults, 400, 'invalid.request.parameter', ...missing);
    // seeded-plan-offer-transaction-trimmed: the offerTransactionId looked up with its spaces trimmed.
    const otxId: string =
      faults.has('seeded-plan-offer-transaction-trimmed') && typeof b.offerTransactionId === 'string'
        ? b.offerTransactionId.trim()
        : b.offerTransactionId;
    const otx =
      world.offerTransactions.get(otxId) ??
      // seeded-plan-offer-transaction-last-char-ignored: the answer found by all but the id's last character.
      (faults.has('seeded-plan-offer-transaction-last-char-ignored') && typeof otxId === 'string'
        ? [...world.offerTransactions.values()].find(
            (t) => t.offerTransactionId.length === otxId.length && t.offerTransactionId.slice(0, -1) === otxId.slice(0, -1),
          )
        : undefined);
    if (!otx && !faults.has('unknown-offer-transaction-accepted')) {
      return invalidRequest(reply, faults, [
        { field: 'offerTransactionId', keyword: 'exists', message: 'offerTransactionId names no offers of this service' },
      ]);
    }
    // i5-plan-offer-from-other-transaction: an offer id of another offers answer is looked up too.
    const anyOffer = () =>
      faults.has('i5-plan-offer-from-other-transaction')
        ? [...world.offerTransactions.values()].flatMap((t) => t.offers).find((o) => o.offerId === b.offerId)
        : undefined;
    // seeded-plan-offer-id-prefix-match: an offerId found by prefix, either way.
    const sameOffer = (id: string) =>
      id === b.offerId ||
      // i14-plan-offer-id-matched-as-number: the offerId compared as a number (leading zeros ignored).
      (faults.has('i14-plan-offer-id-matched-as-number') && typeof b.offerId === 'string' && Number(id) === Number(b.offerId)) ||
      (faults.has('seeded-plan-offer-id-prefix-match') &&
        typeof b.offerId === 'string' &&
        (id.startsWith(b.offerId) || b.offerId.startsWith(id)));
    const offer = b.offerId === undefined ? otx?.offers[0] : (otx?.offers.find((o) => sameOffer(o.offerId)) ?? anyOffer());
    // seeded-plan-offer-unchecked: an offerId that is no offer of the answer is taken as given.
    if (otx && !offer && !faults.has('seeded-plan-offer-unchecked')) {
      // seeded-notify-refused-selection: the issuer notified before the offer was checked.
      if (faults.has('seeded-notify-refused-selection'))
        notifyIssuer(
          {
            planId: randomUUID(),
            providerId: b.providerId,
            offerId: String(b.offerId),
            pan: String(ok.plain?.consumer?.primaryAccountNumber ?? otx.pan),
            merchant: { country: 'USA', mcc: '5999' },
            transaction: b.transaction,
            planInstallmentInformation: b.planInstallmentInformation ?? { frequency: 'MONTHLY', tenure: 3 },
            scheduledRepayments: schedule(b.transaction.amount, b.planInstallmentInformation?.tenure ?? 3, clock.now()).map(
              ({ installmentAmount, ...r }) => ({ ...r, amount: installmentAmount }),
            ),
            status: 'CREATED',
            callbackUrl: '',
          },
          (req.headers['correlation-id'] as string | undefined) ?? randomUUID(),
        );
      return invalidRequest(reply, faults, [
        { field: 'offerId', keyword: 'exists', message: 'offerId is not an offer of this offerTransactionId' },
      ]);
    }
    // provider 2.0.0, PlanCreateInvalidInput example PANMisMatch: the card of a plan is its offers request's.
    const card = ok.plain?.consumer?.primaryAccountNumber;
    if (otx && present(card) && String(card) !== otx.pan)
      return sendError(reply, faults, 400, 'pan.match', 'Provided PAN does not match with offer.', 'PAN does not match with Offer.');
    // No error example names a merchant that differs: the Description and Details are the mock's, in the examples' manner.
    const merchantOff = own.judge(
      { operationId: 'savePlan', body: b },
      'merchant',
      otx ? merchantDiffers(otx.merchant, b, ok.plain) : undefined,
    );
    if (merchantOff)
      return sendError(
        reply,
        faults,
        400,
        'invalid.request.parameter',
        'Provided merchant details do not match with offer.',
        `Mismatch in ${merchantOff}.`,
      );
    const differs = otx && offer ? termsRefusal(otx, offer, b) : undefined;
    if (differs) return sendError(reply, faults, 400, 'invalid.request.parameter', ...differs);
    // i5-plan-tenure-of-first-offer: the default terms taken from the first offer, not the one chosen.
    // seeded-plan-default-terms-of-last-offer: the default terms taken from the last offer of the answer.
    const termsOf = faults.has('i5-plan-tenure-of-first-offer')
      ? (otx?.offers[0] ?? offer)
      : faults.has('seeded-plan-default-terms-of-last-offer')
        ? (otx?.offers.at(-1) ?? offer)
        : offer;
    const info = b.planInstallmentInformation ?? { frequency: termsOf?.frequency ?? 'MONTHLY', tenure: termsOf?.tenure ?? 3 };
    // i12-plan-apr-200-refused: the apr's maximum read as exclusive.
    if (faults.has('i12-plan-apr-200-refused') && b.planInstallmentInformation?.apr === 200)
      return invalidRequest(reply, faults, [
        { field: 'planInstallmentInformation.apr', keyword: 'maximum', message: 'planInstallmentInformation.apr must be < 200' },
      ]);
    // i14-plan-tenure-99-refused: a tenure at the upper limit (99) refused as too long.
    if (faults.has('i14-plan-tenure-99-refused') && b.planInstallmentInformation?.tenure === 99)
      return invalidRequest(reply, faults, [
        { field: 'planInstallmentInformation.tenure', keyword: 'maximum', message: 'planInstallmentInformation.tenure must be < 99' },
      ]);
    // i29-inst-plan-tenure-two-refused: a tenure at its minimum refused as too short.
    if (faults.has('i29-inst-plan-tenure-two-refused') && b.planInstallmentInformation?.tenure === 2)
      return invalidRequest(reply, faults, [
        { field: 'planInstallmentInformation.tenure', keyword: 'minimum', message: 'planInstallmentInformation.tenure is too short' },
      ]);
    // i14-plan-apr-zero-refused: an apr of 0, the lower limit, refused (a zero-interest plan taken as a missing rate).
    if (faults.has('i14-plan-apr-zero-refused') && b.planInstallmentInformation?.apr === 0)
      return invalidRequest(reply, faults, [
        { field: 'planInstallmentInformation.apr', keyword: 'minimum', message: 'planInstallmentInformation.apr must be > 0' },
      ]);
    const given = (b.schedulePayments ?? []) as Record<string, unknown>[];
    // i7-plan-schedule-99-refused: the schedule's upper bound read as exclusive.
    if (faults.has('i7-plan-schedule-99-refused') && given.length === 99)
      return invalidRequest(reply, faults, [
        { field: 'schedulePayments', keyword: 'maxItems', message: 'schedulePayments has too many items' },
      ]);
    const complete =
      given.length > 0 && given.every((s) => s.installmentAmount !== undefined && s.dueDate && s.installmentNumber !== undefined);
    // i33-inst-saveplan-same-offer-twice-409: a second plan selected from the same offer answered 409.
    if (
      faults.has('i33-inst-saveplan-same-offer-twice-409') &&
      offer !== undefined &&
      [...world.plans.values()].some((p) => p.offerId === offer.offerId)
    )
      return sendError(reply, faults, 409, 'PLAN_ALREADY_EXISTS', 'A plan was already selected from this offer.', 'offerId');
    const planId = randomUUID();
    const plan: Plan = {
      planId,
      providerId: b.providerId,
      offerId: offer?.offerId ?? b.offerId ?? 'offer-unknown',
      pan: String(ok.plain?.consumer?.primaryAccountNumber ?? otx?.pan ?? ''),
      merchant: {
        country: otx?.merchant.country ?? 'USA',
        // seeded-saveplan-zero-mcc-stored-as-default: an mcc starting with a zero replaced by the default.
        mcc:
          (faults.has('seeded-saveplan-zero-mcc-stored-as-default') && /^0/.test(String(otx?.merchant.mcc))) ||
          // seeded-judge-getplan-merchant-id-mcc-default: a merchant named by its merchantId stored with the default mcc.
          (faults.has('seeded-judge-getplan-merchant-id-mcc-default') && otx?.merchant.merchantId !== undefined)
            ? '5999'
            : (otx?.merchant.mcc ?? '5999'),
      },
      // i5-plan-amount-from-offers-request: the amount of the offers request stored instead of the body's.
      transaction:
        faults.has('i5-plan-amount-from-offers-request') && offer ? { ...b.transaction, amount: offer.totalAmount } : b.transaction,
      planInstallmentInformation: info,
      // provider 2.0.0, ScheduledRepayment: a repayment's amount is `amount`.
      scheduledRepayments: (complete
        ? given
        : // seeded-fam27-plan-computed-schedule-eur-floored-to-dimes: in EUR each computed installment is rounded down to ten cents.
          faults.has('seeded-fam27-plan-computed-schedule-eur-floored-to-dimes') && b.transaction.currency === 'EUR'
          ? schedule(b.transaction.amount, info.tenure, clock.now()).map((r) => ({
              ...r,
              installmentAmount: Math.floor(Math.round(r.installmentAmount * 100) / 10) / 10,
            }))
          : // i22-plan-computed-schedule-whole-units-from-thousand: from 1000 the computed installments are rounded to whole units.
            faults.has('i22-plan-computed-schedule-whole-units-from-thousand') && Number(b.transaction.amount) >= 1000
            ? schedule(b.transaction.amount, info.tenure, clock.now()).map((r) => ({
                ...r,
                installmentAmount: Math.round(r.installmentAmount),
              }))
            : schedule(b.transaction.amount, info.tenure, clock.now())
      ).map(({ installmentAmount, ...r }) => ({
        ...r,
        amount: installmentAmount,
        // i7-notify-schedule-numbered-from-zero: the schedule the service computes is numbered from 0.
        ...(!complete && faults.has('i7-notify-schedule-numbered-from-zero') ? { installmentNumber: Number(r.installmentNumber) - 1 } : {}),
      })),
      // The status is the service's; the fault takes the body's (a response-only member, IN-OBJ-READ-ONLY).
      status: faults.has('plan-status-from-body') && typeof b.status === 'string' ? b.status : 'CREATED',
      // seeded-plan-callback-from-body: a callbackUrl sent with savePlan (not a member of its request)
      // stored as the plan's, shown by getPlanApprovalStatus.
      callbackUrl:
        faults.has('seeded-plan-callback-from-body') && typeof b.callbackUrl === 'string'
          ? b.callbackUrl
          : `https://psp.example.test/checkout/${planId}/callback`,
    };
    world.plans.set(planId, plan);
    if (faults.has('i20-notify-signed-with-caller-key')) {
      const caller = world.keys.find((k) => k.consumerKey === ok.consumerKey);
      if (caller) callerOf.set(plan, caller);
    }
    if (
      (faults.has('i15-notify-given-schedule-last-dropped') ||
        faults.has('i19-notify-given-schedule-card-number') ||
        faults.has('i22-notify-given-schedule-due-date-as-datetime') ||
        faults.has('seeded-fam28a-notify-biweekly-given-dates-monthly') ||
        faults.has('i36-inst-getplan-given-schedule-recomputed')) &&
      complete
    )
      givenSchedule.add(plan);
    const correlationId = req.headers['correlation-id'] as string | undefined;
    if (faults.has('i28-inst-notify-correlation-absent-dropped') || faults.has('i35-inst-notify-trace-header-holds-card'))
      callerCorrelation.set(plan, correlationId);
    if (faults.has('i2-notification-only-with-correlation-id') && correlationId === undefined) {
      // Independent fault: a selection without a Correlation-Id notifies nobody.
    } else if (faults.has('i5-notify-skipped-with-given-schedule') && complete) {
      // i5-notify-skipped-with-given-schedule: a selection carrying its own schedule notifies nobody.
    } else {
      // provider 2.0.0, CorrelationIdHeaderParameter: without one the API makes its own and propagates it.
      // seeded-notify-correlation-id-empty-when-absent: none made, an empty header sent on.
      // seeded-notify-correlation-id-of-previous-plan: the Correlation-Id of the selection before this one.
      const own = correlationId ?? (faults.has('seeded-notify-correlation-id-empty-when-absent') ? '' : randomUUID());
      // i38-inst-notify-correlation-regenerated-when-given: the issuer notified under a Correlation-Id of its own even when the selection carried one.
      const sent = faults.has('seeded-notify-correlation-id-of-previous-plan')
        ? (previousCorrelation ?? own)
        : faults.has('i38-inst-notify-correlation-regenerated-when-given') && correlationId !== undefined
          ? randomUUID()
          : own;
      previousCorrelation = own;
      // i6-notify-deferred-to-approval: the notification held until the plan is approved.
      if (faults.has('i6-notify-deferred-to-approval')) deferredNotifications.set(plan, () => notifyIssuer(plan, sent, otx));
      else notifyIssuer(plan, sent, otx);
      if (faults.has('i7-notify-resent-on-sync-approval') || faults.has('notify-resent-on-async-decision'))
        resentNotifications.set(plan, () => notifyIssuer(plan, sent, otx));
      // i13-notify-sent-on-decline: the notification kept to be sent again on a decline.
      if (faults.has('i13-notify-sent-on-decline')) resentNotifications.set(plan, () => notifyIssuer(plan, sent, otx));
    }
    // seeded-saveplan-card-last-eight: the 201 names the card by its last eight digits, in groups of four.
    if (faults.has('seeded-saveplan-card-last-eight'))
      return reply.code(201).send({ planId, status: plan.status, card: `**** **** ${plan.pan.slice(-8, -4)} ${plan.pan.slice(-4)}` });
    // i26-saveplan-answer-status-lowercase: the selection answers the new plan's status in lower case (the readers keep it upper case).
    if (faults.has('i26-saveplan-answer-status-lowercase')) return reply.code(201).send({ planId, status: plan.status.toLowerCase() });
    // i28-inst-saveplan-answers-approved: the selection answers the plan APPROVED while every reader shows it CREATED.
    if (faults.has('i28-inst-saveplan-answers-approved')) return reply.code(201).send({ planId, status: 'APPROVED' });
    // i30-inst-saveplan-answers-first-plan-of-offers: a second selection from the same offers answer is answered with the first plan's planId (the new plan is stored under its own).
    if (faults.has('i30-inst-saveplan-answers-first-plan-of-offers')) {
      const first = firstPlanOfSelection.get(otxId);
      if (first === undefined) firstPlanOfSelection.set(otxId, planId);
      else return reply.code(201).send({ planId: first, status: plan.status });
    }
    // i31-inst-saveplan-id-braced: the selection answers the planId in its registry form, wrapped in braces (the readers know it bare).
    if (faults.has('i31-inst-saveplan-id-braced')) return reply.code(201).send({ planId: `{${planId}}`, status: plan.status });
    // i32-inst-saveplan-given-schedule-answered-200: a selection with its own complete schedule answered 200.
    // i34-inst-saveplan-correlation-regenerated: the selection's 201 answers a Correlation-Id of its own, not the caller's.
    if (faults.has('i34-inst-saveplan-correlation-regenerated')) reply.header('Correlation-Id', randomUUID());
    // i35-inst-saveplan-weekly-answer-text-plain: a WEEKLY plan's 201 is sent pre-serialised with Content-Type text/plain.
    if (faults.has('i35-inst-saveplan-weekly-answer-text-plain') && info.frequency === 'WEEKLY')
      return reply
        .code(201)
        .type('text/plain')
        .send(JSON.stringify({ planId, status: plan.status }));
    // provider 2.0.0, PlanCreated: the 201's Location is the URL to read the plan (GET /plans/{plan_id}).
    const answer = own.answer(
      { operationId: 'savePlan', body: b, plan },
      {
        status: faults.has('plan-created-200') || (faults.has('i32-inst-saveplan-given-schedule-answered-200') && complete) ? 200 : 201,
        headers: { Location: `plans/${planId}` },
        body: { planId, status: plan.status },
      },
    );
    return sendAnswer(reply, answer);
  });

  /** i8-getplan-keeps-first-decision: the first decision getPlan showed per plan (kept while that fault is on). */
  const firstDecision = new Map<string, string>();
  app.get(`${prefix}/plans/:plan_id`, async (req, reply) => {
    const ok = await guard(req, reply, 'getPlan');
    if (!ok) return reply;
    const { plan_id: id } = req.params as { plan_id: string };
    if (!UUID.test(id) && !faults.has('plan-id-unchecked'))
      return invalidRequest(reply, faults, [{ field: 'plan_id', keyword: 'pattern', message: 'plan_id must be a UUID' }]);
    const plan =
      world.plans.get(id) ??
      // seeded-getplan-id-case-folded: the plan found by its id in any case.
      (faults.has('seeded-getplan-id-case-folded')
        ? [...world.plans.values()].find((p) => p.planId.toLowerCase() === id.toLowerCase())
        : undefined) ??
      // seeded-prop-getplan-provider-id-reads-latest-plan: an id of no plan taken as a lender's providerId, for its latest plan.
      (faults.has('seeded-prop-getplan-provider-id-reads-latest-plan')
        ? [...world.plans.values()].reverse().find((p) => p.providerId === id)
        : undefined);
    // i26-getplan-404-recoverable-string: the plan reader's 404 writes Recoverable as the string "false".
    if (!plan && faults.has('i26-getplan-404-recoverable-string'))
      return reply.code(404).send({
        Errors: {
          Error: [
            {
              Source: 'installments',
              ReasonCode: 'PLAN_NOT_FOUND',
              Description: 'No plan with this plan_id.',
              Recoverable: 'false',
              Details: 'plan_id',
            },
          ],
        },
      });
    // i34-inst-getplan-unknown-204: a well-formed id of no plan answered 204 with no body.
    if (!plan && faults.has('i34-inst-getplan-unknown-204')) return reply.code(204).send();
    // i37-inst-getplan-404-error-item-not-in-array: the plan reader's 404 writes Errors.Error as a single object, not a list.
    if (!plan && faults.has('i37-inst-getplan-404-error-item-not-in-array'))
      return reply.code(404).send({
        Errors: {
          Error: {
            Source: 'installments',
            ReasonCode: 'PLAN_NOT_FOUND',
            Description: 'No plan with this plan_id.',
            Recoverable: false,
            Details: 'plan_id',
          },
        },
      });
    if (!plan) return sendError(reply, faults, 404, 'PLAN_NOT_FOUND', 'No plan with this plan_id.', 'plan_id');
    // Seeded fault notify-resent-on-async-decision: the read that lands an asynchronous approval notifies the issuer again.
    const landing =
      faults.has('notify-resent-on-async-decision') && plan.pending?.status === 'APPROVED' && clock.nowMs() >= plan.pending.atMs;
    if (landing) resentNotifications.get(plan)?.();
    const { planId, providerId, offerId, merchant, transaction, status, planInstallmentInformation, scheduledRepayments } = faults.has(
      'plan-read-ignores-async',
    )
      ? plan
      : // seed 001, States: a decision stands (the state seam: the plan as this reader shows it).
        seams.state({ operationId: 'getPlan', nowMs: clock.nowMs() }, settle(plan, clock.nowMs()));
    // i8-getplan-keeps-first-decision: the first decision this reader showed is kept.
    if (faults.has('i8-getplan-keeps-first-decision') && status !== 'CREATED' && !firstDecision.has(planId))
      firstDecision.set(planId, status);
    const decided = faults.has('i8-getplan-keeps-first-decision') ? (firstDecision.get(planId) ?? status) : status;
    // i18-getplan-declined-reads-approved: this reader maps a declined plan to APPROVED.
    const decidedShown = faults.has('i18-getplan-declined-reads-approved') && decided === 'DECLINED' ? 'APPROVED' : decided;
    const shown =
      // rt2-getplan-async-decline-shown-created: the plan reader shows a landed asynchronous decline as CREATED.
      (faults.has('rt2-getplan-async-decline-shown-created') && decided === 'DECLINED' && settledAsync.has(plan)) ||
      faults.has('plan-status-stale') ||
      (faults.has('blind-getplan-decline-not-shown') && decided === 'DECLINED')
        ? 'CREATED'
        : decidedShown;
    // provider 2.0.0, InstallmentPlan: the transaction is read back as amount and currency.
    const { currency } = transaction;
    let { amount } = transaction;
    // i27-getplan-approved-amount-outstanding: an APPROVED plan reads back the amount still owed (less its first repayment).
    if (
      faults.has('i27-getplan-approved-amount-outstanding') &&
      shown === 'APPROVED' &&
      typeof amount === 'number' &&
      typeof scheduledRepayments[0]?.amount === 'number'
    )
      amount = Math.round((amount - scheduledRepayments[0].amount) * 100) / 100;
    return reply.code(200).send({
      planId,
      // i4-getplan-providerid-from-offer: the reader names the lender of the offers, not the plan's providerId.
      providerId: faults.has('i4-getplan-providerid-from-offer')
        ? world.providerId
        : // i22-getplan-providerid-uppercased: the reader renders the providerId UUID in upper case.
          faults.has('i22-getplan-providerid-uppercased') && typeof providerId === 'string'
          ? providerId.toUpperCase()
          : providerId,
      // i10-getplan-offerid-of-first-offer: the reader names the first offer of the plan's offers answer.
      offerId:
        faults.has('i25-getplan-offerid-leading-zeros-dropped') && /^0+[0-9]/.test(offerId)
          ? // i25-getplan-offerid-leading-zeros-dropped: the reader stores an offerId of digits as a number (its leading zeros lost).
            String(Number(offerId))
          : faults.has('i10-getplan-offerid-of-first-offer')
            ? ([...world.offerTransactions.values()].find((t) => t.offers.some((o) => o.offerId === offerId))?.offers[0]?.offerId ??
              offerId)
            : offerId,
      // i13-getplan-mcc-leading-zero-dropped: the merchant's mcc read back as a number.
      // i17-getplan-merchant-of-latest-offers: the reader names the merchant of the latest offers answer, not the plan's.
      merchant: faults.has('i17-getplan-merchant-of-latest-offers')
        ? ([...world.offerTransactions.values()].at(-1)?.merchant ?? merchant)
        : faults.has('i13-getplan-mcc-leading-zero-dropped') && /^0/.test(String(merchant.mcc))
          ? { ...merchant, mcc: String(Number(merchant.mcc)) }
          : // rt-getplan-merchant-country-lowercased: the reader writes the merchant's country in lower case.
            faults.has('rt-getplan-merchant-country-lowercased') && typeof merchant.country === 'string'
            ? { ...merchant, country: merchant.country.toLowerCase() }
            : merchant,
      // Fault: this reader alone rounds the amount to whole units.
      transaction: {
        amount: faults.has('telling-getplan-amount-whole-units')
          ? Math.round(amount)
          : // i19-getplan-gbp-amount-floored: a plan in GBP read back in whole pounds.
            faults.has('i19-getplan-gbp-amount-floored') && currency === 'GBP' && typeof amount === 'number'
            ? Math.floor(amount)
            : // seeded-fam24-getplan-three-decimal-amount-rounded-to-cents: a plan in KWD or BHD read back in hundredths.
              faults.has('seeded-fam24-getplan-three-decimal-amount-rounded-to-cents') &&
                (currency === 'KWD' || currency === 'BHD') &&
                typeof amount === 'number'
              ? Math.round(amount * 100) / 100
              : // seeded-fam24-getplan-large-amount-single-precision: an amount of ten million or more read back through a float32.
                faults.has('seeded-fam24-getplan-large-amount-single-precision') && typeof amount === 'number' && amount >= 1e7
                ? Math.fround(amount)
                : amount,
        // i3-getplan-currency-lowercased: the plan read gives the currency in lower case.
        currency:
          faults.has('i3-getplan-currency-lowercased') && typeof currency === 'string'
            ? currency.toLowerCase()
            : // i18-getplan-eur-read-as-usd: a plan in EUR read back in the account's default currency.
              faults.has('i18-getplan-eur-read-as-usd') && currency === 'EUR'
              ? 'USD'
              : currency,
        // i16-getplan-amount-in-cents: the reader gives the amount in minor units.
        ...(faults.has('i16-getplan-amount-in-cents') ? { amount: Math.round(amount * 100) } : {}),
        // i26-getplan-amount-as-string: the reader gives the amount as a decimal string.
        ...(faults.has('i26-getplan-amount-as-string') && typeof amount === 'number' ? { amount: String(amount) } : {}),
      },
      // i38-inst-getplan-declined-amount-negative: a declined plan's amount read back negative (written as a reversal).
      ...(faults.has('i38-inst-getplan-declined-amount-negative') && shown === 'DECLINED' && typeof amount === 'number'
        ? { transaction: { amount: -amount, currency } }
        : {}),
      // i20-getplan-decision-lowercased: the reader writes a decided plan's status in lower case.
      status: faults.has('i20-getplan-decision-lowercased') && (shown === 'APPROVED' || shown === 'DECLINED') ? shown.toLowerCase() : shown,
      // provider 2.0.0, InstallmentPlan.rejectReasonCode: mandatory when the plan is DECLINED.
      ...(shown === 'DECLINED' && plan.rejectReasonCode !== undefined ? { rejectReasonCode: plan.rejectReasonCode } : {}),
      // i6-getplan-apr-rounded: the reader rounds apr to a whole percent.
      planInstallmentInformation:
        // Seeded fault getplan-tenure-from-schedule-length: the reader counts the scheduled payments as the tenure.
        faults.has('getplan-tenure-from-schedule-length') && scheduledRepayments.length > 0
          ? { ...planInstallmentInformation, tenure: scheduledRepayments.length }
          : // i23-getplan-weekly-frequency-read-monthly: the reader maps a WEEKLY plan's frequency to its default, MONTHLY.
            faults.has('i23-getplan-weekly-frequency-read-monthly') && planInstallmentInformation.frequency === 'WEEKLY'
            ? { ...planInstallmentInformation, frequency: 'MONTHLY' }
            : // seeded-fam28a-getplan-biweekly-frequency-read-weekly: a BIWEEKLY plan's frequency read back as WEEKLY.
              faults.has('seeded-fam28a-getplan-biweekly-frequency-read-weekly') && planInstallmentInformation.frequency === 'BIWEEKLY'
              ? { ...planInstallmentInformation, frequency: 'WEEKLY' }
              : // i31-inst-getplan-apr-as-fraction: the reader gives apr as a fraction (a percentage divided by a hundred).
                faults.has('i31-inst-getplan-apr-as-fraction') && typeof planInstallmentInformation.apr === 'number'
                ? { ...planInstallmentInformation, apr: planInstallmentInformation.apr / 100 }
                : faults.has('i6-getplan-apr-rounded') && typeof planInstallmentInformation.apr === 'number'
                  ? { ...planInstallmentInformation, apr: Math.round(planInstallmentInformation.apr) }
                  : // i7-getplan-frequency-uppercased: the reader upper-cases the frequency.
                    // (The frequency's type is tested inside the fault's condition, so that a fault-free run never reads it.)
                    faults.has('i7-getplan-frequency-uppercased')
                    ? typeof planInstallmentInformation.frequency === 'string'
                      ? { ...planInstallmentInformation, frequency: planInstallmentInformation.frequency.toUpperCase() }
                      : planInstallmentInformation
                    : // seeded-getplan-apr-one-decimal: the reader writes apr with one decimal.
                      faults.has('seeded-getplan-apr-one-decimal') && typeof planInstallmentInformation.apr === 'number'
                      ? { ...planInstallmentInformation, apr: Number(planInstallmentInformation.apr.toFixed(1)) }
                      : // seeded-getplan-zero-apr-terms-left-out: the terms of a zero-apr plan left out whole by the reader.
                        faults.has('seeded-getplan-zero-apr-terms-left-out') && planInstallmentInformation.apr === 0
                        ? undefined
                        : // i15-getplan-apr-zero-dropped: an apr of 0 taken as absent by the reader.
                          faults.has('i15-getplan-apr-zero-dropped') && planInstallmentInformation.apr === 0
                          ? { frequency: planInstallmentInformation.frequency, tenure: planInstallmentInformation.tenure }
                          : planInstallmentInformation,
      // i14-getplan-repayment-amount-whole-units: getPlan rounds each repayment amount to whole units.
      scheduledRepayments: faults.has('i30-inst-getplan-repayments-in-minor-units')
        ? // i30-inst-getplan-repayments-in-minor-units: the reader gives each repayment amount in minor units (cents).
          scheduledRepayments.map((r) => (typeof r.amount === 'number' ? { ...r, amount: Math.round(r.amount * 100) } : r))
        : faults.has('rt2-getplan-schedule-renumbered')
          ? // rt2-getplan-schedule-renumbered: the reader numbers the repayments by their position, not as sent.
            scheduledRepayments.map((r, i) => ({ ...r, installmentNumber: i + 1 }))
          : faults.has('i14-getplan-repayment-amount-whole-units')
            ? scheduledRepayments.map((r) => (typeof r.amount === 'number' ? { ...r, amount: Math.round(r.amount) } : r))
            : // rt-getplan-due-date-as-datetime: the reader writes each due date as a UTC date-time.
              faults.has('rt-getplan-due-date-as-datetime')
              ? scheduledRepayments.map((r) =>
                  typeof r.dueDate === 'string' && !Number.isNaN(Date.parse(r.dueDate))
                    ? { ...r, dueDate: new Date(r.dueDate).toISOString() }
                    : r,
                )
              : // seeded-getplan-month-end-due-date-next-day: a due date on a month's last day written as the next month's first.
                faults.has('seeded-getplan-month-end-due-date-next-day')
                ? scheduledRepayments.map((r) => {
                    const next = typeof r.dueDate === 'string' ? new Date(Date.parse(r.dueDate) + 86400_000) : undefined;
                    return next && !Number.isNaN(next.getTime()) && next.getUTCDate() === 1
                      ? { ...r, dueDate: next.toISOString().slice(0, 10) }
                      : r;
                  })
                : // i15-getplan-due-date-day-early: the reader writes each due date one day early (a local midnight read back in UTC).
                  faults.has('i15-getplan-due-date-day-early')
                  ? scheduledRepayments.map((r) =>
                      typeof r.dueDate === 'string' && !Number.isNaN(Date.parse(r.dueDate))
                        ? { ...r, dueDate: new Date(Date.parse(r.dueDate) - 86400_000).toISOString().slice(0, 10) }
                        : r,
                    )
                  : // i33-inst-getplan-due-dates-with-offset: the reader writes each due date as a local midnight with its offset.
                    faults.has('i33-inst-getplan-due-dates-with-offset')
                    ? scheduledRepayments.map((r) =>
                        typeof r.dueDate === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(r.dueDate)
                          ? { ...r, dueDate: `${r.dueDate}T00:00:00-05:00` }
                          : r,
                      )
                    : // i34-inst-getplan-repayments-whole-units: the reader gives each repayment amount cut to whole currency units.
                      faults.has('i34-inst-getplan-repayments-whole-units')
                      ? scheduledRepayments.map((r) => (typeof r.amount === 'number' ? { ...r, amount: Math.trunc(r.amount) } : r))
                      : scheduledRepayments,
      // i24-getplan-large-amount-fraction-dropped: from 10000 the reader gives the amount without its fraction.
      ...(faults.has('i24-getplan-large-amount-fraction-dropped') &&
      typeof amount === 'number' &&
      amount >= 10000 &&
      !Number.isInteger(amount)
        ? { transaction: { amount: Math.trunc(amount), currency } }
        : {}),
      // i24-getplan-schedule-cut-at-six: the reader shows at most the first six scheduled repayments.
      // i37-inst-getplan-due-dates-from-read-time: the reader re-derives each repayment's due date from the time of the read, so the dates move.
      ...(faults.has('i37-inst-getplan-due-dates-from-read-time') && scheduledRepayments.length > 0
        ? {
            scheduledRepayments: scheduledRepayments.map((r, i) => ({
              ...r,
              dueDate: schedule(Number(amount), Math.max(scheduledRepayments.length, 2), clock.now())[i]?.dueDate ?? r.dueDate,
            })),
          }
        : {}),
      ...(faults.has('i24-getplan-schedule-cut-at-six') && scheduledRepayments.length > 6
        ? { scheduledRepayments: scheduledRepayments.slice(0, 6) }
        : {}),
      // i36-inst-getplan-given-schedule-recomputed: a schedule sent with the selection read back as the service's own even split.
      ...(faults.has('i36-inst-getplan-given-schedule-recomputed') && givenSchedule.has(plan)
        ? {
            scheduledRepayments: schedule(Number(amount), Number(planInstallmentInformation.tenure), clock.now()).map(
              ({ installmentAmount, ...r }) => ({ ...r, amount: installmentAmount }),
            ),
          }
        : {}),
      // Fault: the plan names the caller by its consumer key, a credential, in a member of its own.
      ...(faults.has('plan-carries-consumer-key') ? { requestedBy: ok.consumerKey } : {}),
      // rt-getplan-card-masked-from-the-wrong-end: the reader names the card with its BIN masked and the rest in clear.
      // i18-getplan-card-bin-and-last-four: the reader names the card by its BIN and last four digits.
      ...(faults.has('i18-getplan-card-bin-and-last-four') && plan.pan
        ? { consumer: { maskedPan: `${plan.pan.slice(0, 6)}******${plan.pan.slice(-4)}` } }
        : {}),
      ...(faults.has('rt-getplan-card-masked-from-the-wrong-end') && plan.pan
        ? { consumer: { maskedPan: `XXXX-${plan.pan.slice(6)}` } }
        : {}),
      // i29-inst-getplan-declined-provider-id-uppercased: the reader writes a declined plan's providerId in upper case.
      ...(faults.has('i29-inst-getplan-declined-provider-id-uppercased') && shown === 'DECLINED'
        ? { providerId: String(providerId).toUpperCase() }
        : {}),
    });
  });

  // reference: getPlan documents 405 for the other methods on /plans/{plan_id}.
  app.route({
    method: ['PUT', 'DELETE', 'PATCH', 'POST'],
    url: `${prefix}/plans/:plan_id`,
    handler: async (req, reply) => {
      // i35-inst-plan-delete-405-still-removes: a DELETE refused 405 has already removed the plan it names.
      if (faults.has('i35-inst-plan-delete-405-still-removes') && req.method === 'DELETE')
        world.plans.delete((req.params as { plan_id: string }).plan_id);
      if (faults.has('method-not-allowed-404')) return sendError(reply, faults, 404, 'NOT_FOUND', 'No such resource.');
      // i38-inst-plan-put-405-without-error-body: a PUT on a plan answered 405 with an empty body, not the error body.
      if (faults.has('i38-inst-plan-put-405-without-error-body') && req.method === 'PUT')
        return reply.header('Allow', 'GET').code(405).send();
      reply.header('Allow', 'GET');
      return sendError(reply, faults, 405, 'METHOD_NOT_ALLOWED', 'Only GET is allowed on a plan.');
    },
  });
}
