// Covers: the installments rule catalogue against the mock's fault catalogue: a fault that
// names a rule id of schemas/installments/rules.yaml names one that exists, and every rule the
// catalogue sources to the seed or the provider names operations of the contract's x-source.
import { expect, test } from '../../fixtures/self.js';
import { loadRules } from '../../helpers/contract/rules.js';
import { INSTALLMENTS_FAULTS } from '../../mocks/installments/index.js';

test('installments faults that cite a rule id cite one of the catalogue', () => {
  const ids = new Set(loadRules('installments').rules.map((r) => r.id));
  const cited = INSTALLMENTS_FAULTS.flatMap((f) =>
    [...f.rule.matchAll(/\bIN-[A-Z0-9-]*[A-Z0-9]\b/g)].map((m) => ({ fault: f.id, id: m[0] })),
  );
  expect(cited.length, 'faults citing a rule id').toBeGreaterThan(0);
  const unknown = cited.filter((c) => !ids.has(c.id)).map((c) => `${c.fault}: ${c.id}`);
  expect(unknown, 'unknown rule ids').toEqual([]);
});

test('the installments catalogue names each request path it declares and cites a source for every rule', () => {
  const catalogue = loadRules('installments');
  const used = new Set(catalogue.rules.flatMap((r) => r.paths ?? []));
  const unused = Object.keys(catalogue.paths).filter((p) => !used.has(p));
  expect(unused, 'declared paths no rule applies to').toEqual([]);
  const uncited = catalogue.rules
    .filter((r) => typeof r.cite !== 'string' || !/seed 001|provider 2\.0\.0|reference/.test(r.cite))
    .map((r) => `${r.id}: ${JSON.stringify(r.cite)}`);
  expect(uncited, 'rules not citing where their source states them (seed 001, provider 2.0.0 or reference)').toEqual([]);
});
