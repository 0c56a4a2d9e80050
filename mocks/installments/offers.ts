// POST /offers (approvedOffers): eligible offers only for a card registered in a PAN list, by PAN
// or by the list's account range (reference, Flows - services); none eligible is 404.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { currencyOfCountry } from '../../helpers/contract/currency-countries.js';
import { minorUnitOf } from '../../helpers/contract/minor-units.js';
import { luhnValid } from '../../helpers/config/luhn.js';
import type { MockContext } from '../kit/context.js';
import type { InstallmentsFaultId } from './catalogue.js';
import { invalidRequest, sendAnswer, sendError } from './errors.js';
import type { ResourceSeams } from './fault-builders.js';
import type { Guard } from './guard.js';
import { inRange, type InstallmentsState } from './state.js';

// provider 2.0.0: currencySymbol is one character, the symbol of the transaction's currency; a
// currency without a one-character symbol of its own gets the generic currency sign (¤).
const SYMBOLS: Record<string, string> = {
  USD: '$',
  EUR: '€',
  GBP: '£',
  AUD: '$',
  CAD: '$',
  JPY: '¥',
  CNY: '¥',
  INR: '₹',
  KRW: '₩',
};
/** i6-offers-symbol-from-merchant-country: a merchant country's currency symbol. */
const COUNTRY_SYMBOLS: Record<string, string> = { USA: '$', GBR: '£', AUS: '$', CAN: '$', DEU: '€', FRA: '€' };
const offerId = () => [...randomBytes(8)].map((b) => b % 10).join('');

/**
 * The mock's split of a purchase into `tenure` installments (provider 2.0.0, Offer: amounts "with minor
 * unit according to ISO 4217"): the subsequent installment is the even share rounded to the currency's
 * minor unit (two decimals for a code the suite does not know), at least one minor unit; the total owed
 * is the amount, raised (the mock's small-purchase fee) where tenure - 1 shares would leave no positive
 * first installment.
 */
function splitOf(amount: number, tenure: number, currency: unknown): { other: number; total: number } {
  const exponent = minorUnitOf(currency) ?? 2;
  const unit = 10 ** exponent;
  const other = Math.max(1, Math.round((amount / tenure) * unit)) / unit;
  const floor = (Math.round(other * unit) * (tenure - 1) + 1) / unit;
  return { other, total: amount >= floor ? amount : floor };
}
export const OFFER_TENURES = [3, 6, 12];

/**
 * An offer's schedule (provider 2.0.0, Offer.schedulePayments, which a plan sends back unchanged): monthly from `from`, the
 * first installment the total less the others.
 */
function scheduleOf(o: { totalAmount: number; otherInstallmentAmount: number; tenure: number }, currency: unknown, from: Date) {
  const unit = 10 ** (minorUnitOf(currency) ?? 2);
  const other = Math.round(o.otherInstallmentAmount * unit);
  return Array.from({ length: o.tenure }, (_, i) => ({
    installmentNumber: i + 1,
    installmentAmount: (i === 0 ? Math.round(o.totalAmount * unit) - other * (o.tenure - 1) : other) / unit,
    dueDate: new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + i + 1, 1)).toISOString().slice(0, 10),
  }));
}
const OFFER_VALID_MINUTES = 30;

/** What the answer seam of the offers answer is given (mocks/kit/faults.ts): the request as judged. */
type OffersSeams = ResourceSeams<{ body: Record<string, any>; plain?: Record<string, any> }>;

export function isEligible(world: InstallmentsState, pan: string, highExclusive = false): boolean {
  return [...world.panLists.values()].some(
    (l) =>
      l.pans.has(pan) ||
      (inRange(pan, l.accountRange) &&
        !(highExclusive && pan.slice(0, l.accountRange!.accountRangeHigh.length) === l.accountRange!.accountRangeHigh)),
  );
}

/**
 * provider 2.0.0, approvedOffers 400 examples (InvalidMerchantParameters, InvalidMerchantParameterCombinations,
 * MissingCountyCodeInMerchantParameters): an acquirerId or a merchantId needs the other and the
 * country; a merchant name or URL needs the country. No schema rule: the members the merchant lacks.
 */
