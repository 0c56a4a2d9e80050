// The card enrollment mock's world (reference/card-enrollment.md, "The mock's world"): registered
// clients (API key -> srcClientIds -> serviceIds) and known push-account receipts (A5).
import { randomBytes, randomUUID } from 'node:crypto';

export interface RegisteredClient {
  apiKey: string;
  srcClientIds: string[];
  serviceIds: string[];
}

export interface Receipt {
  enrolmentReferenceId: string;
  /** The account the receipt stands for (A5): its bin and last four appear in the masked card. */
  primaryAccountNumber: string;
}

export interface CardWorld {
  clients: RegisteredClient[];
  receipts: Receipt[];
}

const apiKey = () => `ce_${randomBytes(18).toString('base64url')}`;

export function createCardWorld(): CardWorld {
  return {
    clients: [
      { apiKey: apiKey(), srcClientIds: [randomUUID(), randomUUID()], serviceIds: ['SRC_PROGRAM_1', 'wallet#program_2', 'merchant-3'] },
      { apiKey: apiKey(), srcClientIds: [randomUUID()], serviceIds: ['OTHER_PROGRAM'] },
    ],
    receipts: [
      { enrolmentReferenceId: `rcpt-${randomUUID()}`, primaryAccountNumber: '5204731600014792' },
      { enrolmentReferenceId: `rcpt-${randomUUID()}`, primaryAccountNumber: '4111111111111111' },
    ],
  };
}

/** ISO/IEC 7812 check digit (Luhn); reference A3. */
export function luhnValid(pan: string): boolean {
  let sum = 0;
  for (let i = 0; i < pan.length; i++) {
    let d = Number(pan[pan.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return pan.length > 0 && sum % 10 === 0;
}
