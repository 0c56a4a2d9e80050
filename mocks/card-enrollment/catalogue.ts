// Every fault catalogue of the card enrollment mock, and their ids as one type: the mock's
// FaultSet takes only these (mocks/kit/faults.ts).
import type { FaultId } from '../kit/faults.js';
import { CARD_BLIND_FAULTS } from './blind-faults.js';
import { CARD_FAULTS } from './faults.js';

/** Every fault of the service, as the mock loads them. */
export const CARD_CATALOGUE = [...CARD_FAULTS, ...CARD_BLIND_FAULTS];
export type CardFaultId = FaultId<typeof CARD_CATALOGUE>;
