// Covers: the fault -> rule mapping (`rules` of each fault in mocks/<service>/**/<resource>.faults.ts) that the
// targeted mutation run (npm run mutation -- --targeted) uses to pick the specs of a fault. A fault
// naming an id its service's rule catalogue does not have fails; faults without rules are listed in
// an annotation (they run against the whole service, and usually mean a rule the catalogue lacks).
import { expect, MOCKS, test } from '../../fixtures/self.js';
import { loadRules } from '../../helpers/contract/rules.js';
import { selectTests, type ListedTest } from '../../tools/mutation/targets.js';

for (const mock of MOCKS) {
  test(`${mock.service}: every rule a fault names is in the rule catalogue`, () => {
    const known = new Set(loadRules(mock.service).rules.map((r) => r.id));
    const unknown = mock.faults.flatMap((f) => (f.rules ?? []).filter((id) => !known.has(id)).map((id) => `${f.id}: ${id}`));
    expect(unknown, 'rule ids named by faults that schemas/<service>/rules*.yaml lacks').toEqual([]);
    const empty = mock.faults.filter((f) => f.rules !== undefined && f.rules.length === 0).map((f) => f.id);
    expect(empty, 'faults with an empty rules list (leave the field out instead)').toEqual([]);
    const without = mock.faults.filter((f) => f.mutation !== false && !f.rules).map((f) => f.id);
    test.info().annotations.push({
      type: 'faults without rules',
      description: `${without.length} of ${mock.faults.length}: ${without.join(', ') || 'none'}`,
    });
  });
}

test('the targeted selection runs the spec files citing the rules, the smoke tests elsewhere, or the whole service', () => {
  const tests: ListedTest[] = [
    { file: 'tests/s/a.limits.spec.ts', line: 5, tags: [], rules: ['S-LIM-NAME'] },
    { file: 'tests/s/a.limits.spec.ts', line: 9, tags: ['smoke'], rules: [] },
    { file: 'tests/s/b.auth.spec.ts', line: 7, tags: ['smoke'], rules: ['S-AUTH-KEY'] },
    { file: 'tests/s/c.echo.spec.ts', line: 3, tags: [], rules: ['S-ECHO-ID', 'S-LIM-NAME'] },
  ];
  expect(selectTests(tests, ['S-LIM-NAME'])).toEqual({
    files: ['tests/s/a.limits.spec.ts', 'tests/s/c.echo.spec.ts'],
    smoke: ['tests/s/b.auth.spec.ts:7'],
  });
  expect(selectTests(tests, ['S-AUTH-KEY'])).toEqual({ files: ['tests/s/b.auth.spec.ts'], smoke: ['tests/s/a.limits.spec.ts:9'] });
  expect(selectTests(tests, undefined), 'a fault without rules runs the whole service').toBeUndefined();
  expect(selectTests(tests, ['S-NOBODY-CITES']), 'rules no test cites: the whole service').toBeUndefined();
  // Playwright reads positional filters as regular expressions: a dot must not match any character.
});
