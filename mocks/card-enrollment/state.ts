// Everything the card enrollment mock keeps (reference/card-enrollment.md, "The mock's world"): clients (API key -> srcClientIds ->
// serviceIds), push-account receipts (A5), and the consumer profiles found by identity (seed 000, ConsumerIdentity.identityValue:
// the same identity enrolled again names the same profile).
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

/** A consumer profile (seed 000, MaskedConsumer): its id and when it was added. */
export interface Profile {
  srcConsumerId: string;
  dateConsumerAdded: string;
}

export interface CardState {
  clients: RegisteredClient[];
  receipts: Receipt[];
  /** The profiles enrollments added, by identity type and value. */
  profiles: Map<string, Profile>;
}

const apiKey = () => `ce_${randomBytes(18).toString('base64url')}`;

export function createCardState(): CardState {
  return {
    clients: [
      { apiKey: apiKey(), srcClientIds: [randomUUID(), randomUUID()], serviceIds: ['SRC_PROGRAM_1', 'wallet#program_2', 'merchant-3'] },
      // Other clients hold several ids, so each (first, later, last) can be told from the first (reference A2: any id of another client).
      { apiKey: apiKey(), srcClientIds: [randomUUID(), randomUUID()], serviceIds: ['OTHER_PROGRAM', 'other-program-2'] },
      { apiKey: apiKey(), srcClientIds: [randomUUID(), randomUUID(), randomUUID()], serviceIds: ['THIRD_CLIENT_PROGRAM'] },
    ],
    receipts: [
      { enrolmentReferenceId: `rcpt-${randomUUID()}`, primaryAccountNumber: '5204731600014792' },
      { enrolmentReferenceId: `rcpt-${randomUUID()}`, primaryAccountNumber: '4111111111111111' },
    ],
    profiles: new Map(),
  };
}
