// Covers: the financial data rules whose checks iterate every operation of the contract
// (tests/financial-data/conformance.*.spec.ts): each names exactly the operations its check runs
// on, so that an auditor reading the catalogue sees every operation, and a part that adds
// operations cannot leave them out of the catalogue.
import { expect, test } from '../../fixtures/self.js';
import { loadContract } from '../../helpers/contract/contract.js';
import { genericRuleOperations } from '../../helpers/contract/generic-rules.js';
import { loadRules } from '../../helpers/contract/rules.js';

test('the generic financial data rules name exactly the operations their checks iterate', async () => {
  const contract = await loadContract('financial-data');
  // `npm run rules:sync` rewrites the lists when a part adds operations.
  const expected = genericRuleOperations(contract);
  const rules = new Map(loadRules('financial-data').rules.map((r) => [r.id, r]));
  for (const [id, operations] of Object.entries(expected)) {
    expect([...(rules.get(id)?.operations ?? [])].sort(), `${id}: operations`).toEqual([...operations].sort());
  }
});
