// Covers: every financial data operation of the contract (grows with it): each request the contract
// refuses, generated from the contract (helpers/client/negative.ts: required members missing, wrong types,
// one past every limit, outside every enum and pattern, a malformed body), is refused with a
// documented 4xx (seed 002, Errors) and the error body; operations that document no refusal skip.
import { expect, loadContract, rules, sample, test } from '../../fixtures/financial-data.js';
import { refusalStatuses, runNegativeCases } from '../../fixtures/negative.js';

test.describe('generated refusals', () => {
  test('every operation documents a refusal or is listed as having none', async ({ fdContract }) => {
    const none = [...fdContract.operations.values()].filter((op) => refusalStatuses(op).length === 0).map((op) => op.operationId);
    test.info().annotations.push({ type: 'operations without a documented refusal', description: none.join(', ') || 'none' });
    expect(none.length).toBeLessThan(fdContract.operations.size);
  });
});

// One test per operation of the contract that documents a refusal status (it grows with it; one
// that documents none, get-configurations, has no refusal to expect); the cases of an operation run
// in one test (a few ms each on the mock).
const contract = await loadContract('financial-data');
const OPERATIONS = [...contract.operations.keys()].filter((id) => refusalStatuses(contract.operationOf(id)).length > 0);

for (const operationId of OPERATIONS) {
  test(
    `${operationId} refuses every request the contract refuses with a documented 4xx`,
    rules('FD-NEGATIVE'),
    async ({ fdApi, fd, fdEntities, fdContract, appKeyOnly }) => {
      const op = fdContract.operationOf(operationId);
      const needsToken = op.security.every((alt) => alt.length > 1);
      const valid = { ...sample(op, fd, fdEntities), ...(needsToken ? {} : { auth: appKeyOnly }) };
      const { cases, failures } = await runNegativeCases(fdApi, op, valid);
      test.info().annotations.push({ type: 'negative cases', description: String(cases) });
      expect(failures, `cases of ${operationId} answered otherwise`).toEqual([]);
    },
  );
}
