// The ISO/IEC 7812 check digit (the Luhn formula): the checks that build card numbers, the mocks that
// refuse them and the configuration's card numbers (helpers/config/env-types.ts) read it from here
// (provider 2.0.0: Pan.pan, "every pan is validated against the Luhn algorithm"; approvedOffers
// InvalidPrimaryAccountNumber).

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

/**
 * The card number nearest `digits` (same length) that ends in its check digit, searching upwards
 * (`up`) or downwards; one in ten consecutive numbers is one, so it is at most nine away.
 */
export function luhnNear(digits: string, up: boolean): string {
  let v = BigInt(digits);
  for (;;) {
    const s = v.toString().padStart(digits.length, '0');
    if (luhnValid(s)) return s;
    v += up ? 1n : -1n;
  }
}
