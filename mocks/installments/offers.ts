// POST /offers (approvedOffers): eligible offers only for a card registered in a PAN list, by PAN
// or by the list's account range (reference, Flows - services); none eligible is 404.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { currencyOfCountry } from '../../helpers/contract/currency-countries.js';
import { minorUnitOf } from '../../helpers/contract/minor-units.js';
import { luhnValid } from '../../helpers/config/luhn.js';
import type { MockContext } from '../kit/context.js';
import { MISSING, sendError, sendRefusal } from './errors.js';
import { exchangeOf, type InstallmentsSeams } from './seams.js';
import type { Guard } from './guard.js';
import { inRange, type InstallmentsState } from './state.js';

// provider 2.0.0: currencySymbol is one character; a currency without a one-character symbol gets the generic sign (¤).
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
const offerId = () => [...randomBytes(8)].map((b) => b % 10).join('');

/**
 * The mock's split into `tenure` installments (provider 2.0.0, Offer: amounts "with minor unit according to ISO 4217"): the even share
 * rounded to the minor unit (two decimals for an unknown code), at least one; the total raised (the mock's small-purchase fee) where
 * tenure - 1 shares would leave no positive first installment.
 */
function splitOf(amount: number, tenure: number, currency: unknown): { other: number; total: number } {
  const exponent = minorUnitOf(currency) ?? 2;
  const unit = 10 ** exponent;
  const other = Math.max(1, Math.round((amount / tenure) * unit)) / unit;
  const floor = (Math.round(other * unit) * (tenure - 1) + 1) / unit;
  return { other, total: amount >= floor ? amount : floor };
}
export const OFFER_TENURES = [3, 6, 12];

/** An offer's schedule (provider 2.0.0, Offer.schedulePayments, sent back unchanged by a plan): monthly, the first the rest. */
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

export function isEligible(world: InstallmentsState, pan: string): boolean {
  return [...world.panLists.values()].some((l) => l.pans.has(pan) || inRange(pan, l.accountRange));
}

/**
 * provider 2.0.0, approvedOffers 400 examples (InvalidMerchantParameters, InvalidMerchantParameterCombinations,
 * MissingCountyCodeInMerchantParameters): acquirerId or merchantId needs the other and the country; a name or URL needs the country.
 */
function merchantFieldsMissing(merchant: Record<string, unknown> | undefined): string[] {
  if (!merchant) return [];
  const needed = new Set<string>();
  if (merchant.acquirerId !== undefined || merchant.merchantId !== undefined)
    for (const field of ['acquirerId', 'merchantId', 'country']) needed.add(field);
  if (merchant.name !== undefined || merchant.url !== undefined) needed.add('country');
  return [...needed].filter((field) => merchant[field] === undefined);
}

export function registerOffers(app: FastifyInstance, prefix: string, ctx: MockContext, world: InstallmentsState, guard: Guard) {
  const { clock } = ctx;
  const seams = ctx.faults.seams<InstallmentsSeams>();
  app.post(`${prefix}/offers`, async (req, reply) => {
    const ok = await guard(req, reply, 'approvedOffers');
    if (!ok) return reply;
    const x = exchangeOf(req, world, () => clock.nowMs());
    // provider 2.0.0: AcceptLanguage (only 'en') and approvedOffers 400 InvalidAcceptLanguage.
    const asked = req.headers['accept-language'];
    if (asked !== undefined && asked !== 'en')
      return sendError(reply, 400, 'invalid.accept.language', 'Accept Language header is invalid.');
    const missing = merchantFieldsMissing(ok.body.merchant);
    const incomplete = seams.judge(
      x,
      'offers-merchant',
      missing.length
        ? {
            status: 400,
            reasonCode: MISSING,
            description: 'the merchant members given need others',
            violations: missing.map((field) => ({
              field: `merchant.${field}`,
              keyword: 'required',
              message: `merchant.${field} must be present with the others given`,
            })),
          }
        : undefined,
    );
    if (incomplete) return sendRefusal(reply, incomplete);
    // provider 2.0.0: approvedOffers 400 InvalidCountryCurrencyCodePair (the purchase's currency is none of the merchant's country).
    const pair = seams.judge(
      x,
      'offers-currency',
      currencyOfCountry(ok.body.merchant?.country, ok.body.transaction?.currency)
        ? undefined
        : { status: 400, reasonCode: 'invalid.request.parameter', description: 'Invalid Country and Currency Pair' },
    );
    if (pair) return sendRefusal(reply, pair);
    const given = ok.plain?.consumer?.primaryAccountNumber;
    const pan: string | undefined = given === undefined ? undefined : String(given);
    // provider 2.0.0: approvedOffers 400 InvalidPrimaryAccountNumber (a PAN failing the Luhn check).
    const checkDigit = seams.judge(
      x,
      'check-digit',
      pan !== undefined && /^\d+$/.test(pan) && !luhnValid(pan)
        ? { status: 400, reasonCode: 'invalid.request.parameter', description: 'PAN provided is invalid' }
        : undefined,
    );
    if (checkDigit) return sendRefusal(reply, checkDigit);
    // A card of no PAN list nor account range has no offer (seed 001, eligibility): 404.
    const ineligible = seams.judge(
      x,
      'offers-card',
      pan && isEligible(world, pan)
        ? undefined
        : { status: 404, reasonCode: 'NO_ELIGIBLE_OFFERS', description: 'No installment offer is eligible for this card.' },
    );
    if (ineligible) return sendRefusal(reply, ineligible);
    const { amount, currency } = ok.body.transaction ?? { amount: 100, currency: 'USD' };
    const opens = clock.now();
    const closes = new Date(opens.getTime() + OFFER_VALID_MINUTES * 60_000);
    const made = OFFER_TENURES.map((tenure, i) => ({
      priority: i + 1,
      offerId: offerId(),
      offerType: 'CARDED_OFFER',
      currencySymbol: SYMBOLS[currency] ?? '¤',
      tenure,
      frequency: 'MONTHLY',
      totalAmount: splitOf(amount, tenure, currency).total,
      otherInstallmentAmount: splitOf(amount, tenure, currency).other,
      // provider 2.0.0, Offer.feeType: "one of the [NO_FEES, FIXED_AMT, PRCENTG]".
      feeType: 'NO_FEES',
      provider: { providerId: world.providerId, providerName: 'Mock Lender', providerLogoUrl: 'https://lender.example.test/logo.png' },
      offerBeginDatetime: opens.toISOString(),
      offerEndDatetime: closes.toISOString(),
    }));
    // provider 2.0.0, OfferIdField, PlanInstallmentInformation.feeValue, SchedulePayment: the terms a plan of the product must send.
    for (const o of made) Object.assign(o, { apr: 0, feeValue: 0, schedulePayments: scheduleOf(o, currency, opens) });
    // provider 2.0.0, Offer.priority: the lowest other installment amount on top, so the longest tenure first.
    made.reverse().forEach((o, i) => {
      o.priority = i + 1;
    });
    // The offers stored under a new offerTransactionId, as answered.
    const change = seams.state(x, { offers: made, offerTransactionId: `otx${randomBytes(10).toString('hex')}` });
    const offers = change.offers!;
    const offerTransactionId = change.offerTransactionId!;
    world.offerTransactions.set(offerTransactionId, {
      offerTransactionId,
      pan: pan!,
      merchant: ok.body.merchant ?? {},
      transaction: ok.body.transaction,
      offers,
      correlationId: req.headers['correlation-id'] as string | undefined,
    });
    return reply.code(200).send({ total: offers.length, offerTransactionId, offers });
  });
}
