// A currency's minor unit (ISO 4217, the exponent column): offer amounts are "with minor unit according to ISO 4217"
// (provider 2.0.0, Offer.otherInstallmentAmount); for an unlisted code what depends on it is not judged.

/** ISO 4217 exponents other than 2, and the codes of exponent 2 the suite sends or the mock answers. */
const EXPONENT: Readonly<Record<string, number>> = {
  ...Object.fromEntries(
    ['BIF', 'CLP', 'DJF', 'GNF', 'ISK', 'JPY', 'KMF', 'KRW', 'PYG', 'RWF', 'UGX', 'UYI', 'VND', 'VUV', 'XAF', 'XOF', 'XPF'].map((c) => [
      c,
      0,
    ]),
  ),
  ...Object.fromEntries(['BHD', 'IQD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND'].map((c) => [c, 3])),
  ...Object.fromEntries(['CLF', 'UYW'].map((c) => [c, 4])),
  ...Object.fromEntries(
    ['USD', 'EUR', 'GBP', 'AUD', 'CAD', 'CHF', 'CNY', 'HKD', 'INR', 'MXN', 'NZD', 'SEK', 'NOK', 'DKK', 'SGD', 'ZAR', 'BRL', 'PLN'].map(
      (c) => [c, 2],
    ),
  ),
};

/** The ISO 4217 exponent of `currency` (its code as written, upper case), or undefined when the suite does not know it. */
export const minorUnitOf = (currency: unknown): number | undefined => (typeof currency === 'string' ? EXPONENT[currency] : undefined);

/** Whether `amount` is written in whole minor units of a currency of `exponent` decimals (the double of its own rounded form). */
export const inWholeMinorUnits = (amount: unknown, exponent: number): boolean =>
  typeof amount === 'number' && Number.isFinite(amount) && Number(amount.toFixed(exponent)) === amount;
