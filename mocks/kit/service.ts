// What every mock starts with: its faults (start-up ones from MOCK_FAULTS), its contract loosened
// by those faults, a virtual clock and an outbound delivery log.
import { loadContract } from '../../helpers/contract/contract.js';
import { VirtualClock } from './clock.js';
import { Deliveries } from './deliveries.js';
import { FaultSet, faultsFor, type Fault } from './faults.js';
import { relaxedContract } from './validation.js';

export async function prepareService<Id extends string>(service: string, catalogue: Fault<Id>[], requested: string[] = []) {
  const faults = new FaultSet<Id>(catalogue, faultsFor(catalogue, requested));
  const contract = relaxedContract(await loadContract(service), faults.relaxations());
  return { faults, contract, clock: new VirtualClock(), deliveries: new Deliveries() };
}
