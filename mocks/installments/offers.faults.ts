// Faults of approved offers (switched in offers.ts and the answer hook of index.ts; the limits
// through the contract): each breaks one rule of schemas/installments/rules.yaml, the way a
// provider's release might. `rules` names the rule ids it breaks (`npm run mutation -- --targeted`
// runs the specs citing them). The faults of the suite's authors first, then those written blind
// (`origin: 'blind'`, measured apart by `npm run mutation -- --blind`).
import { faultCatalogue, independent, seeded } from '../kit/faults.js';
import { blind, relax, rule } from './fault-builders.js';

export const OFFERS_FAULTS = faultCatalogue([
  // Seeded beside the answer judge's offer amounts on purchases across the range in every minor unit (offers.amounts.spec.ts; origin 'seeded').
  seeded({
    id: 'seeded-fam24-offers-total-int32-cents-wrapped',
    rule: "IN-VAL-OFFER-AMOUNTS: an offer's totalAmount is at least the transaction's amount: the total is kept as a signed 32-bit count of cents, so a purchase past its range is answered with a wrapped total",
    source: 'provider',
    rules: ['IN-VAL-OFFER-AMOUNTS'],
  }),
  // Limits, patterns, enums and array caps (provider 2.0.0): the mock's validation is loosened.
  relax('currency-length-unenforced', 'currency minLength/maxLength', 'Currency', undefined, { drop: ['minLength', 'maxLength'] }, [
    'IN-LIM-CURRENCY',
  ]),
  relax('mcc-length-unenforced', 'mcc minLength/maxLength', 'Mcc', undefined, { drop: ['minLength', 'maxLength'] }, ['IN-LIM-MCC']),
  // PAN lists and offers (reference, Flows - services).
  rule('offers-for-unregistered-pan', 'offers only for registered cards and account ranges', [
    'IN-STATE-PAN-ELIGIBLE',
    'IN-RANGE-ELIGIBLE',
  ]),
  rule('offer-tenure-1', 'offer tenure minimum', ['IN-VAL-OFFER-TENURE']),
  blind(
    'blind-offers-correlation-id-not-echoed',
    'the caller\'s Correlation-Id is the one answered (provider: the API creates one only "if not provided"): approvedOffers answers a fresh Correlation-Id instead of the caller\'s (other operations echo it)',
    'provider',
    ['IN-ECHO-CORRELATION'],
  ),
  // Seeded beside the checks of the merchant members that go together (offers.merchant.spec.ts).
  seeded({
    id: 'seeded-offers-merchant-id-alone-accepted',
    rule: 'IN-REQ-OFFERS-MERCHANT: an offers request whose merchant has an acquirerId or a merchantId without the other (or without its country) is answered',
    source: 'provider',
    rules: ['IN-REQ-OFFERS-MERCHANT'],
  }),
  independent('independent-6', {
    id: 'i6-offers-symbol-from-merchant-country',
    rule: "every offer's currencySymbol is that of the transaction's currency (provider 2.0.0, Offer.currencySymbol): the symbol is taken from the merchant's country, so a EUR purchase at a US merchant is offered in $",
    source: 'provider',
    rules: ['IN-VAL-OFFER-CURRENCY'],
  }),
  seeded({
    id: 'seeded-judge-offers-404-card-masked',
    rule: 'IN-OBJ-SENSITIVE: answers carry at most the last four digits of a card (provider 2.0.0); the 404 of a card without offers names it in its Description masked with its first six and last four digits',
    source: 'provider',
    rules: ['IN-OBJ-SENSITIVE'],
  }),
  seeded({
    id: 'seeded-fam27-offers-404-correlation-long-cut',
    rule: 'approvedOffers answers the Correlation-Id the caller sent byte for byte, errors included (provider 2.0.0, CorrelationIdHeaderParameter): the 404 of a card without offers echoes a long Correlation-Id cut short',
    source: 'provider',
    rules: ['IN-ECHO-CORRELATION'],
  }),
  independent('independent-27', {
    id: 'i27-offers-total-string-cad',
    rule: 'OffersGroup.total is the number of offers (provider 2.0.0, OffersGroup.total integer): a purchase in CAD is answered with total as a string',
    source: 'provider',
    rules: ['IN-VAL-OFFERS-TOTAL', 'IN-TYPE-FORMS'],
  }),
  independent('independent-32', {
    id: 'i32-inst-offers-end-datetime-no-zone',
    rule: 'offerEndDatetime is a date-time with its zone (provider 2.0.0, OffersGroup offers offerEndDatetime): the offers of a purchase whose merchant names a country other than USA end at a local time written without any zone designator',
    source: 'provider',
    rules: ['IN-VAL-OFFER-TERMS', 'IN-DATE-UNIT'],
  }),
  independent('independent-33', {
    id: 'i33-inst-offers-transaction-id-per-card',
    rule: 'each offers answer has its own offerTransactionId naming that answer (reference, Main fields, Offers; Flows, checkout): the id is derived from the card, so two answers for one card share it and the later replaces the earlier',
    source: 'assumption',
    rules: ['IN-STATE-OFFER-TRANSACTION'],
  }),
  independent('independent-35', {
    id: 'i35-inst-offers-priority-string-localised',
    rule: "an offer's priority is a number (reference, Known corrections; provider 2.0.0, Offer): when Accept-Language names a language other than English every priority is written as a string",
    source: 'provider',
  }),
  independent('independent-35', {
    id: 'i35-inst-forbidden-key-gets-offers',
    rule: 'a valid signature of a consumer key not allowed for the operation is 403 (reference, Transport and auth): approvedOffers answers such a key its offers',
    source: 'assumption',
    rules: ['IN-AUTH-FORBIDDEN'],
  }),
  independent('independent-38', {
    id: 'i38-inst-offers-second-offer-id-of-first',
    rule: "each offer carries its own offerId, the id the selection names (reference, Main fields: offers[].offerId; POST /plans offerId): the second offer of an answer carries the first offer's offerId",
    source: 'provider',
    rules: ['IN-VAL-OFFER-TERMS', 'IN-STATE-PLAN-OFFER'],
  }),
]);
