// What a target serves of a contract: on a sandbox whose partner's product is a slice, the operations SANDBOX_OPERATIONS names;
// a service it names none of is served whole; on a mock, every operation.
import { suiteConfig } from '../config/config.js';
import { readValue, type Env } from '../config/env-schema.js';
import type { Contract } from './contract.js';

/** The operations an environment's SANDBOX_OPERATIONS names (undefined: none named). */
export function listedOperations(env: Env): ReadonlySet<string> | undefined {
  const listed = readValue('SANDBOX_OPERATIONS', env);
  return listed ? new Set(listed) : undefined;
}

/** Whether an operation is served where `listed` names the slice: listed, or of a service the list names none of. */
export function servedBy(listed: ReadonlySet<string> | undefined, contract: Pick<Contract, 'operations'>, operationId: string): boolean {
  if (!listed || listed.has(operationId)) return true;
  return ![...contract.operations.keys()].some((id) => listed.has(id));
}

/** The run's SANDBOX_OPERATIONS, read once: null before the first read, undefined when it names none. */
let runListed: ReadonlySet<string> | undefined | null = null;

/** Whether the target serves an operation: on a sandbox, those SANDBOX_OPERATIONS names; a service it names none of is served whole. */
export function servesOperation(contract: Pick<Contract, 'operations'>, operationId: string, env?: Env): boolean {
  if (!env && suiteConfig().target !== 'sandbox') return true;
  // The run's list read once; another environment's (a sandbox `npm run doctor` judges) each time.
  if (env) return servedBy(env.SANDBOX_OPERATIONS ? listedOperations(env) : undefined, contract, operationId);
  if (runListed === null) runListed = listedOperations(suiteConfig().env);
  return servedBy(runListed, contract, operationId);
}
