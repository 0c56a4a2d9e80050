// What every mock starts with: its faults (MOCK_FAULTS), its contract loosened by them, a virtual clock, a delivery log.
import { loadContract } from '../../helpers/contract/contract.js';
import { mockVersion } from '../../helpers/contract/versions.js';
import { parseClockInstant, VirtualClock } from './clock.js';
import { Deliveries } from './deliveries.js';
import { FaultSet, type Fault } from './faults.js';
import { relaxedContract } from './validation.js';

/** `clockStart`: the instant the virtual clock starts at (ISO 8601 with a zone, or epoch ms; a ClockError otherwise). */
export async function prepareService<Id extends string>(
  service: string,
  catalogue: Fault<Id>[],
  requested: readonly Id[] = [],
  clockStart?: string | number,
) {
  const start = clockStart === undefined ? undefined : parseClockInstant(clockStart);
  const faults = new FaultSet<Id>(catalogue, requested);
  // The version the mock plays (FD_MOCK_VERSION, else the certified one): helpers/contract/versions.ts.
  const contract = relaxedContract(await loadContract(service, mockVersion(service)), faults.relaxations());
  return { faults, contract, clock: new VirtualClock(start), deliveries: new Deliveries() };
}
