// Covers: the financial data rules whose checks iterate every operation of the contract
// (tests/financial-data/conformance.*.spec.ts): each names exactly the operations its check runs
// on, so that an auditor reading the catalogue sees every operation, and a part that adds
// operations (issues 10-12) cannot leave them out of the catalogue.
import { expect, test } from '../../fixtures/self.js';
import { loadContract } from '../../helpers/contract.js';
import { loadRules } from '../../helpers/rules.js';

test('the generic financial data rules name exactly the operations their checks iterate', async () => {
  const contract = await loadContract('financial-data');
  const ops = [...contract.operations.values()];
  const needsToken = (op: (typeof ops)[number]) => op.security.every((alt) => alt.includes('PartnerAppToken'));
  const expected: Record<string, string[]> = {
    'FD-AUTH-KEY-REQUIRED': ops.map((o) => o.operationId),
    'FD-AUTH-KEY-WHOLE': ops.map((o) => o.operationId),
    'FD-AUTH-TOKEN-REQUIRED': ops.filter(needsToken).map((o) => o.operationId),
    'FD-AUTH-401-NAMES-HEADER': ops.filter((o) => o.responses['401']).map((o) => o.operationId),
    'FD-NOT-FOUND': ops.filter((o) => o.responses['404'] && o.parameters.some((p) => p.in === 'path')).map((o) => o.operationId),
    'FD-NEGATIVE': ops.map((o) => o.operationId),
  };
  const rules = new Map(loadRules('financial-data').rules.map((r) => [r.id, r]));
  for (const [id, operations] of Object.entries(expected)) {
    expect([...(rules.get(id)?.operations ?? [])].sort(), `${id}: operations`).toEqual([...operations].sort());
  }
});
