// Registry of the embedded mocks: how to start each one and its fault catalogue. Used by the
// standalone runner (`npm run mock`) and the mutation run (`npm run mutation`); specs reach mocks
// only through their service's fixture.
import type { MockHandle } from './kit/app.js';
import type { Fault } from './kit/faults.js';
import { CARD_BLIND_FAULTS, CARD_FAULTS, startCardEnrollmentMock } from './card-enrollment/index.js';
import { INSTALLMENTS_BLIND_FAULTS, INSTALLMENTS_FAULTS, startInstallmentsMock } from './installments/index.js';
import { FD_BLIND_FAULTS, FD_FAULTS, FD_RESOURCE_FAULTS, startFinancialDataMock } from './financial-data/index.js';

export interface MockEntry {
  service: string;
  faults: Fault[];
  /** Fixed port used by `npm run mock`. */
  port: number;
  start: (options: { faults?: string[]; port?: number }) => Promise<MockHandle>;
}

export const MOCKS: MockEntry[] = [
  { service: 'card-enrollment', faults: [...CARD_FAULTS, ...CARD_BLIND_FAULTS], port: 4010, start: startCardEnrollmentMock },
  { service: 'installments', faults: [...INSTALLMENTS_FAULTS, ...INSTALLMENTS_BLIND_FAULTS], port: 4020, start: startInstallmentsMock },
  { service: 'financial-data', faults: [...FD_FAULTS, ...FD_RESOURCE_FAULTS, ...FD_BLIND_FAULTS], port: 4030, start: startFinancialDataMock },
];

/** Every fault id of every mock (MOCK_FAULTS may name faults of any service). */
export function allFaultIds(): string[] {
  return MOCKS.flatMap((m) => m.faults.map((f) => f.id));
}
