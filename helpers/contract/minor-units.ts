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

/** Whether `amount` is written in whole minor units of a currency of `exponent` decimals (its decimal text read by minorUnitsOf). */
export const inWholeMinorUnits = (amount: unknown, exponent: number): boolean => minorUnitsOf(amount, exponent) !== undefined;

/**
 * `amount` as a whole count of minor units of a currency of `exponent` decimals, read from its decimal text (the shortest text
 * that gives the double back, as JSON writes it) with integer arithmetic, so that a sum of installments is exact, never a
 * float's; undefined when the amount is not finite or is finer than the minor unit.
 */
export function minorUnitsOf(amount: unknown, exponent: number): bigint | undefined {
  if (typeof amount !== 'number' || !Number.isFinite(amount)) return undefined;
  const m = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(amount));
  if (!m) return undefined;
  const [, sign, whole, fraction = '', e = '0'] = m;
  // The digits as one integer and the power of ten it is scaled by: whole.fraction x 10^e = digits x 10^(e - fraction's length).
  const digits = BigInt(whole + fraction);
  const shift = Number(e) - fraction.length + exponent;
  const value =
    shift >= 0 ? digits * 10n ** BigInt(shift) : digits % 10n ** BigInt(-shift) === 0n ? digits / 10n ** BigInt(-shift) : undefined;
  return value === undefined ? undefined : sign ? -value : value;
}
