// Faults of approved offers (offers.ts, index.ts's answer hook; limits through the contract), each breaking one rule of
// schemas/installments/rules.yaml. The suite's authors' faults first, then the blind ones (`origin: 'blind'`).
import { assumption, blind, faultCatalogue, provider, seeded } from '../kit/faults.js';
import { randomUUID } from 'node:crypto';
import { createHash } from 'node:crypto';
import { answerOf, okBody, relaxed, skipAt, type Changing, fault } from './fault-builders.js';
import type { Exchange } from './seams.js';

/** A merchant country's currency symbol (in-val-offer-currency-offers-symbol-from-merchant-country). */
const COUNTRY_SYMBOLS: Record<string, string> = { USA: '$', GBR: '£', AUS: '$', CAN: '$', DEU: '€', FRA: '€' };
/** The card of the offers request, as decrypted. */
const panOf = (x: Exchange): string | undefined => {
  const given = x.ok?.plain?.consumer?.primaryAccountNumber;
  return given === undefined ? undefined : String(given);
};
/** The offers made, bent before they are stored and answered, where `when` holds. */
const offersMade =
  (bendIt: (offers: Record<string, any>[], x: Exchange) => void, when: (x: Exchange) => boolean = () => true): Changing =>
  (x, c) => {
    if (x.op === 'approvedOffers' && c.offers && when(x)) bendIt(c.offers, x);
    return c;
  };
const merchantCountry = (x: Exchange) => x.ok?.body.merchant?.country as string | undefined;

