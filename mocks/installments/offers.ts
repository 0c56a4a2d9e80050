// POST /offers (approvedOffers): eligible offers only for a card registered in a PAN list, by PAN
// or by the list's account range (reference, Flows - services); none eligible is 404.
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { currencyOfCountry } from '../../helpers/contract/currency-countries.js';
import { minorUnitOf } from '../../helpers/contract/minor-units.js';
import { luhnValid } from '../../helpers/config/luhn.js';
import type { MockContext } from '../kit/context.js';
import type { InstallmentsFaultId } from './catalogue.js';
import { invalidRequest, sendError } from './errors.js';
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
  if (merchant.name !== undefined || merchant.url !== undefined) needed.add('country');
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
  app.post(`${prefix}/offers`, async (req, reply) => {
    const ok = await guard(req, reply, 'approvedOffers');
    if (!ok) return reply;
    // provider 2.0.0: AcceptLanguage (only 'en') and approvedOffers 400 InvalidAcceptLanguage.
    const asked = req.headers['accept-language'];
    if (asked !== undefined && asked !== 'en')
      return sendError(reply, faults, 400, 'invalid.accept.language', 'Accept Language header is invalid.');
    const missing = merchantFieldsMissing(ok.body.merchant, faults);
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
    if (pan !== undefined && /^\d+$/.test(pan) && !luhnValid(pan))
      return sendError(reply, faults, 400, 'invalid.request.parameter', 'PAN provided is invalid');
    if (!pan || (!isEligible(world, pan, false) && !faults.has('offers-for-unregistered-pan'))) {
      // seeded-fam27-offers-404-correlation-long-cut: the refusal echoes a long Correlation-Id cut short.
      const sentId = req.headers['correlation-id'];
      if (faults.has('seeded-fam27-offers-404-correlation-long-cut') && typeof sentId === 'string' && sentId.length > 128)
        reply.header('Correlation-Id', sentId.slice(0, 128));
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
    const { amount: sentAmount, currency } = ok.body.transaction ?? { amount: 100, currency: 'USD' };
    const amount = sentAmount;
    const opens = clock.now();
    const closes = new Date(opens.getTime() + OFFER_VALID_MINUTES * 60_000);
    const [rawBegin, rawEnd] = [opens, closes];
    const begin = rawBegin;
    const end = rawEnd;
    const offers = OFFER_TENURES.map((tenure, i) => ({
      priority: i + 1,
      offerId: offerId(),
      offerType: 'CARDED_OFFER',
      // i6-offers-symbol-from-merchant-country: the symbol of the merchant's country's currency.
      currencySymbol: faults.has('i6-offers-symbol-from-merchant-country')
        ? (COUNTRY_SYMBOLS[String(ok.body.merchant?.country ?? 'USA').toUpperCase()] ?? '¤')
        : (SYMBOLS[currency] ?? '¤'),
      tenure: faults.has('offer-tenure-1') && i === 0 ? 1 : tenure,
      frequency: 'MONTHLY',
      totalAmount: faults.has('seeded-fam24-offers-total-int32-cents-wrapped')
        ? (Math.round(splitOf(amount, tenure, currency).total * 100) | 0) / 100
        : splitOf(amount, tenure, currency).total,
      otherInstallmentAmount: splitOf(amount, tenure, currency).other,
      ...{},
      // provider 2.0.0, Offer.feeType: "one of the [NO_FEES, FIXED_AMT, PRCENTG]".
      ...{},
      feeType: 'NO_FEES',
      provider: { providerId: world.providerId, providerName: 'Mock Lender', providerLogoUrl: 'https://lender.example.test/logo.png' },
      offerBeginDatetime:
        // consumer's local time (one hour ahead) with a Z, after the end of the window.
        begin.toISOString(),
      offerEndDatetime: end.toISOString(),
    }));
    // i32-inst-offers-end-datetime-no-zone: outside the USA the offers end at a local time written without its zone.
    // i38-inst-offers-second-offer-id-of-first: the second offer answered under the first offer's offerId (an id taken once per answer).
    if (faults.has('i38-inst-offers-second-offer-id-of-first') && offers[1]) offers[1].offerId = offers[0].offerId;
    // i35-inst-offers-priority-string-localised: for a language other than English each offer's priority is written as a string.
    if (faults.has('i35-inst-offers-priority-string-localised') && !/^en\b/i.test(String(req.headers['accept-language'] ?? 'en')))
      for (const o of offers) (o as Record<string, unknown>).priority = String(o.priority);
    if (faults.has('i32-inst-offers-end-datetime-no-zone') && ok.body.merchant?.country !== undefined && ok.body.merchant.country !== 'USA')
      for (const o of offers) o.offerEndDatetime = o.offerEndDatetime.replace(/Z$/, '');
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
    const total = offers.length;
    const shown = offers;
    // i27-offers-total-string-cad: a purchase in CAD answered with total written as a string.
    if (faults.has('i27-offers-total-string-cad') && ok.body.transaction?.currency === 'CAD')
      return reply.code(200).send({ total: String(total), offerTransactionId, offers: shown });
    const language = '';
    const totalShown = language !== '' && !/^en\b/i.test(language) ? total + 1 : total;
    const offersShown = shown;
    return reply.code(200).send({ total: totalShown, offerTransactionId, offers: offersShown });
  });
}
