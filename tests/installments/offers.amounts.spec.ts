// Covers: the amounts of each offer (provider 2.0.0, Offer: totalAmount, tenure "Total number of installments", ...),
// judged by the answer judge (offerAmountsWrong) on purchases that can tell.
import { expect, loadContract, rangeOf, rules, test } from '../../fixtures/installments.js';

const CONTRACT = await loadContract('installments');
/** The largest purchase a plan may carry (the offers' own amount has no bound). */
const PLAN_MAX = rangeOf(CONTRACT, 'PlanTransaction', 'amount').max!;

// EUR purchases at a merchant outside the USA (provider 2.0.0, MerchantParameters.country): a local-time window shows.
const MERCHANT_ABROAD = { name: 'Exemple Électronique', country: 'FRA', mcc: '5732', url: 'https://boutique.example.test' };
// Accept-Language (provider 2.0.0, AcceptLanguage: only 'en') changes no amount: asked with it in turn and without.
const LANGUAGES = [undefined, 'en'];

/** The purchases of a currency of `exponent` decimals (ISO 4217), each written in its minor unit. */
function purchasesOf(exponent: number | undefined): number[] {
  if (exponent === 0) return [1, 7, 99, 250, 1201, 4999, 5000, 12345, 2147483647, 2147483648, Math.floor(PLAN_MAX)];
  if (exponent === 3) return [0.001, 0.999, 1, 250.755, 1200.375, 4999.999, 5000, 12345.678, 2147483.647, 2147483.648, 999999999.999];
  if (exponent === undefined) return [0.5, 250.75, 5000, 12345.67];
  // 100: a purchase that does not divide evenly over three installments (a cent left over), its schedule judged against its total.
  return [0.01, 0.99, 1, 9.99, 99.99, 100, 250.75, 1200.37, 4999.99, 5000, 12345.67, 21474836.47, 21474836.48, PLAN_MAX];
}

/** Currencies of every minor unit (Currency: any three characters): USD must be offered, another is judged when offered. */
const CURRENCIES: [string, number | undefined][] = [
  ['USD', 2],
  ['EUR', 2],
  ['GBP', 2],
  ['CHF', 2],
  ['JPY', 0],
  ['KRW', 0],
  ['KWD', 3],
  ['BHD', 3],
  // ISO 4217's code for testing, of no minor unit: only what holds whatever the unit is judged.
  ['XTS', undefined],
];

test(
  "offers: each offer's installments make up its totalAmount, at least the purchase, in the currency's minor unit, for purchases across the range in every minor unit @provider",
  rules(
    'IN-VAL-OFFER-AMOUNTS',
    'IN-VAL-OFFER-TERMS',
    'IN-VAL-OFFERS-TOTAL',
    'IN-VAL-OFFER-PRIORITY',
    'IN-VAL-ELIGIBILITY-MESSAGES',
    'IN-VAL-OFFER-TYPE',
  ),
  async ({ instApi, instReq, inst }) => {
    test.skip(!inst.eligiblePan, 'needs a card the target offers installments for (INSTALLMENTS_ELIGIBLE_PAN)');
    let judged = 0;
    const unoffered: string[] = [];
    for (const [currency, exponent] of CURRENCIES)
      for (const [i, amount] of purchasesOf(exponent).entries()) {
        const transaction = { amount, currency, localDateTime: '2025-06-01T10:15:00Z' };
        const language = LANGUAGES[i % LANGUAGES.length];
        // Every offer is judged by the client's answer judge (IN-VAL-OFFER-*, IN-VAL-ELIGIBILITY-MESSAGES).
        const res = await instApi.call('approvedOffers', {
          body: await instReq.offersBody(inst.eligiblePan!, { transaction, ...(currency === 'EUR' ? { merchant: MERCHANT_ABROAD } : {}) }),
          headers: { 'Correlation-Id': crypto.randomUUID(), ...(language ? { 'Accept-Language': language } : {}) },
        });
        // USD must be offered for an ordinary purchase; an extreme one or another currency may be refused (no source bounds them).
        const ordinary = currency === 'USD' && amount >= 1 && amount < 2 ** 31 / 100;
        if (!ordinary && res.status >= 400 && res.status < 500) continue;
        if (res.status !== 200) unoffered.push(`${amount} ${currency}: ${res.status} ${res.text.slice(0, 200)}`);
        else judged += (res.body.offers ?? []).length;
      }
    expect(unoffered, 'offers for every purchase (200; a 4xx allowed only for an extreme amount or another currency than USD)').toEqual([]);
    expect(judged, 'offers were judged').toBeGreaterThan(0);
  },
);

test(
  "offers: each offer's frequency and feeType are the provider's values, and it ends after it begins; total counts the offers @provider",
  // frequency and feeType are the Offer schema's enums (the client's schema check, IN-RESP-FORMS); the end after the start IN-VAL-OFFER-TERMS.
  rules('IN-VAL-OFFER-TERMS', 'IN-VAL-OFFERS-TOTAL', 'IN-RESP-FORMS'),
  async ({ instApi, instReq, inst }) => {
    test.skip(!inst.eligiblePan, 'needs a card the target offers installments for (INSTALLMENTS_ELIGIBLE_PAN)');
    const res = await instApi.call('approvedOffers', {
      body: await instReq.offersBody(inst.eligiblePan!),
      headers: { 'Correlation-Id': crypto.randomUUID() },
    });
    // The total and every offer's terms are judged by the client's answer judge (installmentsAnswerConformance).
    expect(res.status, 'offers for the eligible card').toBe(200);
  },
);
