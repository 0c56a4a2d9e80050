// Every fault catalogue of the installments mock, and their ids as one type: the mock's
// FaultSet takes only these (mocks/kit/faults.ts).
import type { FaultId } from '../kit/faults.js';
import { INSTALLMENTS_BLIND_FAULTS } from './blind-faults.js';
import { INSTALLMENTS_FAULTS } from './faults.js';

/** Every fault of the service, as the mock loads them. */
export const INSTALLMENTS_CATALOGUE = [...INSTALLMENTS_FAULTS, ...INSTALLMENTS_BLIND_FAULTS];
export type InstallmentsFaultId = FaultId<typeof INSTALLMENTS_CATALOGUE>;
