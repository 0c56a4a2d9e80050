// Registry of the embedded mocks: how to start each and its fault catalogue (`npm run mock`, `npm run mutation`).
import type { MockHandle } from './kit/context.js';
import { faultIds, faultsFor, nearestIds, shownId, type Fault } from './kit/faults.js';
import { CARD_FAULTS, startCardEnrollmentMock } from './card-enrollment/index.js';
import { INSTALLMENTS_FAULTS, startInstallmentsMock } from './installments/index.js';
import { FD_FAULTS, startFinancialDataMock } from './financial-data/index.js';

export interface MockEntry {
  service: string;
  faults: Fault[];
  /** Fixed port used by `npm run mock`. */
  port: number;
  /** Starts the mock with the fault ids read at run time (MOCK_FAULTS, a command line): those of its catalogue are switched on. */
  start: (options: { faults?: readonly string[]; port?: number; clockStart?: string | number }) => Promise<MockHandle>;
}

export const MOCKS: MockEntry[] = [
  {
    service: 'card-enrollment',
    faults: CARD_FAULTS,
    port: 4010,
    start: ({ faults = [], ...o }) => startCardEnrollmentMock({ ...o, faults: faultsFor(CARD_FAULTS, faults, 'card-enrollment') }),
  },
  {
    service: 'installments',
    faults: INSTALLMENTS_FAULTS,
    port: 4020,
    start: ({ faults = [], ...o }) => startInstallmentsMock({ ...o, faults: faultsFor(INSTALLMENTS_FAULTS, faults, 'installments') }),
  },
  {
    service: 'financial-data',
    faults: FD_FAULTS,
    port: 4030,
    start: ({ faults = [], ...o }) => startFinancialDataMock({ ...o, faults: faultsFor(FD_FAULTS, faults, 'financial-data') }),
  },
];

/** Every fault id of every mock, and the earlier ids a renamed one answers to (MOCK_FAULTS may name faults of any service). */
export function allFaultIds(): string[] {
  return MOCKS.flatMap((m) => m.faults.flatMap(faultIds));
}

/** One line naming the unknown MOCK_FAULTS ids with the nearest known ones and where all are listed; undefined when all are known. */
export function unknownFaultsMessage(requested: string[]): string | undefined {
  const known = allFaultIds();
  const owners = (id: string) => MOCKS.filter((m) => m.faults.some((f) => faultIds(f).includes(id))).map((m) => m.service);
  const qualifiedKnown = (entry: string) => {
    const [service, id] = [entry.slice(0, entry.indexOf(':')), entry.slice(entry.indexOf(':') + 1)];
    return owners(id).includes(service);
  };
  // A fault belongs to one service: a bare id two catalogues share is named with its service.
  const shared = requested.filter((id) => !id.includes(':') && owners(id).length > 1);
  if (shared.length)
    return `MOCK_FAULTS names ${shared.map((id) => `'${id}'`).join(', ')}, a fault of more than one service: name it with its service (${shared.flatMap((id) => owners(id).map((s) => `${s}:${id}`)).join(', ')})`;
  const unknown = requested.filter((id) => (id.includes(':') ? !qualifiedKnown(id) : !known.includes(id)));
  if (unknown.length === 0) return undefined;
  const near = [...new Set(unknown.flatMap((u) => nearestIds(u, known, 3)))];
  return `MOCK_FAULTS names unknown fault${unknown.length > 1 ? 's' : ''} ${unknown.map(shownId).join(', ')}; nearest known: ${near.join(', ')} (${known.length} known: npm run mock -- --list-faults)`;
}
