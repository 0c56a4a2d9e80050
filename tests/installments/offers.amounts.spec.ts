// Covers: POST /offers (approvedOffers) 200, the amounts of each offer (provider 2.0.0, Offer:
// totalAmount "the total amount owed by the cardholder on an installment purchase", tenure "Total
// number of installments", otherInstallmentAmount "Subsequent Installment amounts with minor unit
// according to ISO 4217", firstInstallmentAmount "Amount to be paid for the first installment").
// Amounts with cents and without, in two currencies of two decimals, so that an installment computed
// in the wrong unit, unrounded or not from the total is seen (250.75 over 6 leaves a first installment
// that binary floating point does not write to the cent).
import { expect, rules, test } from '../../fixtures/installments.js';

const cents = (n: number) => Math.round(n * 100);
// An amount "with minor unit according to ISO 4217" (two decimals here) is a number written with at most
// two decimals: the double it parses to is that of its own two-decimal form. A remainder left in binary
// floating point (250.75 - 5 x 41.79 = 41.80000000000001) is not.
const toTheCent = (n: unknown) => typeof n === 'number' && Number.isFinite(n) && Number(n.toFixed(2)) === n;

// The terms hold on every offers answer, whatever the purchase: the amounts test's answers are judged
// too, its EUR purchases made at a merchant outside the USA (provider 2.0.0, MerchantParameters.country:
// any three letters), so a window written in the merchant's or the currency's local time is seen.
const MERCHANT_ABROAD = { name: 'Exemple Électronique', country: 'FRA', mcc: '5732', url: 'https://boutique.example.test' };
// Accept-Language asks for the offers' texts in a language (provider 2.0.0, POST /offers; reference,
// Transport): no amount, date or term depends on it, so each purchase is asked in one of these (and one
// without the header), in each currency, and judged alike.
const LANGUAGES = [undefined, 'fr-FR', 'de-DE', 'ja-JP'];

test(
  "offers: each offer's installments make up its totalAmount, in whole cents, and each answer's total counts its offers @provider",
  rules('IN-VAL-OFFER-AMOUNTS', 'IN-VAL-OFFER-TERMS', 'IN-VAL-OFFERS-TOTAL'),
  async ({ instApi, instReq, inst }) => {
    test.skip(!inst.eligiblePan, 'needs a card the target offers installments for (INSTALLMENTS_ELIGIBLE_PAN)');
    const wrong: string[] = [];
    for (const currency of ['USD', 'EUR'])
      for (const [i, amount] of [1200.37, 99.99, 10, 250.75].entries()) {
        const transaction = { amount, currency, localDateTime: '2025-06-01T10:15:00' };
        const language = LANGUAGES[i];
        const res = await instApi.call('approvedOffers', {
          body: await instReq.offersBody(inst.eligiblePan!, { transaction, ...(currency === 'EUR' ? { merchant: MERCHANT_ABROAD } : {}) }),
          headers: { 'Correlation-Id': crypto.randomUUID(), ...(language ? { 'Accept-Language': language } : {}) },
        });
        const asked = `${amount} ${currency}${language ? ` (Accept-Language ${language})` : ''}`;
        expect(res.status, `offers for ${asked}`).toBe(200);
        for (const offer of res.body.offers as Record<string, any>[]) {
          const { tenure, totalAmount: total, otherInstallmentAmount: other, firstInstallmentAmount: first } = offer;
          const what = `${asked}, tenure ${tenure}: total ${total}, other ${other}, first ${first}`;
          // "inclusive of fees, tax and interest": never less than the purchase.
          if (typeof total !== 'number' || cents(total) < cents(amount)) wrong.push(`${what}: totalAmount below the transaction's amount`);
          else if (!toTheCent(total)) wrong.push(`${what}: totalAmount finer than a cent`);
          if (typeof other !== 'number' || !(other > 0)) wrong.push(`${what}: otherInstallmentAmount not a positive amount`);
          else if (!toTheCent(other)) wrong.push(`${what}: otherInstallmentAmount finer than a cent`);
          else {
            const firstShare = cents(total) - cents(other) * (Number(tenure) - 1);
            if (first !== undefined && !toTheCent(first)) wrong.push(`${what}: firstInstallmentAmount finer than a cent`);
            else if (first !== undefined && cents(first) !== firstShare)
              wrong.push(`${what}: first + (tenure - 1) x other is not the total`);
            if (first === undefined && !(firstShare > 0)) wrong.push(`${what}: tenure - 1 installments reach the total`);
          }
        }
      }
    expect(wrong, "every offer's installments make up its total, on terms of the provider's").toEqual([]);
  },
);

test(
  "offers: each offer's frequency and feeType are the provider's values, and it ends after it begins; total counts the offers @provider",
  rules('IN-VAL-OFFER-TERMS', 'IN-VAL-OFFERS-TOTAL'),
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