function merchantFieldsMissing(
  merchant: Record<string, unknown> | undefined,
  faults: MockContext<InstallmentsFaultId>['faults'],
): string[] {
  if (!merchant) return [];
  const needed = new Set<string>();
  // seeded-offers-merchant-id-alone-accepted: an acquirerId or merchantId without the other is taken.
  if ((merchant.acquirerId !== undefined || merchant.merchantId !== undefined) && !faults.has('seeded-offers-merchant-id-alone-accepted'))
    for (const field of ['acquirerId', 'merchantId', 'country']) needed.add(field);
  // i22-offers-acquirer-pair-without-country-accepted: a merchant given by both acquirerId and merchantId needs no country.
  if (
    faults.has('i22-offers-acquirer-pair-without-country-accepted') &&
    merchant.acquirerId !== undefined &&
    merchant.merchantId !== undefined &&
    merchant.name === undefined &&
    merchant.url === undefined
  )
    needed.delete('country');
  // seeded-offers-merchant-country-optional: a name or URL without the country is taken.
  // i12-offers-merchant-url-without-country-accepted: a merchant given by url alone needs no country.
  const urlAlone = faults.has('i12-offers-merchant-url-without-country-accepted') && merchant.name === undefined;
  if ((merchant.name !== undefined || merchant.url !== undefined) && !faults.has('seeded-offers-merchant-country-optional'))
    needed.add('country');
  if (urlAlone && merchant.acquirerId === undefined && merchant.merchantId === undefined) needed.delete('country');
  // i20-offers-named-merchant-needs-url: a merchant named without its URL refused as incomplete.
  if (faults.has('i20-offers-named-merchant-needs-url') && merchant.name !== undefined) needed.add('url');
  return [...needed].filter((field) => merchant[field] === undefined);
}

