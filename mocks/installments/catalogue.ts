// The installments fault catalogue and its ids as one type, so a handler asking for an undeclared id does not compile; apart from
// index.ts so handlers name the type without the mock.
import type { FaultId } from '../kit/faults.js';
import { APPROVALS_FAULTS } from './approvals.faults.js';
import { GUARD_FAULTS } from './guard.faults.js';
import { ISSUER_FAULTS } from './issuer.faults.js';
import { MERCHANTS_FAULTS } from './merchants.faults.js';
import { OFFERS_FAULTS } from './offers.faults.js';
import { PANS_FAULTS } from './pans.faults.js';
import { PLANS_FAULTS } from './plans.faults.js';
import { SENSITIVE_ECHO_FAULTS } from './sensitive-echo.faults.js';
import { INDEPENDENT_39_INSTALLMENTS_FAULTS } from './independent-39.faults.js';
import { INDEPENDENT_40_INSTALLMENTS_FAULTS } from './independent-40.faults.js';
import { INDEPENDENT_41_INSTALLMENTS_FAULTS } from './independent-41.faults.js';
import { INDEPENDENT_42_INSTALLMENTS_FAULTS } from './independent-42.faults.js';
import { INDEPENDENT_43_INSTALLMENTS_FAULTS } from './independent-43.faults.js';
import { INDEPENDENT_44_INSTALLMENTS_FAULTS } from './independent-44.faults.js';
import { INDEPENDENT_45_INSTALLMENTS_FAULTS } from './independent-45.faults.js';
import { INDEPENDENT_46_INSTALLMENTS_FAULTS } from './independent-46.faults.js';
import { INDEPENDENT_47_INSTALLMENTS_FAULTS } from './independent-47.faults.js';
import { INDEPENDENT_48_INSTALLMENTS_FAULTS } from './independent-48.faults.js';
import { INDEPENDENT_49_INSTALLMENTS_FAULTS } from './independent-49.faults.js';
import { INDEPENDENT_50_INSTALLMENTS_FAULTS } from './independent-50.faults.js';
import { INDEPENDENT_51_INSTALLMENTS_FAULTS } from './independent-51.faults.js';
import { INDEPENDENT_52_INSTALLMENTS_FAULTS } from './independent-52.faults.js';
import { INDEPENDENT_53_INSTALLMENTS_FAULTS } from './independent-53.faults.js';
import { INDEPENDENT_54_INSTALLMENTS_FAULTS } from './independent-54.faults.js';
import { INDEPENDENT_55_INSTALLMENTS_FAULTS } from './independent-55.faults.js';
import { INDEPENDENT_56_INSTALLMENTS_FAULTS } from './independent-56.faults.js';
import { INDEPENDENT_57_INSTALLMENTS_FAULTS } from './independent-57.faults.js';
import { INDEPENDENT_58_INSTALLMENTS_FAULTS } from './independent-58.faults.js';
import { INDEPENDENT_59_INSTALLMENTS_FAULTS } from './independent-59.faults.js';
import { INDEPENDENT_60_INSTALLMENTS_FAULTS } from './independent-60.faults.js';
import { INDEPENDENT_61_INSTALLMENTS_FAULTS } from './independent-61.faults.js';
import { INDEPENDENT_62_INSTALLMENTS_FAULTS } from './independent-62.faults.js';
import { INDEPENDENT_63_INSTALLMENTS_FAULTS } from './independent-63.faults.js';
import { INDEPENDENT_64_INSTALLMENTS_FAULTS } from './independent-64.faults.js';
import { INDEPENDENT_65_INSTALLMENTS_FAULTS } from './independent-65.faults.js';

/** The fault catalogue of the installments mock: each resource's faults, own and written blind (`origin: 'blind'`). */
export const INSTALLMENTS_FAULTS = [
  ...GUARD_FAULTS,
  ...PANS_FAULTS,
  ...MERCHANTS_FAULTS,
  ...OFFERS_FAULTS,
  ...PLANS_FAULTS,
  ...APPROVALS_FAULTS,
  ...ISSUER_FAULTS,
  ...SENSITIVE_ECHO_FAULTS,
  ...INDEPENDENT_39_INSTALLMENTS_FAULTS,
  ...INDEPENDENT_40_INSTALLMENTS_FAULTS,
  ...INDEPENDENT_41_INSTALLMENTS_FAULTS,
  ...INDEPENDENT_42_INSTALLMENTS_FAULTS,
  ...INDEPENDENT_43_INSTALLMENTS_FAULTS,
  ...INDEPENDENT_44_INSTALLMENTS_FAULTS,
  ...INDEPENDENT_45_INSTALLMENTS_FAULTS,
  ...INDEPENDENT_46_INSTALLMENTS_FAULTS,
  ...INDEPENDENT_47_INSTALLMENTS_FAULTS,
  ...INDEPENDENT_48_INSTALLMENTS_FAULTS,
  ...INDEPENDENT_49_INSTALLMENTS_FAULTS,
  ...INDEPENDENT_50_INSTALLMENTS_FAULTS,
  ...INDEPENDENT_51_INSTALLMENTS_FAULTS,
  ...INDEPENDENT_52_INSTALLMENTS_FAULTS,
  ...INDEPENDENT_53_INSTALLMENTS_FAULTS,
  ...INDEPENDENT_54_INSTALLMENTS_FAULTS,
  ...INDEPENDENT_55_INSTALLMENTS_FAULTS,
  ...INDEPENDENT_56_INSTALLMENTS_FAULTS,
  ...INDEPENDENT_57_INSTALLMENTS_FAULTS,
  ...INDEPENDENT_58_INSTALLMENTS_FAULTS,
  ...INDEPENDENT_59_INSTALLMENTS_FAULTS,
  ...INDEPENDENT_60_INSTALLMENTS_FAULTS,
  ...INDEPENDENT_61_INSTALLMENTS_FAULTS,
  ...INDEPENDENT_62_INSTALLMENTS_FAULTS,
  ...INDEPENDENT_63_INSTALLMENTS_FAULTS,
  ...INDEPENDENT_64_INSTALLMENTS_FAULTS,
  ...INDEPENDENT_65_INSTALLMENTS_FAULTS,
];

export type InstallmentsFaultId = FaultId<typeof INSTALLMENTS_FAULTS>;
