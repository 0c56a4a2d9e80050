// The fault catalogue of the card enrollment mock, and its ids as one type: the mock's FaultSet takes
// only these (mocks/kit/faults.ts), so a handler asking for an id no faults file declares does not
// compile. Apart from index.ts, so that the handlers can name the type without importing the mock.
import type { FaultId } from '../kit/faults.js';
import { CARDS_FAULTS } from './cards.faults.js';

/** The fault catalogue of the card enrollment mock (one resource: POST /cards), own and written blind. */
export const CARD_FAULTS = [...CARDS_FAULTS];

export type CardFaultId = FaultId<typeof CARD_FAULTS>;