export const OFFERS_FAULTS = faultCatalogue([
  // Seeded beside the answer judge's offer amounts across the range in every minor unit (offers.amounts.spec.ts; origin 'seeded').
  fault('in-val-offer-amounts-offers-total-int32-cents-wrapped', {
    rule: "IN-VAL-OFFER-AMOUNTS: an offer's totalAmount is at least the transaction's amount: the total is kept as a signed 32-bit count of cents, so a purchase past its range is answered with a wrapped total",
    ...seeded,
    state: offersMade((offers) => {
      for (const o of offers) o.totalAmount = (Math.round(o.totalAmount * 100) | 0) / 100;
    }),
    ...provider,
  }),
  // Limits, patterns, enums and array caps (provider 2.0.0): the mock's validation is loosened. Not the currency's length alone (a
  // code of another length is no ISO 4217 code: refused 400 invalid.request.parameter, as InvalidCurrencyCode documents for it), nor
  // the merchant country's format alone (a code no ISO 3166 lists has no currency: refused 400 invalid.request.parameter, the
  // InvalidCountryCurrencyCodePair answer): either is refused by another documented check, a relaxation no client can see.
  ...relaxed([
    ['mcc-length-unenforced', 'mcc minLength/maxLength', 'Mcc', ['minLength', 'maxLength'], ['IN-LIM-MCC']],
    ['currency-code-unlisted-accepted', 'a currency of ISO 4217', 'Currency', ['format'], ['IN-FMT-CODES']],
  ]),
  fault('pan-check-digit-unchecked', {
    rule: 'IN-FMT-PAN-CHECK-DIGIT: a card whose last digit is not its check digit is taken, for offers and into a list, as any other',
    judge: skipAt('check-digit'),
    ...provider,
  }),
  fault('offers-ranked-by-tenure', {
    rule: 'IN-VAL-OFFER-PRIORITY: the offers listed and ranked by tenure, the shortest first: the highest other installment amount on top',
    answer: okBody('approvedOffers', (b) => {
      const offers = [...(b.offers ?? [])].sort((p, q) => p.tenure - q.tenure);
      return { ...b, offers: offers.map((o, i) => ({ ...o, priority: i + 1 })) };
    }),
    ...provider,
  }),
  fault('offers-typed-bnpl', {
    rule: 'IN-VAL-OFFER-TYPE: a carded request answered with offers of type BNPL_OFFER',
    answer: okBody('approvedOffers', (b) => ({ ...b, offers: (b.offers ?? []).map((o: any) => ({ ...o, offerType: 'BNPL_OFFER' })) })),
    ...provider,
  }),
  fault('offers-eligibility-messages-beside-offers', {
    rule: 'IN-VAL-ELIGIBILITY-MESSAGES: an answer with offers carries an eligibility message too',
    answer: okBody('approvedOffers', (b) => ({
      ...b,
      eligibilityMessages: [{ reasonCode: 'consumer.eligible', message: 'The consumer is eligible for installments' }],
    })),
    ...provider,
  }),
  // PAN lists and offers (reference, Flows - services).
  fault('offers-for-unregistered-pan', {
    rule: 'offers only for registered cards and account ranges',
    rules: ['IN-STATE-PAN-ELIGIBLE', 'IN-RANGE-ELIGIBLE'],
    ...assumption,
    judge: skipAt('offers-card', (x) => Boolean(panOf(x))),
  }),
  fault('offer-tenure-1', {
    rule: 'offer tenure minimum',
    rules: ['IN-VAL-OFFER-TENURE'],
    ...assumption,
    state: offersMade((offers) => void (offers[0].tenure = 1)),
  }),
  fault('in-echo-correlation-offers-correlation-id-not-echoed', {
    rule: 'the caller\'s Correlation-Id is the one answered (provider: the API creates one only "if not provided"): approvedOffers answers a fresh Correlation-Id instead of the caller\'s (other operations echo it)',
    rules: ['IN-ECHO-CORRELATION'],
    ...blind,
    ...provider,
    answer: answerOf('approvedOffers', (a) => void (a.headers['correlation-id'] = randomUUID())),
  }),
  // Seeded beside the checks of the merchant members that go together (offers.merchant.spec.ts).
  fault('in-req-offers-merchant-id-alone-accepted', {
    rule: 'IN-REQ-OFFERS-MERCHANT: an offers request whose merchant has an acquirerId or a merchantId without the other (or without its country) is answered',
    ...seeded,
    judge: skipAt('offers-merchant', (x) => {
      const m = x.ok?.body.merchant ?? {};
      return (m.name === undefined && m.url === undefined) || m.country !== undefined;
    }),
    ...provider,
  }),
  fault('in-val-offer-currency-offers-symbol-from-merchant-country', {
    rule: "every offer's currencySymbol is that of the transaction's currency (provider 2.0.0, Offer.currencySymbol): the symbol is taken from the merchant's country, so a EUR purchase at a US merchant is offered in $",
    rules: ['IN-VAL-OFFER-CURRENCY'],
    state: offersMade((offers, x) => {
      for (const o of offers) o.currencySymbol = COUNTRY_SYMBOLS[String(merchantCountry(x) ?? 'USA').toUpperCase()] ?? '¤';
    }),
    ...provider,
  }),
  fault('in-val-offers-total-string-cad', {
    rule: 'OffersGroup.total is the number of offers (provider 2.0.0, OffersGroup.total integer): a purchase in CAD is answered with total as a string',
    rules: ['IN-VAL-OFFERS-TOTAL', 'IN-TYPE-FORMS'],
    answer: okBody(
      'approvedOffers',
      (b) => ({ ...b, total: String(b.total) }),
      (_b, x) => x.ok?.body.transaction?.currency === 'CAD',
    ),
    ...provider,
  }),
  fault('in-val-offer-terms-offers-end-datetime-no-zone', {
    rule: 'offerEndDatetime is a date-time with its zone (provider 2.0.0, OffersGroup offers offerEndDatetime): the offers of a purchase whose merchant names a country other than USA end at a local time written without any zone designator',
    rules: ['IN-VAL-OFFER-TERMS', 'IN-DATE-UNIT'],
    state: offersMade(
      (offers) => {
        for (const o of offers) o.offerEndDatetime = o.offerEndDatetime.replace(/Z$/, '');
      },
      (x) => merchantCountry(x) !== undefined && merchantCountry(x) !== 'USA',
    ),
    ...provider,
  }),
  fault('in-state-offer-transaction-offers-transaction-id-per-card', {
    rule: 'each offers answer has its own offerTransactionId naming that answer (reference, Main fields, Offers; Flows, checkout): the id is derived from the card, so two answers for one card share it and the later replaces the earlier',
    rules: ['IN-STATE-OFFER-TRANSACTION'],
    ...assumption,
    state: (x, c) =>
      x.op === 'approvedOffers' && c.offers && panOf(x) !== undefined
        ? { ...c, offerTransactionId: `otx${createHash('sha256').update(panOf(x)!).digest('hex').slice(0, 20)}` }
        : c,
  }),
  fault('in-val-offer-terms-offers-second-offer-id-of-first', {
    rule: "each offer carries its own offerId, the id the selection names (reference, Main fields: offers[].offerId; POST /plans offerId): the second offer of an answer carries the first offer's offerId",
    rules: ['IN-VAL-OFFER-TERMS', 'IN-STATE-PLAN-OFFER'],
    state: offersMade((offers) => {
      if (offers[1]) offers[1].offerId = offers[0].offerId;
    }),
    ...provider,
  }),
]);
