// The ISO/IEC 7812 check digit (Luhn), for the checks, the mocks and the configuration (env-types.ts) alike (provider 2.0.0:
// Pan.pan, "every pan is validated against the Luhn algorithm"; approvedOffers InvalidPrimaryAccountNumber).

/** Whether a digit string ends in its check digit. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    const n = Number(digits[digits.length - 1 - i]) * (i % 2 === 1 ? 2 : 1);
    sum += n > 9 ? n - 9 : n;
  }
  return sum % 10 === 0;
}

/** The digits with the check digit that completes them appended. */
export function withCheckDigit(digits: string): string {
  for (let d = 0; d <= 9; d++) if (luhnValid(`${digits}${d}`)) return `${digits}${d}`;
  return `${digits}0`;
}

/** The card number nearest `digits` (same length) ending in its check digit, upwards (`up`) or down: at most nine away. */
export function luhnNear(digits: string, up: boolean): string {
  let v = BigInt(digits);
  for (;;) {
    const s = v.toString().padStart(digits.length, '0');
    if (luhnValid(s)) return s;
    v += up ? 1n : -1n;
  }
}