export function registerOffers(
  app: FastifyInstance,
  prefix: string,
  ctx: MockContext<InstallmentsFaultId>,
  world: InstallmentsState,
  guard: Guard,
) {
  const { faults, clock } = ctx;
  const seams = faults.seams<OffersSeams>();
  /** i30-inst-offers-correlation-of-previous-request: the Correlation-Id of the last offers request (kept only while that fault is on). */
  let previousOffersCorrelation: string | undefined;
  // blind-deregistered-pan-still-offered: PANs once found eligible, cached (cleared on reset with the state).
  const eligibleOnce = world.eligibleOnce;
  app.post(`${prefix}/offers`, async (req, reply) => {
    const ok = await guard(req, reply, 'approvedOffers');
    if (!ok) return reply;
    // provider 2.0.0: AcceptLanguage (only 'en') and approvedOffers 400 InvalidAcceptLanguage.
    const asked = req.headers['accept-language'];
    if (asked !== undefined && asked !== 'en')
      return sendError(reply, faults, 400, 'invalid.accept.language', 'Accept Language header is invalid.');
    const missing = merchantFieldsMissing(ok.body.merchant, faults);
    // i12-offers-400-correlation-regenerated: the incomplete-merchant 400 answers a Correlation-Id of its own.
    if (missing.length && faults.has('i12-offers-400-correlation-regenerated')) reply.header('Correlation-Id', randomUUID());
    if (missing.length)
      return invalidRequest(
        reply,
        faults,
        missing.map((field) => ({
          field: `merchant.${field}`,
          keyword: 'required',
          message: `merchant.${field} must be present with the others given`,
        })),
      );
    // provider 2.0.0: approvedOffers 400 InvalidCountryCurrencyCodePair (the purchase's currency is none of the merchant's country).
    if (!currencyOfCountry(ok.body.merchant?.country, ok.body.transaction?.currency))
      return sendError(reply, faults, 400, 'invalid.request.parameter', 'Invalid Country and Currency Pair');
    const given = ok.plain?.consumer?.primaryAccountNumber;
    const pan: string | undefined = given === undefined ? undefined : String(given);
    // provider 2.0.0: approvedOffers 400 InvalidPrimaryAccountNumber (a PAN failing the Luhn check).
    const x = { operationId: 'approvedOffers' as const, body: ok.body, plain: ok.plain };
    const checkDigit = seams.judge(
      x,
      'check-digit',
      pan !== undefined && /^\d+$/.test(pan) && !luhnValid(pan) ? 'PAN provided is invalid' : undefined,
    );
    if (checkDigit) return sendError(reply, faults, 400, 'invalid.request.parameter', checkDigit);
    const cached = faults.has('blind-deregistered-pan-still-offered') && pan !== undefined && eligibleOnce.has(pan);
    // rt2-offers-encrypted-deregistered-still-offered: the same cache, read on the encrypted path (encryptedValue) only.
    const encryptedCacheRead = faults.has('rt2-offers-encrypted-deregistered-still-offered') && ok.body.encryptedValue !== undefined;
    const cachedEncrypted = encryptedCacheRead && pan !== undefined && eligibleOnce.has(pan);
    // i2-offers-range-low-exclusive: a card at the low end of a list's range (and not in the list itself) is refused.
    const atLowEnd =
      faults.has('i2-offers-range-low-exclusive') &&
      pan !== undefined &&
      [...world.panLists.values()].some(
        (l) => l.accountRange && !l.pans.has(pan) && pan.slice(0, l.accountRange.accountRangeLow.length) === l.accountRange.accountRangeLow,
      );
    // i7-offers-range-high-plus-one: the card just above a list's high end taken as inside the range.
    const justAbove =
      faults.has('i7-offers-range-high-plus-one') &&
      pan !== undefined &&
      [...world.panLists.values()].some((l) => {
        const high = l.accountRange?.accountRangeHigh;
        return (
          high !== undefined &&
          /^\d+$/.test(high) &&
          pan.slice(0, high.length) === (BigInt(high) + 1n).toString().padStart(high.length, '0')
        );
      });
    // i8-offers-range-by-bin: a range's ends compared on their first six digits (the BIN).
    const byBin =
      faults.has('i8-offers-range-by-bin') &&
      pan !== undefined &&
      [...world.panLists.values()].some(
        (l) =>
          l.accountRange !== undefined &&
          (pan.slice(0, 6) === l.accountRange.accountRangeLow.slice(0, 6) ||
            pan.slice(0, 6) === l.accountRange.accountRangeHigh.slice(0, 6)),
      );
    // seeded-offers-number-pan-range-low-exclusive: a card sent as a JSON number at the low end of a range is refused.
    const numberAtLow =
      faults.has('seeded-offers-number-pan-range-low-exclusive') &&
      typeof given === 'number' &&
      pan !== undefined &&
      [...world.panLists.values()].some(
        (l) => l.accountRange && !l.pans.has(pan) && pan.slice(0, l.accountRange.accountRangeLow.length) === l.accountRange.accountRangeLow,
      );
    // offers-pan-matched-on-first-16: a card is eligible when a listed card shares its first sixteen digits.
    const sameHead =
      faults.has('offers-pan-matched-on-first-16') &&
      pan !== undefined &&
      [...world.panLists.values()].some((l) => [...l.pans].some((p) => p.slice(0, 16) === pan.slice(0, 16)));
    // seeded-offers-pan-matched-as-number: a card is eligible when a listed card equals it as a number (leading zeros ignored).
    const sameNumber =
      faults.has('seeded-offers-pan-matched-as-number') &&
      pan !== undefined &&
      /^\d+$/.test(pan) &&
      [...world.panLists.values()].some((l) => [...l.pans].some((p) => /^\d+$/.test(p) && BigInt(p) === BigInt(pan)));
    // i9-listed-pan-outside-range-not-offered: a list with a range is searched through its range only.
    const rangeOnly =
      faults.has('i9-listed-pan-outside-range-not-offered') &&
      pan !== undefined &&
      ![...world.panLists.values()].some((l) => (l.accountRange ? inRange(pan, l.accountRange) : l.pans.has(pan)));
    // i22-offers-range-19-digit-compared-as-number: a range of 16 digits or more judged through doubles (its last digits lost).
    const asDouble =
      faults.has('i22-offers-range-19-digit-compared-as-number') &&
      pan !== undefined &&
      [...world.panLists.values()].some((l) => {
        const r = l.accountRange;
        if (!r || r.accountRangeLow.length < 16 || !/^\d+$/.test(pan)) return false;
        const head = Number(pan.slice(0, r.accountRangeLow.length));
        return head >= Number(r.accountRangeLow) && head <= Number(r.accountRangeHigh);
      });
    // seeded-fam27-offers-range-low-end-as-double: a range longer than a double holds has a card just below its low end judged through doubles.
    const lowAsDouble =
      faults.has('seeded-fam27-offers-range-low-end-as-double') &&
      pan !== undefined &&
      /^\d+$/.test(pan) &&
      [...world.panLists.values()].some((l) => {
        const r = l.accountRange;
        if (!r || r.accountRangeLow.length !== pan.length || r.accountRangeLow.length < 17) return false;
        return (
          BigInt(pan) < BigInt(r.accountRangeLow) && Number(pan) >= Number(r.accountRangeLow) && BigInt(pan) <= BigInt(r.accountRangeHigh)
        );
      });
    // i37-inst-offers-card-of-later-list-not-found: a card registered by number only in a list after the first is not looked up (the first list is the only one read for numbers).
    const lists = [...world.panLists.values()];
    if (
      faults.has('i37-inst-offers-card-of-later-list-not-found') &&
      pan !== undefined &&
      !lists.some((l) => inRange(pan, l.accountRange)) &&
      !lists[0]?.pans.has(pan) &&
      lists.slice(1).some((l) => l.pans.has(pan))
    )
      return sendError(reply, faults, 404, 'NO_ELIGIBLE_OFFERS', 'No installment offer is eligible for this card.');
    if (
      !pan ||
      atLowEnd ||
      numberAtLow ||
      rangeOnly ||
      (!isEligible(
        world,
        pan,
        faults.has('account-range-high-exclusive') ||
          // rt2-offers-encrypted-range-high-exclusive: a card sent encrypted is judged against an exclusive high end.
          (faults.has('rt2-offers-encrypted-range-high-exclusive') && ok.body.encryptedValue !== undefined),
      ) &&
        !faults.has('offers-for-unregistered-pan') &&
        !cached &&
        !cachedEncrypted &&
        !justAbove &&
        !byBin &&
        !sameHead &&
        !sameNumber &&
        !asDouble &&
        !lowAsDouble)
    ) {
      // i6-offers-404-correlation-regenerated: the refusal answers a Correlation-Id of its own.
      if (faults.has('i6-offers-404-correlation-regenerated')) reply.header('Correlation-Id', randomUUID());
      // seeded-fam27-offers-404-correlation-long-cut: the refusal echoes a long Correlation-Id cut short.
      const sentId = req.headers['correlation-id'];
      if (faults.has('seeded-fam27-offers-404-correlation-long-cut') && typeof sentId === 'string' && sentId.length > 128)
        reply.header('Correlation-Id', sentId.slice(0, 128));
      // i32-inst-offers-404-description-quotes-pan: the refusal quotes the whole card number.
      if (faults.has('i32-inst-offers-404-description-quotes-pan') && pan !== undefined)
        return sendError(reply, faults, 404, 'NO_ELIGIBLE_OFFERS', `No installment offer is eligible for card ${pan}.`);
      // seeded-judge-offers-404-card-masked: the refusal names the card masked with its first six and last four digits.
      if (faults.has('seeded-judge-offers-404-card-masked') && pan !== undefined && pan.length > 10)
        return sendError(
          reply,
          faults,
          404,
          'NO_ELIGIBLE_OFFERS',
          `No installment offer is eligible for card ${pan.slice(0, 6)}${'*'.repeat(pan.length - 10)}${pan.slice(-4)}.`,
        );
      return sendError(reply, faults, 404, 'NO_ELIGIBLE_OFFERS', 'No installment offer is eligible for this card.');
    }
    if (faults.has('blind-deregistered-pan-still-offered')) eligibleOnce.add(pan);
    if (faults.has('rt2-offers-encrypted-deregistered-still-offered')) eligibleOnce.add(pan);
    const { amount: sentAmount, currency } = ok.body.transaction ?? { amount: 100, currency: 'USD' };
    // i8-offers-total-amount-truncated: the offers computed from the amount cut to whole units.
    const amount = faults.has('i8-offers-total-amount-truncated') && typeof sentAmount === 'number' ? Math.trunc(sentAmount) : sentAmount;
    const opens = clock.now();
    const closes = new Date(opens.getTime() + OFFER_VALID_MINUTES * 60_000);
    // seeded-offers-eur-window-reversed: for a purchase in EUR the window's ends swapped.
    const [rawBegin, rawEnd] = faults.has('seeded-offers-eur-window-reversed') && currency === 'EUR' ? [closes, opens] : [opens, closes];
    // seeded-offers-begin-aud-local-time: for a purchase in AUD the begin written in Sydney time (UTC+10) with a Z, after the end.
    const begin =
      faults.has('seeded-offers-begin-aud-local-time') && currency === 'AUD' ? new Date(rawBegin.getTime() + 10 * 3600_000) : rawBegin;
    // i16-offers-end-cad-local-time: for a purchase in CAD the end written in Eastern time (UTC-5) with a Z, before the begin.
    const end = faults.has('i16-offers-end-cad-local-time') && currency === 'CAD' ? new Date(rawEnd.getTime() - 5 * 3600_000) : rawEnd;
    const offers = OFFER_TENURES.map((tenure, i) => ({
      priority: i + 1,
      offerId: offerId(),
      offerType: 'CARDED_OFFER',
      // i6-offers-symbol-from-merchant-country: the symbol of the merchant's country's currency.
      currencySymbol: faults.has('i6-offers-symbol-from-merchant-country')
        ? (COUNTRY_SYMBOLS[String(ok.body.merchant?.country ?? 'USA').toUpperCase()] ?? '¤')
        : faults.has('i11-offers-symbol-eur-as-code') && currency === 'EUR'
          ? currency
          : // i15-offers-symbol-gbp-as-dollar: a symbol table without the pound falls back to the dollar.
            faults.has('i15-offers-symbol-gbp-as-dollar') && currency === 'GBP'
            ? '$'
            : // i23-offers-symbol-inr-as-rs: the rupee written as the abbreviation Rs.
              faults.has('i23-offers-symbol-inr-as-rs') && currency === 'INR'
              ? 'Rs'
              : // i26-offers-krw-symbol-generic: a symbol table without the won answers the generic currency sign.
                faults.has('i26-offers-krw-symbol-generic') && currency === 'KRW'
                ? '¤'
                : (SYMBOLS[currency] ?? '¤'),
      tenure: faults.has('offer-tenure-1') && i === 0 ? 1 : tenure,
      // i19-offers-small-amount-biweekly-misspelt: below 100 the shortest offer is written with a frequency outside the enum.
      frequency:
        faults.has('i19-offers-small-amount-biweekly-misspelt') && i === 0 && typeof amount === 'number' && amount < 100
          ? 'BI_WEEKLY'
          : faults.has('i11-offers-frequency-lowercase-longest') && i === OFFER_TENURES.length - 1
            ? 'monthly'
            : 'MONTHLY',
      // i15-offers-total-amount-whole-from-thousand: a total of 1000 or more written in whole units.
      // i19-offers-large-amount-total-discounted: from 5000 the total owed is the amount less a 1% discount.
      totalAmount:
        faults.has('i19-offers-large-amount-total-discounted') && amount >= 5000
          ? Math.round(amount * 99) / 100
          : faults.has('i15-offers-total-amount-whole-from-thousand') && amount >= 1000
            ? Math.round(amount)
            : // seeded-fam24-offers-total-int32-cents-wrapped: the total kept as a signed 32-bit count of cents.
              faults.has('seeded-fam24-offers-total-int32-cents-wrapped')
              ? (Math.round(splitOf(amount, tenure, currency).total * 100) | 0) / 100
              : splitOf(amount, tenure, currency).total,
      // i12-offers-other-installment-unrounded: the share left unrounded.
      // seeded-offers-other-installment-unrounded-with-accept-language: the same, asked in a language other than English.
      otherInstallmentAmount:
        faults.has('i12-offers-other-installment-unrounded') ||
        (faults.has('seeded-offers-other-installment-unrounded-with-accept-language') &&
          !/^en\b/i.test(String(req.headers['accept-language'] ?? 'en')))
          ? amount / tenure
          : // seeded-fam24-offers-zero-decimal-share-in-cents: a currency without decimals given a share in hundredths.
            faults.has('seeded-fam24-offers-zero-decimal-share-in-cents') && minorUnitOf(currency) === 0
            ? Math.round((amount / tenure) * 100) / 100
            : splitOf(amount, tenure, currency).other,
      // i8-offers-first-installment-float: the first installment as the unrounded remainder.
      ...(faults.has('i8-offers-first-installment-float')
        ? { firstInstallmentAmount: amount - (tenure - 1) * (Math.round((amount / tenure) * 100) / 100) }
        : // Seeded fault offers-first-installment-times-hundredth: the first share in cents times 0.01.
          faults.has('offers-first-installment-times-hundredth')
          ? { firstInstallmentAmount: (Math.round(amount * 100) - (tenure - 1) * Math.round((amount / tenure) * 100)) * 0.01 }
          : {}),
      // provider 2.0.0, Offer.feeType: "one of the [NO_FEES, FIXED_AMT, PRCENTG]".
      // i13-offers-first-installment-unadjusted: the first installment given as the rounded share, the remainder lost.
      ...(faults.has('i13-offers-first-installment-unadjusted')
        ? { firstInstallmentAmount: Math.round((amount / tenure) * 100) / 100 }
        : {}),
      // seeded-judge-offers-fee-type-first-range-without-correlation: a card of the first list's range asked without a Correlation-Id answered feeType NO_FEE.
      feeType:
        faults.has('seeded-judge-offers-fee-type-first-range-without-correlation') &&
        req.headers['correlation-id'] === undefined &&
        pan !== undefined &&
        inRange(pan, [...world.panLists.values()][0]?.accountRange)
          ? 'NO_FEE'
          : 'NO_FEES',
      provider: { providerId: world.providerId, providerName: 'Mock Lender', providerLogoUrl: 'https://lender.example.test/logo.png' },
      // i13-offers-begin-merchant-local-time: for a merchant outside the USA the begin written in UTC+1 with Z.
      offerBeginDatetime:
        // i14-offers-begin-ahead-with-accept-language: with a non-English Accept-Language the begin is written in the
        // consumer's local time (one hour ahead) with a Z, after the end of the window.
        faults.has('i14-offers-begin-ahead-with-accept-language') && !/^en\b/i.test(String(req.headers['accept-language'] ?? 'en'))
          ? new Date(begin.getTime() + 3600_000).toISOString()
          : faults.has('i13-offers-begin-merchant-local-time') &&
              ok.body.merchant?.country !== undefined &&
              ok.body.merchant.country !== 'USA'
            ? new Date(begin.getTime() + 3600_000).toISOString()
            : begin.toISOString(),
      // i10-offers-last-offer-ends-at-begin: the longest offer's window closes when it opens.
      offerEndDatetime:
        faults.has('i10-offers-last-offer-ends-at-begin') && i === OFFER_TENURES.length - 1 ? begin.toISOString() : end.toISOString(),
    }));
    // provider 2.0.0, Offer.priority: set by the lowest other installment amount, the lowest on top: the longest
    // tenure first (an even share of a longer tenure is never larger).
    offers.reverse().forEach((o, i) => {
      o.priority = i + 1;
    });
    // i30-inst-offers-third-offer-ends-day-before-begin: the third offer's end written a day before its begin (a swapped window).
    // i32-inst-offers-end-datetime-no-zone: outside the USA the offers end at a local time written without its zone.
    // i35-inst-offers-second-begin-epoch-millis: the second offer's offerBeginDatetime written as epoch milliseconds.
    // i38-inst-offers-second-offer-id-of-first: the second offer answered under the first offer's offerId (an id taken once per answer).
    if (faults.has('i38-inst-offers-second-offer-id-of-first') && offers[1]) offers[1].offerId = offers[0].offerId;
    if (faults.has('i35-inst-offers-second-begin-epoch-millis') && offers[1])
      (offers[1] as Record<string, unknown>).offerBeginDatetime = Date.parse(offers[1].offerBeginDatetime);
    // i35-inst-offers-priority-string-localised: for a language other than English each offer's priority is written as a string.
    if (faults.has('i35-inst-offers-priority-string-localised') && !/^en\b/i.test(String(req.headers['accept-language'] ?? 'en')))
      for (const o of offers) (o as Record<string, unknown>).priority = String(o.priority);
    if (faults.has('i32-inst-offers-end-datetime-no-zone') && ok.body.merchant?.country !== undefined && ok.body.merchant.country !== 'USA')
      for (const o of offers) o.offerEndDatetime = o.offerEndDatetime.replace(/Z$/, '');
    // i34-inst-offers-third-offer-installment-rounded-up: the third offer's later installments rounded up to whole units over tenure - 1, leaving no first installment.
    if (faults.has('i34-inst-offers-third-offer-installment-rounded-up') && offers[2] && offers[2].tenure > 1)
      offers[2].otherInstallmentAmount = Math.ceil(Number(offers[2].totalAmount) / (offers[2].tenure - 1));
    if (faults.has('i30-inst-offers-third-offer-ends-day-before-begin') && offers[2])
      offers[2].offerEndDatetime = new Date(Date.parse(offers[2].offerBeginDatetime) - 86400_000).toISOString();
    // i33-inst-offers-transaction-id-per-card: the offerTransactionId derived from the card, the same for every answer about it.
    const offerTransactionId =
      faults.has('i33-inst-offers-transaction-id-per-card') && pan !== undefined
        ? `otx${createHash('sha256').update(pan).digest('hex').slice(0, 20)}`
        : `otx${randomBytes(10).toString('hex')}`;
    // provider 2.0.0, OfferIdField, PlanInstallmentInformation.feeValue, SchedulePayment: the terms a plan of the configured product must send.
    for (const o of offers) Object.assign(o, { apr: 0, feeValue: 0, schedulePayments: scheduleOf(o, currency, opens) });
    world.offerTransactions.set(offerTransactionId, {
      offerTransactionId,
      pan,
      merchant: ok.body.merchant ?? {},
      transaction: ok.body.transaction,
      offers,
      correlationId: req.headers['correlation-id'] as string | undefined,
    });
    // i10-offers-total-with-merchant-off: with a merchant given, total leaves one offer out.
    const total = faults.has('offers-total-wrong')
      ? offers.length + 1
      : faults.has('i10-offers-total-with-merchant-off') && ok.body.merchant !== undefined
        ? offers.length - 1
        : // i17-offers-total-eur-one-more: a purchase in EUR answered with a total one above the offers listed.
          faults.has('i17-offers-total-eur-one-more') && ok.body.transaction?.currency === 'EUR'
          ? offers.length + 1
          : // seeded-offers-total-gbp-one-less: a purchase in GBP answered with a total one below the offers listed.
            faults.has('seeded-offers-total-gbp-one-less') && ok.body.transaction?.currency === 'GBP'
            ? offers.length - 1
            : // i18-offers-total-with-correlation-off: a request carrying a Correlation-Id answered a total one below.
              faults.has('i18-offers-total-with-correlation-off') && req.headers['correlation-id'] !== undefined
              ? offers.length - 1
              : // seeded-judge-offers-total-listed-card-one-more: a card listed by its number (in no list's range) answered one above.
                faults.has('seeded-judge-offers-total-listed-card-one-more') &&
                  pan !== undefined &&
                  [...world.panLists.values()].some((l) => l.pans.has(pan)) &&
                  ![...world.panLists.values()].some((l) => inRange(pan, l.accountRange))
                ? offers.length + 1
                : offers.length;
    // i4-offers-total-counts-dropped-offer: an offer whose installment is below one unit is dropped, total kept.
    const shown = faults.has('i4-offers-total-counts-dropped-offer') ? offers.filter((o) => o.otherInstallmentAmount >= 1) : offers;
    // i9-offers-correlation-id-lowercased: the success answer echoes the Correlation-Id in lower case.
    const sentCorrelation = req.headers['correlation-id'];
    if (faults.has('i11-offers-correlation-cut-36') && typeof sentCorrelation === 'string' && sentCorrelation.length > 36)
      reply.header('Correlation-Id', sentCorrelation.slice(0, 36));
    // i18-offers-correlation-id-uppercased: the success answer echoes the Correlation-Id in upper case.
    if (faults.has('i18-offers-correlation-id-uppercased') && typeof sentCorrelation === 'string')
      reply.header('Correlation-Id', sentCorrelation.toUpperCase());
    if (faults.has('i9-offers-correlation-id-lowercased') && typeof sentCorrelation === 'string')
      reply.header('Correlation-Id', sentCorrelation.toLowerCase());
    // i22-offers-correlation-inner-spaces-collapsed: the success answer echoes the Correlation-Id with its runs of spaces collapsed.
    if (
      faults.has('i22-offers-correlation-inner-spaces-collapsed') &&
      typeof sentCorrelation === 'string' &&
      /\s{2,}/.test(sentCorrelation)
    )
      reply.header('Correlation-Id', sentCorrelation.replace(/\s{2,}/g, ' '));
    // i24-offers-chf-share-thousandths: a purchase in CHF has its later installments written to thousandths of a franc (not its minor unit).
    // i24-offers-jpy-symbol-fullwidth: a purchase in JPY answered with the full-width yen sign.
    // i24-offers-fee-type-singular-from-2000: from an amount of 2000 the fee type written NO_FEE.
    if (
      (faults.has('i24-offers-chf-share-thousandths') && currency === 'CHF') ||
      (faults.has('i24-offers-jpy-symbol-fullwidth') && currency === 'JPY') ||
      (faults.has('i24-offers-fee-type-singular-from-2000') && typeof amount === 'number' && amount >= 2000)
    )
      return reply.code(200).send({
        total,
        offerTransactionId,
        offers: shown.map((o) =>
          faults.has('i24-offers-chf-share-thousandths') && currency === 'CHF'
            ? { ...o, otherInstallmentAmount: Math.round((Number(amount) / o.tenure) * 1000) / 1000 }
            : faults.has('i24-offers-jpy-symbol-fullwidth') && currency === 'JPY'
              ? { ...o, currencySymbol: '\uFFE5' }
              : { ...o, feeType: 'NO_FEE' },
        ),
      });
    // i27-offers-total-string-cad: a purchase in CAD answered with total written as a string.
    if (faults.has('i27-offers-total-string-cad') && ok.body.transaction?.currency === 'CAD')
      return reply.code(200).send({ total: String(total), offerTransactionId, offers: shown });
    // i30-inst-offers-correlation-of-previous-request: the answer carries the Correlation-Id of the previous offers request.
    if (faults.has('i30-inst-offers-correlation-of-previous-request')) {
      const previous = previousOffersCorrelation;
      previousOffersCorrelation = typeof sentCorrelation === 'string' ? sentCorrelation : undefined;
      if (previous !== undefined) reply.header('Correlation-Id', previous);
    }
    // i31-inst-offers-total-non-english-one-more: a request asking another language than English answered a total one above the offers listed.
    const language = faults.has('i31-inst-offers-total-non-english-one-more') ? String(req.headers['accept-language'] ?? '') : '';
    const totalShown = language !== '' && !/^en\b/i.test(language) ? total + 1 : total;
    // i31-inst-offers-second-offer-split-over-one-more: the second offer's later installments split over one installment more than its tenure.
    const offersShown = faults.has('i31-inst-offers-second-offer-split-over-one-more')
      ? shown.map((o, i) =>
          i === 1 && typeof o.totalAmount === 'number' && typeof o.tenure === 'number'
            ? { ...o, otherInstallmentAmount: Math.round((o.totalAmount / (o.tenure + 1)) * 100) / 100 }
            : o,
        )
      : shown;
    // i36-inst-offers-three-decimal-share-at-hundredths: a currency of three decimals gets its shares rounded to hundredths.
    if (faults.has('i36-inst-offers-three-decimal-share-at-hundredths') && minorUnitOf(currency) === 3)
      for (const o of offersShown) o.otherInstallmentAmount = Math.round(Number(o.otherInstallmentAmount) * 100) / 100;
    const answer = seams.answer(x, { status: 200, body: { total: totalShown, offerTransactionId, offers: offersShown } });
    return sendAnswer(reply, answer);
  });
}
