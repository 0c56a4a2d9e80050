// The card enrollment fault catalogue and its ids as one type, so a handler asking for an undeclared id does not compile; apart from
// index.ts so handlers name the type without the mock.
import type { FaultId } from '../kit/faults.js';
import { CARDS_FAULTS } from './cards.faults.js';
import { INDEPENDENT_39_CARD_FAULTS } from './independent-39.faults.js';
import { INDEPENDENT_40_CARD_FAULTS } from './independent-40.faults.js';
import { INDEPENDENT_41_CARD_FAULTS } from './independent-41.faults.js';
import { INDEPENDENT_42_CARD_FAULTS } from './independent-42.faults.js';
import { INDEPENDENT_43_CARD_FAULTS } from './independent-43.faults.js';
import { INDEPENDENT_44_CARD_FAULTS } from './independent-44.faults.js';
import { INDEPENDENT_45_CARD_FAULTS } from './independent-45.faults.js';
import { INDEPENDENT_46_CARD_FAULTS } from './independent-46.faults.js';
import { INDEPENDENT_47_CARD_FAULTS } from './independent-47.faults.js';
import { INDEPENDENT_48_CARD_FAULTS } from './independent-48.faults.js';
import { INDEPENDENT_49_CARD_FAULTS } from './independent-49.faults.js';
import { INDEPENDENT_50_CARD_FAULTS } from './independent-50.faults.js';
import { INDEPENDENT_51_CARD_FAULTS } from './independent-51.faults.js';
import { INDEPENDENT_52_CARD_FAULTS } from './independent-52.faults.js';
import { INDEPENDENT_53_CARD_FAULTS } from './independent-53.faults.js';
import { INDEPENDENT_54_CARD_FAULTS } from './independent-54.faults.js';
import { INDEPENDENT_55_CARD_FAULTS } from './independent-55.faults.js';
import { INDEPENDENT_56_CARD_FAULTS } from './independent-56.faults.js';
import { INDEPENDENT_57_CARD_FAULTS } from './independent-57.faults.js';
import { INDEPENDENT_58_CARD_FAULTS } from './independent-58.faults.js';
import { INDEPENDENT_59_CARD_FAULTS } from './independent-59.faults.js';
import { INDEPENDENT_60_CARD_FAULTS } from './independent-60.faults.js';
import { INDEPENDENT_61_CARD_FAULTS } from './independent-61.faults.js';
import { INDEPENDENT_62_CARD_FAULTS } from './independent-62.faults.js';
import { INDEPENDENT_63_CARD_FAULTS } from './independent-63.faults.js';
import { INDEPENDENT_64_CARD_FAULTS } from './independent-64.faults.js';
import { INDEPENDENT_65_CARD_FAULTS } from './independent-65.faults.js';

/** The fault catalogue of the card enrollment mock (one resource: POST /cards), own and written blind. */
export const CARD_FAULTS = [
  ...CARDS_FAULTS,
  ...INDEPENDENT_39_CARD_FAULTS,
  ...INDEPENDENT_40_CARD_FAULTS,
  ...INDEPENDENT_41_CARD_FAULTS,
  ...INDEPENDENT_42_CARD_FAULTS,
  ...INDEPENDENT_43_CARD_FAULTS,
  ...INDEPENDENT_44_CARD_FAULTS,
  ...INDEPENDENT_45_CARD_FAULTS,
  ...INDEPENDENT_46_CARD_FAULTS,
  ...INDEPENDENT_47_CARD_FAULTS,
  ...INDEPENDENT_48_CARD_FAULTS,
  ...INDEPENDENT_49_CARD_FAULTS,
  ...INDEPENDENT_50_CARD_FAULTS,
  ...INDEPENDENT_51_CARD_FAULTS,
  ...INDEPENDENT_52_CARD_FAULTS,
  ...INDEPENDENT_53_CARD_FAULTS,
  ...INDEPENDENT_54_CARD_FAULTS,
  ...INDEPENDENT_55_CARD_FAULTS,
  ...INDEPENDENT_56_CARD_FAULTS,
  ...INDEPENDENT_57_CARD_FAULTS,
  ...INDEPENDENT_58_CARD_FAULTS,
  ...INDEPENDENT_59_CARD_FAULTS,
  ...INDEPENDENT_60_CARD_FAULTS,
  ...INDEPENDENT_61_CARD_FAULTS,
  ...INDEPENDENT_62_CARD_FAULTS,
  ...INDEPENDENT_63_CARD_FAULTS,
  ...INDEPENDENT_64_CARD_FAULTS,
  ...INDEPENDENT_65_CARD_FAULTS,
];

export type CardFaultId = FaultId<typeof CARD_FAULTS>;
