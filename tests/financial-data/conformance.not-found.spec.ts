// Covers: every operation of the financial data contract with a path id and a documented 404
// (seed 002, Errors - 404: customer, consumer, institution, ... not found): a well-formed id that
// names nothing is a 404. Grows with the contract.
import { loadContract, expectFdError, rules, sample, test, unknownId, withConflict } from '../../fixtures/financial-data.js';
import { conflictSites } from '../../helpers/contract/conflicts.js';
import { namesResource } from '../../helpers/contract/generic-rules.js';

const contract = await loadContract('financial-data');

for (const op of contract.operations.values()) {
  if (!op.responses['404']) continue;
  // Only parameters that name a resource: a userType outside its enum is a 400, not a 404.
  for (const param of op.parameters.filter((p) => namesResource(contract, p))) {
    test(
      `${op.operationId} answers 404 for an unknown ${param.name}`,
      // Where the provider answers the unknown id otherwise (schemas/financial-data/conflicts.yaml), the check says so.
      withConflict(rules('FD-NOT-FOUND'), ...conflictSites('financial-data', 'FD-NOT-FOUND', op.operationId)),
      async ({ fdApi, fd, fdEntities, fdContract }) => {
        const call = sample(op, fd, fdEntities);
        const res = await fdApi.callOperation(op, {
          ...call,
          path: { ...call.path, [param.name]: unknownId(fdContract, param.schema) },
          negative: true,
        });
        expectFdError(res, 404, `unknown ${param.name}`);
      },
    );
  }
}
