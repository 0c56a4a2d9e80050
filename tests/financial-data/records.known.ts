// What the record checkers share (records.event-dates.spec.ts, records.writers.spec.ts): the call of
// each reader of the contract on the live objects of security.known.ts.
import { sampleCall, type FdOperationId } from '../../fixtures/financial-data.js';
import type { FdEntities } from '../../fixtures/examples/financial-data.js';
import type { CallOptions } from '../../helpers/client/client.js';
import { reachable, withObjects, type LiveObjects } from '../../helpers/client/security/probe.js';
import type { Operation } from '../../helpers/contract/contract.js';
import type { FdTarget } from '../../helpers/target/financial-data.js';
import { FD_CONTRACT, FD_OBJECT_OPS, type LiveWorld } from './security.known.js';

/** The reads of the contract: a GET, or an operation named as a read; a GET that sends a test delivery is not one. */
export const READERS = [...FD_CONTRACT.operations.values()].filter(
  (o) => (o.method === 'GET' || /^get/i.test(o.operationId)) && !/^test/.test(o.operationId),
);

/** Whether a reader's call names an object the partner owns (else its top-level dates are the answer's own). */
export const namesOwned = (o: Operation) =>
  FD_OBJECT_OPS.some((x) => x.operation.operationId === o.operationId && x.ids.some((id) => id.owner !== 'public'));

/** An operation's sample call, or why it is left out on a sandbox lacking its test data; on the mock a missing sample throws. */
export function sampleOrReason(operationId: string, fd: FdTarget, entities: FdEntities): CallOptions | string {
  try {
    return sampleCall(operationId as FdOperationId, fd, entities) as CallOptions;
  } catch (error) {
    if (fd.control) throw error;
    return `no sample here (${(error as Error).message.split('\n')[0]})`;
  }
}

/** An operation's sample call with its ids set to the live objects, or why there is none (a writer's as a reader's). */
export function liveCall(o: Operation, world: LiveWorld, fd: FdTarget, objects: LiveObjects = world.objects): CallOptions | string {
  const withIds = FD_OBJECT_OPS.find((x) => x.operation.operationId === o.operationId);
  try {
    return withIds
      ? withObjects(world.sample(withIds), withIds.ids, objects)
      : (sampleCall(o.operationId as FdOperationId, fd, world.entities) as CallOptions);
  } catch (error) {
    return `no sample call (${(error as Error).message.split('\n')[0]})`;
  }
}

/** The reader's call on the live objects, or why there is none. */
export function readerCall(o: Operation, world: LiveWorld, fd: FdTarget, objects: LiveObjects = world.objects): CallOptions | string {
  const withIds = FD_OBJECT_OPS.find((x) => x.operation.operationId === o.operationId);
  if (withIds && !reachable(withIds, objects)) return 'no live object of every id';
  return liveCall(o, world, fd, objects);
}
