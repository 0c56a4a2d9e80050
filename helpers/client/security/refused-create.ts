// Checker: leakage after a refused create. A create the target refuses (a 4xx the contract
// documents: an invalid member, a duplicate) leaves nothing behind: no reader and no list of the
// service shows anything of the refused request afterwards. Each case sends a body carrying a
// marker (a value no other request uses) next to the member that makes it refused; the marker must
// then appear in no reader's answer, byte for byte (seed 002, Errors 400 and 409; seed 001, Errors).
import type { Operation } from '../../contract/contract.js';
import type { ServiceName } from '../../contract/operations.js';
import type { CallOptions, OperationClient } from '../client.js';
import type { Violations } from './probe.js';

export const REFUSED_CREATE = 'refused-create';

export interface RefusedCreate {
  /** What is refused, in words (`a customer with an invalid email`). */
  label: string;
  create: Operation;
  call: CallOptions;
  /** The refusals the contract documents for this create and this input. */
  documented: number[];
  /** A value only the refused request carries. */
  marker: string;
  /** Every reader and list that would show what the create made. */
  readers: { operation: Operation; call: CallOptions }[];
}

/** Sends each refused create, then every reader: a create that is not refused, or a reader that shows the marker, is a violation. */
export async function checkRefusedCreates<S extends ServiceName>(
  api: OperationClient<S>,
  cases: readonly RefusedCreate[],
  violations: Violations,
) {
  for (const c of cases) {
    const res = await api.callOperation(c.create, c.call).catch((error: Error) => ({ status: error.message.split('\n')[0] }));
    if (!c.documented.includes(Number(res.status))) {
      violations.add(c.create.operationId, c.label, String(res.status), c.documented.join(' or '));
      continue;
    }
    for (const reader of c.readers) {
      const read = await api.callOperation(reader.operation, reader.call).catch((error: Error) => ({ text: '', status: error.message }));
      if ('text' in read && typeof read.text === 'string' && read.text.includes(c.marker))
        violations.add(
          reader.operation.operationId,
          `after ${c.create.operationId} refused ${c.label}`,
          `shows the refused request (${read.status})`,
          'nothing of it',
        );
    }
  }
}
