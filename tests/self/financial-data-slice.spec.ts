// Covers: a sandbox selling a slice of the financial data contract (SANDBOX_OPERATIONS): the checks that
// walk every operation (the authentication grid of conformance.auth.spec.ts, through checkEachOperation)
// run over the operations in the slice and leave out the others by name, instead of skipping whole at the
// first operation outside it. No sandbox: the slice is a configuration given to the same function.
import { expect, test } from '../../fixtures/self.js';
import { FD_CONTRACT, sliceOf } from '../../fixtures/financial-data.js';

const operations = [...FD_CONTRACT.operations.values()];
const SLICE = ['CreateToken', 'GetCustomers', 'GetCustomer'];

test('a slice of three operations: those are served, every other operation of the contract left out', () => {
  const { served, outside } = sliceOf(operations, { SANDBOX_OPERATIONS: SLICE.join(',') });
  expect(served.map((op) => op.operationId).sort()).toEqual([...SLICE].sort());
  expect(outside).toHaveLength(operations.length - SLICE.length);
});

test('no slice named: every operation is served', () => {
  expect(sliceOf(operations, {}).outside).toEqual([]);
});

test("a slice naming only another service's operations leaves this service whole", () => {
  expect(sliceOf(operations, { SANDBOX_OPERATIONS: 'registerPans' }).served).toHaveLength(operations.length);
});
